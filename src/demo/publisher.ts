/**
 * SAMPLE DATA — the Publishers (engagement overview) report (spec 3 §3 "Publisher"). Shown blurred
 * under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

export const payload = {
	landingpages: [
		{
			title: 'Sample home page',
			visits: 3100,
			duration: 142,
			bounce: 38.2,
		},
		{
			title: 'Sample post: getting started',
			visits: 1550,
			duration: 205,
			bounce: 31.7,
		},
		{
			title: 'Sample post: ten quick tips',
			visits: 1030,
			duration: 188,
			bounce: 35.1,
		},
	],
	exitpages: [
		{
			title: 'Sample page: contact',
			exits: 720,
			pageviews: 1310,
			exitrate: 55.0,
		},
		{
			title: 'Sample page: pricing',
			exits: 540,
			pageviews: 1620,
			exitrate: 33.3,
		},
	],
	outboundlinks: [
		{ title: 'https://wordpress.org/', clicks: 214 },
		{ title: 'https://example.net/partner/', clicks: 131 },
	],
	affiliatelinks: [
		{ title: 'Sample affiliate link', link: '/go/sample/', clicks: 96 },
	],
	downloadlinks: [ { title: 'sample-guide.pdf', clicks: 173 } ],
	interest: [
		{ interest: 'Technology', percent: 24.1 },
		{ interest: 'Business', percent: 17.5 },
	],
	age: {
		graph: {
			data: [ 14.2, 31.5, 24.8, 15.9, 13.6 ],
			labels: [ '18-24', '25-34', '35-44', '45-54', '55+' ],
			compare: [] as number[],
		},
	},
	gender: {
		graph: {
			data: [ 51.2, 48.8 ],
			labels: [ 'female', 'male' ],
			compare: [] as number[],
		},
	},
	scroll: { average: 58.4 },
	galinks: {},
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Average Scroll Depth', 'monsterinsights-reports' ),
				value: pct( payload.scroll.average ),
			},
		],
		tables: [
			{
				title: __( 'Top Landing Pages', 'monsterinsights-reports' ),
				columns: [
					__( 'Page', 'monsterinsights-reports' ),
					__( 'Visits', 'monsterinsights-reports' ),
					__( 'Bounce Rate', 'monsterinsights-reports' ),
				],
				rows: payload.landingpages.map( ( r ) => [
					r.title,
					r.visits,
					pct( r.bounce ),
				] ),
			},
			{
				title: __( 'Top Exit Pages', 'monsterinsights-reports' ),
				columns: [
					__( 'Page', 'monsterinsights-reports' ),
					__( 'Exits', 'monsterinsights-reports' ),
					__( 'Exit Rate', 'monsterinsights-reports' ),
				],
				rows: payload.exitpages.map( ( r ) => [
					r.title,
					r.exits,
					pct( r.exitrate ),
				] ),
			},
			{
				title: __( 'Top Outbound Links', 'monsterinsights-reports' ),
				columns: [
					__( 'Link', 'monsterinsights-reports' ),
					__( 'Clicks', 'monsterinsights-reports' ),
				],
				rows: payload.outboundlinks.map( ( r ) => [
					r.title,
					r.clicks,
				] ),
			},
			{
				title: __( 'Top Download Links', 'monsterinsights-reports' ),
				columns: [
					__( 'File', 'monsterinsights-reports' ),
					__( 'Clicks', 'monsterinsights-reports' ),
				],
				rows: payload.downloadlinks.map( ( r ) => [
					r.title,
					r.clicks,
				] ),
			},
		],
	};
}
