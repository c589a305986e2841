import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import type { QueriesReport } from '../../../demo/queries';
import type { DateQuery, Level } from '../../../store/app/types';
import { reportsStore } from '../../../store/reports';
import fixture from '../../../store/reports/test/fixtures/queries.json';
import { mockApi, restError } from '../../../store/test/api';
import { QueriesScreen } from '..';
import { searchConsolePromo } from '../PromoSlot';
import {
	expectNoReportRequest,
	findUpsellHeading,
	listCards,
	registryAt,
	reportCalls,
	Routed,
} from '../../test/screen';

/**
 * The payload of tests/php/Shared/Reports/QueriesReportTest.php for 1–3 November 2026 on
 * https://example.com/: the fake Google server's top 50 of its 55 queries.
 */
const PAYLOAD = fixture as QueriesReport;

const TITLE = 'Top 50 Google Search Terms';

/** 1–3 November 2026, compared with the three days before. */
const DATES: DateQuery = {
	preset: 'custom',
	start: '2026-11-01',
	end: '2026-11-03',
	compareStart: '2026-10-29',
	compareEnd: '2026-10-31',
};

/**
 * Renders the screen in its route at a level, the server answering every report request with
 * `answer`.
 *
 * @param level  The licence level.
 * @param answer What the server answers.
 */
function render( level: Level, answer: () => unknown ) {
	const calls = mockApi( ( call ) =>
		call.path.includes( '/reports/' ) ? answer() : {}
	);
	const registry = registryAt( level, DATES );
	const rendered = renderIn(
		<Routed report="queries">
			<QueriesScreen />
		</Routed>,
		registry
	);
	return { calls, registry, ...rendered };
}

