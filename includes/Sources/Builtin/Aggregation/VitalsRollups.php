<?php
/**
 * Daily distributions of the Core Web Vitals, from the raw `web_vitals` events.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Body;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * `rollup_vitals` (day, device_category, metric, value, samples): for each site-local day, device
 * category of the visitor (the session's user agent, as the Technology report counts it) and
 * metric (lcp, fcp, ttfb, inp, cls), how many page views reported each value — a histogram,
 * recomputed with the day's other rollups (Rollups::recompute_day() calls recompute_day(), in its
 * transaction), with a monthly twin `rollup_vitals_m` (Tables::MONTHLY) that Rollups keeps like the
 * others. A compacted day's rows are final, so the numbers are the same before and after
 * compaction.
 *
 * Values are kept to three significant digits (quantize()): times in whole milliseconds (exact
 * below 1 s, to 10 ms below 10 s, …), the layout shift in ten-thousandths (exact below 0.1). So a
 * percentile read from the histograms over any range — of days or months, they add up — is the
 * value some page view reported, within half a unit of its third digit (a relative error of at
 * most 0.5 %): exact for every time under a second and every layout shift under 0.1.
 */
final class VitalsRollups {

	use DayEvents;

	/**
	 * The metrics, as the event's props name them.
	 */
	public const METRICS = array( 'lcp', 'fcp', 'ttfb', 'inp', 'cls' );

	/**
	 * The layout shift is stored in these units of the score.
	 */
	public const CLS_SCALE = 10000;

	/**
	 * The significant digits kept.
	 */
	public const DIGITS = 3;

	/**
	 * The table computed here (Tables::TABLES has it, Tables::ROLLUPS does not: those have their
	 * SQL reference in RollupRows).
	 */
	public const TABLE = 'rollup_vitals';

	/**
	 * Recomputes one day, inside the caller's transaction: its rows are deleted and inserted again.
	 *
	 * @param string $day Local day, Y-m-d.
	 */
	public static function recompute_day( string $day ): void {
		$events = self::fresh_day(
			$day,
			array( self::TABLE ),
			"SELECT COALESCE(u.device_category, ''), e.props FROM {events} e"
			. ' LEFT JOIN {sessions} s ON s.id = e.session_id LEFT JOIN {user_agents} u ON u.id = s.ua_id'
			. ' WHERE e.day = %s AND e.name = %s',
			array( $day, Body::VITALS_EVENT )
		);
		$counts = array();
		foreach ( $events as list( list( $device ), $props ) ) {
			$device = (string) $device;
			foreach ( self::METRICS as $metric ) {
				$value = $props[ $metric ] ?? null;
				if ( ( is_int( $value ) || is_float( $value ) ) && $value >= 0 ) {
					$stored                                  = self::quantize( $metric, (float) $value );
					$counts[ $device ][ $metric ][ $stored ] = ( $counts[ $device ][ $metric ][ $stored ] ?? 0 ) + 1;
				}
			}
		}
		$insert = array();
		foreach ( $counts as $device => $metrics ) {
			foreach ( $metrics as $metric => $values ) {
				foreach ( $values as $value => $samples ) {
					$insert[] = array( $day, (string) $device, (string) $metric, (int) $value, $samples );
				}
			}
		}
		foreach ( array_chunk( $insert, 500 ) as $batch ) {
			Db::insert_rows( self::TABLE, array( 'day', 'device_category', 'metric', 'value', 'samples' ), $batch );
		}
	}

	/**
	 * A reported value as stored: in the metric's unit (milliseconds, or CLS_SCALE-ths of the
	 * layout shift), rounded to DIGITS significant digits.
	 *
	 * @param string $metric One of METRICS.
	 * @param float  $value  The value the page sent (milliseconds, or the layout shift score).
	 */
	public static function quantize( string $metric, float $value ): int {
		$units = (int) round( 'cls' === $metric ? $value * self::CLS_SCALE : $value );
		if ( $units < 10 ** self::DIGITS ) {
			return $units;
		}
		$step = 10 ** ( strlen( (string) $units ) - self::DIGITS );
		return (int) ( round( $units / $step ) * $step );
	}

	/**
	 * A stored value in the metric's report unit: milliseconds, or the layout shift score.
	 *
	 * @param string $metric One of METRICS.
	 * @param int    $value  The stored value.
	 */
	public static function unquantize( string $metric, int $value ): float {
		return 'cls' === $metric ? $value / self::CLS_SCALE : (float) $value;
	}

	/**
	 * The nearest-rank percentile of a histogram: the smallest value with at least `percent` % of
	 * the samples at or below it; null without samples.
	 *
	 * @param array<int, int> $histogram Value → samples.
	 * @param float           $percent   Percentile, 0–100.
	 */
	public static function percentile( array $histogram, float $percent ): ?int {
		$total = array_sum( $histogram );
		if ( $total <= 0 ) {
			return null;
		}
		ksort( $histogram );
		$rank = max( 1, (int) ceil( $percent / 100 * $total ) );
		$seen = 0;
		foreach ( $histogram as $value => $samples ) {
			$seen += $samples;
			if ( $seen >= $rank ) {
				return (int) $value;
			}
		}
		return (int) array_key_last( $histogram );
	}
}
