<?php
/**
 * The Year in Review (docs/product-rules.md#year-in-review).
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
use MonsterInsights\Reports\Reports\Blocks\Demographic;
use MonsterInsights\Reports\Reports\Blocks\Percents;
use MonsterInsights\Reports\Reports\Blocks\TopList;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The previous calendar year in the site's timezone (the request's dates play no part): users,
 * sessions, page views and session duration with the year before's values, users by month with
 * the best month, the top countries, pages and referrals, device shares. It shows from 1 to 14
 * January, or any day when the `monsterinsights_reports_force_year_in_review` filter or the
 * MONSTERINSIGHTS_REPORTS_FORCE_YEAR_IN_REVIEW constant asks for it. `is_enabled` is false — the
 * app says the year is still calculating — while the source has no session of that year yet.
 * Demographics — `age` and `gender`, each value's share of the year's users (Blocks\Demographic:
 * age brackets in order, genders by users) — come only from a source that knows them (the google
 * source); on the builtin source the keys are left out and the screen hides the section.
 */
final class YearInReview implements Report {

	use RegistryName;
	use WithoutTables;

	public const LAST_DAY = 14;
	public const TOP      = 5;

	/**
	 * Whether the report shows today, and for which year.
	 *
	 * @return array{show_report: bool, report_year: int}
	 */
	public static function state(): array {
		$today = new \DateTimeImmutable( 'today', wp_timezone() );
		$force = defined( 'MONSTERINSIGHTS_REPORTS_FORCE_YEAR_IN_REVIEW' ) && MONSTERINSIGHTS_REPORTS_FORCE_YEAR_IN_REVIEW;
		/**
		 * Filters whether the Year in Review shows whatever the day (it shows from 1 to 14 January).
		 *
		 * @param bool $force True to show it.
		 */
		$force = (bool) apply_filters( 'monsterinsights_reports_force_year_in_review', $force );
		return array(
			'show_report' => $force || ( '01' === $today->format( 'm' ) && (int) $today->format( 'j' ) <= self::LAST_DAY ),
			'report_year' => (int) $today->format( 'Y' ) - 1,
		);
	}

	/**
	 * A year's numbers change only while it is aggregated; an hour like the others.
	 */
	public function cache_ttl(): int {
		return HOUR_IN_SECONDS;
	}

