import apiFetch from '@wordpress/api-fetch';
import { screen, waitFor } from '@testing-library/react';

import overviewFixture from '../../../store/reports/test/fixtures/overview.json';
import siteSummaryFixture from '../../../store/reports/test/fixtures/site_summary.json';
import { appStore, type BootShop, type DateQuery } from '../../../store/app';
import { metricsStore } from '../../../store/metrics';
import type { IncludedMetric } from '../../../store/metrics/types';
import { reportsStore } from '../../../store/reports';
import { settingsStore } from '../../../store/settings';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import { makeBoot } from '../../../../tests/js/registry';
import { OverviewScreen } from '../OverviewScreen';
import { settingsWith } from '../../../store/settings/test/fixture';
import { flagsIn } from '../../../components/Flag/test/flags';
import { Routed } from '../../test/screen';

const QUERY: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};

type Level = 'lite' | 'basic' | 'plus' | 'pro' | 'agency';

/**
 * A registry seeded with the fixtures, as if every request had answered.
 *
 * @param options          Options.
 * @param options.level    Licence level.
 * @param options.query    Date query.
 * @param options.overview Overview payload; null leaves it loading.
 * @param options.shop     The shop, or null.
 * @param options.source   The active data source.
 * @param options.metrics  The metric selection.
 */
function setUp( {
	level = 'lite',
	query = QUERY,
	overview = overviewFixture as unknown,
	shop = null,
	source = 'builtin',
	metrics = [
		{ id: 'sessions', name: 'Sessions', checked: true, isPro: false },
		{ id: 'pageviews', name: 'Pageviews', checked: true, isPro: false },
	],
}: {
	level?: Level;
	query?: DateQuery;
	overview?: unknown;
	shop?: BootShop | null;
	source?: string;
	metrics?: IncludedMetric[];
} = {} ) {
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
		site: { ...makeBoot().site, today: '2026-11-22' },
		source: { active: source, connected: true },
		shop,
	} );
	registry.dispatch( appStore ).setDateQuery( query );
	if ( overview !== null ) {
		registry
			.dispatch( reportsStore )
			.receiveReport( 'overview', query, overview );
	}
	registry
		.dispatch( reportsStore )
		.receiveReport( 'site_summary', query, siteSummaryFixture );
	registry.dispatch( metricsStore ).receiveIncludedMetrics( metrics );
	registry.dispatch( settingsStore ).receiveSettings( settingsWith() );
	return registry;
}

describe( 'OverviewScreen', () => {
	beforeEach( () => {
		// Nothing may reach the network: every store is seeded; a stray request never answers.
		apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
	} );

	// A pro user who checked revenue and purchases while there was a shop.
	const withRevenue: IncludedMetric[] = [
		{ id: 'sessions', name: 'Sessions', checked: true, isPro: false },
		{ id: 'revenue_sales', name: 'Revenue', checked: true, isPro: true },
		{
			id: 'ecommerce_purchases',
			name: 'Ecommerce Purchases',
			checked: true,
			isPro: true,
		},
	];

	it( 'offers no revenue or purchase tab without a shop', () => {
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { level: 'pro', metrics: withRevenue } )
		);
		expect(
			screen.getAllByRole( 'tab' ).map( ( tab ) => tab.textContent )
		).toEqual( [ 'Sessions36' ] );
	} );

	it( 'shows the revenue tab in the shop currency with a shop', () => {
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( {
				level: 'pro',
				metrics: withRevenue,
				shop: {
					platform: 'woocommerce',
					currency: {
						code: 'EUR',
						symbol: '€',
						decimals: 2,
						position: 'right_space',
					},
				},
			} )
		);
		expect(
			screen.getAllByRole( 'tab' ).map( ( tab ) => tab.textContent )
		).toEqual( [
			'Sessions36',
			'Revenue49.90\u00a0€',
			expect.stringMatching( /^Ecommerce Purchases\d+$/ ),
		] );
	} );

	it( 'shows the four info boxes, the lists and the site summary from the payload', () => {
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp()
		);
		const boxes = screen.getByRole( 'region', { name: 'Key metrics' } );
		for ( const title of [
			'Sessions',
			'Pageviews',
			'Avg. Session Duration',
			'Bounce Rate',
		] ) {
			expect( boxes ).toHaveTextContent( title );
		}
		expect( boxes ).toHaveTextContent(
			String( overviewFixture.infobox.sessions.value )
		);
		expect(
			screen.getByRole( 'table', { name: 'Top 10 Countries' } )
		).toHaveTextContent( 'Germany' );
		// Image flags from the plugin beside the names (empty text), never emoji.
		expect(
			flagsIn( screen.getByRole( 'table', { name: 'Top 10 Countries' } ) )
		).toEqual( [
			[ 'DE.svg', '' ],
			[ 'US.svg', '' ],
		] );
		expect( screen.getByText( 'Site Summary' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'tab', { name: /Pageviews/ } )
		).toBeInTheDocument();
	} );

	it( 'explains the built-in analytics’ returning visitors on builtin only', () => {
		const help = /recognises visitors for one day only/;
		const { unmount } = renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { level: 'pro' } )
		);
		expect( screen.getByText( help ) ).toBeInTheDocument();
		unmount();
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { level: 'pro', source: 'google' } )
		);
		expect(
			screen.getByRole( 'heading', {
				name: 'New vs. Returning Visitors',
			} )
		).toBeInTheDocument();
		expect( screen.queryByText( help ) ).not.toBeInTheDocument();
	} );

	it( 'offers the external views only when the payload has links', () => {
		const { unmount } = renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp()
		);
		expect(
			screen.getByRole( 'link', { name: 'View Countries Report' } )
		).toBeInTheDocument();
		unmount();
		const { galinks, ...withoutLinks } = overviewFixture;
		expect( galinks ).toBeDefined();
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { overview: withoutLinks } )
		);
		expect(
			screen.queryByRole( 'link', { name: 'View Countries Report' } )
		).not.toBeInTheDocument();
	} );

	it( 'covers the chart while there is no data yet', () => {
		const overview = {
			...overviewFixture,
			overviewgraph: { ...overviewFixture.overviewgraph, count: 0 },
		};
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { overview } )
		);
		expect(
			screen.getByText( "We're Waiting for Your Stats!" )
		).toBeInTheDocument();
	} );

	it( 'shows the lite banner to lite only', () => {
		const { unmount } = renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp()
		);
		expect(
			screen.getByText( /Upgrade to Pro to unlock/ )
		).toBeInTheDocument();
		unmount();
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { level: 'pro' } )
		);
		expect(
			screen.queryByText( /Upgrade to Pro to unlock/ )
		).not.toBeInTheDocument();
	} );

	it( 'shows a loader until the payload arrives', () => {
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { overview: null } )
		);
		expect(
			screen.queryByRole( 'region', { name: 'Key metrics' } )
		).not.toBeInTheDocument();
	} );

	it( 'adds the compare columns in compare mode', async () => {
		const query: DateQuery = {
			...QUERY,
			preset: 'custom',
			compareStart: '2026-09-23',
			compareEnd: '2026-10-22',
		};
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp( { level: 'pro', query } )
		);
		await waitFor( () =>
			expect(
				screen.getByRole( 'table', { name: 'Top 10 Countries' } )
			).toHaveTextContent( 'Compare Sessions' )
		);
	} );
} );
