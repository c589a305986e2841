<?php
/**
 * The Real-Time report (docs/product-rules.md#real-time).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * What happens on the site now, whatever the request's dates (real time has no date range):
 *
 * - now: active users, distinct visitors with a hit in the last ACTIVE_MINUTES minutes;
 * - pageviewsovertime: page views of each of the last MINUTES minutes, oldest first, labelled
 *   "-29 min" … "now", with the timestamp each minute ends at and the change against the same
 *   minute of the MINUTES before (trend points, null when that minute had none);
 * - toppages: page views of the last MINUTES minutes by page (its post's title, else its path)
 *   and their share of all page views;
 * - referrals: active users of the last MINUTES minutes who came from a source (not direct), by
 *   source, landing path and campaign, and their share of all active users of those minutes;
 * - countries, cities: active users of the last MINUTES minutes by country (by city with its region
 *   and country), their share of all of them for countries.
 *
 * Lists hold TOP_LIST rows at most. Never cached (cache_ttl 0): it is about the last minute.
 * "Now" is the `monsterinsights_reports_now` filter's time (the current time by default).
 */
final class Realtime implements Report {

	use RegistryName;
	use Uncached;
	use WithoutTables;

	/**
	 * Minutes the report covers.
	 */
	public const MINUTES = 30;

	/**
	 * Minutes in which a visitor counts as active now.
	 */
	public const ACTIVE_MINUTES = 5;

	/**
	 * Rows of each list.
	 */
	public const TOP_LIST = 10;

	/**
	 * The time the minutes count back from.
	 */
	public static function now(): int {
		/**
		 * Filters the current time of the real-time report (Unix seconds).
		 *
		 * @param int $now The current time.
		 */
		return (int) apply_filters( 'monsterinsights_reports_now', time() );
	}

