import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ReportRoute } from '../../app/ReportRoute';
import { resolveRoute, type RouteContext } from '../../app/routes';
import { renderIn } from '../../app/test/shell';
import { levelAtLeast, levelNeeded, LEVELS } from '../../lib/tiers';
import tiersJson from '../../lib/tiers.json';
import type { Level } from '../../store/app/types';
import { mockApi } from '../../store/test/api';
import { getUpsellContent } from '../../upsell/content';
import { payload as demoPages } from '../../demo/engagement_pages';
import type {
	EngagementPagesReport,
	TableRow,
} from '../../store/reports/types';
import { EngagementPagesScreen } from '../engagement-pages';
import { REPORTS, REPORT_NAMES, type ReportDef } from '../registry';
import { registryAt, expectNoReportRequest, reportCalls } from './screen';

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
function registryFor( level: Level ) {
	return registryAt( level, {
		preset: 'last30days',
		start: '2026-10-24',
		end: '2026-11-22',
	} );
}

function pages( rows: TableRow[] ): EngagementPagesReport {
	return {
		pages: {
			...demoPages.pages,
			columns: demoPages.pages.columns,
			rows,
			total: rows.length,
		},
	};
}

/**
 * The text of each body row's first cell, padding left out.
 * @param container The rendered container.
 */
function firstCells( container: HTMLElement ): string[] {
	return Array.from( container.querySelectorAll( 'tbody tr' ) )
		.map( ( tr ) => tr.querySelector( 'td' )?.textContent ?? '' )
		.filter( ( text ) => text !== '' );
}

describe( 'ReportScreen', () => {
	it( 'renders a locked report’s own layout with its demo payload under its upsell, without fetching', async () => {
		const calls = mockApi( () => pages( [] ) );
		const { container } = renderIn(
			<EngagementPagesScreen />,
			registryFor( 'basic' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toEqual( [
				'/',
				'/getting-started/',
				'/ten-quick-tips/',
				'/about/',
				'/pricing/',
				'/contact/',
			] )
		);
		expect( screen.getByText( 'Sample data' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', {
				name: getUpsellContent( 'engagement_pages' ).title,
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		).toBeInTheDocument();
		// The table is the report's own (DataViews), blurred and out of reach.
		expect(
			container.querySelector(
				'.monsterinsights-reports-locked__content .monsterinsights-reports-data-table'
			)
		).not.toBeNull();
		expect( reportCalls( calls ) ).toEqual( [] );
	} );

	it( 'fetches the report with the licence and shows its rows', async () => {
		const calls = mockApi( () =>
			pages( [
				{
					page_path: '/hello/',
					pageviews: 12,
					engaged_sessions: 3,
					new_session: 2,
					bounce_rate: 25,
				},
			] )
		);
		const { container } = renderIn(
			<EngagementPagesScreen />,
			registryFor( 'plus' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toEqual( [ '/hello/' ] )
		);
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/engagement_pages?start=2026-10-24&end=2026-11-22',
		] );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Pages Report' } )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Sample data' ) ).not.toBeInTheDocument();
	} );

	it( 'shows the spec’s empty text for a payload without rows', async () => {
		mockApi( () => pages( [] ) );
		renderIn( <EngagementPagesScreen />, registryFor( 'pro' ) );
		expect(
			await screen.findByText( 'No data currently for the Pages report.' )
		).toBeInTheDocument();
	} );

	it( 'shows the spec’s error text and the server’s message when the report fails', async () => {
		mockApi( () =>
			Promise.reject( {
				code: 'db_error',
				message: 'The database is away.',
				data: { status: 500 },
			} )
		);
		const { container } = renderIn(
			<EngagementPagesScreen />,
			registryFor( 'agency' )
		);
		await waitFor( () =>
			expect(
				container.querySelector( '.components-notice.is-error' )
			).toHaveTextContent(
				'An unknown error has occurred.The database is away.'
			)
		);
	} );

	it( 'turns to the upsell over its layout when the server refuses the report', async () => {
		const calls = mockApi( () =>
			Promise.reject( {
				code: 'upgrade_required',
				message: 'Upgrade',
				data: { status: 403, level: 'pro', feature: 'pages' },
			} )
		);
		const { container } = renderIn(
			<EngagementPagesScreen />,
			registryFor( 'plus' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toHaveLength( 6 )
		);
		expect(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toHaveLength( 1 );
	} );
} );

describe( 'ReportRoute', () => {
	const built = REPORT_NAMES.filter(
		( name ) =>
			( REPORTS[ name ] as ReportDef ).screen &&
			( REPORTS[ name ] as ReportDef ).paths.length > 0
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
			const path = def.paths[ 0 ]?.path ?? '/';
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
					{ name: getUpsellContent( def.upsell ).title },
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
