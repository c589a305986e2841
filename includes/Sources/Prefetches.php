<?php
/**
 * A source that answers a report's queries faster when it knows them all first.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\Query;

defined( 'ABSPATH' ) || exit;

/**
 * The google source asks GA4 in batches (five reports a call): told a report's queries before
 * they run, it asks them together and answers each from its cache. A report made of blocks
 * (ComposedReport) tells it what its blocks will ask (Recorder).
 */
interface Prefetches {

	/**
	 * Asks, together, what the queries will ask, so run() answers them from the source's cache.
	 *
	 * @param Query[] $queries The queries.
	 */
	public function prefetch( array $queries ): void;
}
