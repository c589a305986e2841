<?php
/**
 * The average scroll depth: a number.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\AnswersMetrics;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Publishers report's `scroll: { average }`: the average of the deepest scroll percent each
 * page view reached over the range (2 decimals; 0 when no page was scrolled).
 */
final class Scroll implements Block {

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array{average: float}
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		if ( $source instanceof AnswersMetrics && ! $source->answers_metric( Metric::AVERAGE_SCROLL_DEPTH ) ) {
			return array( 'average' => 0.0 ); // Not measured: the report's availability says so.
		}
		$result = $source->run( new Query( array( Metric::AVERAGE_SCROLL_DEPTH ), array(), $request->range ) );
		return array( 'average' => (float) ( $result->totals[ Metric::AVERAGE_SCROLL_DEPTH ] ?? 0 ) );
	}

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object( array( 'average' => Schema::number() ) );
	}
}
