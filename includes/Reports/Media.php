<?php
/**
 * The Media report (docs/product-rules.md#dimensions-forms-and-media).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Compare;
use MonsterInsights\Reports\Reports\Blocks\MetricGraph;
use MonsterInsights\Reports\Reports\Blocks\MissingDimensions;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\AnswersMetrics;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The Video Plays chart and the videos table:
 * - `line_chart_report`: plays (`video_start` events) by day with trend points, total and the site
 *   notes; `compare.line_chart_report` the compare range's plays;
 * - `video_details_rows`: every video by title with its plays (video_start), average
 *   watch time (seconds watched per play), average time viewed (the furthest point a session's
 *   play reached, percent of the duration, averaged) and completion rate (completions per play,
 *   percent), from the events of build/events.js (src/events/media.ts). Audio plays (events
 *   with kind audio) are not videos: neither the chart nor the table counts them. The watch time
 *   and time viewed columns are left out for a source that does not measure them (GA4);
 * - `missing_dimensions`: ['video_title'] when the source does not know the video's title (a GA4
 *   property without the customEvent:video_title custom dimension), the table then empty.
 */
final class Media extends ComposedReport {

	use RegistryName;

	/**
	 * The chart's id and its metric.
	 */
	public const GRAPH = array( 'video_start' => Metric::VIDEO_STARTS );

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$graph = MetricGraph::of( $this->asked(), self::GRAPH );
		return array(
			'line_chart_report'  => $graph,
			'video_details_rows' => Table::of_rows(
				array(
					new Column( 'title', __( 'Video', 'monsterinsights-reports' ), ColumnType::Text ),
					new Column( 'video_start', __( 'Video Plays', 'monsterinsights-reports' ) ),
					new Column( 'average_watch_time', __( 'Avg. Watch Time', 'monsterinsights-reports' ), ColumnType::Duration ),
					new Column( 'average_time_viewed', __( 'Avg. % Watched', 'monsterinsights-reports' ), ColumnType::Percent ),
					new Column( 'completion_rate', __( 'Completion Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
				),
				array( Dimension::VIDEO_TITLE ),
				Metric::MEDIA_METRICS,
				static fn( array $row ): array => array(
					'title'               => $row['dimensions'][ Dimension::VIDEO_TITLE ] ?? '',
					'video_start'         => (int) ( $row['metrics'][ Metric::VIDEO_STARTS ] ?? 0 ),
					'average_watch_time'  => $row['metrics'][ Metric::AVERAGE_VIDEO_WATCH_TIME ] ?? 0,
					'average_time_viewed' => $row['metrics'][ Metric::AVERAGE_VIDEO_PERCENT_VIEWED ] ?? 0,
					'completion_rate'     => $row['metrics'][ Metric::VIDEO_COMPLETION_RATE ] ?? 0,
				),
				'video_start'
			)->only_when( array( 'average_watch_time', 'average_time_viewed' ), static fn(): bool => self::measures_watching() ),
			'compare'            => new Compare( array( 'line_chart_report' => $graph->of_compare() ) ),
			'missing_dimensions' => new MissingDimensions( array( 'video_title' => Dimension::VIDEO_TITLE ) ),
		);
	}

	/**
	 * Whether the active source measures how long and how far videos are watched (GA4 does not:
	 * those columns are left out rather than shown as 0).
	 */
	private static function measures_watching(): bool {
		$source = ( new Sources() )->active();
		return ! $source instanceof AnswersMetrics || $source->answers_metric( Metric::AVERAGE_VIDEO_WATCH_TIME );
	}
}
