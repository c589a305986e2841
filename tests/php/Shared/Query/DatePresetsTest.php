<?php
/**
 * The date presets (docs/product-rules.md#dates) on the server.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Query;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * DateRange::preset() against dates computed independently (Python's datetime) from
 * docs/product-rules.md#dates, the same table src/lib/test/dates.test.ts holds for the app.
 */
class DatePresetsTest extends TestCase {

	/**
	 * Timezones the table must hold in: UTC, one where DST started on 2025-03-30, and one where DST
	 * changes at midnight.
	 */
	private const TIMEZONES = array( 'UTC', 'Europe/Berlin', 'America/Santiago' );

	/**
	 * Today, start_of_week, preset, then start, end, compare start, compare end.
	 *
	 * @return array<string, array{string, int, string, string[]}>
	 */
	public function data_presets(): array {
		return array(
			// Monday 2025-03-31.
			'Mon 2025-03-31, today'            => array( '2025-03-31', 1, 'today', array( '2025-03-31', '2025-03-31', '2025-03-30', '2025-03-30' ) ),
			'Mon 2025-03-31, yesterday'        => array( '2025-03-31', 1, 'yesterday', array( '2025-03-30', '2025-03-30', '2025-03-29', '2025-03-29' ) ),
			'Mon 2025-03-31, lastweek, Monday' => array( '2025-03-31', 1, 'lastweek', array( '2025-03-24', '2025-03-30', '2025-03-17', '2025-03-23' ) ),
			'Mon 2025-03-31, lastweek, Sunday' => array( '2025-03-31', 0, 'lastweek', array( '2025-03-23', '2025-03-29', '2025-03-16', '2025-03-22' ) ),
			'Mon 2025-03-31, lastweek, Sat.'   => array( '2025-03-31', 6, 'lastweek', array( '2025-03-22', '2025-03-28', '2025-03-15', '2025-03-21' ) ),
			'Mon 2025-03-31, lastmonth'        => array( '2025-03-31', 1, 'lastmonth', array( '2025-02-01', '2025-02-28', '2025-01-01', '2025-01-31' ) ),
			'Mon 2025-03-31, last7days'        => array( '2025-03-31', 1, 'last7days', array( '2025-03-24', '2025-03-30', '2025-03-17', '2025-03-23' ) ),
			'Mon 2025-03-31, last30days'       => array( '2025-03-31', 1, 'last30days', array( '2025-03-01', '2025-03-30', '2025-01-30', '2025-02-28' ) ),
			'Mon 2025-03-31, last90days'       => array( '2025-03-31', 1, 'last90days', array( '2024-12-31', '2025-03-30', '2024-10-02', '2024-12-30' ) ),
			// Sunday 2025-03-30: the last day of a Monday week, the first of a Sunday week.
			'Sun 2025-03-30, lastweek, Monday' => array( '2025-03-30', 1, 'lastweek', array( '2025-03-17', '2025-03-23', '2025-03-10', '2025-03-16' ) ),
			'Sun 2025-03-30, lastweek, Sunday' => array( '2025-03-30', 0, 'lastweek', array( '2025-03-23', '2025-03-29', '2025-03-16', '2025-03-22' ) ),
			// Saturday 2025-03-29: the last day of a Sunday week.
			'Sat 2025-03-29, lastweek, Monday' => array( '2025-03-29', 1, 'lastweek', array( '2025-03-17', '2025-03-23', '2025-03-10', '2025-03-16' ) ),
			'Sat 2025-03-29, lastweek, Sunday' => array( '2025-03-29', 0, 'lastweek', array( '2025-03-16', '2025-03-22', '2025-03-09', '2025-03-15' ) ),
			// Wednesday 2025-01-01: across the new year.
			'Wed 2025-01-01, lastweek, Monday' => array( '2025-01-01', 1, 'lastweek', array( '2024-12-23', '2024-12-29', '2024-12-16', '2024-12-22' ) ),
			'Wed 2025-01-01, lastweek, Sunday' => array( '2025-01-01', 0, 'lastweek', array( '2024-12-22', '2024-12-28', '2024-12-15', '2024-12-21' ) ),
			'Wed 2025-01-01, lastmonth'        => array( '2025-01-01', 0, 'lastmonth', array( '2024-12-01', '2024-12-31', '2024-11-01', '2024-11-30' ) ),
			// Thursday 2024-02-29: a leap day.
			'Thu 2024-02-29, lastweek, Monday' => array( '2024-02-29', 1, 'lastweek', array( '2024-02-19', '2024-02-25', '2024-02-12', '2024-02-18' ) ),
			'Thu 2024-02-29, lastweek, Sunday' => array( '2024-02-29', 0, 'lastweek', array( '2024-02-18', '2024-02-24', '2024-02-11', '2024-02-17' ) ),
			'Thu 2024-02-29, lastmonth'        => array( '2024-02-29', 0, 'lastmonth', array( '2024-01-01', '2024-01-31', '2023-12-01', '2023-12-31' ) ),
			'Thu 2024-02-29, last30days'       => array( '2024-02-29', 0, 'last30days', array( '2024-01-30', '2024-02-28', '2023-12-31', '2024-01-29' ) ),
			// Sunday 2025-10-26 (DST ends in Europe).
			'Sun 2025-10-26, lastweek, Monday' => array( '2025-10-26', 1, 'lastweek', array( '2025-10-13', '2025-10-19', '2025-10-06', '2025-10-12' ) ),
			'Sun 2025-10-26, lastweek, Sunday' => array( '2025-10-26', 0, 'lastweek', array( '2025-10-19', '2025-10-25', '2025-10-12', '2025-10-18' ) ),
		);
	}

