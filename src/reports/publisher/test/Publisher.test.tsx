import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import type { PublisherReport } from '../../../store/reports/types';
import { mockApi } from '../../../store/test/api';
import type { TableColumn, TablePage, TableRow } from '../../../types/reports';
import { column as col, samplePage } from '../../../demo/pages';
import { payload as sample } from '../../../demo/publisher';
import { PublisherScreen } from '..';
import {
	registryFor,
	reportCalls,
	expectNoReportRequest,
	tablesBy,
	renderLocked,
	renderScreen,
	Routed,
} from '../../test/screen';

/**
 * The text of every non-padding row of each table, by the section's heading.
 *
 * @param container The rendered screen.
 */
const tables = ( container: HTMLElement ) =>
	tablesBy(
		container,
		'.monsterinsights-reports-publisher__section',
		'h2 span'
	);

const page = (
	columns: TableColumn[],
	rows: TableRow[],
	orderby: string
): TablePage => samplePage( () => columns, rows, orderby );

/** No demographics (the builtin source). */
const NONE = { labels: [], data: [], percents: [], compare: null };

/** The numbers of includes/Reports/Publisher.php's test, compared with 7–9 March. */
const PAYLOAD: PublisherReport = {
	landingpages: page(
		[
			col( 'title', 'Page Title', 'text' ),
			col( 'entrances', 'Entrances' ),
			col( 'duration', 'Average Duration', 'duration' ),
			col( 'bounce', 'Bounce Rate', 'percent' ),
			col( 'change', 'Change', 'change' ),
		],
		[
			{
				title: '/',
				entrances: 3,
				duration: 400,
				bounce: 33.33,
				change: 200,
				url: 'https://example.org/',
			},
			{
				title: 'The Guide',
				entrances: 2,
				duration: 180,
				bounce: 0,
				change: -50,
				url: 'https://example.org/guide/',
			},
		],
		'entrances'
	),
	exitpages: page(
		[
			col( 'title', 'Page Title', 'text' ),
			col( 'exits', 'Exits' ),
			col( 'pageviews', 'Page Views' ),
			col( 'exitrate', 'Exit Rate', 'percent' ),
		],
		[ { title: '/pricing/', exits: 1, pageviews: 1, exitrate: 100 } ],
		'exits'
	),
	outboundlinks: page(
		[ col( 'title', 'Outbound Link', 'url' ), col( 'clicks', 'Clicks' ) ],
		[
			{
				title: 'https://partner.example/offer?ref=1',
				clicks: 2,
			},
		],
		'clicks'
	),
	affiliatelinks: page(
		[
			col( 'title', 'Affiliate Link', 'text' ),
			col( 'link', 'Link', 'url' ),
			col( 'clicks', 'Clicks' ),
		],
		[],
		'clicks'
	),
	downloadlinks: page(
		[ col( 'title', 'File', 'url' ), col( 'clicks', 'Clicks' ) ],
		[
			{
				title: 'https://example.org/files/guide.pdf',
				clicks: 2,
			},
		],
		'clicks'
	),
	scroll: { average: 62.5 },
	age: NONE,
	gender: NONE,
	interest: NONE,
	available: { exitpages: true, scroll: true, demographics: false },
};

/** GA4's reports of property 300000001 in its web UI. */
const GA4 =
	'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=';

/**
 * The google source's Publishers (GoogleEventsReportsTest's shape): demographics, no exits, no
 * scroll depth, a link to GA4's report of each table.
 */
const GOOGLE: PublisherReport = {
	...PAYLOAD,
	exitpages: { ...PAYLOAD.exitpages, rows: [], total: 0 },
	scroll: { average: 0 },
	age: {
		labels: [ '18-24', '25-34', '35-44' ],
		data: [ 500, 300, 200 ],
		percents: [ 50, 30, 20 ],
		compare: null,
	},
	gender: {
		labels: [ 'female', 'male' ],
		data: [ 600, 400 ],
		percents: [ 60, 40 ],
		compare: null,
	},
	interest: {
		labels: [ 'Technology/Technophiles', 'Travel/Travel Buffs' ],
		data: [ 1234, 766 ],
		percents: [ 61.7, 38.3 ],
		compare: null,
	},
	available: { exitpages: false, scroll: false, demographics: true },
	galinks: {
		landingpages: `${ GA4 }landing-page`,
		outboundlinks: `${ GA4 }top-events`,
		affiliatelinks: `${ GA4 }top-events`,
		downloadlinks: `${ GA4 }top-events`,
	},
};

