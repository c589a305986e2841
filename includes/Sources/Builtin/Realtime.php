<?php
/**
 * The builtin source's real-time answers, from the raw recent rows.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\Countries;

defined( 'ABSPATH' ) || exit;

/**
 * Answers RealtimeQuery from the raw tables, never the daily rollups: the page views (and, for
 * active users, the events) whose time is in the query's minutes, with their sessions. The hits are
 * found through the tables' `day` indexes — the site-local days the minutes fall on, one or two —
 * then by time, so a query reads the day's rows at most and the window's hits; paths, sources and
 * campaigns are looked up by id for those hits only. Grouping is done in PHP (a window holds few
 * hits).
 *
 * Before its first answer in a request, it runs a short aggregation of what the collector buffered
 * (the reports page load does the same), so a visit made a minute ago is counted.
 *
 * - screenPageViews: page views in the minutes;
 * - activeUsers: distinct visitors with a hit (page view or event) in the minutes;
 * - minutesAgo: "00"… how many whole minutes before `now` (GA4 spells it with two digits);
 * - pagePath / unifiedScreenName: the hit's page, its post's title (else its path);
 * - landingPage, sessionSource ("(direct)" without one), sessionMedium, sessionCampaignName
 *   ("(not set)" without one), country (name), countryId (ISO code), region, city: the hit's
 *   session's.
 *
 * @phpstan-type RealtimeHit array{pageview: bool, ts: int, path_id: int, visitor: string, landing_path_id: int, source_id: int, medium: string, campaign_id: int, country: string, region: string, city: string}
 * @phpstan-type RealtimeLabels array{paths: array<int, array{path: string, title: string}>, sources: array<int, string>, campaigns: array<int, string>}
 */
final class Realtime {

	/**
	 * Seconds the aggregation before a real-time answer may spend, at most.
	 */
	public const AGGREGATION_BUDGET = 1.0;

	/**
	 * Sites (blog ids) whose buffer this request already aggregated.
	 *
	 * @var array<int, true>
	 */
	private static array $aggregated = array();

	/**
	 * A real-time reader.
	 *
	 * @param LocalTime|null $clock Site-local days; the site's zone by default.
	 */
	public function __construct( private ?LocalTime $clock = null ) {
	}

	/**
	 * Runs a bounded aggregation of the current site's buffer, once a request: no wait for a run
	 * that holds the lock, and an error is recorded as the scheduler records it.
	 */
	public static function aggregate_buffer(): void {
		$site = get_current_blog_id();
		if ( isset( self::$aggregated[ $site ] ) ) {
			return;
		}
		self::$aggregated[ $site ] = true;
		/**
		 * Filters the seconds a real-time report may spend aggregating the buffer first.
		 *
		 * @param float $budget Seconds; 0 turns that aggregation off.
		 */
		$budget = (float) apply_filters( 'monsterinsights_reports_realtime_budget', self::AGGREGATION_BUDGET );
		if ( $budget <= 0 ) {
			return;
		}
		Scheduler::run_safely( $budget );
	}

	/**
	 * Forgets which sites were aggregated (a long-running process, tests).
	 */
	public static function reset(): void {
		self::$aggregated = array();
	}

