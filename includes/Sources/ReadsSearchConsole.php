<?php
/**
 * A source that reads the site's Google Search Console data.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\DateRange;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by the google source (Sources\Google\SearchConsole): the terms people searched for
 * on Google before they saw the site, which only Search Console knows. The Queries report asks any
 * source that implements it; for one that does not (the builtin source) its route says which
 * source provides it, never a sample.
 *
 * @phpstan-type SearchQuery array{query: string, clicks: int, impressions: int, ctr: float, position: float}
 */
interface ReadsSearchConsole {

	/**
	 * The Search Console site it reads (`https://example.com/` or `sc-domain:example.com`), or ''
	 * while none is chosen.
	 */
	public function search_console_site(): string;

	/**
	 * The range's search queries with the most clicks, most first: each with its clicks,
	 * impressions, click-through rate (percent, 2 decimals) and average position (1 = the top).
	 *
	 * @param DateRange $range The range.
	 * @param int       $limit Queries at most.
	 * @return list<array{query: string, clicks: int, impressions: int, ctr: float, position: float}>
	 */
	public function search_queries( DateRange $range, int $limit ): array;
}
