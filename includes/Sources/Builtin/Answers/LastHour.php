<?php
/**
 * The last hour as Real-Time reads it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\HeldSessions;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\RealtimeMinutes;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Sessionizer;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * The page views and events of the last hour, never the daily rollups. They come from two places,
 * read in one transaction so that no hit is in both or in neither:
 *
 * - the raw tables: through their `day` indexes (the site-local days of the last hour, one or two),
 *   then by time, counted by the database per session, minute and page, and the attributes of
 *   those sessions read once (recent()); or the aggregation's per-minute summaries of them
 *   (RealtimeMinutes, summary());
 * - the hits the collector buffered that no aggregation stored yet (BufferTail: the lines after
 *   each buffer file's cursor, read only and bounded). They are put in sessions in memory as the
 *   aggregation would put them (Sessionizer, over the stored sessions of their visitor keys, and
 *   ids of the lookup rows that exist; a value not stored yet gets a negative id of this answer's
 *   own), so a visit made a moment ago counts at once, without an aggregation in the request and
 *   without a write or a lock the collector or the aggregation could wait for.
 *
 * Each is read once for all the queries of one `now`, data version and buffer state (a report asks
 * several), as records of page views and events per session, minute and page, with the labels of
 * their ids (paths and their posts' titles, sources, campaigns).
 *
 * @phpstan-type RealtimeRecord array{0: int, 1: int, 2: int, 3: int, 4: int}
 * @phpstan-type RealtimeSession array{visitor: string, landing_path_id: int, source_id: int, medium: string, campaign_id: int, country: string, region: string, city: string}
 * @phpstan-type RealtimeLabels array{paths: array<int, array{path: string, object: int}>, sources: array<int, string>, campaigns: array<int, string>}
 * @phpstan-type RealtimeRecent array{key: string, records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>, labels: RealtimeLabels}
 * @phpstan-type RealtimeTail array{records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>, labels: RealtimeLabels}
 * @phpstan-type RealtimeSummary array{since: int, rows: array<int, array<int, array{0: int, 1: string, 2: int, 3: string}>>, tail: RealtimeTail, stored: array<int, array<int, array<string, int|string>>>, latest: int}
 */
final class LastHour {

	/**
	 * A reader of the last hour.
	 *
	 * @param LocalTime|null  $clock Site-local days; the site's zone by default.
	 * @param BufferTail|null $tail  The buffered hits; the current site's by default.
	 */
	public function __construct( private ?LocalTime $clock = null, private ?BufferTail $tail = null ) {
	}

	/**
	 * The session columns a real-time answer reads.
	 */
	public const SESSION_COLUMNS = array( 'visitor', 'landing_path_id', 'source_id', 'medium', 'campaign_id', 'country', 'region', 'city' );

	/**
	 * Minutes read back from `now`: the furthest a query reaches.
	 */
	private const MINUTES = RealtimeQuery::MAX_MINUTES_AGO + 1;

	/**
	 * The last hour's records, sessions and labels, and what they were read for.
	 *
	 * @var array|null
	 * @phpstan-var RealtimeRecent|null
	 */
	private ?array $recent = null;

	/**
	 * The summaries read for a `now`, data version and buffer state.
	 *
	 * @var array|null
	 * @phpstan-var array{key: string, data: RealtimeSummary|null}|null
	 */
	private ?array $summary = null;

	/**
	 * Post titles by id.
	 *
	 * @var array<int, string>
	 */
	private array $titles = array();

	/**
	 * The summaries' rows of the hour up to `now` (and any later), their first second, the latest
	 * stored hit, the buffer's tail sessionized, and the latest stored hit of each of the tail's
	 * visitors by kind and key: read once per `now`, data version and buffer state, in one
	 * transaction (the cursors first, as for the raw rows); null before the summaries start.
	 *
	 * @param int $now Unix seconds.
	 * @return array|null
	 * @phpstan-return RealtimeSummary|null
	 */
	public function summary( int $now ): ?array {
		$tail = $this->tail ?? BufferTail::for_current_site();
		$key  = $now . '|' . (string) get_option( BuiltinSource::DATA_VERSION_OPTION, '0' ) . '|' . $tail->signature();
		if ( null !== $this->summary && $key === $this->summary['key'] ) {
			return $this->summary['data'];
		}
		$clock         = $this->clock ?? new LocalTime();
		$data          = Db::transaction(
			function () use ( $tail, $clock, $now ): ?array {
				$positions = BufferTail::positions();
				$since     = RealtimeMinutes::since();
				if ( null === $since ) {
					return null;
				}
				$rows = array();
				// Each kind's minutes in primary key order, one range a kind.
				foreach ( Db::lists( 'SELECT kind, minute, gkey, total, seconds FROM {rt_minutes}' . Db::force_index( 'PRIMARY' ) . ' WHERE kind IN (' . Lookups::ints( RealtimeMinutes::KINDS ) . ') AND minute >= %d AND total <> 0', array( intdiv( $now - self::MINUTES * MINUTE_IN_SECONDS + 1, MINUTE_IN_SECONDS ) ) ) as $row ) {
					$rows[ (int) $row[0] ][] = array( (int) $row[1], (string) $row[2], (int) $row[3], (string) $row[4] );
				}
				$buffered = $this->buffered( $tail->lines( $now - self::MINUTES * MINUTE_IN_SECONDS + 1 - Sessionizer::TIMEOUT, $positions ), $clock, $now );
				$stored   = RealtimeMinutes::sessions_of( array_map( 'intval', array_column( $buffered['sessions'], 'visitor' ) ) );
				// The latest stored hit: the last second of the newest minute with visitors.
				$latest = 0;
				foreach ( $rows[ RealtimeMinutes::USERS ] ?? array() as $row ) {
					if ( $row[0] * MINUTE_IN_SECONDS > $latest ) {
						$seconds = RealtimeMinutes::seconds( $row[3] );
						$latest  = $row[0] * MINUTE_IN_SECONDS + ( array() === $seconds ? 0 : max( array_keys( $seconds ) ) );
					}
				}
				return array(
					'since'  => $since,
					'rows'   => $rows,
					'tail'   => $buffered,
					'stored' => $stored,
					'latest' => $latest,
				);
			}
		);
		$this->titles  = array();
		$this->summary = array(
			'key'  => $key,
			'data' => $data,
		);
		return $data;
	}

