<?php
/**
 * Per-minute summaries of the recent hits, written by the aggregation for Real-Time.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * What Real-Time reads instead of every hit of the last hour (RealtimeAnswers): small rows per Unix minute
 * (UTC, whatever the site's zone), written by each aggregation chunk in its transaction, with the
 * raw rows and the file's cursor, and kept for KEEP seconds.
 *
 * - `rt_minutes`: one row per kind, minute and key, with a count (`total`) and the count of each
 *   second of the minute (`seconds`, "second:count,…"): a query's minutes count back from any
 *   `now`, so a minute of the clock is cut at `now`'s second, and the seconds say on which side
 *   each hit is. Kinds: VIEWS (page views by path), VIEWS_ALL (page views of the site), and four
 *   kinds of visitors by what Real-Time groups them by (USERS: none; REFERRALS: the session's
 *   source, landing path and campaign; COUNTRIES; CITIES: country, region and city). A visitor
 *   kind's row counts the visitors (the session's `visitor`, as the raw answer counts them) whose
 *   latest hit in a session with that key is in the minute, at those seconds. One more row (kind
 *   SINCE) keeps the first minute the summaries hold.
 * - `rt_sessions`: each recent session's latest hit (page view or event, passive ones included)
 *   with the columns of its keys, read for the visitors a chunk touches to move each of their keys
 *   from the minute of its former latest hit to the new one. A landing path that a late hit
 *   changes moves the session's referral key the same way.
 *
 * So the visitors of a key with a hit from second S on are the sum of its rows from S on: exact,
 * without reading a row per visitor or per hit. The trade-off of "latest hit": that is exact for
 * every window that ends at the newest stored hit or later (Real-Time's windows end now); a window
 * that ends before a stored hit (minutes 29 to 5 ago, or a `now` frozen in the past), a grouping
 * that is not one of the kinds, and a window that starts before since() (the summaries hold every
 * stored hit from that second on, nothing older) are answered from the raw rows, as before.
 * Distinct visitors over other groupings (by page, by minute) would need a row per visitor and
 * minute; Real-Time does not ask them.
 */
final class RealtimeMinutes {

	/**
	 * Seconds of hits kept, back from the aggregation's time.
	 */
	public const KEEP = 7200;

	/**
	 * The kind of the one row whose minute is the first minute the summaries hold (since()).
	 */
	public const SINCE = 9;

	public const USERS     = 0;
	public const REFERRALS = 1;
	public const COUNTRIES = 2;
	public const CITIES    = 3;
	public const VIEWS     = 4;
	public const VIEWS_ALL = 5;

	/**
	 * Every kind.
	 */
	public const KINDS = array( self::USERS, self::REFERRALS, self::COUNTRIES, self::CITIES, self::VIEWS, self::VIEWS_ALL );

	/**
	 * The visitor kinds and the session columns of their keys.
	 */
	public const VISITOR_KINDS = array(
		self::USERS     => array(),
		self::REFERRALS => array( 'source_id', 'landing_path_id', 'campaign_id' ),
		self::COUNTRIES => array( 'country' ),
		self::CITIES    => array( 'country', 'region', 'city' ),
	);

	/**
	 * Separates the values of a key.
	 */
	public const SEPARATOR = "\x1f";

	/**
	 * Tuples per read by primary key.
	 */
	private const BATCH = 500;

	/**
	 * Rows of `rt_minutes` at most that a run keeps in memory.
	 */
	private const HELD_ROWS = 20000;

	/**
	 * The `rt_minutes` rows this run read or wrote, as the table holds them (the run holds the
	 * aggregation's lock, so nothing else writes them; a rolled-back chunk ends the run), by
	 * "kind|minute|hash": [total, second => count].
	 *
	 * @var array<string, array{0: int, 1: array<int, int>}>
	 */
	private array $held = array();

	/**
	 * Each kind's newest minute stored (no row is newer), read at the run's first chunk.
	 *
	 * @var array<int, int>|null
	 */
	private ?array $newest = null;

	/**
	 * A writer for one aggregation run.
	 *
	 * @param int $since The first second the summaries hold (since()).
	 */
	public function __construct( private int $since ) {
	}

	/**
	 * The first second the summaries hold, or null when they hold nothing yet.
	 */
	public static function since(): ?int {
		$value = Db::value( 'SELECT MAX(minute) FROM {rt_minutes} WHERE kind = %d', array( self::SINCE ) );
		return null === $value ? null : (int) $value * MINUTE_IN_SECONDS;
	}

