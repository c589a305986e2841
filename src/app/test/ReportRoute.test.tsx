/**
 * The shell's report route: a locked report shows its upsell over its own layout, and a screen
 * whose script cannot be loaded says so and loads it again on Try again.
 */
import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';

import { silenceConsoleErrors } from '../../../tests/js/console';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { levelAtLeast, levelNeeded, LEVELS } from '../../lib/tiers';
import tiersJson from '../../lib/tiers.json';
import type { Level } from '../../store/app/types';
import { mockApi } from '../../store/test/api';
import { getUpsellContent } from '../../upsell/content';
import {
	REPORTS,
	REPORT_NAMES,
	pathsOf,
	type ReportDef,
} from '../../reports/registry';
import {
	LAST_30_DAYS,
	expectNoReportRequest,
	registryAt,
} from '../../reports/test/screen';
import { ReportRoute } from '../ReportRoute';
import { resolveRoute, type RouteContext, type ScreenModule } from '../routes';

// The year in review showing, so its route resolves to its screen too.
const context: RouteContext = {
	yearInReview: { show_report: true, report_year: 2025 },
};

/** The upsell badge and the name of each level a report can need. */
const BADGES: Record< string, string > = {
	basic: 'BASIC',
	plus: 'PLUS',
	pro: 'PRO',
	agency: 'AGENCY',
};
const LABELS: Record< string, string > = {
	basic: 'Basic',
	plus: 'Plus',
	pro: 'Pro',
	agency: 'Agency',
};

/**
 * A shell registry with a licence level and the last 30 days chosen.
 *
 * @param level The licence level.
 */
const registryFor = ( level: Level ) => registryAt( level, LAST_30_DAYS );

/**
 * The title of a report's upsell: its entry of the upsell table, else its sample's own copy.
 *
 * @param def The report's declaration.
 */
async function upsellTitle( def: ReportDef ): Promise< string > {
	if ( def.upsell ) {
		return getUpsellContent( def.upsell ).title;
	}
	return ( await def.demo() ).upsell?.().title ?? '';
}

describe( 'ReportRoute', () => {
	const built = REPORT_NAMES.filter(
		( name ) =>
			( REPORTS[ name ] as ReportDef ).screen &&
			pathsOf( name ).length > 0
	);
	const cases = built.flatMap( ( name ) =>
		LEVELS.filter(
			( level ) => ! levelAtLeast( level, levelNeeded( name ) )
		).map( ( level ) => [ name, level ] as const )
	);

	it( 'has locked cases to check', () => {
		expect( cases ).toContainEqual( [ 'engagement_pages', 'basic' ] );
	} );

	it.each( cases )(
		'renders %s for %s as its upsell over its layout, never blank, without fetching',
		async ( name, level ) => {
			const calls = mockApi( () => ( {} ) );
			const def: ReportDef = REPORTS[ name ];
			const title = await upsellTitle( def );
			const path = pathsOf( name )[ 0 ]?.path ?? '/';
			const { container } = renderIn(
				<ReportRoute
					matched={ resolveRoute( path, context ) }
					context={ context }
				/>,
				registryFor( level )
			);
			expect(
				await screen.findByRole(
					'heading',
					{ name: title },
					{ timeout: 5000 }
				)
			).toBeInTheDocument();
			// The badge and the upgrade line name the level the report's feature needs.
			const needed = tiersJson.tiers[ def.feature ];
			expect(
				container.querySelector(
					'.monsterinsights-reports-upsell-overlay__badge'
				)?.textContent
			).toBe( BADGES[ needed ] );
			expect(
				screen.getByText(
					`Upgrade to ${ LABELS[ needed ] } to unlock this report.`
				)
			).toBeInTheDocument();
			await waitFor( () =>
				expect(
					container.querySelector(
						'.monsterinsights-reports-locked__content'
					)?.textContent
				).not.toBe( '' )
			);
			await expectNoReportRequest( calls );
		}
	);

	it( 'offers Agency, not PRO, to a pro user on Exceptions', async () => {
		mockApi( () => ( {} ) );
		const { container } = renderIn(
			<ReportRoute
				matched={ resolveRoute( '/exceptions', context ) }
				context={ context }
			/>,
			registryFor( 'pro' )
		);
		expect(
			await screen.findByText(
				'Upgrade to Agency to unlock this report.'
			)
		).toBeInTheDocument();
		const overlay = container.querySelector(
			'.monsterinsights-reports-upsell-overlay'
		) as HTMLElement;
		expect(
			overlay.querySelector(
				'.monsterinsights-reports-upsell-overlay__badge'
			)?.textContent
		).toBe( 'AGENCY' );
		expect(
			within( overlay ).queryByText( 'PRO' )
		).not.toBeInTheDocument();
	} );

	it( 'lets the sample be seen', async () => {
		mockApi( () => ( {} ) );
		const { container } = renderIn(
			<ReportRoute
				matched={ resolveRoute( '/publishers-pages', context ) }
				context={ context }
			/>,
			registryFor( 'lite' )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'See a Sample Report' } )
		);
		expect(
			container.querySelector( '.monsterinsights-reports-locked' )
		).toHaveClass( 'is-sample' );
	} );
} );

