import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderIn } from '../../../../tests/js/shell';
import {
	lastChartProps,
	resetChartCalls,
} from '../../../components/test/chartMock';
import { mockApi } from '../../../store/test/api';
import type { TrafficScreenName } from '..';
import { acquisition, CHART, EMPTY_CHART, SOCIAL } from './fixtures';
import {
	reportCalls,
	shopRegistryFor,
	expectNoReportRequest,
	findUpsellHeading,
	tableRows,
	TRAFFIC_SCREENS,
} from '../../test/screen';

beforeEach( resetChartCalls );

/** The server's payloads of TrafficReportsTest with a shop, by report. */
const PAYLOADS: Record< TrafficScreenName, Record< string, unknown > > = {
	traffic_overview: {
		chart: CHART,
		channels: acquisition( 'channel', 'Channel', [
			[ 'Direct', 1, 0, 1 ],
			[ 'Email', 1, 0, 1 ],
			[ 'Organic Search', 1, 1, 2 ],
			[ 'Organic Social', 1, 0, 1 ],
			[ 'Paid Social', 1, 1, 2 ],
			[ 'Referral', 1, 0, 1 ],
		] ),
	},
	traffic_landing_pages: {
		chart: CHART,
		landing_pages: acquisition( 'landing_page', 'Landing Page', [
			[ '/', 3, 1, 1.33 ],
			[ '/blog/', 2, 0, 1 ],
			[ '/pricing/', 1, 1, 2 ],
		] ),
	},
	traffic_campaign: {
		chart: CHART,
		campaigns: acquisition( 'campaign', 'Campaign', [
			[ 'march', 1, 0, 1 ],
			[ 'spring', 1, 1, 2 ],
		] ),
	},
	traffic_source_medium: {
		chart: CHART,
		source_medium: acquisition( 'source_medium', 'Source / Medium', [
			[ '(direct) / (none)', 1, 0, 1 ],
			[ 'facebook / cpc', 1, 1, 2 ],
		] ),
	},
	traffic_social: { chart: CHART, social: SOCIAL },
};

/**
 * An acquisition row as the table shows it: no purchases, conversions or revenue yet, money in
 * the shop's currency.
 *
 * @param name     Name cell.
 * @param sessions Sessions.
 * @param engaged  Engaged sessions.
 * @param pages    Pages per session.
 */
const shown = (
	name: string,
	sessions: string,
	engaged: string,
	pages: string
) => [ name, sessions, engaged, pages, '0', '0%', '$0.00' ];

/** Each screen's table heading, first rows and empty text. */
const SCREEN_FACTS: Array<
	[ TrafficScreenName, string, string, string[][], string ]
> = [
	[
		'traffic_overview',
		'Traffic Overview',
		'Traffic Details',
		[
			shown( 'Direct', '1', '0', '1' ),
			shown( 'Email', '1', '0', '1' ),
			shown( 'Organic Search', '1', '1', '2' ),
			shown( 'Organic Social', '1', '0', '1' ),
			shown( 'Paid Social', '1', '1', '2' ),
			shown( 'Referral', '1', '0', '1' ),
		],
		'No data currently for the Traffic report',
	],
	[
		'traffic_landing_pages',
		'Landing Page Details',
		'Top Landing Pages',
		[
			shown( '/', '3', '1', '1.33' ),
			shown( '/blog/', '2', '0', '1' ),
			shown( '/pricing/', '1', '1', '2' ),
		],
		'No data currently for the Landing Page report',
	],
	[
		'traffic_campaign',
		'Campaigns',
		'Campaign Details',
		[ shown( 'march', '1', '0', '1' ), shown( 'spring', '1', '1', '2' ) ],
		'No data currently for the Campaigns report',
	],
	[
		'traffic_source_medium',
		'Source / Medium',
		'Source / Medium Details',
		[
			shown( '(direct) / (none)', '1', '0', '1' ),
			shown( 'facebook / cpc', '1', '1', '2' ),
		],
		'No data currently for the Source / Medium report',
	],
	[
		'traffic_social',
		'Social Media',
		'Report Details',
		[ [ 'Facebook', '2', '1', '50%', '0', '$0.00', '0%' ] ],
		'No data currently for the social media report.',
	],
];

