<?php
/**
 * A named report: builds its payload from Queries.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * One class per report name (Registry lists them). Most reports are compositions of blocks
 * (ComposedReport); the Overview and the Site Summary build their payloads themselves.
 */
interface Report {

	/**
	 * The report's name in the REST route: overview, site_summary, …
	 */
	public function name(): string;

	/**
	 * Seconds a built payload may be served from the cache (new data invalidates it earlier).
	 */
	public function cache_ttl(): int;

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request The ranges and table parameters.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array;

	/**
	 * The report's tables by payload key: the tables route pages them, the CSV route exports them.
	 *
	 * @return array<string, Table>
	 */
	public function tables(): array;

	/**
	 * The JSON schema of the payload (src/store/reports/types.ts mirrors it).
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array;
}
