<?php
/**
 * The days of a chart, each with its row and the row it is compared with.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * Every day of a range in the site's timezone: its label ("M j" in the user's language), the Unix
 * time of its start, its metrics from a result by date, and the metrics of the day at the same
 * position of another range (the previous or compare range), which trend points compare with.
 */
final class Days {

	/**
	 * The days.
	 *
	 * @param DateRange      $range       The range.
	 * @param Result         $result      Rows by date.
	 * @param Result|null    $other       Rows by date of the other range.
	 * @param DateRange|null $other_range The other range.
	 * @return list<array{label: string, timestamp: int, row: array<string, int|float>, other: array<string, int|float>}>
	 */
	public static function of( DateRange $range, Result $result, ?Result $other = null, ?DateRange $other_range = null ): array {
		$tz       = $range->start->getTimezone();
		$by_date  = $result->by( Dimension::DATE );
		$other_by = null !== $other ? $other->by( Dimension::DATE ) : array();
		$offset   = null !== $other_range ? (int) $other_range->start->diff( $range->start )->format( '%r%a' ) : 0;
		$labels   = $range->labels();
		$days     = array();
		foreach ( $range->timestamps() as $date => $timestamp ) {
			$other_day = array();
			if ( array() !== $other_by ) {
				$other_day = $other_by[ 0 === $offset ? $date : ( new \DateTimeImmutable( $date, $tz ) )->modify( '-' . $offset . ' days' )->format( 'Y-m-d' ) ] ?? array();
			}
			$days[] = array(
				'label'     => $labels[ $date ],
				'timestamp' => $timestamp,
				'row'       => $by_date[ $date ] ?? array(),
				'other'     => $other_day,
			);
		}
		return $days;
	}

	/**
	 * How many days of a range have a row with sessions in a result by date.
	 *
	 * @param DateRange $range  The range.
	 * @param Result    $result Rows by date.
	 */
	public static function with_sessions( DateRange $range, Result $result ): int {
		$first = $range->start_ymd();
		$last  = $range->end_ymd();
		$count = 0;
		foreach ( $result->by( Dimension::DATE ) as $date => $row ) {
			$date = (string) $date;
			if ( $date >= $first && $date <= $last && ( $row[ Metric::SESSIONS ] ?? 0 ) > 0 ) {
				++$count;
			}
		}
		return $count;
	}
}