	/**
	 * The payload's JSON schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$list = static fn( array $properties ): array => Schema::list_of( Schema::object( $properties ) );
		return Schema::object(
			array(
				'now'               => array( 'type' => 'integer' ),
				'toppages'          => $list(
					array(
						'title'   => Schema::text(),
						'count'   => Schema::number(),
						'percent' => Schema::number(),
					)
				),
				'referrals'         => $list(
					array(
						'source'   => Schema::text(),
						'path'     => Schema::text(),
						'campaign' => Schema::text(),
						'count'    => Schema::number(),
						'percent'  => Schema::number(),
					)
				),
				'countries'         => $list(
					array(
						'name'    => Schema::text(),
						'iso'     => Schema::text(),
						'count'   => Schema::number(),
						'percent' => Schema::number(),
					)
				),
				'cities'            => $list(
					array(
						'city'   => Schema::text(),
						'region' => Schema::text(),
						'name'   => Schema::text(),
						'iso'    => Schema::text(),
						'count'  => Schema::number(),
					)
				),
				'pageviewsovertime' => Schema::object(
					array(
						'labels'      => Schema::list_of( Schema::text() ),
						'datapoints'  => Schema::list_of( Schema::number() ),
						'trendpoints' => Schema::list_of( Schema::number_or_null() ),
						'timestamps'  => Schema::list_of( array( 'type' => 'integer' ) ),
					)
				),
			)
		);
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request Ignored: real time has no dates.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$now   = self::now();
		$last  = self::MINUTES - 1;
		$users = RealtimeQuery::ACTIVE_USERS;
		$views = RealtimeQuery::SCREEN_PAGE_VIEWS;

		$active = $source->run_realtime( new RealtimeQuery( array( $users ), array(), $now, self::ACTIVE_MINUTES - 1 ) );

		$pages      = $source->run_realtime( new RealtimeQuery( array( $views ), array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME ), $now, $last, 0, $views, self::TOP_LIST ) );
		$all_views  = (int) $pages->total( $views );
		$referrals  = $source->run_realtime( new RealtimeQuery( array( $users ), array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ), $now, $last, 0, $users, self::TOP_LIST, array( RealtimeQuery::SESSION_SOURCE => '(direct)' ) ) );
		$countries  = $source->run_realtime( new RealtimeQuery( array( $users ), array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $now, $last, 0, $users, self::TOP_LIST ) );
		$all_users  = (int) $countries->total( $users );
		$cities     = $source->run_realtime( new RealtimeQuery( array( $users ), array( RealtimeQuery::CITY, RealtimeQuery::REGION, RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $now, $last, 0, $users, self::TOP_LIST, array( RealtimeQuery::CITY => '' ) ) );
		$per_minute = $source->run_realtime( new RealtimeQuery( array( $views ), array( RealtimeQuery::MINUTES_AGO ), $now, 2 * self::MINUTES - 1 ) )->by( RealtimeQuery::MINUTES_AGO );
		$referral   = array();
		$city_rows  = array();
		$over_time  = array(
			'labels'      => array(),
			'datapoints'  => array(),
			'trendpoints' => array(),
			'timestamps'  => array(),
		);
		foreach ( $referrals->rows as $row ) {
			$count      = (int) $row['metrics'][ $users ];
			$referral[] = array(
				'source'   => $row['dimensions'][ RealtimeQuery::SESSION_SOURCE ],
				'path'     => $row['dimensions'][ RealtimeQuery::LANDING_PAGE ],
				'campaign' => $row['dimensions'][ RealtimeQuery::SESSION_CAMPAIGN ],
				'count'    => $count,
				'percent'  => Metrics::percent( $count, $all_users ),
			);
		}
		foreach ( $cities->rows as $row ) {
			$city_rows[] = array(
				'city'   => $row['dimensions'][ RealtimeQuery::CITY ],
				'region' => $row['dimensions'][ RealtimeQuery::REGION ],
				'name'   => $row['dimensions'][ RealtimeQuery::COUNTRY ],
				'iso'    => $row['dimensions'][ RealtimeQuery::COUNTRY_ID ],
				'count'  => (int) $row['metrics'][ $users ],
			);
		}
		for ( $ago = $last; $ago >= 0; $ago-- ) {
			$count  = (int) ( $per_minute[ sprintf( '%02d', $ago ) ][ $views ] ?? 0 );
			$before = (int) ( $per_minute[ sprintf( '%02d', $ago + self::MINUTES ) ][ $views ] ?? 0 );
			/* translators: %d: how many minutes ago, e.g. 29. */
			$label                      = sprintf( __( '-%d min', 'monsterinsights-reports' ), $ago );
			$over_time['labels'][]      = 0 === $ago ? __( 'now', 'monsterinsights-reports' ) : $label;
			$over_time['datapoints'][]  = $count;
			$over_time['trendpoints'][] = Metrics::change( $count, $before );
			$over_time['timestamps'][]  = $now - $ago * MINUTE_IN_SECONDS;
		}

		return array(
			'now'               => (int) $active->total( $users ),
			'toppages'          => array_map(
				static fn( array $row ): array => array(
					'title'   => $row['dimensions'][ RealtimeQuery::SCREEN_NAME ],
					'count'   => (int) $row['metrics'][ $views ],
					'percent' => Metrics::percent( (int) $row['metrics'][ $views ], $all_views ),
				),
				$pages->rows
			),
			'referrals'         => $referral,
			'countries'         => array_map(
				static fn( array $row ): array => array(
					'name'    => $row['dimensions'][ RealtimeQuery::COUNTRY ],
					'iso'     => $row['dimensions'][ RealtimeQuery::COUNTRY_ID ],
					'count'   => (int) $row['metrics'][ $users ],
					'percent' => Metrics::percent( (int) $row['metrics'][ $users ], $all_users ),
				),
				$countries->rows
			),
			'cities'            => $city_rows,
			'pageviewsovertime' => $over_time,
		);
	}
}
