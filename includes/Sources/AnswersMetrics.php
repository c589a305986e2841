<?php
/**
 * A source that answers only some of the Query's metrics.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The google source answers what GA4 measures: GA4 has no exits and no scroll depth beyond its one
 * 90 % event. A report hides (or explains) a part whose metric its source does not answer, rather
 * than show a 0; a source that does not implement this answers every metric.
 */
interface AnswersMetrics {

	/**
	 * Whether the source measures a metric at all.
	 *
	 * @param string $metric A Query\Metric name.
	 */
	public function answers_metric( string $metric ): bool;
}