	/**
	 * Answers a query.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run( RealtimeQuery $query ): Result {
		$hits   = $this->hits( $query, in_array( RealtimeQuery::ACTIVE_USERS, $query->metrics, true ) );
		$labels = $this->labels( $query, $hits );

		$groups = array();
		$users  = array();
		$views  = 0;
		foreach ( $hits as $hit ) {
			$dimensions = array();
			foreach ( $query->dimensions as $dimension ) {
				$dimensions[ $dimension ] = $this->value( $dimension, $hit, $query, $labels );
			}
			$key = (string) wp_json_encode( $dimensions );
			if ( ! isset( $groups[ $key ] ) ) {
				$groups[ $key ] = array(
					'dimensions' => $dimensions,
					'views'      => 0,
					'users'      => array(),
				);
			}
			if ( $hit['pageview'] ) {
				++$groups[ $key ]['views'];
				++$views;
			}
			$groups[ $key ]['users'][ $hit['visitor'] ] = true;
			$users[ $hit['visitor'] ]                   = true;
		}

		$rows = array();
		foreach ( $groups as $group ) {
			$rows[] = array(
				'dimensions' => $group['dimensions'],
				'metrics'    => self::metrics( $query, $group['views'], count( $group['users'] ) ),
			);
		}
		$rows = self::sort( $rows, $query->order_by );
		if ( $query->limit > 0 ) {
			$rows = array_slice( $rows, 0, $query->limit );
		}
		return new Result( $rows, self::metrics( $query, $views, count( $users ) ) );
	}

	/**
	 * The hits of the query's minutes with their sessions: page views, and events when active
	 * users are asked. Read through the `day` indexes (the one or two site-local days of the
	 * minutes), then by time.
	 *
	 * @param RealtimeQuery $query  The query.
	 * @param bool          $events Whether events count (as hits of active users).
	 * @return array
	 * @phpstan-return array<int, RealtimeHit>
	 */
	private function hits( RealtimeQuery $query, bool $events ): array {
		$clock = $this->clock ?? new LocalTime();
		$first = $query->first_second();
		$last  = $query->last_second();
		$days  = array_values( array_unique( array( $clock->day( $first ), $clock->day( $last ) ) ) );
		$in    = implode( ', ', array_fill( 0, count( $days ), '%s' ) );
		$where = 'day IN (' . $in . ') AND ts BETWEEN %d AND %d';
		$args  = array_merge( $days, array( $first, $last ) );

		$union = 'SELECT 1 AS pageview, session_id, ts, path_id FROM {pageviews} WHERE ' . $where;
		if ( $events ) {
			$union .= ' UNION ALL SELECT 0 AS pageview, session_id, ts, path_id FROM {events} WHERE ' . $where;
			$args   = array_merge( $args, $args );
		}
		$rows = Db::rows(
			'SELECT h.pageview, h.ts, h.path_id, s.visitor, s.landing_path_id, s.source_id, s.medium, s.campaign_id, s.country, s.region, s.city'
			. ' FROM (' . $union . ') h JOIN {sessions} s ON s.id = h.session_id',
			$args
		);
		return array_map(
			static fn( array $row ): array => array(
				'pageview'        => 1 === (int) $row['pageview'],
				'ts'              => (int) $row['ts'],
				'path_id'         => (int) $row['path_id'],
				'visitor'         => (string) $row['visitor'],
				'landing_path_id' => (int) $row['landing_path_id'],
				'source_id'       => (int) $row['source_id'],
				'medium'          => (string) $row['medium'],
				'campaign_id'     => (int) $row['campaign_id'],
				'country'         => (string) $row['country'],
				'region'          => (string) $row['region'],
				'city'            => (string) $row['city'],
			),
			$rows
		);
	}

	/**
	 * The lookups the asked dimensions need, for the hits' ids only: paths (with their titles),
	 * source names, campaign names.
	 *
	 * @param RealtimeQuery $query The query.
	 * @param array         $hits  The hits.
	 * @phpstan-param array<int, RealtimeHit> $hits
	 * @return array
	 * @phpstan-return RealtimeLabels
	 */
	private function labels( RealtimeQuery $query, array $hits ): array {
		$asked  = array_flip( $query->dimensions );
		$labels = array(
			'paths'     => array(),
			'sources'   => array(),
			'campaigns' => array(),
		);
		$ids    = static fn( string $column ): array => array_values( array_unique( array_filter( array_column( $hits, $column ) ) ) );

		$paths = array();
		if ( isset( $asked[ RealtimeQuery::PAGE_PATH ] ) || isset( $asked[ RealtimeQuery::SCREEN_NAME ] ) ) {
			$paths = $ids( 'path_id' );
		}
		if ( isset( $asked[ RealtimeQuery::LANDING_PAGE ] ) ) {
			$paths = array_values( array_unique( array_merge( $paths, $ids( 'landing_path_id' ) ) ) );
		}
		if ( array() !== $paths ) {
			$rows    = Db::rows( 'SELECT id, path, object_id FROM {paths} WHERE id IN (' . implode( ', ', array_fill( 0, count( $paths ), '%d' ) ) . ')', $paths );
			$objects = array_values( array_unique( array_filter( array_map( static fn( array $row ): int => (int) $row['object_id'], $rows ) ) ) );
			if ( array() !== $objects && isset( $asked[ RealtimeQuery::SCREEN_NAME ] ) ) {
				_prime_post_caches( $objects, false, false );
			}
			foreach ( $rows as $row ) {
				$object = (int) $row['object_id'];
				$title  = $object > 0 && isset( $asked[ RealtimeQuery::SCREEN_NAME ] ) ? html_entity_decode( get_the_title( $object ), ENT_QUOTES, 'UTF-8' ) : '';

				$labels['paths'][ (int) $row['id'] ] = array(
					'path'  => (string) $row['path'],
					'title' => $title,
				);
			}
		}
		if ( isset( $asked[ RealtimeQuery::SESSION_SOURCE ] ) ) {
			$sources = $ids( 'source_id' );
			if ( array() !== $sources ) {
				foreach ( Db::rows( 'SELECT id, name FROM {sources} WHERE id IN (' . implode( ', ', array_fill( 0, count( $sources ), '%d' ) ) . ')', $sources ) as $row ) {
					$labels['sources'][ (int) $row['id'] ] = (string) $row['name'];
				}
			}
		}
		if ( isset( $asked[ RealtimeQuery::SESSION_CAMPAIGN ] ) ) {
			$campaigns = $ids( 'campaign_id' );
			if ( array() !== $campaigns ) {
				foreach ( Db::rows( 'SELECT id, name FROM {campaigns} WHERE id IN (' . implode( ', ', array_fill( 0, count( $campaigns ), '%d' ) ) . ')', $campaigns ) as $row ) {
					$labels['campaigns'][ (int) $row['id'] ] = (string) $row['name'];
				}
			}
		}
		return $labels;
	}

