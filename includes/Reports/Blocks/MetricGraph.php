<?php
/**
 * Every metric by day, with trend points: the overview graph.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Overview's `overviewgraph`: labels, timestamps, the number of days with sessions, the site
 * notes of the range and, for every metric id, its datapoints, its trend points (each day against
 * the day at the same position of the compare range, else of the previous period) and its total.
 *
 * One series query (the range by date, with the range it compares with) answers the graph, its
 * compare-range graph (of_compare(): the compare range's points, without trend points to compare
 * with; nothing without a compare range) and ChartOverlay, through the Asked they share.
 *
 * Other reports graph their own metrics with the same shape (the Forms report's impressions and
 * conversions, the Media report's plays): ids → Query metric, each id's value the metric's.
 */
final class MetricGraph implements Block {

	/**
	 * Makes the graph of the range, or of the compare range.
	 *
	 * @param Asked                      $asked      The request's answers, shared with the blocks that read the series.
	 * @param bool                       $of_compare Whether this is the compare range's graph.
	 * @param array<string, string>|null $ids Id in the payload → Query metric; null for the overview's (Metrics::IDS).
	 */
	public function __construct( private Asked $asked, private bool $of_compare = false, private ?array $ids = null ) {}

	/**
	 * A graph of other metrics than the overview's.
	 *
	 * @param Asked                 $asked The request's answers.
	 * @param array<string, string> $ids   Id in the payload → Query metric.
	 */
	public static function of( Asked $asked, array $ids ): self {
		return new self( $asked, false, $ids );
	}

	/**
	 * The compare range's graph, on the same series.
	 */
	public function of_compare(): self {
		return new self( $this->asked, true, $this->ids );
	}

	/**
	 * The ids of the graph.
	 *
	 * @return string[]
	 */
	private function ids(): array {
		return array_keys( $this->ids ?? Metrics::IDS );
	}

	/**
	 * An id's value in a row of metrics.
	 *
	 * @param string                   $id      The id.
	 * @param array<string, int|float> $metrics The row's metrics.
	 */
	private function value( string $id, array $metrics ): int|float {
		return null === $this->ids ? Metrics::value( $id, $metrics ) : ( $metrics[ $this->ids[ $id ] ] ?? 0 );
	}

	/**
	 * The graph's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$series = $this->series( $source, $request );
		if ( ! $this->of_compare ) {
			return $this->graph( $request->range, $series, $series->compare, $request->before() );
		}
		if ( null === $request->compare || null === $series->compare ) {
			return array();
		}
		return $this->graph( $request->compare, $series->compare );
	}

	/**
	 * How many days of the range have sessions.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 */
	public function days_with_sessions( Source $source, ReportRequest $request ): int {
		return Days::with_sessions( $request->range, $this->series( $source, $request ) );
	}

	/**
	 * Every metric of the range by date, with the range it compares with.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 */
	private function series( Source $source, ReportRequest $request ): Result {
		$metrics = null === $this->ids ? Metrics::query_metrics() : array_values( array_unique( $this->ids ) );
		return $this->asked->run( $source, new Query( $metrics, array( Dimension::DATE ), $request->range, $request->before() ) );
	}

	/**
	 * Labels, timestamps, count, notes and per metric datapoints, trendpoints and total.
	 *
	 * @param DateRange      $range       The range.
	 * @param Result         $series      Rows by date.
	 * @param Result|null    $other       Rows by date of the other (previous or compare) range.
	 * @param DateRange|null $other_range The other range.
	 * @return array<string, mixed>
	 */
	private function graph( DateRange $range, Result $series, ?Result $other = null, ?DateRange $other_range = null ): array {
		$graph = array(
			'labels'     => array(),
			'timestamps' => array(),
			'count'      => 0,
			/**
			 * Filters the site notes shown on the overview chart.
			 *
			 * @param array<int, array<string, mixed>> $notes Notes.
			 * @param DateRange                        $range The chart's range.
			 */
			'notes'      => (array) apply_filters( 'monsterinsights_reports_chart_notes', array(), $range ),
		);
		foreach ( $this->ids() as $id ) {
			$graph[ $id ] = array(
				'datapoints'  => array(),
				'trendpoints' => array(),
				'total'       => $this->value( $id, $series->totals ),
			);
		}
		foreach ( Days::of( $range, $series, $other, $other_range ) as $day ) {
			$graph['labels'][]     = $day['label'];
			$graph['timestamps'][] = $day['timestamp'];
			if ( ( $day['row'][ Metric::SESSIONS ] ?? 0 ) > 0 ) {
				++$graph['count'];
			}
			foreach ( $this->ids() as $id ) {
				$value                         = $this->value( $id, $day['row'] );
				$graph[ $id ]['datapoints'][]  = $value;
				$graph[ $id ]['trendpoints'][] = Metrics::change( $value, $this->value( $id, $day['other'] ) );
			}
		}
		return $graph;
	}

	/**
	 * The graph's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$series = Schema::object(
			array(
				'datapoints'  => Schema::list_of( Schema::number() ),
				'trendpoints' => Schema::list_of( Schema::number_or_null() ),
				'total'       => Schema::number(),
			)
		);
		$graph  = array(
			'labels'     => Schema::list_of( Schema::text() ),
			'timestamps' => Schema::list_of( array( 'type' => 'integer' ) ),
			'count'      => array( 'type' => 'integer' ),
			'notes'      => Schema::chart_notes(),
		);
		foreach ( $this->ids() as $id ) {
			$graph[ $id ] = $series;
		}
		return Schema::object( $graph );
	}
}
