<?php
/**
 * The sessions and page views chart of the traffic, country and eCommerce reports.
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
 * The sessions chart of the traffic and country reports: categories (day labels), timestamps,
 * sessions, page_views, their trend points against the day at the same position of the previous (or
 * compare) range, the site notes of the range, and with a compare range its sessions and
 * page_views.
 */
final class Chart implements Block {

	/**
	 * The chart's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$range  = $request->range;
		$before = $request->before();
		$result = $source->run( new Query( array( Metric::SESSIONS, Metric::SCREEN_PAGE_VIEWS ), array( Dimension::DATE ), $range, $before ) );
		$chart  = $this->series( $range, $result, $result->compare, $before );
		if ( null !== $request->compare && null !== $result->compare ) {
			$compare          = $this->series( $request->compare, $result->compare );
			$chart['compare'] = array(
				'sessions'   => $compare['sessions'],
				'page_views' => $compare['page_views'],
			);
		}
		return $chart;
	}

	/**
	 * One range's points.
	 *
	 * @param DateRange      $range       The range.
	 * @param Result         $result      Rows by date.
	 * @param Result|null    $other       Rows by date of the range the trend compares with.
	 * @param DateRange|null $other_range That range.
	 * @return array<string, mixed>
	 */
	private function series( DateRange $range, Result $result, ?Result $other = null, ?DateRange $other_range = null ): array {
		$chart = array(
			'categories'            => array(),
			'timestamps'            => array(),
			'sessions'              => array(),
			'page_views'            => array(),
			'session_trendpoints'   => array(),
			'page_view_trendpoints' => array(),
			/** This filter is documented in includes/Reports/Blocks/MetricGraph.php */
			'notes'                 => (array) apply_filters( 'monsterinsights_reports_chart_notes', array(), $range ),
		);
		foreach ( Days::of( $range, $result, $other, $other_range ) as $day ) {
			$sessions                         = (int) ( $day['row'][ Metric::SESSIONS ] ?? 0 );
			$views                            = (int) ( $day['row'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0 );
			$chart['categories'][]            = $day['label'];
			$chart['timestamps'][]            = $day['timestamp'];
			$chart['sessions'][]              = $sessions;
			$chart['page_views'][]            = $views;
			$chart['session_trendpoints'][]   = Metrics::change( $sessions, (int) ( $day['other'][ Metric::SESSIONS ] ?? 0 ) );
			$chart['page_view_trendpoints'][] = Metrics::change( $views, (int) ( $day['other'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0 ) );
		}
		return $chart;
	}

	/**
	 * The chart's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$numbers = Schema::list_of( Schema::number() );
		$trend   = Schema::list_of( Schema::number_or_null() );
		return Schema::object(
			array(
				'categories'            => Schema::list_of( Schema::text() ),
				'timestamps'            => Schema::list_of( array( 'type' => 'integer' ) ),
				'sessions'              => $numbers,
				'page_views'            => $numbers,
				'session_trendpoints'   => $trend,
				'page_view_trendpoints' => $trend,
				'notes'                 => Schema::chart_notes(),
				'compare'               => Schema::object(
					array(
						'sessions'   => $numbers,
						'page_views' => $numbers,
					)
				),
			),
			array( 'compare' )
		);
	}
}
