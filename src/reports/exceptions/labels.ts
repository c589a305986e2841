import { __ } from '@wordpress/i18n';

import type { ExceptionCategory } from '../../store/reports/types';

/**
 * The label of a category (spec 3 §2); the report and its sample show the same.
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
