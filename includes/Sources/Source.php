<?php
/**
 * A data source answers report Queries.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by the builtin collector, the google source and the demo source. Report classes never
 * know which one answers them.
 */
interface Source {

	/**
	 * The source's key: builtin, google or demo.
	 */
	public function key(): string;

	/**
	 * Whether the source is configured and authorised.
	 */
	public function is_connected(): bool;

	/**
	 * Answers a query, for its range and, when set, its compare range.
	 *
	 * @param Query $query The query.
	 */
	public function run( Query $query ): Result;

	/**
	 * Answers a real-time query (the last minutes, as GA4's runRealtimeReport): rows of its
	 * dimensions with their metrics, and the totals over all rows.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run_realtime( RealtimeQuery $query ): Result;

	/**
	 * Links to the source's own views of a report block (countries, referrals, topposts), or an
	 * empty array when the source has none (the builtin source has none).
	 *
	 * @param string $report The report name.
	 * @return array<string, string>
	 */
	public function links( string $report ): array;

	/**
	 * A number that changes whenever the source's data changes; report caches key on it.
	 */
	public function data_version(): string;

	/**
	 * Whether the source knows a dimension's values at all (the builtin source knows regions only
	 * with a city-level database): a report leaves out, or explains, what it cannot know.
	 *
	 * @param string $dimension A Query\Dimension name.
	 */
	public function supports( string $dimension ): bool;
}
