<?php
/**
 * The Overview report (spec 1 §2 "Overview report screen", §3 "Overview response").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Days;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Builds infobox, overviewgraph, compare, newvsreturn, devices, countries, referrals, toppages,
 * galinks and show_chart_overlay from Queries.
 */
final class Overview implements Report {

	public const TOP_LIST  = 10;
	public const TOP_PAGES = 50;
	public const DEVICES   = array( 'desktop', 'tablet', 'mobile' );

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'overview';
	}

	/**
	 * The payload's JSON schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$metric_box = Schema::object(
			array(
				'value'         => Schema::number(),
				'prev'          => Schema::number_or_null(),
				'compare_value' => Schema::number(),
			)
		);
		$infobox    = array( 'range' => array( 'type' => 'integer' ) );
		$series     = Schema::object(
			array(
				'datapoints'  => Schema::list_of( Schema::number() ),
				'trendpoints' => Schema::list_of( Schema::number_or_null() ),
				'total'       => Schema::number(),
			)
		);
		$graph      = array(
			'labels'     => Schema::list_of( Schema::text() ),
			'timestamps' => Schema::list_of( array( 'type' => 'integer' ) ),
			'count'      => array( 'type' => 'integer' ),
			'notes'      => Schema::list_of( array( 'type' => 'object' ) ),
		);
		foreach ( array_keys( Metrics::IDS ) as $id ) {
			$infobox[ $id ] = $metric_box;
			$graph[ $id ]   = $series;
		}
		$row     = array(
			'sessions'         => Schema::number(),
			'compare_sessions' => Schema::number_or_null(),
			'compare_change'   => Schema::number_or_null(),
			'users'            => Schema::number(),
			'engagement_rate'  => Schema::number(),
			'page_path'        => Schema::text(),
		);
		$devices = Schema::object( array_fill_keys( self::DEVICES, Schema::number() ) );
		$shares  = array(
			'new'       => Schema::number(),
			'returning' => Schema::number(),
		);
		return Schema::object(
			array(
				'infobox'            => Schema::object( $infobox ),
				'overviewgraph'      => Schema::object( $graph ),
				'compare'            => Schema::object(
					array(
						'overviewgraph' => Schema::object( $graph ),
						'devices'       => $devices,
					)
				),
				'newvsreturn'        => Schema::object( $shares + array( 'compare' => Schema::object( $shares ) ) ),
				'devices'            => $devices,
				'countries'          => Schema::list_of(
					Schema::object(
						array(
							'name' => Schema::text(),
							'iso'  => Schema::text(),
						) + $row
					)
				),
				'referrals'          => Schema::list_of( Schema::object( array( 'url' => Schema::text() ) + $row ) ),
				'toppages'           => Schema::list_of(
					Schema::object(
						array(
							'title'    => Schema::text(),
							'url'      => Schema::text(),
							'hostname' => Schema::text(),
						) + $row
					)
				),
				'galinks'            => Schema::object(
					array(
						'countries' => Schema::text(),
						'referrals' => Schema::text(),
						'topposts'  => Schema::text(),
					)
				),
				'show_chart_overlay' => array( 'type' => 'boolean' ),
			)
		);
	}

	/**
	 * Payloads are cached for an hour; new data invalidates them earlier.
	 */
	public function cache_ttl(): int {
		return HOUR_IN_SECONDS;
	}

	/**
	 * No table for the tables and CSV routes.
	 *
	 * @return array<string, Table>
	 */
	public function tables(): array {
		return array();
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request The ranges.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$range   = $request->range;
		$compare = $request->compare;
		// Without an explicit compare range, info boxes and trend points compare with the
		// previous period of the same length.
		$before = $compare ?? $range->previous();

		$totals = $source->run( new Query( Metrics::query_metrics(), array(), $range, $before ) );
		$series = $source->run( new Query( Metrics::query_metrics(), array( Dimension::DATE ), $range, $before ) );

		$graph = $this->graph( $range, $series, $series->compare, $before );
		$data  = array(
			'infobox'            => $this->infobox( $range, $totals ),
			'overviewgraph'      => $graph,
			'newvsreturn'        => $this->new_vs_returning( $source, $range, $compare ),
			'devices'            => self::devices( $source->run( $this->sessions_by( Dimension::DEVICE_CATEGORY, $range, null ) ) ),
			'countries'          => $this->countries( $source, $range, $compare ),
			'referrals'          => $this->referrals( $source, $range, $compare ),
			'toppages'           => $this->top_pages( $source, $range, $compare ),
			'show_chart_overlay' => 0 === $graph['count'],
		);
		if ( null !== $compare && null !== $series->compare ) {
			$data['compare'] = array(
				'overviewgraph' => $this->graph( $compare, $series->compare ),
				'devices'       => self::devices( $source->run( $this->sessions_by( Dimension::DEVICE_CATEGORY, $compare, null ) ) ),
			);
		}
		$links = $source->links( $this->name() );
		if ( ! empty( $links ) ) {
			$data['galinks'] = $links;
		}
		return $data;
	}

	/**
	 * Value, change percent and the previous (or compare) value of every metric id.
	 *
	 * @param DateRange $range  The range.
	 * @param Result    $totals Totals with the previous/compare range.
	 * @return array<string, mixed>
	 */
	private function infobox( DateRange $range, Result $totals ): array {
		$box    = array( 'range' => $range->days() );
		$before = null !== $totals->compare ? $totals->compare->totals : array();
		foreach ( array_keys( Metrics::IDS ) as $id ) {
			$value      = Metrics::value( $id, $totals->totals );
			$prev_value = Metrics::value( $id, $before );
			$box[ $id ] = array(
				'value'         => $value,
				'prev'          => Metrics::change( $value, $prev_value ),
				'compare_value' => $prev_value,
			);
		}
		return $box;
	}

	/**
	 * Labels, timestamps, count, notes and per metric datapoints, trendpoints and total.
	 * Trend points compare each day with the day at the same position of the other range.
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
		foreach ( array_keys( Metrics::IDS ) as $id ) {
			$graph[ $id ] = array(
				'datapoints'  => array(),
				'trendpoints' => array(),
				'total'       => Metrics::value( $id, $series->totals ),
			);
		}
		foreach ( Days::of( $range, $series, $other, $other_range ) as $day ) {
			$graph['labels'][]     = $day['label'];
			$graph['timestamps'][] = $day['timestamp'];
			if ( ( $day['row'][ Metric::SESSIONS ] ?? 0 ) > 0 ) {
				++$graph['count'];
			}
			foreach ( array_keys( Metrics::IDS ) as $id ) {
				$value                         = Metrics::value( $id, $day['row'] );
				$graph[ $id ]['datapoints'][]  = $value;
				$graph[ $id ]['trendpoints'][] = Metrics::change( $value, Metrics::value( $id, $day['other'] ) );
			}
		}
		return $graph;
	}

	/**
	 * Sessions by one dimension.
	 *
	 * @param string         $dimension The dimension.
	 * @param DateRange      $range     The range.
	 * @param DateRange|null $compare   The compare range.
	 */
	private function sessions_by( string $dimension, DateRange $range, ?DateRange $compare ): Query {
		return new Query( array( Metric::SESSIONS ), array( $dimension ), $range, $compare );
	}

	/**
	 * Percent of sessions by device category.
	 *
	 * @param Result $result Sessions by device category.
	 * @return array<string, float>
	 */
	public static function devices( Result $result ): array {
		$by    = $result->by( Dimension::DEVICE_CATEGORY );
		$total = $result->total( Metric::SESSIONS );
		$out   = array();
		foreach ( self::DEVICES as $device ) {
			$out[ $device ] = Metrics::percent( $by[ $device ][ Metric::SESSIONS ] ?? 0, $total );
		}
		return $out;
	}

	/**
	 * Percent of sessions by new and returning visitors.
	 *
	 * @param Source         $source  The source.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range.
	 * @return array<string, mixed>
	 */
	private function new_vs_returning( Source $source, DateRange $range, ?DateRange $compare ): array {
		$result = $source->run( $this->sessions_by( Dimension::NEW_VS_RETURNING, $range, $compare ) );
		$data   = $this->shares( $result );
		if ( null !== $compare && null !== $result->compare ) {
			$data['compare'] = $this->shares( $result->compare );
		}
		return $data;
	}

	/**
	 * New and returning shares of one result.
	 *
	 * @param Result $result Sessions by newVsReturning.
	 * @return array{new: float, returning: float}
	 */
	private function shares( Result $result ): array {
		$by    = $result->by( Dimension::NEW_VS_RETURNING );
		$total = $result->total( Metric::SESSIONS );
		return array(
			'new'       => Metrics::percent( $by['new'][ Metric::SESSIONS ] ?? 0, $total ),
			'returning' => Metrics::percent( $by['returning'][ Metric::SESSIONS ] ?? 0, $total ),
		);
	}

	/**
	 * Rows of a top list with the fields every list shares.
	 *
	 * @param Source         $source    The source.
	 * @param string[]       $dimensions Dimensions; the first identifies the row.
	 * @param DateRange      $range     The range.
	 * @param DateRange|null $compare   The compare range.
	 * @param int            $limit     Rows.
	 * @param Filter[]       $filters   Filters.
	 * @return array<int, array{dimensions: array<string, string>, fields: array<string, mixed>}>
	 */
	private function top_rows( Source $source, array $dimensions, DateRange $range, ?DateRange $compare, int $limit, array $filters = array() ): array {
		$query  = Query::ranked( array( Metric::SESSIONS, Metric::TOTAL_USERS, Metric::ENGAGEMENT_RATE ), $dimensions, $range, Metric::SESSIONS, $limit, $compare, $filters );
		$result = $source->run( $query );
		$key    = $dimensions[0];
		$other  = null !== $result->compare ? $result->compare->by( $key ) : null;
		$rows   = array();
		foreach ( $result->rows as $row ) {
			$sessions         = $row['metrics'][ Metric::SESSIONS ] ?? 0;
			$compare_sessions = null;
			$compare_change   = null;
			if ( null !== $other ) {
				$compare_sessions = $other[ $row['dimensions'][ $key ] ?? '' ][ Metric::SESSIONS ] ?? 0;
				$compare_change   = Metrics::change( $sessions, $compare_sessions );
			}
			$rows[] = array(
				'dimensions' => $row['dimensions'],
				'fields'     => array(
					'sessions'         => $sessions,
					'compare_sessions' => $compare_sessions,
					'compare_change'   => $compare_change,
					'users'            => $row['metrics'][ Metric::TOTAL_USERS ] ?? 0,
					'engagement_rate'  => $row['metrics'][ Metric::ENGAGEMENT_RATE ] ?? 0,
				),
			);
		}
		return $rows;
	}

	/**
	 * Top 10 countries.
	 *
	 * @param Source         $source  The source.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range.
	 * @return array<int, array<string, mixed>>
	 */
	private function countries( Source $source, DateRange $range, ?DateRange $compare ): array {
		$out = array();
		foreach ( $this->top_rows( $source, array( Dimension::COUNTRY_ID ), $range, $compare, self::TOP_LIST ) as $row ) {
			$iso   = $row['dimensions'][ Dimension::COUNTRY_ID ] ?? '';
			$out[] = array(
				'name'      => Countries::name( $iso ),
				'iso'       => $iso,
				'page_path' => '',
			) + $row['fields'];
		}
		return $out;
	}

	/**
	 * Top 10 referring sites.
	 *
	 * @param Source         $source  The source.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range.
	 * @return array<int, array<string, mixed>>
	 */
	private function referrals( Source $source, DateRange $range, ?DateRange $compare ): array {
		$filters = array( new Filter( Dimension::SESSION_MEDIUM, Filter::EXACT, 'referral' ) );
		$out     = array();
		foreach ( $this->top_rows( $source, array( Dimension::SESSION_SOURCE ), $range, $compare, self::TOP_LIST, $filters ) as $row ) {
			$out[] = array(
				'url'       => $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '',
				'page_path' => '',
			) + $row['fields'];
		}
		return $out;
	}

	/**
	 * A landing page's title: its post's, "Home Page" for the front page, else its path.
	 *
	 * @param string $title The title the source knows.
	 * @param string $path  The path.
	 */
	public static function page_title( string $title, string $path ): string {
		if ( '' !== $title ) {
			return $title;
		}
		return '/' === $path ? __( 'Home Page', 'monsterinsights-reports' ) : $path;
	}

	/**
	 * Top landing pages.
	 *
	 * @param Source         $source  The source.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range.
	 * @return array<int, array<string, mixed>>
	 */
	private function top_pages( Source $source, DateRange $range, ?DateRange $compare ): array {
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		$out  = array();
		foreach ( $this->top_rows( $source, array( Dimension::LANDING_PAGE, Dimension::PAGE_TITLE ), $range, $compare, self::TOP_PAGES ) as $row ) {
			$path  = $row['dimensions'][ Dimension::LANDING_PAGE ] ?? '/';
			$title = $row['dimensions'][ Dimension::PAGE_TITLE ] ?? '';
			$out[] = array(
				'title'     => self::page_title( $title, $path ),
				'url'       => home_url( $path ),
				'hostname'  => $host,
				'page_path' => $path,
			) + $row['fields'];
		}
		return $out;
	}
}
