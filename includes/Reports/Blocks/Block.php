<?php
/**
 * A part of a report's payload.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A block asks the source its Queries and returns its part of the payload, with the JSON schema of
 * that part. Reports are compositions of blocks (ComposedReport).
 */
interface Block {

	/**
	 * The block's part of the payload: mostly an array, a flag for a flag block (ChartOverlay).
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request Ranges and table parameters.
	 * @return array<int|string, mixed>|bool
	 */
	public function payload( Source $source, ReportRequest $request ): array|bool;

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array;
}
