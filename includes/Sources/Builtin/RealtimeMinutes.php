<?php
/**
 * Per-minute summaries of the recent hits, written by the aggregation for Real-Time.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

defined( 'ABSPATH' ) || exit;

/**
 * What Real-Time reads instead of every hit of the last hour (Realtime): small rows per Unix minute
 * (UTC, whatever the site's zone), written by each aggregation chunk in its transaction, with the
 * raw rows and the file's cursor, and kept for KEEP seconds.
 *
 * - `rt_minutes`: one row per kind, minute and key, with a count (`total`) and the count of each second of
 *   the minute (`seconds`, "second:count,…"): a query's minutes count back from any `now`, so a
 *   minute of the clock is cut at `now`'s second, and the seconds say on which side each hit is.
 *   Kinds: VIEWS (page views by path), VIEWS_ALL (page views of the site), and four kinds of
 *   visitors by what Real-Time groups them by (USERS: none; REFERRALS: source, landing path and
 *   campaign of the session; COUNTRIES; CITIES: country, region and city). A visitor kind's row
 *   counts the visitors (with that key) whose latest hit is in the minute, at those seconds.
 * - `rt_visitors`: each visitor's latest hit per kind and key (the session's `visitor`, as the raw
 *   answer counts them), read to move a visitor from the minute of their previous latest hit to
 *   the new one, so the visitors of a key active since any second are the sum of its rows from
 *   that second on: exact, without reading a row per visitor or per hit.
 *
 * The trade-off of "latest hit": it answers "visitors with a hit from second S on" exactly, which
 * is every window that ends at the newest stored hit or later (Real-Time's windows end now).
 * A window that ends earlier than a stored hit (a query about minutes 29 to 5, or a `now` frozen
 * in the past) and a grouping that is not one of the kinds are answered from the raw rows, as
 * before. So is every window that starts before `since()`: the summaries hold every stored hit
 * from that second on, and nothing older.
 *
 * A session's source, medium, campaign, place and visitor never change; its landing path changes
 * when a hit older than its first one arrives late. Such a session's visitor would stay counted
 * under its former landing path until that hit is older than an hour, so the aggregation records
 * the time of the latest hit then (DIRTY_ID), and referral counts of windows that start before
 * it are answered from the raw rows.
 */
final class RealtimeMinutes {

	/**
	 * Seconds of hits kept, back from the aggregation's time.
	 */
	public const KEEP = 7200;

	/**
	 * The cursors row whose position is the first second the summaries hold (a minute's start).
	 */
	public const SINCE_ID = '#realtime-since';

	/**
	 * The cursors row whose position is the latest hit time when a stored session's landing path
	 * changed.
	 */
	public const DIRTY_ID = '#realtime-dirty';