describe( 'ReportRoute of a report without a screen', () => {
	// Conversations AI's route as it was before its screen: no `load`.
	const unbuilt = () => {
		const matched = resolveRoute( '/ai-insights/chat', context );
		const { load: _screen, ...route } = matched.route;
		return { ...matched, route };
	};

	it( 'shows its title and sample under the upsell below its level', async () => {
		const calls = mockApi( () => ( {} ) );
		renderIn(
			<ReportRoute matched={ unbuilt() } context={ context } />,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByRole( 'heading', {
				level: 2,
				name: 'Conversations AI',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Upgrade and Unlock' } )
		).toBeInTheDocument();
		await waitFor( () =>
			expect(
				document.querySelector(
					'.monsterinsights-reports-sample table'
				)
			).not.toBeNull()
		);
		await expectNoReportRequest( calls );
	} );

	it( 'tells a licence that includes it that it comes later', async () => {
		mockApi( () => ( {} ) );
		renderIn(
			<ReportRoute matched={ unbuilt() } context={ context } />,
			registryFor( 'agency' )
		);
		expect(
			await screen.findByRole( 'heading', {
				name: 'This report is not available yet',
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Upgrade and Unlock' } )
		).not.toBeInTheDocument();
	} );
} );

describe( 'ReportRoute when a screen cannot be loaded', () => {
	// The year in review hidden.
	const hidden: RouteContext = {
		yearInReview: { show_report: false, report_year: 2025 },
	};
	// React and the boundary log the caught error; the test asserts what the user sees.
	silenceConsoleErrors();

	it( 'says so in place of the screen, and Try again imports it anew', async () => {
		const matched = resolveRoute( '/traffic-overview', hidden );
		let attempts = 0;
		// The route's screen import: the first fails as a dropped connection would.
		const load = (): Promise< ScreenModule > => {
			attempts++;
			if ( attempts === 1 ) {
				const error = new Error( 'Loading chunk 7 failed.' );
				error.name = 'ChunkLoadError';
				return Promise.reject( error );
			}
			return Promise.resolve( {
				default: ( () => <h2>Loaded screen</h2> ) as ComponentType,
			} );
		};
		renderIn(
			<ReportRoute
				matched={ { ...matched, route: { ...matched.route, load } } }
				context={ hidden }
			/>,
			createShellRegistry()
		);

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'This part of the page could not be loaded. Check your connection and try again.'
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await screen.findByRole( 'heading', { name: 'Loaded screen' } )
		).toBeInTheDocument();
		expect( attempts ).toBe( 2 );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );
} );