	/**
	 * The page views and events of the hour up to `now` as records (session, minutes ago, path,
	 * page views, events), their sessions and their labels: read once per `now`, data version and
	 * buffer state.
	 *
	 * @param int $now Unix seconds.
	 * @return array
	 * @phpstan-return RealtimeRecent
	 */
	public function recent( int $now ): array {
		$tail = $this->tail ?? BufferTail::for_current_site();
		$key  = $now . '|' . (string) get_option( BuiltinSource::DATA_VERSION_OPTION, '0' ) . '|' . $tail->signature();
		if ( null !== $this->recent && $key === $this->recent['key'] ) {
			return $this->recent;
		}
		$clock = $this->clock ?? new LocalTime();
		// The cursors first: the transaction's snapshot is taken at its first read, and the files
		// are read after it (see BufferTail).
		list( $stored, $buffered ) = Db::transaction(
			function () use ( $tail, $clock, $now ): array {
				$positions = BufferTail::positions();
				$lines     = $tail->lines( $now - self::MINUTES * MINUTE_IN_SECONDS + 1 - Sessionizer::TIMEOUT, $positions );
				return array( $this->stored( $clock, $now ), $this->buffered( $lines, $clock, $now ) );
			}
		);
		// A session a buffered hit changed is as it is now.
		$sessions     = $buffered['sessions'] + $stored['sessions'];
		$records      = array() === $buffered['records'] ? $stored['records'] : array_merge( $stored['records'], $buffered['records'] );
		$this->titles = array();
		$this->recent = array(
			'key'      => $key,
			'records'  => $records,
			'sessions' => $sessions,
			'labels'   => $this->labels( $records, $sessions, $buffered['labels'] ),
		);
		return $this->recent;
	}

	/**
	 * The stored page views and events of the hour up to `now`, counted per session, minutes ago
	 * and path by the database (read through the `day` indexes: the one or two site-local days of
	 * the hour, then by time), and their sessions.
	 *
	 * @param LocalTime $clock Site-local days.
	 * @param int       $now   The last second.
	 * @return array{records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>}
	 */
	private function stored( LocalTime $clock, int $now ): array {
		$first = $now - self::MINUTES * MINUTE_IN_SECONDS + 1;
		$days  = array_values( array_unique( array( $clock->day( $first ), $clock->day( $now ) ) ) );
		$in    = implode( ', ', array_fill( 0, count( $days ), '%s' ) );
		$where = 'day IN (' . $in . ') AND ts BETWEEN %d AND %d';
		$args  = array_merge( $days, array( $first, $now ) );
		// Each table counted on its own: a UNION of the two in a derived table, grouped, took the
		// database five times longer (a temporary table of every hit).
		$records = array();
		foreach ( array( 'pageviews', 'events' ) as $table ) {
			// Whole minutes before now in integer arithmetic, the same on MySQL, MariaDB and SQLite.
			foreach ( Db::lists(
				'SELECT session_id, ((%d - ts) - ((%d - ts) %% 60)) / 60 AS m, path_id, COUNT(*) FROM {' . $table . '} WHERE ' . $where . ' GROUP BY session_id, m, path_id',
				array_merge( array( $now, $now ), $args )
			) as $row ) {
				$count     = (int) $row[3];
				$views     = 'pageviews' === $table ? $count : 0;
				$records[] = array( (int) $row[0], (int) $row[1], (int) $row[2], $views, $count - $views );
			}
		}
		// Their sessions by primary key.
		$sessions = array();
		$ids      = array();
		foreach ( $records as $record ) {
			$ids[ $record[0] ] = true;
		}
		foreach ( array_chunk( array_keys( $ids ), 5000 ) as $batch ) {
			foreach ( Db::lists( 'SELECT id, ' . implode( ', ', self::SESSION_COLUMNS ) . ' FROM {sessions} WHERE id IN (' . Lookups::ints( $batch ) . ')' ) as $row ) {
				$sessions[ (int) $row[0] ] = self::session( array_combine( self::SESSION_COLUMNS, array_slice( $row, 1 ) ) );
			}
		}
		return array(
			'records'  => $records,
			'sessions' => $sessions,
		);
	}