	/**
	 * Starts the summaries (the migration): from KEEP before `$now`, or, when hits of that time are
	 * stored already, from the minute after the latest of them; Real-Time reads windows that start
	 * earlier from the raw rows.
	 *
	 * @param int $now Unix seconds.
	 */
	public static function start( int $now ): void {
		$clock  = new LocalTime();
		$from   = $now - self::KEEP;
		$days   = array( $clock->day( $from ), $clock->day( $now ) );
		$latest = 0;
		foreach ( array( 'pageviews', 'events' ) as $table ) {
			$latest = max( $latest, (int) Db::value( 'SELECT MAX(ts) FROM {' . $table . '} WHERE day IN (%s, %s) AND ts >= %d', array( $days[0], $days[1], $from ) ) );
		}
		$since = 0 === $latest ? intdiv( $from, MINUTE_IN_SECONDS ) * MINUTE_IN_SECONDS : intdiv( $latest, MINUTE_IN_SECONDS ) * MINUTE_IN_SECONDS + MINUTE_IN_SECONDS;
		self::set( $since );
	}

	/**
	 * At the start of an aggregation run: moves the first second kept to KEEP before `$now` (never
	 * back) and deletes what is older, in one transaction. Without a first second (the tables were
	 * emptied), they start KEEP before `$now`: nothing older is stored either.
	 *
	 * @param int $now The run's time.
	 * @return int The first second kept.
	 */
	public static function advance( int $now ): int {
		return Db::transaction(
			static function () use ( $now ): int {
				$since = self::since();
				$floor = intdiv( max( 0, $now - self::KEEP ), MINUTE_IN_SECONDS ) * MINUTE_IN_SECONDS;
				if ( null !== $since && $since >= $floor ) {
					return $since;
				}
				self::set( $floor );
				Db::query( 'DELETE FROM {rt_minutes} WHERE kind IN (' . Lookups::ints( self::KINDS ) . ') AND minute < %d', array( intdiv( $floor, MINUTE_IN_SECONDS ) ) );
				Db::query( 'DELETE FROM {rt_sessions} WHERE last_ts < %d', array( $floor ) );
				return $floor;
			}
		);
	}

	/**
	 * Records the first second the summaries hold.
	 *
	 * @param int $since A minute's first second.
	 */
	private static function set( int $since ): void {
		Db::query( 'DELETE FROM {rt_minutes} WHERE kind = %d', array( self::SINCE ) );
		Db::insert_rows( 'rt_minutes', array( 'kind', 'minute', 'ghash', 'gkey', 'total', 'seconds' ), array( array( self::SINCE, intdiv( $since, MINUTE_IN_SECONDS ), '', '', 0, '' ) ) );
	}

	/**
	 * A session's key of a visitor kind.
	 *
	 * @param int                       $kind    A visitor kind.
	 * @param array<string, int|string> $session The session's columns.
	 */
	public static function key( int $kind, array $session ): string {
		$values = array();
		foreach ( self::VISITOR_KINDS[ $kind ] as $column ) {
			$values[] = (string) $session[ $column ];
		}
		return implode( self::SEPARATOR, $values );
	}

	/**
	 * A `seconds` column as second => count.
	 *
	 * @param string $seconds "second:count,…".
	 * @return array<int, int>
	 */
	public static function seconds( string $seconds ): array {
		$out = array();
		if ( '' === $seconds ) {
			return $out;
		}
		foreach ( explode( ',', $seconds ) as $pair ) {
			$colon                                   = (int) strpos( $pair, ':' );
			$out[ (int) substr( $pair, 0, $colon ) ] = (int) substr( $pair, $colon + 1 );
		}
		return $out;
	}

	/**
	 * Second => count as a `seconds` column (counts of 0 left out).
	 *
	 * @param array<int, int> $seconds The counts.
	 */
	private static function encode( array $seconds ): string {
		ksort( $seconds );
		$pairs = array();
		foreach ( $seconds as $second => $count ) {
			if ( 0 !== $count ) {
				$pairs[] = $second . ':' . $count;
			}
		}
		return implode( ',', $pairs );
	}

	/**
	 * The session columns an `rt_sessions` row keeps (the visitor kinds' keys are made of them).
	 */
	public const SESSION_COLUMNS = array( 'source_id', 'landing_path_id', 'campaign_id', 'country', 'region', 'city' );

