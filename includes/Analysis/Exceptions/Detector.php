<?php
/**
 * Finds the days a daily series left its usual range.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Analysis\Exceptions;

defined( 'ABSPATH' ) || exit;

/**
 * A robust, weekly-seasonal test: a day is compared with the same weekday of the WEEKS weeks
 * before it (at least MIN_WEEKS of them on or after the series' first day of data). The usual value
 * is their median; the spread their median absolute deviation (MAD, scaled by 1.4826 to a standard
 * deviation), never below the sampling noise of the value (√usual + 1 for a count: Poisson with
 * room for the clustering of real visits; the binomial deviation for a rate) nor below a tenth of
 * the usual count. A day is an exception when
 *
 * - its robust z-score (value − usual) / spread reaches Z, and
 * - the change is large in itself: a count at least MIN_CHANGE (40 %) above or below the usual, a
 *   rate at least MIN_POINTS (10) percentage points away from it, and
 * - the series has volume: a count's usual value reaches the series' minimum usual value (at
 *   least MIN_USUAL) and the larger of the day's value and the usual one reaches its minimum volume
 *   (so a drop needs a usual value that large, a spike a day that large); a rate's day (and each
 *   history day used) has at least that many sessions or entrances behind it.
 *
 * Medians ignore one unusual week in the history, so a spike does not hide next week's.
 * Pure: no database, no clock.
 */
final class Detector {

	/**
	 * Weeks of history a day is compared with.
	 */
	public const WEEKS = 8;

	/**
	 * Weeks of history needed before a day is judged.
	 */
	public const MIN_WEEKS = 4;

	/**
	 * Robust z-score an exception reaches.
	 */
	public const Z = 4.0;

	/**
	 * Relative change of a count an exception reaches.
	 */
	public const MIN_CHANGE = 0.4;

	/**
	 * Percentage points a rate moves at least.
	 */
	public const MIN_POINTS = 10.0;

	/**
	 * Least usual value of a count series judged: above nothing (a change from nothing has no
	 * ratio); a median of whole counts is a multiple of a half.
	 */
	public const MIN_USUAL = 0.5;

	/**
	 * MAD to standard deviation for normal data.
	 */
	private const MAD_SCALE = 1.4826;

	/**
	 * The exceptions of a series on the given days.
	 *
	 * @param Series   $series    The series.
	 * @param string[] $days      Days to judge (Y-m-d), in any order.
	 * @param string   $first_day The first day the site has data: history starts there.
	 * @return list<array{day: string, direction: int, value: float, expected: float, z: float}> Direction 1 above, -1 below.
	 */
	public function find( Series $series, array $days, string $first_day ): array {
		$out = array();
		foreach ( $days as $day ) {
			$found = $this->judge( $series, $day, $first_day );
			if ( null !== $found ) {
				$out[] = $found;
			}
		}
		usort( $out, static fn( array $a, array $b ): int => strcmp( $a['day'], $b['day'] ) );
		return $out;
	}

	/**
	 * One day's verdict.
	 *
	 * @param Series $series    The series.
	 * @param string $day       The day.
	 * @param string $first_day First day with data.
	 * @return array{day: string, direction: int, value: float, expected: float, z: float}|null
	 */
	public function judge( Series $series, string $day, string $first_day ): ?array {
		$rate = SeriesKind::Rate === $series->kind;
		if ( $day < $first_day ) {
			return null;
		}
		if ( $rate && ( ! isset( $series->values[ $day ] ) || ( $series->bases[ $day ] ?? 0.0 ) < $series->min_volume ) ) {
			return null;
		}
		$value   = (float) ( $series->values[ $day ] ?? 0.0 );
		$history = array();
		$date    = new \DateTimeImmutable( $day . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		for ( $week = 1; $week <= self::WEEKS; $week++ ) {
			$before = $date->modify( '-' . ( 7 * $week ) . ' days' )->format( 'Y-m-d' );
			if ( $before < $first_day ) {
				break;
			}
			if ( $rate ) {
				if ( isset( $series->values[ $before ] ) && ( $series->bases[ $before ] ?? 0.0 ) >= $series->min_volume ) {
					$history[] = (float) $series->values[ $before ];
				}
				continue;
			}
			$history[] = (float) ( $series->values[ $before ] ?? 0.0 );
		}
		if ( count( $history ) < self::MIN_WEEKS ) {
			return null;
		}
		$usual = self::median( $history );
		$mad   = self::median( array_map( static fn( float $x ): float => abs( $x - $usual ), $history ) );

		if ( $rate ) {
			$p      = min( 1.0, max( 0.0, $usual / 100 ) );
			$noise  = 100 * sqrt( $p * ( 1 - $p ) / max( 1.0, (float) $series->bases[ $day ] ) );
			$spread = max( self::MAD_SCALE * $mad, $noise, 1.0 );
			$large  = abs( $value - $usual ) >= self::MIN_POINTS;
		} else {
			if ( $usual < max( self::MIN_USUAL, $series->min_usual ) || max( $value, $usual ) < $series->min_volume ) {
				return null;
			}
			$spread = max( self::MAD_SCALE * $mad, sqrt( $usual ) + 1, 0.1 * $usual );
			$large  = abs( $value - $usual ) >= self::MIN_CHANGE * $usual;
		}
		$z = ( $value - $usual ) / $spread;
		if ( ! $large || abs( $z ) < self::Z ) {
			return null;
		}
		return array(
			'day'       => $day,
			'direction' => $value > $usual ? 1 : -1,
			'value'     => $value,
			'expected'  => $usual,
			'z'         => $z,
		);
	}

	/**
	 * The median of a non-empty list.
	 *
	 * @param float[] $values Values.
	 */
	public static function median( array $values ): float {
		sort( $values );
		$n   = count( $values );
		$mid = intdiv( $n, 2 );
		return 1 === $n % 2 ? (float) $values[ $mid ] : ( (float) $values[ $mid - 1 ] + (float) $values[ $mid ] ) / 2;
	}
}