	/**
	 * A calendar year in the site's timezone (its last day is today at the latest).
	 *
	 * @param int $year The year.
	 */
	private static function year( int $year ): DateRange {
		$tz    = wp_timezone();
		$today = new \DateTimeImmutable( 'today', $tz );
		$end   = new \DateTimeImmutable( $year . '-12-31', $tz );
		return new DateRange( new \DateTimeImmutable( $year . '-01-01', $tz ), $end > $today ? $today : $end );
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request Not used: the year is fixed.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$year    = self::state()['report_year'];
		$range   = self::year( $year );
		$before  = self::year( $year - 1 );
		$metrics = array( Metric::TOTAL_USERS, Metric::SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::AVERAGE_SESSION_DURATION, Metric::USER_ENGAGEMENT_DURATION );
		$totals  = $source->run( new Query( $metrics, array(), $range, $before ) );
		$now     = $totals->totals;
		$then    = null !== $totals->compare ? $totals->compare->totals : array();

		$data = array(
			'is_enabled'  => ( $now[ Metric::SESSIONS ] ?? 0 ) > 0,
			'report_year' => $year,
			'next_year'   => $year + 1,
			'info'        => array(
				'users'     => self::pair( $now, $then, Metric::TOTAL_USERS ),
				'sessions'  => self::pair( $now, $then, Metric::SESSIONS ),
				'pageviews' => self::pair( $now, $then, Metric::SCREEN_PAGE_VIEWS ),
				'duration'  => self::pair( $now, $then, Metric::AVERAGE_SESSION_DURATION ) + array(
					'avg_minutes'   => round( (float) ( $now[ Metric::AVERAGE_SESSION_DURATION ] ?? 0 ) / 60, 2 ),
					'total_minutes' => (int) round( (float) ( $now[ Metric::USER_ENGAGEMENT_DURATION ] ?? 0 ) / 60 ),
				),
			),
			'usersgraph'  => $this->users_by_month( $source, $range, $year ),
			'countries'   => array(),
			'toppages'    => array(),
			'referrals'   => array(),
			'devices'     => Percents::of( $source->run( new Query( array( Metric::SESSIONS ), array( Dimension::DEVICE_CATEGORY ), $range ) ), Dimension::DEVICE_CATEGORY, Overview::DEVICES ),
		);
		foreach ( $this->top( $source, $range, array( Dimension::COUNTRY_ID, Dimension::COUNTRY ) ) as $row ) {
			$data['countries'][] = array(
				'name'     => $row['dimensions'][ Dimension::COUNTRY ] ?? '',
				'iso'      => $row['dimensions'][ Dimension::COUNTRY_ID ] ?? '',
				'sessions' => $row['metrics'][ Metric::SESSIONS ] ?? 0,
			);
		}
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		foreach ( $this->top( $source, $range, array( Dimension::LANDING_PAGE, Dimension::PAGE_TITLE ) ) as $row ) {
			$path               = $row['dimensions'][ Dimension::LANDING_PAGE ] ?? '/';
			$data['toppages'][] = array(
				'title'    => TopList::page_title( $row['dimensions'][ Dimension::PAGE_TITLE ] ?? '', $path ),
				'url'      => home_url( $path ),
				'hostname' => $host,
				'sessions' => $row['metrics'][ Metric::SESSIONS ] ?? 0,
			);
		}
		foreach ( array(
			'age'    => Dimension::USER_AGE_BRACKET,
			'gender' => Dimension::USER_GENDER,
		) as $key => $dimension ) {
			if ( $source->supports( $dimension ) ) {
				$data[ $key ] = self::shares( $source, $range, $dimension, $key );
			}
		}
		$referral = array( new Filter( Dimension::SESSION_MEDIUM, Filter::EXACT, 'referral' ) );
		foreach ( $this->top( $source, $range, array( Dimension::SESSION_SOURCE ), $referral ) as $row ) {
			$data['referrals'][] = array(
				'url'      => $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '',
				'sessions' => $row['metrics'][ Metric::SESSIONS ] ?? 0,
			);
		}
		return $data;
	}

	/**
	 * A metric's value this year and the year before.
	 *
	 * @param array<string, int|float> $now  This year's totals.
	 * @param array<string, int|float> $then The year before's.
	 * @param string                   $metric The metric.
	 * @return array{value: int|float, prev: int|float}
	 */
	private static function pair( array $now, array $then, string $metric ): array {
		return array(
			'value' => $now[ $metric ] ?? 0,
			'prev'  => $then[ $metric ] ?? 0,
		);
	}

	/**
	 * Users of each month (users are counted per day, as every range of the source counts them),
	 * the largest month and the best month's name.
	 *
	 * @param Source    $source The source.
	 * @param DateRange $range  The year.
	 * @param int       $year   The year.
	 * @return array{datapoints: int[], labels: string[], max: int, bestmonth: string}
	 */
	private function users_by_month( Source $source, DateRange $range, int $year ): array {
		$months = array_fill( 1, 12, 0 );
		foreach ( $source->run( new Query( array( Metric::TOTAL_USERS ), array( Dimension::DATE ), $range ) )->rows as $row ) {
			$month             = (int) substr( (string) ( $row['dimensions'][ Dimension::DATE ] ?? '' ), 5, 2 );
			$months[ $month ] += (int) ( $row['metrics'][ Metric::TOTAL_USERS ] ?? 0 );
		}
		$labels = array();
		$tz     = wp_timezone();
		foreach ( array_keys( $months ) as $month ) {
			$labels[] = wp_date( 'M', ( new \DateTimeImmutable( sprintf( '%d-%02d-15', $year, $month ), $tz ) )->getTimestamp(), $tz );
		}
		$max  = max( $months );
		$best = (int) array_search( $max, $months, true );
		return array(
			'datapoints' => array_values( $months ),
			'labels'     => $labels,
			'max'        => $max,
			'bestmonth'  => $max > 0 ? wp_date( 'F', ( new \DateTimeImmutable( sprintf( '%d-%02d-15', $year, $best ), $tz ) )->getTimestamp(), $tz ) : '',
		);
	}

