/**
 * SAMPLE DATA — the Exceptions report (docs/product-rules.md#exceptions: a blurred sample table;
 * categories Engagement, eCommerce, Marketing), shaped as GET /reports/exceptions answers. Never
 * real.
 */
import { __ } from '@wordpress/i18n';

import type { ExceptionsReport } from '../store/reports/types';
import type { SampleLayout } from '.';
import {
	categoryLabel,
	columnHeadings,
	recurringLabel,
} from '../store/reports/exceptionLabels';

export const SAMPLE = true;

export const payload: ExceptionsReport = {
	items: [
		{
			id: 1,
			category: 'engagement',
			time: '2025-10-14',
			recurring: true,
			resolved: false,
			description:
				'Bounce rate on /sample-pricing/ rose to 68.0% on Tuesday, October 14, 2025, from the usual 41.0% for a Tuesday.',
		},
		{
			id: 2,
			category: 'ecommerce',
			time: '2025-10-12',
			recurring: false,
			resolved: false,
			description:
				'Revenue was 1,240.00 on Sunday, October 12, 2025, 27% below the usual 1,698.00 for a Sunday.',
		},
		{
			id: 3,
			category: 'marketing',
			time: '2025-10-10',
			recurring: false,
			resolved: false,
			description:
				'Sessions from the sample_newsletter campaign were 812 on Friday, October 10, 2025, 2.1× the usual 386 for a Friday.',
		},
		{
			id: 4,
			category: 'engagement',
			time: '2025-10-08',
			recurring: false,
			resolved: false,
			description:
				'Sessions from Organic Search were 412 on Wednesday, October 8, 2025, 3.1× the usual 133 for a Wednesday.',
		},
	],
	pagination: { page: 1, pages: 1, per_page: 20, total: 4 },
	detects: true,
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Exceptions', 'monsterinsights-reports' ),
				columns: columnHeadings(),
				rows: payload.items.map( ( r ) => [
					categoryLabel( r.category ),
					r.time,
					recurringLabel( r.recurring ),
					r.description,
				] ),
			},
		],
	};
}
