/**
 * The texts of the Exceptions report's rows (docs/product-rules.md#exceptions): the report and its
 * sample show the same.
 */
import { __ } from '@wordpress/i18n';

import type { ExceptionCategory } from './types';

/**
 * The label of a category; the report and its sample show the same.
 *
 * @param category The category.
 */
export function categoryLabel( category: ExceptionCategory ): string {
	switch ( category ) {
		case 'ecommerce':
			return __( 'eCommerce', 'monsterinsights-reports' );
		case 'marketing':
			return __( 'Marketing', 'monsterinsights-reports' );
		default:
			return __( 'Engagement', 'monsterinsights-reports' );
	}
}

/** The headings of the table's data columns, the Action column aside. */
export function columnHeadings(): string[] {
	return [
		__( 'Category', 'monsterinsights-reports' ),
		__( 'Time', 'monsterinsights-reports' ),
		__( 'Recurring', 'monsterinsights-reports' ),
		__( 'Description', 'monsterinsights-reports' ),
	];
}

/**
 * The Recurring column's text.
 *
 * @param recurring Whether the exception recurs.
 */
export function recurringLabel( recurring: boolean ): string {
	return recurring
		? __( 'Yes', 'monsterinsights-reports' )
		: __( 'No', 'monsterinsights-reports' );
}
