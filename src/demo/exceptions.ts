/**
 * SAMPLE DATA — the Exceptions report (spec 3 §2: a blurred sample table; categories Engagement,
 * eCommerce, Marketing; §3 "Exception row"). Never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	items: [
		{
			id: 1,
			category: 'Engagement',
			time: '2025-10-14 09:12',
			resolved: false,
			description:
				'Bounce rate on /pricing/ rose 38% above its usual level.',
		},
		{
			id: 2,
			category: 'eCommerce',
			time: '2025-10-12 17:40',
			resolved: false,
			description: 'Revenue fell 27% below the previous week.',
		},
		{
			id: 3,
			category: 'Marketing',
			time: '2025-10-10 08:05',
			resolved: true,
			description: 'Sessions from the newsletter campaign doubled.',
		},
		{
			id: 4,
			category: 'Engagement',
			time: '2025-10-08 13:22',
			resolved: false,
			description: 'Average session duration dropped by 41 seconds.',
		},
	],
	pagination: { page: 1, pages: 1 },
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Exceptions', 'monsterinsights-reports' ),
				columns: [
					__( 'Category', 'monsterinsights-reports' ),
					__( 'Time', 'monsterinsights-reports' ),
					__( 'Recurring', 'monsterinsights-reports' ),
					__( 'Description', 'monsterinsights-reports' ),
				],
				rows: payload.items.map( ( r ) => [
					r.category,
					r.time,
					r.resolved
						? __( 'No', 'monsterinsights-reports' )
						: __( 'Yes', 'monsterinsights-reports' ),
					r.description,
				] ),
			},
		],
	};
}
