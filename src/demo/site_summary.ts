/**
 * SAMPLE DATA — the Site Summary (includes/Reports/SiteSummary.php schema()). Shown blurred under
 * an upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

const content = ( title: string, path: string, pageviews: number ) => ( {
	url: `https://example.com${ path }`,
	title,
	img: '',
	pageviews,
	sessions: Math.round( pageviews * 0.7 ),
	bounceRate: 38.4,
	engagedSessions: Math.round( pageviews * 0.42 ),
} );

export const payload = {
	summary: {
		0: 184250,
		1: 80310,
		total_posts: 124,
		total_pages: 18,
		total_comments: 431,
	},
	popular_days: [
		{ day: 2, percent: 17.1 },
		{ day: 3, percent: 16.4 },
		{ day: 1, percent: 15.8 },
	],
	popular_hours: [
		{ hour: 10, percent: 8.2 },
		{ hour: 14, percent: 7.9 },
		{ hour: 9, percent: 7.4 },
	],
	popular_page: content( 'Sample page: pricing', '/pricing/', 9120 ),
	popular_post: content(
		'Sample post: getting started',
		'/getting-started/',
		12840
	),
	popular_products: [
		{ title: 'Sample product: starter kit', percent: 34.5 },
		{ title: 'Sample product: gift card', percent: 21.2 },
		{ title: 'Sample product: t-shirt', percent: 12.8 },
	],
	popular_categories: [
		{ title: 'Sample category: guides', percent: 41.3 },
		{ title: 'Sample category: news', percent: 27.6 },
		{ title: 'Sample category: reviews', percent: 14.9 },
	],
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Total Page Views', 'monsterinsights-reports' ),
				value: payload.summary[ 0 ],
			},
			{
				label: __( 'Total Sessions', 'monsterinsights-reports' ),
				value: payload.summary[ 1 ],
			},
			{
				label: __( 'Posts', 'monsterinsights-reports' ),
				value: payload.summary.total_posts,
			},
			{
				label: __( 'Pages', 'monsterinsights-reports' ),
				value: payload.summary.total_pages,
			},
			{
				label: __( 'Comments', 'monsterinsights-reports' ),
				value: payload.summary.total_comments,
			},
		],
		tables: [
			{
				title: __(
					'Most Popular Categories',
					'monsterinsights-reports'
				),
				columns: [
					__( 'Category', 'monsterinsights-reports' ),
					__( 'Views', 'monsterinsights-reports' ),
				],
				rows: payload.popular_categories.map( ( r ) => [
					r.title,
					pct( r.percent ),
				] ),
			},
		],
	};
}
