import type { YearInReview } from './routes';

/** Last day of January the year in review shows on (docs/product-rules.md#year-in-review). */
export const YEAR_IN_REVIEW_LAST_DAY = 14;

/**
 * Whether the year in review shows on a given day, and for which year. It shows from 1 to 14
 * January for the previous calendar year (docs/product-rules.md#year-in-review). The server says it
 * itself in the boot data (`site.yearInReview`, its force filter and constant included:
 * includes/Reports/YearInReview.php); this is the fallback for boot data without it.
 *
 * @param today The site's today, Y-m-d.
 * @param force Show it whatever the day.
 */
export function getYearInReview( today: string, force = false ): YearInReview {
	const [ year = NaN, month = NaN, day = NaN ] = today
		.split( '-' )
		.map( Number );
	if ( ! Number.isFinite( year ) ) {
		return {
			show_report: false,
			report_year: new Date().getFullYear() - 1,
		};
	}
	return {
		show_report:
			force ||
			( month === 1 && day >= 1 && day <= YEAR_IN_REVIEW_LAST_DAY ),
		report_year: year - 1,
	};
}