	/**
	 * Each preset gives exactly the documented dates, in every timezone, at any time of the day.
	 *
	 * @dataProvider data_presets
	 *
	 * @param string   $today         Y-m-d.
	 * @param int      $start_of_week 0 Sunday … 6 Saturday.
	 * @param string   $key           The preset.
	 * @param string[] $expected      Start, end, compare start, compare end.
	 */
	public function test_preset_dates( string $today, int $start_of_week, string $key, array $expected ) {
		foreach ( self::TIMEZONES as $name ) {
			$tz = new \DateTimeZone( $name );
			foreach ( array( '00:00:00', '23:59:59' ) as $time ) {
				list( $range, $compare ) = DateRange::preset( $key, new \DateTimeImmutable( $today . ' ' . $time, $tz ), $start_of_week );
				$this->assertSame( $expected, array( $range->start_ymd(), $range->end_ymd(), $compare->start_ymd(), $compare->end_ymd() ), "$name $time" );
				$this->assertSame( $name, $range->start->getTimezone()->getName() );
			}
		}
	}

	/**
	 * Every day of one week gives the same last week: Monday weeks and Sunday weeks.
	 */
	public function test_lastweek_is_the_same_all_week() {
		$tz = new \DateTimeZone( 'UTC' );
		foreach ( array( '2025-03-24', '2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28', '2025-03-29', '2025-03-30' ) as $today ) {
			list( $range, $compare ) = DateRange::preset( 'lastweek', new \DateTimeImmutable( $today, $tz ), 1 );
			$this->assertSame( array( '2025-03-17', '2025-03-23', '2025-03-10', '2025-03-16' ), array( $range->start_ymd(), $range->end_ymd(), $compare->start_ymd(), $compare->end_ymd() ), $today );
		}
		foreach ( array( '2025-03-23', '2025-03-24', '2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28', '2025-03-29' ) as $today ) {
			list( $range, $compare ) = DateRange::preset( 'lastweek', new \DateTimeImmutable( $today, $tz ), 0 );
			$this->assertSame( array( '2025-03-16', '2025-03-22', '2025-03-09', '2025-03-15' ), array( $range->start_ymd(), $range->end_ymd(), $compare->start_ymd(), $compare->end_ymd() ), $today );
		}
	}

	/**
	 * Every preset is a valid range for its today, compared with the period of its own length just
	 * before (lastmonth: the calendar month before); start_of_week wraps modulo 7; an unknown key
	 * throws.
	 */
	public function test_presets_are_valid_and_compare_with_the_period_before() {
		$tz    = new \DateTimeZone( 'UTC' );
		$today = new \DateTimeImmutable( '2025-03-31', $tz );
		foreach ( DateRange::PRESETS as $key ) {
			list( $range, $compare ) = DateRange::preset( $key, $today, 1 );
			$valid                   = DateRange::from_strings( $range->start_ymd(), $range->end_ymd(), $tz, $today );
			$this->assertSame( $range->key(), $valid->key(), $key );
			if ( 'lastmonth' !== $key ) {
				$this->assertSame( $range->previous()->key(), $compare->key(), $key );
			}
		}
		$this->assertEquals( DateRange::preset( 'lastweek', $today, 0 ), DateRange::preset( 'lastweek', $today, 7 ) );
		$this->assertEquals( DateRange::preset( 'lastweek', $today, 6 ), DateRange::preset( 'lastweek', $today, -1 ) );

		$this->expectException( \InvalidArgumentException::class );
		DateRange::preset( 'lastyear', $today, 1 );
	}
}