describe( 'Search Console report', () => {
	it( 'shows the top terms with clicks, impressions, CTR and the position to one decimal, and links to Search Console', async () => {
		const { calls, container } = render( 'plus', () => PAYLOAD );
		await waitFor( () =>
			expect( listCards( container )[ TITLE ] ).toHaveLength( 10 )
		);
		expect( listCards( container )[ TITLE ] ).toEqual( [
			[ 'site speed wordpress', '127', '836', '15.19%', '38.7' ],
			[ 'landing pages report', '118', '544', '21.69%', '26.4' ],
			[ 'example shop', '110', '995', '11.06%', '33.3' ],
			[ 'core web vitals wordpress', '105', '1,002', '10.48%', '34.7' ],
			[ 'privacy friendly analytics', '98', '525', '18.67%', '29.3' ],
			[ 'ten tips example', '97', '1,045', '9.28%', '20.1' ],
			[ 'example pricing', '97', '330', '29.39%', '29.7' ],
			[ 'matomo alternative', '96', '1,136', '8.45%', '10.4' ],
			[ 'year in review analytics', '96', '796', '12.06%', '32.4' ],
			[ 'organic search traffic', '95', '1,040', '9.13%', '37.5' ],
		] );
		const card = screen.getByRole( 'region', { name: TITLE } );
		expect(
			within( card )
				.getAllByRole( 'columnheader' )
				.map( ( th ) => th.textContent )
		).toEqual( [
			'Terms',
			'Clicks',
			'Impressions',
			'CTR',
			'Avg. Position',
		] );
		expect(
			within( card ).getByRole( 'link', {
				name: 'View Full Queries Report',
			} )
		).toHaveAttribute(
			'href',
			'https://search.google.com/search-console/performance/search-analytics?resource_id=https%3A%2F%2Fexample.com%2F'
		);
		// Never compared: the dates alone, and no compare range offered.
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/queries?start=2026-11-01&end=2026-11-03',
		] );
		expect( screen.queryByText( /compared with/ ) ).not.toBeInTheDocument();

		// Search Console's data lags: no Today or Yesterday among the presets.
		fireEvent.click(
			screen.getByRole( 'button', { name: /^Date range:/ } )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Last 7 days' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Today' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Yesterday' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'checkbox', { name: 'Compare to Previous' } )
		).not.toBeInTheDocument();
	} );

	it( 'sorts by a column, searches the terms, and shows the 50 on request', async () => {
		const { container } = render( 'plus', () => PAYLOAD );
		const card = await screen.findByRole( 'region', { name: TITLE } );
		await within( card ).findByText( 'site speed wordpress' );

		fireEvent.click(
			within( card ).getByRole( 'button', { name: 'Avg. Position' } )
		);
		// The best position first; 4.0 twice, in the payload's order (more clicks first).
		expect( listCards( container )[ TITLE ]?.slice( 0, 4 ) ).toEqual( [
			[ 'form conversion tracking', '53', '840', '6.31%', '3.5' ],
			[ 'winter sale coupon', '86', '694', '12.39%', '4.0' ],
			[ 'bounce rate', '82', '552', '14.86%', '4.0' ],
			[ 'example company', '61', '870', '7.01%', '4.5' ],
		] );

		fireEvent.change( within( card ).getByRole( 'searchbox' ), {
			target: { value: 'EXAMPLE' },
		} );
		const terms = ( listCards( container )[ TITLE ] ?? [] ).map(
			( row ) => row[ 0 ]
		);
		expect( terms ).toEqual(
			PAYLOAD.queries
				.filter( ( row ) => row.term.includes( 'example' ) )
				.sort( ( a, b ) => a.position - b.position )
				.slice( 0, 10 )
				.map( ( row ) => row.term )
		);

		fireEvent.change( within( card ).getByRole( 'searchbox' ), {
			target: { value: '' },
		} );
		fireEvent.click( within( card ).getByRole( 'button', { name: '50' } ) );
		expect( listCards( container )[ TITLE ] ).toHaveLength( 50 );
	} );

	it( 'keeps its table, link and empty text when Google has no terms for the dates', async () => {
		render( 'plus', () => ( { ...PAYLOAD, queries: [] } ) );
		expect(
			await screen.findByText( 'No data for this time period.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'View Full Queries Report' } )
		).toBeInTheDocument();
	} );

	it.each( [
		[
			'no_search_console',
			'The terms people searched for on Google come from Google Search Console, which the built-in data source cannot see. Connect Google as the data source in the settings and choose your Search Console site to see them here.',
		],
		[
			'no_search_console_site',
			'No Search Console site is chosen yet. Choose your site in the Google connection settings to see the terms people searched for on Google.',
		],
		[
			'no_search_console_access',
			'Google refused access to the chosen Search Console site. Add the connected Google account as a user of the site in Search Console, or choose another site in the Google connection settings.',
		],
	] )(
		"shows the server's %s text as a notice, no sample and no error",
		async ( code, message ) => {
			const { container, registry } = render( 'plus', () =>
				restError( code, message, { status: 400 } )
			);
			await waitFor( () =>
				expect(
					container.querySelector( '.components-notice.is-info p' )
				).not.toBeNull()
			);
			expect(
				Array.from(
					container.querySelectorAll(
						'.components-notice.is-info p'
					),
					( p ) => p.textContent
				)
			).toEqual( [ message ] );
			expect(
				container.querySelectorAll( '.components-notice.is-error' )
			).toHaveLength( 0 );
			expect(
				registry.select( reportsStore ).getErrorDialog()
			).toBeNull();
			expect( container.querySelector( 'table' ) ).toBeNull();
			expect( screen.queryByText( 'Sample data' ) ).toBeNull();
		}
	);

	it( 'shows the upsell over its sample below plus', async () => {
		const { calls } = render( 'basic', () => PAYLOAD );
		expect( await findUpsellHeading( 'queries' ) ).toBeInTheDocument();
		await expectNoReportRequest( calls );
	} );

	it( 'places the competitor-keyword card with terms and the SEO plugin, else the SEO plugin card', () => {
		const installed = { installed: true, active: false };
		expect( searchConsolePromo( true, installed ) ).toBe(
			'competitor-keywords'
		);
		expect(
			searchConsolePromo( true, { installed: true, active: true } )
		).toBe( 'competitor-keywords' );
		expect( searchConsolePromo( false, installed ) ).toBe(
			'seo-plugin-install'
		);
		expect(
			searchConsolePromo( true, { installed: false, active: false } )
		).toBe( 'seo-plugin-install' );
		expect( searchConsolePromo( true, null ) ).toBe( 'seo-plugin-install' );
	} );
} );