	public const USERS     = 0;
	public const REFERRALS = 1;
	public const COUNTRIES = 2;
	public const CITIES    = 3;
	public const VIEWS     = 4;
	public const VIEWS_ALL = 5;

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
		$value = Db::value( 'SELECT position FROM {cursors} WHERE file = %s', array( self::SINCE_ID ) );
		return null === $value ? null : (int) $value;
	}

	/**
	 * The latest hit time when a stored session's landing path changed (0 for never).
	 */
	public static function dirty(): int {
		return (int) Db::value( 'SELECT position FROM {cursors} WHERE file = %s', array( self::DIRTY_ID ) );
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
		self::set( self::SINCE_ID, $since );
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
				self::set( self::SINCE_ID, $floor );
				Db::query( 'DELETE FROM {rt_minutes} WHERE minute < %d', array( intdiv( $floor, MINUTE_IN_SECONDS ) ) );
				Db::query( 'DELETE FROM {rt_visitors} WHERE last_ts < %d', array( $floor ) );
				return $floor;
			}
		);
	}

	/**
	 * Writes a cursors row.
	 *
	 * @param string $id    The row.
	 * @param int    $value Its position.
	 */
	private static function set( string $id, int $value ): void {
		Db::insert_rows( 'cursors', array( 'file', 'position', 'days' ), array( array( $id, $value, '' ) ), false, array( 'position' ) );
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
	 * Adds a chunk's stored hits from `since` on: its page views by minute, second and path, and
	 * its visitors' latest hits by kind and key. Inside the chunk's transaction (Ingest).
	 *
	 * @param Hit[]                                 $hits       The chunk's hits.
	 * @param array<int, int>                       $session_of Each hit's session id, by the hit's index.
	 * @param array<int, array<string, int|string>> $sessions   The sessions the chunk touched, as stored.
	 * @param array<string, int>                    $path_ids   Path => id.
	 * @param array<int, int>                       $landing    The landing path of each stored session before the chunk, by id.
	 */
	public function add( array $hits, array $session_of, array $sessions, array $path_ids, array $landing ): void {
		// Delta per row: kind, minute, key => [count, second => count].
		$delta  = array();
		$latest = array();
		$last   = 0;
		$bump   = static function ( int $kind, int $ts, string $key, int $by ) use ( &$delta ): void {
			$minute = intdiv( $ts, MINUTE_IN_SECONDS );
			$id     = $kind . '|' . $minute . '|' . $key;
			if ( ! isset( $delta[ $id ] ) ) {
				$delta[ $id ] = array( $kind, $minute, $key, 0, array() );
			}
			$delta[ $id ][3]                           += $by;
			$delta[ $id ][4][ $ts % MINUTE_IN_SECONDS ] = ( $delta[ $id ][4][ $ts % MINUTE_IN_SECONDS ] ?? 0 ) + $by;
		};
		foreach ( $hits as $i => $hit ) {
			if ( $hit->ts < $this->since ) {
				continue;
			}
			$last = max( $last, $hit->ts );
			if ( $hit->is_pageview() ) {
				$bump( self::VIEWS, $hit->ts, (string) $path_ids[ $hit->path ], 1 );
				$bump( self::VIEWS_ALL, $hit->ts, '', 1 );
			}
			$session = $sessions[ $session_of[ $i ] ];
			$visitor = (int) $session['visitor'];
			foreach ( array_keys( self::VISITOR_KINDS ) as $kind ) {
				$key = self::key( $kind, $session );
				$id  = $visitor . '|' . $kind . '|' . md5( $key );
				if ( ! isset( $latest[ $id ] ) || $latest[ $id ][3] < $hit->ts ) {
					$latest[ $id ] = array( $visitor, $kind, $key, $hit->ts );
				}
			}
		}
		if ( 0 === $last ) {
			return;
		}
		foreach ( $sessions as $id => $session ) {
			if ( isset( $landing[ $id ] ) && $landing[ $id ] !== (int) $session['landing_path_id'] ) {
				self::set( self::DIRTY_ID, max( self::dirty(), $last, (int) $session['last_seen_at'] ) );
			}
		}

		// Each visitor moves from the minute of their previous latest hit to the new one.
		$stored = array();
		foreach ( array_chunk( array_values( array_unique( array_column( $latest, 0 ) ) ), self::BATCH ) as $batch ) {
			foreach ( Db::lists( 'SELECT visitor, kind, ghash, last_ts FROM {rt_visitors} WHERE visitor IN (' . Lookups::ints( $batch ) . ')' ) as $row ) {
				$stored[ $row[0] . '|' . $row[1] . '|' . $row[2] ] = (int) $row[3];
			}
		}
		$visitors = array();
		foreach ( $latest as $id => $entry ) {
			list( $visitor, $kind, $key, $ts ) = $entry;
			$before                            = $stored[ $id ] ?? null;
			if ( null !== $before && $before >= $ts ) {
				continue;
			}
			if ( null !== $before && $before >= $this->since ) {
				$bump( $kind, $before, $key, -1 );
			}
			$bump( $kind, $ts, $key, 1 );
			$visitors[] = array( $visitor, $kind, md5( $key ), $ts );
		}
		foreach ( array_chunk( $visitors, 1000 ) as $batch ) {
			Db::insert_rows( 'rt_visitors', array( 'visitor', 'kind', 'ghash', 'last_ts' ), $batch, false, array( 'last_ts' ) );
		}

		// The rows the deltas change, read by primary key, added to and written back.
		$rows = array();
		foreach ( array_chunk( array_values( $delta ), self::BATCH ) as $batch ) {
			$tuples = array();
			foreach ( $batch as $entry ) {
				$tuples[] = Db::sql( '(%d,%d,%s)', array( $entry[0], $entry[1], md5( $entry[2] ) ) );
			}
			foreach ( Db::lists( 'SELECT kind, minute, ghash, total, seconds FROM {rt_minutes} WHERE (kind, minute, ghash) IN (' . implode( ',', $tuples ) . ')' ) as $row ) {
				$rows[ $row[0] . '|' . $row[1] . '|' . $row[2] ] = array( (int) $row[3], self::seconds( (string) $row[4] ) );
			}
		}
		$write = array();
		foreach ( $delta as $entry ) {
			list( $kind, $minute, $key, $count, $seconds ) = $entry;
			$hash                = md5( $key );
			list( $total, $old ) = $rows[ $kind . '|' . $minute . '|' . $hash ] ?? array( 0, array() );
			foreach ( $seconds as $second => $by ) {
				$old[ $second ] = ( $old[ $second ] ?? 0 ) + $by;
			}
			$write[] = array( $kind, $minute, $hash, $key, $total + $count, self::encode( $old ) );
		}
		foreach ( array_chunk( $write, 1000 ) as $batch ) {
			Db::insert_rows( 'rt_minutes', array( 'kind', 'minute', 'ghash', 'gkey', 'total', 'seconds' ), $batch, false, array( 'total', 'seconds' ) );
		}
	}
}
