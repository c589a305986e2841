<?php
/**
 * Whether the graph is empty: the app lays an overlay over it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Overview's `show_chart_overlay`: true when no day of the graph's range has a session. A flag,
 * read from the graph's own series (no query of its own).
 */
final class ChartOverlay implements Block {

	/**
	 * The overlay of a graph.
	 *
	 * @param MetricGraph $graph The graph.
	 */
	public function __construct( private MetricGraph $graph ) {}

	/**
	 * The flag.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 */
	public function payload( Source $source, ReportRequest $request ): bool {
		return 0 === $this->graph->days_with_sessions( $source, $request );
	}

	/**
	 * A boolean.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return array( 'type' => 'boolean' );
	}
}