describe( 'traffic report screens', () => {
	it.each( SCREEN_FACTS )(
		'%s shows the chart totals and the exact rows of its payload',
		async ( name, title, tableTitle, rows ) => {
			const calls = mockApi( () => PAYLOADS[ name ] );
			const Screen = TRAFFIC_SCREENS[ name ];
			const { container } = renderIn(
				<Screen />,
				shopRegistryFor( 'plus' )
			);
			await waitFor( () =>
				expect( tableRows( container ) ).toEqual( rows )
			);
			expect(
				screen.getByRole( 'heading', { level: 1, name: title } )
			).toBeInTheDocument();
			expect(
				screen.getByRole( 'heading', { level: 2, name: tableTitle } )
			).toBeInTheDocument();
			// Sessions and Pageviews tabs with the range's totals (6 and 8).
			const tabs = within(
				screen.getByRole( 'tablist', { name: 'Metrics' } )
			).getAllByRole( 'tab' );
			expect( tabs.map( ( tab ) => tab.textContent ) ).toEqual( [
				'Sessions6',
				'Pageviews8',
			] );
			expect( lastChartProps( 'line' ).data.datasets[ 0 ]?.data ).toEqual(
				[ 2, 2, 2 ]
			);
			expect( reportCalls( calls ) ).toEqual( [
				`/monsterinsights-reports/v1/reports/${ name }?start=2025-03-10&end=2025-03-12`,
			] );
			expect(
				screen.getByRole( 'link', { name: 'Download CSV' } )
			).toHaveAttribute(
				'href',
				expect.stringContaining(
					`/reports/${ name }/tables/${
						Object.keys( PAYLOADS[ name ] )[ 1 ]
					}/csv?start=2025-03-10&end=2025-03-12`
				)
			);
		}
	);

	it( 'switches the chart to page views and draws the compare range', async () => {
		mockApi( () => ( {
			...PAYLOADS.traffic_overview,
			chart: {
				...CHART,
				compare: { sessions: [ 1, 0, 0 ], page_views: [ 1, 0, 0 ] },
			},
		} ) );
		const Screen = TRAFFIC_SCREENS.traffic_overview;
		renderIn( <Screen />, shopRegistryFor( 'plus', true ) );
		const tab = await screen.findByRole( 'tab', { name: /Pageviews/ } );
		await userEvent.click( tab );
		const datasets = lastChartProps( 'line' ).data.datasets;
		expect( datasets.map( ( set ) => set.data ) ).toEqual( [
			[ 3, 3, 2 ],
			[ 1, 0, 0 ],
		] );
	} );

	it.each( SCREEN_FACTS )(
		'%s shows its sample layout under its upsell to basic, without fetching',
		async ( name, _title, tableTitle ) => {
			const calls = mockApi( () => PAYLOADS[ name ] );
			const Screen = TRAFFIC_SCREENS[ name ];
			const { container } = renderIn(
				<Screen />,
				shopRegistryFor( 'basic' )
			);
			const upsell = {
				traffic_overview: 'traffic',
				traffic_landing_pages: 'traffic_landing_pages',
				traffic_campaign: 'traffic_campaign',
				traffic_source_medium: 'traffic_source_medium',
				traffic_social: 'traffic_social',
			} as const;
			expect(
				await findUpsellHeading( upsell[ name ] )
			).toBeInTheDocument();
			await waitFor( () =>
				expect( tableRows( container ).length ).toBeGreaterThan( 1 )
			);
			const locked = container.querySelector(
				'.monsterinsights-reports-locked__content'
			) as HTMLElement;
			expect(
				within( locked ).getByRole( 'heading', {
					name: tableTitle,
					hidden: true,
				} )
			).toBeInTheDocument();
			expect(
				locked.querySelector( '.monsterinsights-reports-metric-chart' )
			).not.toBeNull();
			await expectNoReportRequest( calls );
		}
	);

	it.each( SCREEN_FACTS )(
		'%s shows its empty text for a payload without data',
		async ( name, _title, _table, _rows, emptyText ) => {
			const payload = PAYLOADS[ name ];
			const table = Object.keys( payload )[ 1 ] as string;
			const full = payload[ table ] as { rows: unknown[] };
			mockApi( () => ( {
				chart: EMPTY_CHART,
				[ table ]: { ...full, rows: [], total: 0 },
			} ) );
			const Screen = TRAFFIC_SCREENS[ name ];
			renderIn( <Screen />, shopRegistryFor( 'pro' ) );
			expect( await screen.findByText( emptyText ) ).toBeInTheDocument();
		}
	);
} );