	/**
	 * Buffered lines as records, sessionized in memory as the aggregation would: over the stored
	 * sessions of their visitor keys, with the ids of the lookup rows that exist and negative ids
	 * (labelled here) for values not stored yet. Nothing is written.
	 *
	 * @param string[]  $lines Buffer lines not stored yet.
	 * @param LocalTime $clock Site-local days.
	 * @param int       $now   The last second.
	 * @return array{records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>, labels: RealtimeLabels}
	 */
	private function buffered( array $lines, LocalTime $clock, int $now ): array {
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
				'records'  => array(),
				'sessions' => array(),
				'labels'   => $labels,
			);
		}
		$hits = Hit::in_order( $hits );

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

		$known = HeldSessions::stored_sessions( array_keys( $keys ) );
		// Ids no stored session has: this answer's own, never written.
		$sessionizer = new Sessionizer( $known, $clock, PHP_INT_MAX >> 1 );
		$records     = array();
		$first       = $now - self::MINUTES * MINUTE_IN_SECONDS + 1;
		foreach ( $hits as $i => $hit ) {
			$acq     = $acquisitions[ $i ];
			$path    = $path_ids[ md5( $hit->path ) ];
			$session = $sessionizer->add(
				$hit,
				array(
					'path_id'     => $path,
					'ua_id'       => 0,
					'source_id'   => $source_ids[ md5( $acq->source ) ],
					'campaign_id' => $campaign_ids[ $acq->campaign_hash() ] ?? 0,
				),
				$acq
			);
			if ( 0 !== $session && $hit->ts >= $first && $hit->ts <= $now ) {
				$view      = $hit->is_pageview() ? 1 : 0;
				$records[] = array( $session, intdiv( $now - $hit->ts, MINUTE_IN_SECONDS ), $path, $view, 1 - $view );
			}
		}
		return array(
			'records'  => $records,
			'sessions' => array_map( array( self::class, 'session' ), $sessionizer->touched() ),
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
	 * @param-out array<int, mixed> $labels
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
	 * A session's columns as an answer reads them.
	 *
	 * @param array<string, int|string|null> $row A row with SESSION_COLUMNS (or more).
	 * @return array
	 * @phpstan-return RealtimeSession
	 */
	public static function session( array $row ): array {
		return array(
			'visitor'         => (string) $row['visitor'],
			'landing_path_id' => (int) $row['landing_path_id'],
			'source_id'       => (int) $row['source_id'],
			'medium'          => (string) $row['medium'],
			'campaign_id'     => (int) $row['campaign_id'],
			'country'         => (string) $row['country'],
			'region'          => (string) $row['region'],
			'city'            => (string) $row['city'],
		);
	}

	/**
	 * The labels of the records' and sessions' ids: paths (with their post ids), source names,
	 * campaign names; the stored ones read by id, the buffered values' negative ids as given.
	 *
	 * @param array<int, RealtimeRecord>  $records  The records.
	 * @param array<int, RealtimeSession> $sessions Their sessions.
	 * @param array                       $buffered Labels of the negative ids.
	 * @phpstan-param RealtimeLabels $buffered
	 * @return array
	 * @phpstan-return RealtimeLabels
	 */
	public function labels( array $records, array $sessions, array $buffered ): array {
		$labels = $buffered;
		$paths  = array();
		foreach ( $records as $record ) {
			$paths[ $record[2] ] = true;
		}
		$sources   = array();
		$campaigns = array();
		foreach ( $sessions as $session ) {
			$paths[ $session['landing_path_id'] ] = true;
			$sources[ $session['source_id'] ]     = true;
			$campaigns[ $session['campaign_id'] ] = true;
		}
		$stored = static fn( array $ids ): array => array_values( array_filter( array_keys( $ids ), static fn( int $id ): bool => $id > 0 ) );

		$paths = $stored( $paths );
		if ( array() !== $paths ) {
			foreach ( Db::rows( 'SELECT id, path, object_id FROM {paths} WHERE id IN (' . Lookups::ints( $paths ) . ')' ) as $row ) {
				$labels['paths'][ (int) $row['id'] ] = array(
					'path'   => (string) $row['path'],
					'object' => (int) $row['object_id'],
				);
			}
		}
		$sources = $stored( $sources );
		if ( array() !== $sources ) {
			foreach ( Db::rows( 'SELECT id, name FROM {sources} WHERE id IN (' . Lookups::ints( $sources ) . ')' ) as $row ) {
				$labels['sources'][ (int) $row['id'] ] = (string) $row['name'];
			}
		}
		$campaigns = $stored( $campaigns );
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
	public function title( int $path, array $labels ): string {
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
}
