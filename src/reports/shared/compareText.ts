/**
 * What an info box's change compares with: "vs. Previous 30 Days", or the compare range.
 */
import { __, sprintf } from '@wordpress/i18n';

import { formatRangeText, rangeDays } from '../../lib/dates';
import type { DateQuery } from '../../store/app';

/**
 * "vs. Previous 30 Days", or "vs. Oct 1 – 30, 2026" while comparing.
 *
 * @param query  The dates.
 * @param locale The user's locale.
 */
export function compareText( query: DateQuery, locale: string ): string {
	if ( query.compareStart && query.compareEnd ) {
		return sprintf(
			/* translators: %s: the compare range, e.g. "Oct 1 – 30, 2026". */
			__( 'vs. %s', 'monsterinsights-reports' ),
			formatRangeText( query.compareStart, query.compareEnd, locale )
		);
	}
	return sprintf(
		/* translators: %d: number of days. */
		__( 'vs. Previous %d Days', 'monsterinsights-reports' ),
		rangeDays( query.start, query.end )
	);
}
