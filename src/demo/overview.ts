/**
 * SAMPLE DATA — the Overview report (includes/Reports/Overview.php schema()). Shown blurred under
 * the Overview upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { TopListRow } from '../store/reports/types';
import { curve, dayLabels, pct, timestamps, trend } from './series';

export const SAMPLE = true;

const DAYS = 30;

/** The metric ids with their sample totals. */
const TOTALS = {
	sessions: 12480,
	pageviews: 28710,
	totalusers: 9320,
	pageviews_per_user: 3.08,
	average_session_duration: 142.5,
	bounce_rate: 41.2,
	revenue_sales: 8420.5,
	average_revenue_per_user: 0.9,
	average_revenue_per_session: 0.67,
	new_users: 7210,
	ecommerce_purchases: 96,
	engagement_rate: 58.8,
	sessions_per_user: 1.34,
} as const;

type MetricId = keyof typeof TOTALS;

const RATIO_METRICS: MetricId[] = [
	'pageviews_per_user',
	'average_session_duration',
	'bounce_rate',
	'average_revenue_per_user',
	'average_revenue_per_session',
	'engagement_rate',
	'sessions_per_user',
];

function row( sessions: number, pagePath = '' ): TopListRow {
	return {
		sessions,
		compare_sessions: null,
		compare_change: null,
		users: Math.round( sessions * 0.78 ),
		engagement_rate: 55 + ( sessions % 9 ),
		page_path: pagePath,
	};
}

const ids = Object.keys( TOTALS ) as MetricId[];

function graph() {
	const series: Record<
		string,
		{ datapoints: number[]; trendpoints: number[]; total: number }
	> = {};
	ids.forEach( ( id ) => {
		const total = TOTALS[ id ];
		const ratio = RATIO_METRICS.includes( id );
		series[ id ] = {
			datapoints: ratio
				? curve( DAYS, total * DAYS, 2 )
				: curve( DAYS, total, total < 1000 ? 2 : 0 ),
			trendpoints: trend( DAYS ),
			total,
		};
	} );
	return {
		labels: dayLabels( DAYS ),
		timestamps: timestamps( DAYS ),
		count: DAYS,
		notes: [],
		...series,
	};
}

export const payload = {
	infobox: {
		range: DAYS,
		...Object.fromEntries(
			ids.map( ( id, i ) => [
				id,
				{
					value: TOTALS[ id ],
					prev: [ 12.4, -3.1, 8.7, 2.2 ][ i % 4 ] as number,
					compare_value:
						Math.round( TOTALS[ id ] * 0.92 * 100 ) / 100,
				},
			] )
		),
	},
	overviewgraph: graph(),
	newvsreturn: { new: 64.3, returning: 35.7 },
	devices: { desktop: 52.6, tablet: 6.1, mobile: 41.3 },
	countries: [
		{ name: 'United States', iso: 'US', ...row( 4210 ) },
		{ name: 'United Kingdom', iso: 'GB', ...row( 1630 ) },
		{ name: 'Germany', iso: 'DE', ...row( 1180 ) },
		{ name: 'Canada', iso: 'CA', ...row( 920 ) },
		{ name: 'India', iso: 'IN', ...row( 860 ) },
		{ name: 'Australia', iso: 'AU', ...row( 610 ) },
		{ name: 'France', iso: 'FR', ...row( 540 ) },
		{ name: 'Netherlands', iso: 'NL', ...row( 390 ) },
		{ name: 'Spain', iso: 'ES', ...row( 340 ) },
		{ name: 'Brazil', iso: 'BR', ...row( 300 ) },
	],
	referrals: [
		{ url: 'google.com', ...row( 5120 ) },
		{ url: 'facebook.com', ...row( 1240 ) },
		{ url: 'twitter.com', ...row( 610 ) },
		{ url: 'linkedin.com', ...row( 480 ) },
		{ url: 'reddit.com', ...row( 350 ) },
		{ url: 'bing.com', ...row( 290 ) },
		{ url: 'duckduckgo.com', ...row( 240 ) },
		{ url: 'pinterest.com', ...row( 180 ) },
		{ url: 'news.ycombinator.com', ...row( 130 ) },
		{ url: 'example.org', ...row( 90 ) },
	],
	toppages: [
		[ 'Sample home page', '/' ],
		[ 'Sample post: getting started', '/getting-started/' ],
		[ 'Sample post: ten quick tips', '/ten-quick-tips/' ],
		[ 'Sample page: about us', '/about/' ],
		[ 'Sample page: contact', '/contact/' ],
		[ 'Sample post: a beginner’s guide', '/beginners-guide/' ],
		[ 'Sample page: pricing', '/pricing/' ],
		[ 'Sample post: behind the scenes', '/behind-the-scenes/' ],
		[ 'Sample post: frequently asked questions', '/faq/' ],
		[ 'Sample page: blog', '/blog/' ],
	].map( ( [ title, path ], i ) => ( {
		title: title as string,
		url: `https://example.com${ path as string }`,
		hostname: 'example.com',
		...row( Math.round( 3100 / ( i + 1 ) ), path as string ),
	} ) ),
	show_chart_overlay: false,
};

export function layout(): SampleLayout {
	const info = payload.infobox as unknown as Record<
		MetricId,
		{ value: number }
	>;
	return {
		boxes: [
			{
				label: __( 'Sessions', 'monsterinsights-reports' ),
				value: info.sessions.value,
			},
			{
				label: __( 'Pageviews', 'monsterinsights-reports' ),
				value: info.pageviews.value,
			},
			{
				label: __( 'Avg. Session Duration', 'monsterinsights-reports' ),
				value: '2m 22s',
			},
			{
				label: __( 'Bounce Rate', 'monsterinsights-reports' ),
				value: pct( info.bounce_rate.value ),
			},
		],
		tables: [
			{
				title: __( 'Top 10 Countries', 'monsterinsights-reports' ),
				columns: [
					__( 'Country', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
				],
				rows: payload.countries.map( ( r ) => [ r.name, r.sessions ] ),
			},
			{
				title: __( 'Top 10 Referrals', 'monsterinsights-reports' ),
				columns: [
					__( 'Referral', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
				],
				rows: payload.referrals.map( ( r ) => [ r.url, r.sessions ] ),
			},
			{
				title: __( 'Top Posts/Pages', 'monsterinsights-reports' ),
				columns: [
					__( 'Page', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
				],
				rows: payload.toppages.map( ( r ) => [ r.title, r.sessions ] ),
			},
		],
	};
}