	/**
	 * An `rt_sessions` row as a list of its values (visitor, last_ts, SESSION_COLUMNS), typed.
	 *
	 * @param array<int|string, int|string|null> $row The row's visitor, last hit and columns, in that order.
	 * @return array{visitor: int, last_ts: int, source_id: int, landing_path_id: int, campaign_id: int, country: string, region: string, city: string}
	 */
	public static function row( array $row ): array {
		$row = array_values( $row );
		return array(
			'visitor'         => (int) $row[0],
			'last_ts'         => (int) $row[1],
			'source_id'       => (int) $row[2],
			'landing_path_id' => (int) $row[3],
			'campaign_id'     => (int) $row[4],
			'country'         => (string) $row[5],
			'region'          => (string) $row[6],
			'city'            => (string) $row[7],
		);
	}

	/**
	 * The stored `rt_sessions` rows of visitors, by visitor and session id.
	 *
	 * @param int[] $visitors Visitor keys (sessions' `visitor`).
	 * @return array<int, array<int, array{visitor: int, last_ts: int, source_id: int, landing_path_id: int, campaign_id: int, country: string, region: string, city: string}>>
	 */
	public static function sessions_of( array $visitors ): array {
		$out = array();
		foreach ( array_chunk( array_values( array_unique( $visitors ) ), self::BATCH ) as $batch ) {
			foreach ( Db::lists( 'SELECT session_id, visitor, last_ts, ' . implode( ', ', self::SESSION_COLUMNS ) . ' FROM {rt_sessions} WHERE visitor IN (' . Lookups::ints( $batch ) . ')' ) as $row ) {
				$out[ (int) $row[1] ][ (int) $row[0] ] = self::row( array_slice( $row, 1 ) );
			}
		}
		return $out;
	}

	/**
	 * For each key of a visitor kind, the latest `last_ts` of the sessions with that key.
	 *
	 * @param int                                   $kind     A visitor kind.
	 * @param array<int, array<string, int|string>> $sessions Sessions with last_ts and the kind's columns.
	 * @return array<string, int>
	 */
	private static function latest( int $kind, array $sessions ): array {
		$out = array();
		foreach ( $sessions as $session ) {
			$key         = self::key( $kind, $session );
			$out[ $key ] = max( $out[ $key ] ?? 0, (int) $session['last_ts'] );
		}
		return $out;
	}

