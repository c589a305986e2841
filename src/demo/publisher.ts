/**
 * SAMPLE DATA — the Publishers (engagement overview) report, shaped as its REST payload
 * (includes/Reports/Publisher.php): five TablePages and the scroll average. Shown blurred under its
 * upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { PublisherReport } from '../store/reports/types';
import type { TablePage } from '../types/reports';
import { pct } from './series';
import { samplePage, translatedColumn } from './pages';

export const SAMPLE = true;

const title = () => __( 'Page Title', 'monsterinsights-reports' );
const clicks = () => __( 'Clicks', 'monsterinsights-reports' );

export const payload: PublisherReport = {
	landingpages: samplePage(
		() => [
			translatedColumn( 'title', title, 'text' ),
			translatedColumn( 'entrances', () =>
				__( 'Entrances', 'monsterinsights-reports' )
			),
			translatedColumn(
				'duration',
				() => __( 'Average Duration', 'monsterinsights-reports' ),
				'duration'
			),
			translatedColumn(
				'bounce',
				() => __( 'Bounce Rate', 'monsterinsights-reports' ),
				'percent'
			),
			translatedColumn(
				'change',
				() => __( 'Change', 'monsterinsights-reports' ),
				'change'
			),
		],
		[
			{
				title: 'Sample home page',
				url: 'https://example.org/',
				entrances: 3100,
				duration: 142,
				bounce: 38.2,
				change: 12.4,
			},
			{
				title: 'Sample post: getting started',
				url: 'https://example.org/getting-started/',
				entrances: 1550,
				duration: 205,
				bounce: 31.7,
				change: -4.1,
			},
			{
				title: 'Sample post: ten quick tips',
				url: 'https://example.org/ten-quick-tips/',
				entrances: 1030,
				duration: 188,
				bounce: 35.1,
				change: 8.9,
			},
		],
		'entrances'
	),
	exitpages: samplePage(
		() => [
			translatedColumn( 'title', title, 'text' ),
			translatedColumn( 'exits', () =>
				__( 'Exits', 'monsterinsights-reports' )
			),
			translatedColumn( 'pageviews', () =>
				__( 'Page Views', 'monsterinsights-reports' )
			),
			translatedColumn(
				'exitrate',
				() => __( 'Exit Rate', 'monsterinsights-reports' ),
				'percent'
			),
		],
		[
			{
				title: 'Sample page: contact',
				url: 'https://example.org/contact/',
				exits: 720,
				pageviews: 1310,
				exitrate: 54.96,
			},
			{
				title: 'Sample page: pricing',
				url: 'https://example.org/pricing/',
				exits: 540,
				pageviews: 1620,
				exitrate: 33.33,
			},
		],
		'exits'
	),
	outboundlinks: samplePage(
		() => [
			translatedColumn(
				'title',
				() => __( 'Outbound Link', 'monsterinsights-reports' ),
				'url'
			),
			translatedColumn( 'clicks', clicks ),
		],
		[
			{ title: 'https://wordpress.org/', clicks: 214 },
			{ title: 'https://example.net/partner/', clicks: 131 },
		],
		'clicks'
	),
	affiliatelinks: samplePage(
		() => [
			translatedColumn(
				'title',
				() => __( 'Affiliate Link', 'monsterinsights-reports' ),
				'text'
			),
			translatedColumn(
				'link',
				() => __( 'Link', 'monsterinsights-reports' ),
				'url'
			),
			translatedColumn( 'clicks', clicks ),
		],
		[
			{
				title: '/go/sample/',
				url: 'https://example.org/go/sample/',
				link: 'https://example.org/go/sample/',
				clicks: 96,
			},
		],
		'clicks'
	),
	downloadlinks: samplePage(
		() => [
			translatedColumn(
				'title',
				() => __( 'File', 'monsterinsights-reports' ),
				'url'
			),
			translatedColumn( 'clicks', clicks ),
		],
		[ { title: 'https://example.org/sample-guide.pdf', clicks: 173 } ],
		'clicks'
	),
	scroll: { average: 58.4 },
	// Age, gender and interests need the google source: the sample, like builtin, has none.
	age: { labels: [], data: [], percents: [], compare: null },
	gender: { labels: [], data: [], percents: [], compare: null },
	interest: { labels: [], data: [], percents: [], compare: null },
	available: { exitpages: true, scroll: true, demographics: false },
};

/**
 * The sample as boxes and tables: the scroll box and every table, cells as the screen shows them.
 */
export function layout(): SampleLayout {
	const tables: Array< [ string, TablePage ] > = [
		[
			__( 'Top Landing Pages', 'monsterinsights-reports' ),
			payload.landingpages,
		],
		[
			__( 'Top Exit Pages', 'monsterinsights-reports' ),
			payload.exitpages,
		],
		[
			__( 'Top Outbound Links', 'monsterinsights-reports' ),
			payload.outboundlinks,
		],
		[
			__( 'Top Affiliate Links', 'monsterinsights-reports' ),
			payload.affiliatelinks,
		],
		[
			__( 'Top Download Links', 'monsterinsights-reports' ),
			payload.downloadlinks,
		],
	];
	return {
		boxes: [
			{
				label: __( 'Average Scroll Depth', 'monsterinsights-reports' ),
				value: pct( payload.scroll.average ),
			},
		],
		tables: tables.map( ( [ heading, page ] ) => ( {
			title: heading,
			columns: page.columns.map( ( c ) => c.label ),
			rows: page.rows.map( ( row ) =>
				page.columns.map( ( c ) => {
					const value = row[ c.id ];
					if ( c.type === 'percent' || c.type === 'change' ) {
						return pct( Number( value ) );
					}
					return typeof value === 'number' ? value : String( value );
				} )
			),
		} ) ),
	};
}
