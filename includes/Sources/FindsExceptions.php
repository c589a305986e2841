<?php
/**
 * A source that finds exceptions: days its daily series left their usual range.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\DateRange;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by the builtin source (from its rollups: Sources\Builtin\Aggregation\Exceptions) and
 * the google source (from GA4's daily numbers: Sources\Google\Ga4Exceptions), both judging the
 * series of Analysis\Exceptions\Watch with its Detector. The Exceptions report asks any source
 * that implements it and shows no rows for one that does not.
 *
 * An exception row: id, day (Y-m-d, site time), category (engagement, ecommerce, marketing), metric
 * (site_sessions, sessions, pageviews, bounce_rate, page_bounce_rate, campaign_sessions, purchases,
 * revenue), label (the channel, path or campaign; empty for the whole site), direction (1 above,
 * -1 below the usual), value, expected (the usual value), recurring.
 */
interface FindsExceptions {

	/**
	 * A page of the exceptions of a range that are not deleted, newest first; finds those of the
	 * complete days not judged yet first (bounded).
	 *
	 * @param DateRange $range    The range.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Rows a page.
	 * @return array{rows: list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>, total: int}
	 */
	public function exceptions( DateRange $range, int $page, int $per_page ): array;

	/**
	 * Deletes an exception for good: it is never listed nor found again.
	 *
	 * @param int $id The exception's id.
	 * @return bool False when there is no such exception.
	 */
	public function delete_exception( int $id ): bool;
}
