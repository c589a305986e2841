<?php
/**
 * A named report: builds the payload of the spec from Queries.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * One class per report name.
 */
interface Report {

	/**
	 * The report's name in the REST route: overview, site_summary, …
	 */
	public function name(): string;

	/**
	 * Builds the payload.
	 *
	 * @param Source         $source  Answers the queries.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range, when the user compares.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, DateRange $range, ?DateRange $compare ): array;

	/**
	 * The JSON schema of the payload (src/store/reports/types.ts mirrors it).
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array;
}