	/**
	 * Adds a chunk's stored hits from `since` on, inside the chunk's transaction (Ingest): its page
	 * views by minute, second and path; each session's latest hit (`rt_sessions`, with the columns
	 * of its keys as the chunk leaves them); and for each visitor of a changed session, each kind's
	 * keys whose latest hit moved (a later hit, or a landing path a late hit changed), from the
	 * minute and second of the former latest hit to the new one.
	 *
	 * @param Hit[]                                 $hits       The chunk's hits.
	 * @param array<int, int>                       $session_of Each hit's session id, by the hit's index.
	 * @param array<int, array<string, int|string>> $sessions   The sessions the chunk touched, as stored.
	 * @param array<string, int>                    $path_ids   Path => id.
	 */
	public function add( array $hits, array $session_of, array $sessions, array $path_ids ): void {
		// Delta per row: kind, minute, key => [count, second => count].
		$delta = array();
		$bump  = static function ( int $kind, int $ts, string $key, int $by ) use ( &$delta ): void {
			$minute = intdiv( $ts, MINUTE_IN_SECONDS );
			$id     = $kind . '|' . $minute . '|' . $key;
			if ( ! isset( $delta[ $id ] ) ) {
				$delta[ $id ] = array( $kind, $minute, $key, 0, array() );
			}
			$delta[ $id ][3]                           += $by;
			$delta[ $id ][4][ $ts % MINUTE_IN_SECONDS ] = ( $delta[ $id ][4][ $ts % MINUTE_IN_SECONDS ] ?? 0 ) + $by;
		};
		$last  = array();
		foreach ( $hits as $i => $hit ) {
			if ( $hit->ts < $this->since ) {
				continue;
			}
			if ( $hit->is_pageview() ) {
				$bump( self::VIEWS, $hit->ts, (string) $path_ids[ $hit->path ], 1 );
				$bump( self::VIEWS_ALL, $hit->ts, '', 1 );
			}
			$last[ $session_of[ $i ] ] = max( $last[ $session_of[ $i ] ] ?? 0, $hit->ts );
		}
		if ( array() === $last ) {
			return;
		}

		// The sessions of the touched sessions' visitors, before and after the chunk.
		$visitors = array();
		foreach ( $sessions as $session ) {
			$visitors[] = (int) $session['visitor'];
		}
		$before  = self::sessions_of( $visitors );
		$after   = $before;
		$changed = array();
		foreach ( $sessions as $id => $session ) {
			$visitor = (int) $session['visitor'];
			$stored  = $before[ $visitor ][ $id ] ?? null;
			if ( null === $stored && ! isset( $last[ $id ] ) ) {
				continue;
			}
			$row = self::row(
				array_merge(
					array( $visitor, max( $stored['last_ts'] ?? 0, $last[ $id ] ?? 0 ) ),
					array_map( static fn( string $column ) => $session[ $column ], self::SESSION_COLUMNS )
				)
			);
			if ( $row !== $stored ) {
				$after[ $visitor ][ $id ] = $row;
				$changed[ $visitor ][]    = array_merge( array( $id ), array_values( $row ) );
			}
		}
		foreach ( $changed as $visitor => $rows ) {
			foreach ( array_keys( self::VISITOR_KINDS ) as $kind ) {
				$was = self::latest( $kind, $before[ $visitor ] ?? array() );
				$now = self::latest( $kind, $after[ $visitor ] );
				foreach ( $was + $now as $key => $unused ) {
					$old = $was[ $key ] ?? null;
					$new = $now[ $key ] ?? null;
					if ( $old === $new ) {
						continue;
					}
					if ( null !== $old ) {
						$bump( $kind, $old, (string) $key, -1 );
					}
					if ( null !== $new ) {
						$bump( $kind, $new, (string) $key, 1 );
					}
				}
			}
		}
		$write = array() === $changed ? array() : array_merge( ...array_values( $changed ) );
		foreach ( array_chunk( $write, 1000 ) as $batch ) {
			Db::insert_rows( 'rt_sessions', array_merge( array( 'session_id', 'visitor', 'last_ts' ), self::SESSION_COLUMNS ), $batch, false, array_merge( array( 'last_ts' ), self::SESSION_COLUMNS ) );
		}

		// The rows the deltas change: held, or newer than any stored row of their kind, or read
		// by primary key; added to and written back.
		if ( null === $this->newest ) {
			$this->newest = array();
			foreach ( Db::lists( 'SELECT kind, MAX(minute) FROM {rt_minutes} WHERE kind IN (' . Lookups::ints( self::KINDS ) . ') GROUP BY kind' ) as $row ) {
				$this->newest[ (int) $row[0] ] = (int) $row[1];
			}
		}
		$read = array();
		foreach ( $delta as $entry ) {
			if ( ! isset( $this->held[ $entry[0] . '|' . $entry[1] . '|' . md5( $entry[2] ) ] ) && $entry[1] <= ( $this->newest[ $entry[0] ] ?? -1 ) ) {
				$read[] = $entry;
			}
		}
		if ( count( $this->held ) + count( $delta ) > self::HELD_ROWS ) {
			$this->held = array();
			$read       = array_filter( $delta, fn( array $entry ): bool => $entry[1] <= ( $this->newest[ $entry[0] ] ?? -1 ) );
		}
		foreach ( array_chunk( $read, self::BATCH ) as $batch ) {
			$tuples = array();
			foreach ( $batch as $entry ) {
				$tuples[] = Db::sql( '(%d,%d,%s)', array( $entry[0], $entry[1], md5( $entry[2] ) ) );
			}
			foreach ( Db::lists( 'SELECT kind, minute, ghash, total, seconds FROM {rt_minutes} WHERE (kind, minute, ghash) IN (' . implode( ',', $tuples ) . ')' ) as $row ) {
				$this->held[ $row[0] . '|' . $row[1] . '|' . $row[2] ] = array( (int) $row[3], self::seconds( (string) $row[4] ) );
			}
		}
		$write = array();
		foreach ( $delta as $entry ) {
			list( $kind, $minute, $key, $count, $seconds ) = $entry;
			$hash                = md5( $key );
			list( $total, $old ) = $this->held[ $kind . '|' . $minute . '|' . $hash ] ?? array( 0, array() );
			foreach ( $seconds as $second => $by ) {
				$old[ $second ] = ( $old[ $second ] ?? 0 ) + $by;
			}
			$this->held[ $kind . '|' . $minute . '|' . $hash ] = array( $total + $count, $old );
			$this->newest[ $kind ]                             = max( $this->newest[ $kind ] ?? -1, $minute );
			$write[] = array( $kind, $minute, $hash, $key, $total + $count, self::encode( $old ) );
		}
		foreach ( array_chunk( $write, 1000 ) as $batch ) {
			Db::insert_rows( 'rt_minutes', array( 'kind', 'minute', 'ghash', 'gkey', 'total', 'seconds' ), $batch, false, array( 'total', 'seconds' ) );
		}
	}
}
