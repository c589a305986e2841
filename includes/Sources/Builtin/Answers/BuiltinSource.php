<?php
/**
 * The builtin source: what the reports ask of a source, answered from the built-in analytics.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\UserAgentParser;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\VitalsRollups;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\FindsExceptions;
use MonsterInsights\Reports\Sources\ListsJourneys;
use MonsterInsights\Reports\Sources\MeasuresSpeed;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Queries are answered from the daily rollups (RollupAnswers), real-time queries from the last
 * hour's raw rows, summaries and buffered hits (RealtimeAnswers); exceptions are found and kept by
 * Aggregation\Exceptions, the Core Web Vitals read from their histograms (VitalsRollups), the
 * server's response time measured by SpeedAudit, and the shop's orders with their journeys read
 * by JourneyAnswers.
 */
final class BuiltinSource implements Source, FindsExceptions, MeasuresSpeed, ListsJourneys {

	public const KEY = 'builtin';

	/**
	 * Bumped whenever aggregation writes new data; report caches key on it.
	 */
	public const DATA_VERSION_OPTION = 'monsterinsights_reports_data_version';

	/**
	 * The real-time reader, made on first use: the queries of one report share its read.
	 *
	 * @var RealtimeAnswers|null
	 */
	private ?RealtimeAnswers $realtime = null;

	/**
	 * The source's key.
	 */
	public function key(): string {
		return self::KEY;
	}

	/**
	 * Connected once its tables exist.
	 */
	public function is_connected(): bool {
		return ! Tables::needs_migration();
	}

	/**
	 * The builtin source has no external views.
	 *
	 * @param string $report Report name.
	 * @return array<string, string>
	 */
	public function links( string $report ): array {
		return array();
	}

	/**
	 * Every dimension it groups by; regions only with a city-level database configured.
	 *
	 * @param string $dimension A dimension.
	 */
	public function supports( string $dimension ): bool {
		if ( Dimension::REGION === $dimension ) {
			$settings = Tracking\Settings::get();
			return ( new Collector\Geo( (string) $settings['country_mmdb'], '' ) )->has_regions();
		}
		// Age, gender and interests come from Google signals: a cookieless collector cannot know them.
		return Dimension::is_valid( $dimension ) && ! in_array( $dimension, Dimension::DEMOGRAPHICS, true );
	}

	/**
	 * A page of the range's exceptions, after judging the complete days not judged yet (at most
	 * Exceptions\Runner::MAX_DAYS of them).
	 *
	 * @param DateRange $range    The range.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Rows a page.
	 * @return array{rows: list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>, total: int}
	 */
	public function exceptions( DateRange $range, int $page, int $per_page ): array {
		( new Exceptions\Runner() )->run( Exceptions\Runner::today() );
		return ( new Exceptions\Store() )->page( $range->start_ymd(), $range->end_ymd(), $page, $per_page );
	}

	/**
	 * A page of the shop's paid orders with their journeys (JourneyAnswers).
	 *
	 * @param string    $shop     The shop plugin.
	 * @param DateRange $range    The range.
	 * @param array     $filter   Search and attribution filters.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Orders a page.
	 * @phpstan-param array{search: string, source: string, medium: string, campaign: string} $filter
	 * @return array{rows: list<array{shop: string, order_id: int, moment: int, currency: string, total: string, source: string, medium: string, campaign: string, steps: list<array{ts: int, path: string, object_id: int, seconds: int, source: string, medium: string, campaign: string}>}>, total: int}
	 */
	public function journeys( string $shop, DateRange $range, array $filter, int $page, int $per_page ): array {
		return ( new JourneyAnswers() )->page( $shop, $range, $filter, $page, $per_page );
	}

	/**
	 * The sources, mediums and campaigns of the shop's paid orders.
	 *
	 * @param string $shop The shop plugin.
	 * @return array{sources: list<string>, mediums: list<string>, campaigns: list<string>}
	 */
	public function journey_filters( string $shop ): array {
		return ( new JourneyAnswers() )->filters( $shop );
	}

