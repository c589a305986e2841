/**
 * SAMPLE DATA — the Year in Review, shaped as the builtin source's payload of
 * includes/Reports/YearInReview.php (no age or gender: only the google source has them). Shown
 * blurred under its upsell, in the screen's own layout; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type {
	YearInReviewReport,
	YearInReviewValue,
} from '../store/reports/types';

export const SAMPLE = true;

const value = ( v: number, prev: number ): YearInReviewValue => ( {
	value: v,
	prev,
} );

export const payload: YearInReviewReport = {
	is_enabled: true,
	report_year: 2024,
	next_year: 2025,
	info: {
		users: value( 98120, 81230 ),
		sessions: value( 141650, 118900 ),
		pageviews: value( 329870, 276400 ),
		duration: {
			...value( 146, 131 ),
			avg_minutes: 2.43,
			total_minutes: 344705,
		},
	},
	usersgraph: {
		datapoints: [
			6120, 6540, 7210, 7630, 8020, 7910, 7450, 8130, 8760, 9120, 10410,
			10820,
		],
		labels: [
			'Jan',
			'Feb',
			'Mar',
			'Apr',
			'May',
			'Jun',
			'Jul',
			'Aug',
			'Sep',
			'Oct',
			'Nov',
			'Dec',
		],
		max: 10820,
		bestmonth: 'December',
	},
	countries: [
		{ name: 'United States', iso: 'US', sessions: 47210 },
		{ name: 'United Kingdom', iso: 'GB', sessions: 18320 },
		{ name: 'Germany', iso: 'DE', sessions: 13040 },
		{ name: 'Canada', iso: 'CA', sessions: 10190 },
		{ name: 'India', iso: 'IN', sessions: 9620 },
	],
	toppages: [
		{
			title: 'Sample home page',
			url: 'https://example.com/',
			hostname: 'example.com',
			sessions: 35120,
		},
		{
			title: 'Sample post: getting started',
			url: 'https://example.com/getting-started/',
			hostname: 'example.com',
			sessions: 17640,
		},
		{
			title: 'Sample post: ten quick tips',
			url: 'https://example.com/ten-quick-tips/',
			hostname: 'example.com',
			sessions: 11730,
		},
		{
			title: 'Sample page: about',
			url: 'https://example.com/about/',
			hostname: 'example.com',
			sessions: 8410,
		},
		{
			title: 'Sample page: pricing',
			url: 'https://example.com/pricing/',
			hostname: 'example.com',
			sessions: 6290,
		},
	],
	referrals: [
		{ url: 'google.com', sessions: 57340 },
		{ url: 'facebook.com', sessions: 13880 },
		{ url: 'twitter.com', sessions: 6830 },
		{ url: 'bing.com', sessions: 4120 },
		{ url: 'reddit.com', sessions: 2950 },
	],
	devices: { desktop: 52.6, tablet: 6.1, mobile: 41.3 },
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Users', 'monsterinsights-reports' ),
				value: payload.info.users.value,
			},
			{
				label: __( 'Sessions', 'monsterinsights-reports' ),
				value: payload.info.sessions.value,
			},
			{
				label: __( 'Pageviews', 'monsterinsights-reports' ),
				value: payload.info.pageviews.value,
			},
		],
		tables: [
			{
				title: __( 'Top Countries', 'monsterinsights-reports' ),
				columns: [
					__( 'Country', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
				],
				rows: payload.countries.map( ( r ) => [ r.name, r.sessions ] ),
			},
			{
				title: __( 'Top Pages', 'monsterinsights-reports' ),
				columns: [
					__( 'Page', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
				],
				rows: payload.toppages.map( ( r ) => [ r.title, r.sessions ] ),
			},
		],
	};
}
