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
 * Answers RealtimeQuery from the raw recent data, never the daily rollups: the page views (and, for
 * active users, the events) whose time is in the query's minutes, with their sessions. They come
 * from two places, read in one transaction so that no hit is in both or in neither:
 *
 * - the raw tables: through their `day` indexes (the site-local days of the last hour, one or two),
 *   then by time, joined to their sessions;
 * - the hits the collector buffered that no aggregation stored yet (BufferTail: the lines after
 *   each buffer file's cursor, read only and bounded). They are put in sessions in memory as the
 *   aggregation would put them (Sessionizer, over the stored sessions of their visitor keys, and
 *   ids of the lookup rows that exist; a value not stored yet gets a negative id of this answer's
 *   own), so a visit made a moment ago counts at once, without an aggregation in the request and
 *   without a write or a lock the collector or the aggregation could wait for.
 *
 * The last hour is read once for all the queries of one `now`, data version and buffer state (a
 * report asks several); grouping is done in PHP (an hour holds few hits).
 *
 * - screenPageViews: page views in the minutes;
 * - activeUsers: distinct visitors with a hit (page view or event) in the minutes;
 * - minutesAgo: "00"… how many whole minutes before `now` (GA4 spells it with two digits);
 * - pagePath / unifiedScreenName: the hit's page, its post's title (else its path);
 * - landingPage, sessionSource ("(direct)" without one), sessionMedium, sessionCampaignName
 *   ("(not set)" without one), country (name), countryId (ISO code), region, city: the hit's
 *   session's.
 *
 * @phpstan-type RealtimeHit array{pageview: bool, ts: int, session: int, path_id: int, visitor: string, landing_path_id: int, source_id: int, medium: string, campaign_id: int, country: string, region: string, city: string}
 * @phpstan-type RealtimeLabels array{paths: array<int, array{path: string, object: int}>, sources: array<int, string>, campaigns: array<int, string>}
 */
final class Realtime {

	/**
	 * The hit's value each dimension is read from ('minute': how many minutes before now).
	 */
	private const FIELDS = array(
		RealtimeQuery::MINUTES_AGO      => 'minute',
		RealtimeQuery::PAGE_PATH        => 'path_id',
		RealtimeQuery::SCREEN_NAME      => 'path_id',
		RealtimeQuery::LANDING_PAGE     => 'landing_path_id',
		RealtimeQuery::SESSION_SOURCE   => 'source_id',
		RealtimeQuery::SESSION_MEDIUM   => 'medium',
		RealtimeQuery::SESSION_CAMPAIGN => 'campaign_id',
		RealtimeQuery::COUNTRY_ID       => 'country',
		RealtimeQuery::COUNTRY          => 'country',
		RealtimeQuery::REGION           => 'region',
		RealtimeQuery::CITY             => 'city',
	);

	/**
	 * Seconds read back from `now`: the furthest a query reaches.
	 */
	private const WINDOW = ( RealtimeQuery::MAX_MINUTES_AGO + 1 ) * MINUTE_IN_SECONDS;

	/**
	 * The last hour's hits, their labels and what they were read for.
	 *
	 * @var array{key: string, hits: array<int, RealtimeHit>, labels: RealtimeLabels}|null
	 */
	private ?array $recent = null;

	/**
	 * Post titles by id.
	 *
	 * @var array<int, string>
	 */
	private array $titles = array();

	/**
	 * A real-time reader.
	 *
	 * @param LocalTime|null  $clock Site-local days; the site's zone by default.
	 * @param BufferTail|null $tail  The buffered hits; the current site's by default.
	 */
	public function __construct( private ?LocalTime $clock = null, private ?BufferTail $tail = null ) {
	}

	/**
	 * Answers a query.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run( RealtimeQuery $query ): Result {
		$recent = $this->recent( $query->now );
		$labels = $recent['labels'];
		$first  = $query->first_second();
		$last   = $query->last_second();
		$events = in_array( RealtimeQuery::ACTIVE_USERS, $query->metrics, true );

		// Grouped first by the hits' own values (ids, codes, the minute), cheap to compare; then
		// each group's labels, and groups whose labels are equal (two paths of one title) merged.
		$fields = array();
		foreach ( $query->dimensions as $dimension ) {
			$fields[ self::FIELDS[ $dimension ] ] = true;
		}
		$fields = array_keys( $fields );
		$raw    = array();
		$users  = array();
		$views  = 0;
		foreach ( $recent['hits'] as $hit ) {
			if ( $hit['ts'] < $first || $hit['ts'] > $last || ( ! $events && ! $hit['pageview'] ) ) {
				continue;
			}
			$key = '';
			foreach ( $fields as $field ) {
				$key .= ( 'minute' === $field ? $query->minutes_ago( $hit['ts'] ) : $hit[ $field ] ) . "\x1f";
			}
			if ( ! isset( $raw[ $key ] ) ) {
				$raw[ $key ] = array(
					'hit'   => $hit,
					'views' => 0,
					'users' => array(),
				);
			}
			if ( $hit['pageview'] ) {
				++$raw[ $key ]['views'];
				++$views;
			}
			$raw[ $key ]['users'][ $hit['visitor'] ] = true;
			$users[ $hit['visitor'] ]                = true;
		}

		$groups = array();
		foreach ( $raw as $group ) {
			$dimensions = array();
			foreach ( $query->dimensions as $dimension ) {
				$dimensions[ $dimension ] = $this->value( $dimension, $group['hit'], $query, $labels );
			}
			$key = implode( "\x1f", $dimensions );
			if ( ! isset( $groups[ $key ] ) ) {
				$groups[ $key ] = array(
					'dimensions' => $dimensions,
					'views'      => 0,
					'users'      => array(),
				);
			}
			$groups[ $key ]['views'] += $group['views'];
			$groups[ $key ]['users'] += $group['users'];
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
	 * The hits (page views and events) of the hour up to `now`, with their sessions, and their
	 * labels: read once per `now`, data version and buffer state.
	 *
	 * @param int $now Unix seconds.
	 * @return array{key: string, hits: array<int, RealtimeHit>, labels: RealtimeLabels}
	 */
	private function recent( int $now ): array {
		$tail = $this->tail ?? BufferTail::for_current_site();
		$key  = $now . '|' . (string) get_option( BuiltinSource::DATA_VERSION_OPTION, '0' ) . '|' . $tail->signature();
		if ( null !== $this->recent && $key === $this->recent['key'] ) {
			return $this->recent;
		}
		$clock = $this->clock ?? new LocalTime();
		$first = $now - self::WINDOW + 1;
		// The cursors first: the transaction's snapshot is taken at its first read, and the files
		// are read after it (see BufferTail).
		list( $stored, $buffered ) = Db::transaction(
			function () use ( $tail, $clock, $first, $now ): array {
				$positions = BufferTail::positions();
				$lines     = $tail->lines( $first - Sessionizer::TIMEOUT, $positions );
				return array( $this->stored( $clock, $first, $now ), $this->buffered( $lines, $clock ) );
			}
		);

		$hits = $stored;
		if ( array() !== $buffered['hits'] ) {
			// A stored hit whose session a buffered one changed takes the session as it is now.
			foreach ( $hits as $i => $hit ) {
				if ( isset( $buffered['sessions'][ $hit['session'] ] ) ) {
					$hits[ $i ] = self::with_session( $hit, $buffered['sessions'][ $hit['session'] ] );
				}
			}
			foreach ( $buffered['hits'] as $hit ) {
				if ( $hit['ts'] >= $first && $hit['ts'] <= $now ) {
					$hits[] = $hit;
				}
			}
		}
		$this->titles = array();
		$this->recent = array(
			'key'    => $key,
			'hits'   => $hits,
			'labels' => $this->labels( $hits, $buffered['labels'] ),
		);
		return $this->recent;
	}

	/**
	 * The stored hits of the seconds, with their sessions. Read through the `day` indexes (the one
	 * or two site-local days of the seconds), then by time.
	 *
	 * @param LocalTime $clock Site-local days.
	 * @param int       $first The first second.
	 * @param int       $last  The last second.
	 * @return array<int, RealtimeHit>
	 */
	private function stored( LocalTime $clock, int $first, int $last ): array {
		$days  = array_values( array_unique( array( $clock->day( $first ), $clock->day( $last ) ) ) );
		$in    = implode( ', ', array_fill( 0, count( $days ), '%s' ) );
		$where = 'day IN (' . $in . ') AND ts BETWEEN %d AND %d';
		$args  = array_merge( $days, array( $first, $last ) );
		$rows  = Db::lists(
			'SELECT h.pageview, h.ts, h.session_id, h.path_id, s.visitor, s.landing_path_id, s.source_id, s.medium, s.campaign_id, s.country, s.region, s.city'
			. ' FROM (SELECT 1 AS pageview, session_id, ts, path_id FROM {pageviews} WHERE ' . $where
			. ' UNION ALL SELECT 0 AS pageview, session_id, ts, path_id FROM {events} WHERE ' . $where . ') h'
			. ' JOIN {sessions} s ON s.id = h.session_id',
			array_merge( $args, $args )
		);
		$hits  = array();
		foreach ( $rows as $row ) {
			$hits[] = array(
				'pageview'        => 1 === (int) $row[0],
				'ts'              => (int) $row[1],
				'session'         => (int) $row[2],
				'path_id'         => (int) $row[3],
				'visitor'         => (string) $row[4],
				'landing_path_id' => (int) $row[5],
				'source_id'       => (int) $row[6],
				'medium'          => (string) $row[7],
				'campaign_id'     => (int) $row[8],
				'country'         => (string) $row[9],
				'region'          => (string) $row[10],
				'city'            => (string) $row[11],
			);
		}
		return $hits;
	}

	/**
	 * Buffered lines as hits with their sessions, sessionized in memory as the aggregation would:
	 * over the stored sessions of their visitor keys, with the ids of the lookup rows that exist
	 * and negative ids (labelled here) for values not stored yet. Nothing is written.
	 *
	 * @param string[]  $lines Buffer lines not stored yet.
	 * @param LocalTime $clock Site-local days.
	 * @return array{hits: array<int, RealtimeHit>, sessions: array<int, array<string, int|string>>, labels: RealtimeLabels}
	 */
	private function buffered( array $lines, LocalTime $clock ): array {
		$labels = array(
			'paths'     => array(),
			'sources'   => array(),
			'campaigns' => array(),
		);
		$hits   = array();
		$seen   = array();
		foreach ( $lines as $line ) {
			$hit = Hit::from_line( $line );
			if ( null !== $hit && ! isset( $seen[ $hit->id ] ) ) {
				$seen[ $hit->id ] = true;
				$hits[]           = $hit;
			}
		}
		if ( array() === $hits ) {
			return array(
				'hits'     => array(),
				'sessions' => array(),
				'labels'   => $labels,
			);
		}
		// In time order, ties by hit id, as the aggregation takes them.
		$times = array();
		$ids   = array();
		foreach ( $hits as $hit ) {
			$times[] = $hit->ts;
			$ids[]   = $hit->id;
		}
		array_multisort( $times, SORT_NUMERIC, $ids, SORT_STRING, $hits );

		$acquisitions = array();
		$paths        = array();
		$sources      = array();
		$campaigns    = array();
		$keys         = array();
		foreach ( $hits as $i => $hit ) {
			$acq                                = Acquisition::of( $hit );
			$acquisitions[ $i ]                 = $acq;
			$paths[ md5( $hit->path ) ]         = array( $hit->path, $hit->object );
			$sources[ md5( $acq->source ) ]     = $acq->source;
			$campaigns[ $acq->campaign_hash() ] = $acq->campaign['name'];
			$keys[ $hit->visitor ]              = true;
			$keys[ $hit->previous ]             = true;
		}
		unset( $campaigns[''], $keys[0] );
		$path_ids     = self::ids(
			'paths',
			$paths,
			$labels['paths'],
			static fn( array $path ): array => array(
				'path'   => $path[0],
				'object' => $path[1],
			)
		);
		$source_ids   = self::ids( 'sources', $sources, $labels['sources'], static fn( string $name ): string => $name );
		$campaign_ids = self::ids( 'campaigns', $campaigns, $labels['campaigns'], static fn( string $name ): string => $name );

		$known = array();
		foreach ( Ingest::stored_sessions( array_keys( $keys ) ) as $id => $row ) {
			$known[ $id ] = Sessionizer::typed( array_combine( Ingest::SESSION_COLUMNS, $row ) );
		}
		// Ids no stored session has: this answer's own, never written.
		$sessionizer = new Sessionizer( $known, $clock, PHP_INT_MAX >> 1 );
		$session_of  = array();
		foreach ( $hits as $i => $hit ) {
			$acq              = $acquisitions[ $i ];
			$session_of[ $i ] = $sessionizer->add(
				$hit,
				array(
					'path_id'     => $path_ids[ md5( $hit->path ) ],
					'ua_id'       => 0,
					'source_id'   => $source_ids[ md5( $acq->source ) ],
					'campaign_id' => $campaign_ids[ $acq->campaign_hash() ] ?? 0,
				),
				$acq
			);
		}
		$sessions = $sessionizer->touched();
		$out      = array();
		foreach ( $hits as $i => $hit ) {
			$out[] = self::with_session(
				array(
					'pageview' => $hit->is_pageview(),
					'ts'       => $hit->ts,
					'session'  => $session_of[ $i ],
					'path_id'  => $path_ids[ md5( $hit->path ) ],
				),
				$sessions[ $session_of[ $i ] ]
			);
		}
		return array(
			'hits'     => $out,
			'sessions' => $sessions,
			'labels'   => $labels,
		);
	}

	/**
	 * Lookup ids of values by their hash: the stored row's id, else a negative id of this answer's
	 * own, labelled.
	 *
	 * @template T
	 * @param string             $table  paths, sources or campaigns.
	 * @param array<string, T>   $values Hash => value.
	 * @param array<int, mixed>  $labels Labels of negative ids, added to.
	 * @param callable(T): mixed $label  A value's label.
	 * @param-out array<int, mixed>   $labels
	 * @return array<string, int> Hash => id.
	 */
	private static function ids( string $table, array $values, array &$labels, callable $label ): array {
		$ids = Lookups::existing( $table, array_map( 'strval', array_keys( $values ) ) );
		foreach ( $values as $hash => $value ) {
			if ( ! isset( $ids[ (string) $hash ] ) ) {
				$id                    = -1 - count( $labels );
				$ids[ (string) $hash ] = $id;
				$labels[ $id ]         = $label( $value );
			}
		}
		return $ids;
	}

	/**
	 * A hit with its session's columns.
	 *
	 * @param array{pageview: bool, ts: int, session: int, path_id: int} $hit     The hit.
	 * @param array<string, int|string>                                  $session The session.
	 * @return RealtimeHit
	 */
	private static function with_session( array $hit, array $session ): array {
		return array(
			'pageview'        => $hit['pageview'],
			'ts'              => $hit['ts'],
			'session'         => $hit['session'],
			'path_id'         => $hit['path_id'],
			'visitor'         => (string) $session['visitor'],
			'landing_path_id' => (int) $session['landing_path_id'],
			'source_id'       => (int) $session['source_id'],
			'medium'          => (string) $session['medium'],
			'campaign_id'     => (int) $session['campaign_id'],
			'country'         => (string) $session['country'],
			'region'          => (string) $session['region'],
			'city'            => (string) $session['city'],
		);
	}

	/**
	 * The labels of the hits' ids: paths (with their post ids), source names, campaign names;
	 * the stored ones read by id, the buffered values' negative ids as given.
	 *
	 * @param array<int, RealtimeHit> $hits     The hits.
	 * @param array                   $buffered Labels of the negative ids.
	 * @phpstan-param RealtimeLabels $buffered
	 * @return RealtimeLabels
	 */
	private function labels( array $hits, array $buffered ): array {
		$labels = $buffered;
		$ids    = static fn( array $columns ): array => array_values( array_unique( array_filter( array_merge( ...array_map( static fn( string $column ): array => array_column( $hits, $column ), $columns ) ), static fn( int $id ): bool => $id > 0 ) ) );

		$paths = $ids( array( 'path_id', 'landing_path_id' ) );
		if ( array() !== $paths ) {
			foreach ( Db::rows( 'SELECT id, path, object_id FROM {paths} WHERE id IN (' . Lookups::ints( $paths ) . ')' ) as $row ) {
				$labels['paths'][ (int) $row['id'] ] = array(
					'path'   => (string) $row['path'],
					'object' => (int) $row['object_id'],
				);
			}
		}
		$sources = $ids( array( 'source_id' ) );
		if ( array() !== $sources ) {
			foreach ( Db::rows( 'SELECT id, name FROM {sources} WHERE id IN (' . Lookups::ints( $sources ) . ')' ) as $row ) {
				$labels['sources'][ (int) $row['id'] ] = (string) $row['name'];
			}
		}
		$campaigns = $ids( array( 'campaign_id' ) );
		if ( array() !== $campaigns ) {
			foreach ( Db::rows( 'SELECT id, name FROM {campaigns} WHERE id IN (' . Lookups::ints( $campaigns ) . ')' ) as $row ) {
				$labels['campaigns'][ (int) $row['id'] ] = (string) $row['name'];
			}
		}
		return $labels;
	}

	/**
	 * A path's post title, '' without a post; the titles of every labelled path are read together.
	 *
	 * @param int   $path   The path's id.
	 * @param array $labels The labels.
	 * @phpstan-param RealtimeLabels $labels
	 */
	private function title( int $path, array $labels ): string {
		$object = $labels['paths'][ $path ]['object'] ?? 0;
		if ( $object <= 0 ) {
			return '';
		}
		if ( array() === $this->titles ) {
			$objects = array_values( array_unique( array_filter( array_column( $labels['paths'], 'object' ) ) ) );
			_prime_post_caches( $objects, false, false );
			foreach ( $objects as $id ) {
				$this->titles[ $id ] = html_entity_decode( get_the_title( $id ), ENT_QUOTES, 'UTF-8' );
			}
		}
		return $this->titles[ $object ] ?? '';
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
			RealtimeQuery::SCREEN_NAME      => '' !== $this->title( $hit['path_id'], $labels ) ? $this->title( $hit['path_id'], $labels ) : $path( $hit['path_id'] ),
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