	/**
	 * Each value's share of the year's users, as the Publishers report counts them.
	 *
	 * @param Source    $source    The source.
	 * @param DateRange $range     The year.
	 * @param string    $dimension USER_AGE_BRACKET or USER_GENDER.
	 * @param string    $key       The rows' name field: age or gender.
	 * @return list<array<string, string|float>>
	 */
	private static function shares( Source $source, DateRange $range, string $dimension, string $key ): array {
		$users = ( new Demographic( $dimension ) )->payload( $source, new ReportRequest( $range ) );
		$rows  = array();
		foreach ( $users['labels'] as $index => $label ) {
			$rows[] = array(
				$key      => $label,
				'percent' => $users['percents'][ $index ] ?? 0.0,
			);
		}
		return $rows;
	}

	/**
	 * The top rows by sessions.
	 *
	 * @param Source    $source     The source.
	 * @param DateRange $range      The year.
	 * @param string[]  $dimensions Dimensions.
	 * @param Filter[]  $filters    Filters.
	 * @return array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}>
	 */
	private function top( Source $source, DateRange $range, array $dimensions, array $filters = array() ): array {
		return $source->run( Query::ranked( array( Metric::SESSIONS ), $dimensions, $range, Metric::SESSIONS, self::TOP, null, $filters ) )->rows;
	}

	/**
	 * The payload's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$pair = Schema::object(
			array(
				'value' => Schema::number(),
				'prev'  => Schema::number(),
			)
		);
		return Schema::object(
			array(
				'is_enabled'  => array( 'type' => 'boolean' ),
				'report_year' => array( 'type' => 'integer' ),
				'next_year'   => array( 'type' => 'integer' ),
				'info'        => Schema::object(
					array(
						'users'     => $pair,
						'sessions'  => $pair,
						'pageviews' => $pair,
						'duration'  => Schema::object(
							array(
								'value'         => Schema::number(),
								'prev'          => Schema::number(),
								'avg_minutes'   => Schema::number(),
								'total_minutes' => Schema::number(),
							)
						),
					)
				),
				'usersgraph'  => Schema::object(
					array(
						'datapoints' => Schema::list_of( Schema::number() ),
						'labels'     => Schema::list_of( Schema::text() ),
						'max'        => Schema::number(),
						'bestmonth'  => Schema::text(),
					)
				),
				'countries'   => Schema::list_of(
					Schema::object(
						array(
							'name'     => Schema::text(),
							'iso'      => Schema::text(),
							'sessions' => Schema::number(),
						)
					)
				),
				'toppages'    => Schema::list_of(
					Schema::object(
						array(
							'title'    => Schema::text(),
							'url'      => Schema::text(),
							'hostname' => Schema::text(),
							'sessions' => Schema::number(),
						)
					)
				),
				'referrals'   => Schema::list_of(
					Schema::object(
						array(
							'url'      => Schema::text(),
							'sessions' => Schema::number(),
						)
					)
				),
				'devices'     => Schema::object( array_fill_keys( Overview::DEVICES, Schema::number() ) ),
				'age'         => Schema::list_of(
					Schema::object(
						array(
							'age'     => Schema::text(),
							'percent' => Schema::number(),
						)
					)
				),
				'gender'      => Schema::list_of(
					Schema::object(
						array(
							'gender'  => Schema::text(),
							'percent' => Schema::number(),
						)
					)
				),
			),
			// Only a source that knows them sends the demographics.
			array( 'age', 'gender' )
		);
	}
}