describe( 'Publishers report', () => {
	it( 'shows the scroll depth and every table with its numbers, tooltips and empty text', async () => {
		const { calls, container } = renderScreen(
			<Routed report="publisher">
				<PublisherScreen />
			</Routed>,
			'plus',
			PAYLOAD
		);
		await waitFor( () =>
			expect( tables( container ) ).toEqual( {
				'Top Landing Pages': [
					[ '/', '3', '6:40', '33.33%', 'Up 200%' ],
					[ 'The Guide', '2', '3:00', '0%', 'Down 50%' ],
				],
				'Top Exit Pages': [ [ '/pricing/', '1', '1', '100%' ] ],
				'Top Outbound Links': [
					[ 'https://partner.example/offer?ref=1', '2' ],
				],
				'Top Affiliate Links': [],
				'Top Download Links': [
					[ 'https://example.org/files/guide.pdf', '2' ],
				],
			} )
		);
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Publishers Overview',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Average Scroll Depth' )
		).toBeInTheDocument();
		expect( screen.getByText( '62.50%' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'About Top Exit Pages' } )
		).toHaveAccessibleDescription(
			'The last pages visitors see before they leave: how many sessions ended there, out of how many views.'
		);
		expect(
			screen.getByText(
				'No affiliate link clicks detected for this time period.'
			)
		).toBeInTheDocument();
		// Age, gender, interests and 'view full report' are the google source's.
		expect( screen.queryByText( /Interests|Age|Gender/ ) ).toBeNull();
		expect( screen.queryByText( /full report/i ) ).toBeNull();
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/publisher?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'shows the google source’s age bars, gender donut and interests; hides the exit pages and scroll depth GA4 lacks', async () => {
		const { container } = renderScreen(
			<Routed report="publisher">
				<PublisherScreen />
			</Routed>,
			'plus',
			GOOGLE
		);
		const age = await screen.findByRole( 'region', { name: 'Age' } );
		expect(
			Array.from( age.querySelectorAll( 'li' ) ).map( ( li ) =>
				Array.from( li.children ).map( ( cell ) => cell.textContent )
			)
		).toEqual( [
			[ '18-24', '', '50%' ],
			[ '25-34', '', '30%' ],
			[ '35-44', '', '20%' ],
		] );
		expect(
			screen.getByRole( 'region', { name: 'Gender' } )
		).toHaveTextContent( /Female/ );
		const interests = screen.getByRole( 'region', { name: 'Interests' } );
		expect(
			Array.from( interests.querySelectorAll( 'tbody tr' ) ).map(
				( row ) =>
					Array.from( row.children ).map(
						( cell ) => cell.textContent
					)
			)
		).toEqual( [
			[ 'Technology/Technophiles', '1,234', '61.70%' ],
			[ 'Travel/Travel Buffs', '766', '38.30%' ],
		] );
		expect( Object.keys( tables( container ) ) ).toEqual( [
			'Top Landing Pages',
			'Top Outbound Links',
			'Top Affiliate Links',
			'Top Download Links',
		] );
		expect( screen.queryByText( 'Average Scroll Depth' ) ).toBeNull();
		// Each table's button to its GA4 report, in a new tab.
		const links = Object.fromEntries(
			Array.from(
				container.querySelectorAll< HTMLAnchorElement >(
					'.monsterinsights-reports-data-table__footer a'
				)
			).map( ( link ) => [
				link.textContent,
				link.getAttribute( 'href' ),
			] )
		);
		expect( links ).toEqual( {
			'View Full Landing Pages Report': `${ GA4 }landing-page`,
			'View Full Outbound Links Report': `${ GA4 }top-events`,
			'View Full Affiliate Links Report': `${ GA4 }top-events`,
			'View Full Downloads Report': `${ GA4 }top-events`,
		} );
		expect(
			screen.getByRole( 'link', {
				name: 'View Full Landing Pages Report',
			} )
		).toHaveAttribute( 'target', '_blank' );
		expect(
			screen.queryByText( 'View Full Exit Pages Report' )
		).toBeNull();
	} );

	it( 'shows its own sample layout under its upsell to basic, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="publisher">
				<PublisherScreen />
			</Routed>,
			'engagement_overview'
		);
		await waitFor( () =>
			expect(
				tables( container )[ 'Top Landing Pages' ]?.map(
					( row ) => row[ 0 ]
				)
			).toEqual(
				sample.landingpages.rows.map( ( row ) => String( row.title ) )
			)
		);
		expect( Object.keys( tables( container ) ) ).toEqual( [
			'Top Landing Pages',
			'Top Exit Pages',
			'Top Outbound Links',
			'Top Affiliate Links',
			'Top Download Links',
		] );
		await expectNoReportRequest( calls );
	} );

	it( 'shows a stored link that is not http(s) as text, never as a link', async () => {
		const { container } = renderScreen(
			<Routed report="publisher">
				<PublisherScreen />
			</Routed>,
			'plus',
			{
				...PAYLOAD,
				affiliatelinks: page(
					PAYLOAD.affiliatelinks.columns,
					[
						// An anonymous affiliate_click with url=javascript:alert(1), as Publisher.php
						// makes its row: the path as the title, the URL as link and row url.
						{
							title: 'alert(1)',
							link: 'javascript:alert(1)',
							clicks: 3,
							url: 'javascript:alert(1)',
						},
						{
							title: '/go/partner',
							link: 'https://example.org/go/partner',
							clicks: 2,
							url: 'https://example.org/go/partner',
						},
					],
					'clicks'
				),
				outboundlinks: page(
					PAYLOAD.outboundlinks.columns,
					[
						{ title: ' JAVASCRIPT:alert(2)', clicks: 2 },
						{ title: 'data:text/html,<b>x</b>', clicks: 1 },
					],
					'clicks'
				),
			}
		);
		await waitFor( () =>
			expect( tables( container )[ 'Top Affiliate Links' ] ).toEqual( [
				[ 'alert(1)', 'javascript:alert(1)', '3' ],
				[ '/go/partner', 'https://example.org/go/partner', '2' ],
			] )
		);
		expect( tables( container )[ 'Top Outbound Links' ] ).toEqual( [
			[ ' JAVASCRIPT:alert(2)', '2' ],
			[ 'data:text/html,<b>x</b>', '1' ],
		] );
		const hrefs = Array.from(
			container.querySelectorAll(
				'.monsterinsights-reports-publisher a[href]'
			),
			( a ) => a.getAttribute( 'href' )
		).filter( ( href ) => ! href?.includes( '/csv' ) );
		expect( hrefs ).toEqual( [
			'https://example.org/',
			'https://example.org/guide/',
			'https://example.org/go/partner',
			'https://example.org/go/partner',
			'https://example.org/files/guide.pdf',
		] );
		expect( screen.getByText( 'alert(1)' ).closest( 'a' ) ).toBeNull();
		expect(
			screen.getByText( 'javascript:alert(1)' ).closest( 'a' )
		).toBeNull();
	} );

	it( 'says “No data to show” when nothing was tracked', async () => {
		const none = ( table: TablePage ) => ( {
			...table,
			rows: [],
			total: 0,
		} );
		mockApi( () => ( {
			landingpages: none( PAYLOAD.landingpages ),
			exitpages: none( PAYLOAD.exitpages ),
			outboundlinks: none( PAYLOAD.outboundlinks ),
			affiliatelinks: none( PAYLOAD.affiliatelinks ),
			downloadlinks: none( PAYLOAD.downloadlinks ),
			scroll: { average: 0 },
			age: NONE,
			gender: NONE,
			interest: NONE,
			available: PAYLOAD.available,
		} ) );
		renderIn(
			<Routed report="publisher">
				<PublisherScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText( 'No data to show' )
		).toBeInTheDocument();
	} );
} );
