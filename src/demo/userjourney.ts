/**
 * SAMPLE DATA — the User Journey report (docs/product-rules.md#user-journey). Shown blurred under its
 * upsell, and behind the 'Report Unavailable' dialog while a module it needs is off; never real.
 */
import { __ } from '@wordpress/i18n';

import type { UserJourneyReport } from '../store/reports/types';
import type { SampleLayout } from '.';

export const SAMPLE = true;

const journey = (
	id: string,
	date: string,
	campaign: string,
	medium: string,
	source: string,
	total: string,
	steps: string[]
) => ( {
	transaction_id: id,
	edit_order_url: '',
	purchase_date: `${ date } 10:30:00`,
	utm_campaign: campaign,
	utm_medium: medium,
	utm_source: source,
	order_total: total,
	steps: steps.map( ( title, i ) => ( {
		title,
		url: '',
		time: 45 + i * 30,
		date: `${ date } 10:${ String( 10 + i * 3 ).padStart( 2, '0' ) }:00`,
		utm_source: source,
		utm_medium: medium,
		utm_campaign: campaign,
	} ) ),
} );

export const payload: UserJourneyReport = {
	demo: true,
	items: [
		journey(
			'SAMPLE-1042',
			'2025-10-14',
			'spring_sale',
			'email',
			'newsletter',
			'$87.00',
			[
				'Sample home page',
				'Sample product: starter kit',
				'Cart',
				'Checkout',
			]
		),
		journey(
			'SAMPLE-1041',
			'2025-10-13',
			'',
			'organic',
			'google',
			'$45.50',
			[
				'Sample post: getting started',
				'Sample product: t-shirt',
				'Checkout',
			]
		),
		journey(
			'SAMPLE-1040',
			'2025-10-12',
			'',
			'referral',
			'facebook.com',
			'$120.00',
			[
				'Sample page: pricing',
				'Sample product: gift card',
				'Cart',
				'Checkout',
			]
		),
	],
	pagination: { page: 1, pages: 1 },
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'User Journeys', 'monsterinsights-reports' ),
				columns: [
					__( 'Transaction ID', 'monsterinsights-reports' ),
					__( 'Purchase Date', 'monsterinsights-reports' ),
					__( 'Source / Medium', 'monsterinsights-reports' ),
					__( 'Steps', 'monsterinsights-reports' ),
					__( 'Order Total', 'monsterinsights-reports' ),
				],
				rows: payload.items.map( ( r ) => [
					r.transaction_id,
					r.purchase_date,
					`${ r.utm_source } / ${ r.utm_medium }`,
					r.steps.length,
					r.order_total,
				] ),
			},
		],
	};
}