	/**
	 * Deletes an exception for good.
	 *
	 * @param int $id The exception's id.
	 */
	public function delete_exception( int $id ): bool {
		return ( new Exceptions\Store() )->delete( $id );
	}

	/**
	 * The 75th percentile of each Core Web Vital by device over a range, from the histograms of
	 * VitalsRollups (whole months from their monthly twin): phones and tablets are mobile, every
	 * other device desktop. Total Blocking Time is a lab metric: always null here.
	 *
	 * @param DateRange $range The range.
	 * @return array{desktop: array{samples: int, lcp: float|null, fcp: float|null, ttfb: float|null, inp: float|null, cls: float|null, tbt: float|null}, mobile: array{samples: int, lcp: float|null, fcp: float|null, ttfb: float|null, inp: float|null, cls: float|null, tbt: float|null}}
	 */
	public function vitals( DateRange $range ): array {
		list( $from, $args ) = Rollups::from( VitalsRollups::TABLE, $range->start_ymd(), $range->end_ymd() );
		$rows                = Db::lists( 'SELECT r.device_category, r.metric, r.value, SUM(r.samples) FROM ' . $from . ' r GROUP BY r.device_category, r.metric, r.value', $args );
		$histograms          = array(
			'desktop' => array(),
			'mobile'  => array(),
		);
		foreach ( $rows as $row ) {
			$device                                     = in_array( (string) $row[0], array( UserAgentParser::MOBILE, UserAgentParser::TABLET ), true ) ? 'mobile' : 'desktop';
			$metric                                     = (string) $row[1];
			$value                                      = (int) $row[2];
			$histograms[ $device ][ $metric ][ $value ] = ( $histograms[ $device ][ $metric ][ $value ] ?? 0 ) + (int) $row[3];
		}
		$out = array();
		foreach ( $histograms as $device => $metrics ) {
			$vitals = array(
				'samples' => 0,
				'tbt'     => null,
			);
			foreach ( VitalsRollups::METRICS as $metric ) {
				$histogram         = $metrics[ $metric ] ?? array();
				$p75               = VitalsRollups::percentile( $histogram, 75 );
				$vitals[ $metric ] = null === $p75 ? null : VitalsRollups::unquantize( $metric, $p75 );
				$vitals['samples'] = max( $vitals['samples'], array_sum( $histogram ) );
			}
			$out[ $device ] = $vitals;
		}
		return $out;
	}

	/**
	 * The last audit of a device.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|null
	 */
	public function last_audit( string $device ): ?array {
		return SpeedAudit::last( $device );
	}

	/**
	 * Fetches the front page and times the server's response (SpeedAudit).
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|\WP_Error
	 */
	public function run_audit( string $device ): array|\WP_Error {
		return SpeedAudit::run( $device );
	}

	/**
	 * The data version.
	 */
	public function data_version(): string {
		return (string) get_option( self::DATA_VERSION_OPTION, '0' );
	}

	/**
	 * Records that new data arrived (hooked to monsterinsights_reports_aggregated).
	 */
	public static function bump_data_version(): void {
		update_option( self::DATA_VERSION_OPTION, (string) ( (int) get_option( self::DATA_VERSION_OPTION, '0' ) + 1 ), false );
	}

	/**
	 * Answers a query from the daily rollups (RollupAnswers).
	 *
	 * @param Query $query The query.
	 * @throws \InvalidArgumentException For a combination of dimensions no rollup answers.
	 */
	public function run( Query $query ): Result {
		return ( new RollupAnswers() )->run( $query );
	}

	/**
	 * Answers a real-time query from the raw recent data: the raw tables and the hits the
	 * collector buffered that are not stored yet (RealtimeAnswers).
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run_realtime( RealtimeQuery $query ): Result {
		$this->realtime ??= new RealtimeAnswers();
		return $this->realtime->run( $query );
	}
}