	/**
	 * A dimension's value for a hit.
	 *
	 * @param string        $dimension The dimension.
	 * @param array         $hit       The hit.
	 * @param RealtimeQuery $query     The query.
	 * @param array         $labels    The lookups.
	 * @phpstan-param RealtimeHit    $hit
	 * @phpstan-param RealtimeLabels $labels
	 */
	private function value( string $dimension, array $hit, RealtimeQuery $query, array $labels ): string {
		$path = static fn( int $id ): string => $labels['paths'][ $id ]['path'] ?? Acquisition::NOT_SET;
		return match ( $dimension ) {
			RealtimeQuery::MINUTES_AGO      => sprintf( '%02d', $query->minutes_ago( $hit['ts'] ) ),
			RealtimeQuery::PAGE_PATH        => $path( $hit['path_id'] ),
			RealtimeQuery::SCREEN_NAME      => '' !== ( $labels['paths'][ $hit['path_id'] ]['title'] ?? '' ) ? $labels['paths'][ $hit['path_id'] ]['title'] : $path( $hit['path_id'] ),
			RealtimeQuery::LANDING_PAGE     => $path( $hit['landing_path_id'] ),
			RealtimeQuery::SESSION_SOURCE   => $labels['sources'][ $hit['source_id'] ] ?? Acquisition::DIRECT_SOURCE,
			RealtimeQuery::SESSION_MEDIUM   => $hit['medium'],
			RealtimeQuery::SESSION_CAMPAIGN => $labels['campaigns'][ $hit['campaign_id'] ] ?? Acquisition::NOT_SET,
			RealtimeQuery::COUNTRY_ID       => $hit['country'],
			RealtimeQuery::COUNTRY          => Countries::name( $hit['country'] ),
			RealtimeQuery::REGION           => $hit['region'],
			RealtimeQuery::CITY             => $hit['city'],
			default                         => '',
		};
	}

	/**
	 * The asked metrics.
	 *
	 * @param RealtimeQuery $query The query.
	 * @param int           $views Page views.
	 * @param int           $users Distinct visitors.
	 * @return array<string, int>
	 */
	private static function metrics( RealtimeQuery $query, int $views, int $users ): array {
		$out = array();
		foreach ( $query->metrics as $metric ) {
			$out[ $metric ] = RealtimeQuery::ACTIVE_USERS === $metric ? $users : $views;
		}
		return $out;
	}

	/**
	 * Rows by a metric, largest first, ties by their dimension values in natural order; without an
	 * order, by their dimension values.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int>}> $rows  Rows.
	 * @param string                                                                            $order A metric or ''.
	 * @return array<int, array{dimensions: array<string, string>, metrics: array<string, int>}>
	 */
	private static function sort( array $rows, string $order ): array {
		usort(
			$rows,
			static function ( array $a, array $b ) use ( $order ): int {
				if ( '' !== $order ) {
					$cmp = $b['metrics'][ $order ] <=> $a['metrics'][ $order ];
					if ( 0 !== $cmp ) {
						return $cmp;
					}
				}
				return strnatcasecmp( implode( "\x1f", $a['dimensions'] ), implode( "\x1f", $b['dimensions'] ) );
			}
		);
		return $rows;
	}
}
