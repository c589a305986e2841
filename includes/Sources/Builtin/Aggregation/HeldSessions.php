<?php
/**
 * The sessions an aggregation run holds.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * The stored sessions a run's chunks continue: read from the sessions table once a run by the
 * visitor keys of a chunk, kept in memory (at most HELD_SESSIONS of them, and the keys of those it
 * let go) for the chunks after it, handed to each chunk's Sessionizer, and written back by id.
 * Session ids are handed out here, under the run's lock (Ingest).
 */
final class HeldSessions {

	/**
	 * The columns of the sessions table: a session's columns but visitor_next, which the few
	 * sessions that have one keep in session_next.
	 */
	public const STORED_COLUMNS = array(
		'id',
		'visitor',
		'started_at',
		'last_seen_at',
		'day',
		'hour',
		'landing_path_id',
		'exit_path_id',
		'pageviews',
		'events',
		'interactive',
		'duration',
		'bounced',
		'engaged',
		'is_new',
		'source_id',
		'medium',
		'campaign_id',
		'channel',
		'click',
		'ua_id',
		'country',
		'region',
		'city',
	);

	/**
	 * A session's columns, as the sessionizer holds it: the sessions table's (STORED_COLUMNS) and
	 * its second visitor key, visitor_next (0 for none), from session_next.
	 */
	public const SESSION_COLUMNS = array( ...self::STORED_COLUMNS, 'visitor_next' );

	/**
	 * The text columns among them.
	 */
	public const SESSION_TEXT_COLUMNS = array( 'day', 'medium', 'channel', 'click', 'country', 'region', 'city' );

	/**
	 * Columns a later hit may change.
	 */
	private const SESSION_MUTABLE = array( 'started_at', 'last_seen_at', 'day', 'hour', 'landing_path_id', 'exit_path_id', 'pageviews', 'events', 'interactive', 'duration', 'bounced', 'engaged' );

	/**
	 * The row of the cursors table that keeps the next session id.
	 */
	public const NEXT_ID = '#next-session-id';

	/**
	 * Rows per INSERT statement.
	 */
	private const BATCH = 1000;

	/**
	 * Visitor keys per read of the sessions table. More than MySQL's and MariaDB's default
	 * eq_range_index_dive_limit (200), so the optimiser takes each key's rows from the index
	 * statistics instead of looking each key up twice (once to estimate, once to read). Each half
	 * names its index (Db::force_index()): session_next is small, and a scan of it can look cheaper
	 * than a thousand lookups; the sessions table's statistics lag behind a table that a backlog
	 * grows by hundreds of thousands of rows in one run, and with them a scan of it can look
	 * cheaper too.
	 */
	private const KEYS_PER_READ = 1000;

	/**
	 * Sessions a run keeps in memory at most (about 1.5 KB each).
	 */
	private const HELD_SESSIONS = 10000;

	/**
	 * Keys of sessions let go that a run remembers at most, per session it may hold (a key costs
	 * about 40 bytes, a session about 1.5 KB).
	 */
	private const GONE_KEYS_PER_HELD = 15;

	/**
	 * The next session id, or 0 before the first use.
	 *
	 * @var int
	 */
	private int $next_id = 0;

	/**
	 * Sessions this run read or wrote, by id, as the table holds them (the run holds the lock, so
	 * nothing else writes them). A rolled-back chunk ends the run, and this with it.
	 *
	 * @var array<int, array<string, int|string>>
	 */
	private array $sessions = array();

	/**
	 * For each visitor key this run holds whole: the ids of every stored session with that key as
	 * visitor or visitor_next.
	 *
	 * @var array<int, array<int, true>>
	 */
	private array $by_key = array();

	/**
	 * The keys of the sessions this run let go, with the last hit of each (let_go()): a later chunk
	 * looks them up, unless its hits come too late to join one (sessionizer()). At most
	 * GONE_KEYS_PER_HELD for each session it may hold.
	 *
	 * @var array<int, int>
	 */
	private array $gone = array();

	/**
	 * The same keys with the earliest start of those sessions: whether a visitor is new.
	 *
	 * @var array<int, int>
	 */
	private array $gone_first = array();

	/**
	 * Sessions held at most (HELD_SESSIONS, filtered).
	 *
	 * @var int
	 */
	private int $held;

	/**
	 * The last hit (Unix time) of the stored sessions this run neither holds nor remembers the
	 * keys of ($gone), or null before the first read (stored_until()).
	 *
	 * @var int|null
	 */
	private ?int $stored_until = null;

	/**
	 * A run's sessions.
	 *
	 * @param LocalTime $clock Site-local days and hours.
	 */
	public function __construct( private LocalTime $clock ) {
		/**
		 * Filters how many sessions an aggregation run keeps in memory at most (about 1.5 KB
		 * each), to continue them without reading them again.
		 *
		 * @param int $held 10,000 by default.
		 */
		$this->held = max( 1, (int) apply_filters( 'monsterinsights_reports_held_sessions', self::HELD_SESSIONS ) );
	}

	/**
	 * The id the next new session takes (0 before the first chunk).
	 */
	public function next_id(): int {
		return $this->next_id;
	}

	/**
	 * A sessionizer that knows every stored session of the chunk's visitor keys (keys live two days,
	 * so these are few): those this run already holds, the rest read from the table, once a run.
	 *
	 * A key that is not among those of the sessions this run let go ($gone), first used more than
	 * three days after the last hit of every other stored session it does not hold
	 * ($stored_until), can have no stored session, and is not looked for: its salt was made on the
	 * day of the hit or the day before (Collector\Salts), and a session that carries it has a hit
	 * with it, made since. Three days leave a margin for a day of 25 hours. So a backlog (an import,
	 * a run after an outage) reads the table only for its first days and for the visitors it has
	 * already seen, however many sessions a day the site has.
	 *
	 * Nor is a key of sessions it let go looked for when the chunk's hits with it all come too late
	 * to join one of them (more than Sessionizer::TIMEOUT after their last hit, PASSIVE_WINDOW for
	 * a passive hit): a visitor who comes back hours later. The key is then held without those
	 * sessions, and the earliest of their starts tells the sessionizer the visitor is not new. A
	 * later chunk with an earlier hit of the key reads them after all.
	 *
	 * @param array<int, int>  $keys    Visitor keys of the chunk => the time of their first hit in it.
	 * @param array<int, true> $passive The keys of the chunk's passive hits (Hit::is_passive()).
	 */
	public function sessionizer( array $keys, array $passive = array() ): Sessionizer {
		$missing = array();
		foreach ( $keys as $key => $ts ) {
			if ( isset( $this->by_key[ $key ], $this->gone[ $key ] ) && ! $this->too_late( $key, $ts, $passive ) ) {
				// Held without sessions it let go, one of which this hit may join: read them all.
				unset( $this->by_key[ $key ] );
			}
			if ( ! isset( $this->by_key[ $key ] ) ) {
				$missing[ $key ] = array();
			}
		}
		if ( array() !== $missing && count( $this->sessions ) + count( $missing ) > $this->held ) {
			// Bounded memory: first let go of the sessions no key of this chunk can reach, then, if
			// that is not enough, of the older half, then of them all; and read what this chunk
			// needs again.
			$horizon = min( $keys ) - 3 * DAY_IN_SECONDS;
			$this->let_go( $horizon );
			if ( count( $this->sessions ) + count( $missing ) > $this->held ) {
				// The older half: the sessions a next hit continues are the recent ones.
				$seen = array_column( $this->sessions, 'last_seen_at' );
				sort( $seen );
				$this->let_go( (int) $seen[ intdiv( count( $seen ), 2 ) ] );
			}
			if ( count( $this->sessions ) + count( $missing ) > $this->held ) {
				$this->let_go( PHP_INT_MAX );
			}
			$this->bound_gone( $horizon );
			$missing = array();
			foreach ( $keys as $key => $ts ) {
				if ( ! isset( $this->by_key[ $key ] ) ) {
					$missing[ $key ] = array();
				}
			}
		}
		if ( array() !== $missing ) {
			$stored_until = $this->stored_until();
			foreach ( $missing as $key => $ids ) {
				if ( $keys[ $key ] - 3 * DAY_IN_SECONDS > $stored_until && ( ! isset( $this->gone[ $key ] ) || $this->too_late( $key, $keys[ $key ], $passive ) ) ) {
					$this->by_key[ $key ] = array();
					unset( $missing[ $key ] );
				}
			}
		}
		if ( array() !== $missing ) {
			foreach ( self::stored_sessions( array_keys( $missing ) ) as $id => $stored ) {
				// A session this run holds is as the table holds it: this run wrote it.
				$session               = $this->sessions[ $id ] ?? $stored;
				$this->sessions[ $id ] = $session;
				foreach ( array( $session['visitor'], $session['visitor_next'] ) as $key ) {
					if ( isset( $missing[ $key ] ) ) {
						$missing[ $key ][ $id ] = true;
					}
				}
			}
			foreach ( $missing as $key => $ids ) {
				// Every session of the key is held now.
				$this->by_key[ $key ] = $ids;
				unset( $this->gone[ $key ], $this->gone_first[ $key ] );
			}
		}
		$rows = array();
		foreach ( $keys as $key => $ts ) {
			foreach ( $this->by_key[ $key ] as $id => $true ) {
				$rows[ $id ] = $this->sessions[ $id ];
			}
		}
		if ( 0 === $this->next_id ) {
			// Ids are never reused, not even those of compacted sessions: the run's high-water mark
			// is kept with the cursors (Aggregator), committed with each chunk.
			$this->next_id = max(
				1 + (int) Db::value( 'SELECT MAX(id) FROM {sessions}' ),
				(int) Db::value( 'SELECT position FROM {cursors} WHERE file = %s', array( self::NEXT_ID ) )
			);
		}
		// The earliest start of the sessions let go of the keys held without them.
		$first = array_intersect_key( $this->gone_first, $keys );
		return new Sessionizer( $rows, $this->clock, $this->next_id, $first );
	}

	/**
	 * Whether a hit with a key of sessions this run let go comes too late to join any of them.
	 *
	 * @param int              $key     The visitor key.
	 * @param int              $ts      The chunk's first hit with it.
	 * @param array<int, true> $passive The keys of the chunk's passive hits.
	 */
	private function too_late( int $key, int $ts, array $passive ): bool {
		return $ts > $this->gone[ $key ] + ( isset( $passive[ $key ] ) ? Sessionizer::PASSIVE_WINDOW : Sessionizer::TIMEOUT );
	}

	/**
	 * Lets go of the sessions whose last hit was before a time, and of the keys they carry (a key
	 * held whole must list every session of it): a later chunk that brings one of those keys reads
	 * its sessions from the table again.
	 *
	 * @param int $before Unix time.
	 */
	private function let_go( int $before ): void {
		$seen = array_column( $this->sessions, 'last_seen_at' );
		if ( array() === $seen || min( $seen ) >= $before ) {
			return;
		}
		$all      = max( $seen ) < $before;
		$unlisted = array();
		foreach ( $this->sessions as $id => $session ) {
			if ( $session['last_seen_at'] < $before ) {
				foreach ( array( $session['visitor'], $session['visitor_next'] ) as $key ) {
					if ( 0 !== $key ) {
						$this->forget( $key, $session );
						unset( $this->by_key[ $key ] );
						$unlisted[ $key ] = true;
					}
				}
				unset( $this->sessions[ $id ] );
			}
		}
		if ( $all ) {
			// The keys held whole without a session go too: nothing is left to add to them.
			$this->by_key = array();
			return;
		}
		// A key no longer held whole may still have sessions held: $gone covers them too, so that
		// sessionizer() never takes a hit as too late for a session it holds but no longer lists.
		foreach ( $this->sessions as $session ) {
			foreach ( array( $session['visitor'], $session['visitor_next'] ) as $key ) {
				if ( isset( $unlisted[ $key ] ) ) {
					$this->forget( $key, $session );
				}
			}
		}
	}

	/**
	 * Counts a session among those of a key the run no longer lists ($gone, $gone_first).
	 *
	 * @param int                       $key     The visitor key.
	 * @param array<string, int|string> $session The session.
	 */
	private function forget( int $key, array $session ): void {
		$this->gone[ $key ]       = max( $this->gone[ $key ] ?? 0, (int) $session['last_seen_at'] );
		$this->gone_first[ $key ] = min( $this->gone_first[ $key ] ?? PHP_INT_MAX, (int) $session['started_at'] );
	}

	/**
	 * Keeps the keys of the sessions let go (let_go()) within bounds: first drops those no key of
	 * the chunk can be (their last hit over three days before it), else all; the last hit of what
	 * it drops moves stored_until() up, so their keys are looked up again should they come back.
	 *
	 * @param int $horizon The chunk's first hit less three days.
	 */
	private function bound_gone( int $horizon ): void {
		if ( count( $this->gone ) <= self::GONE_KEYS_PER_HELD * $this->held ) {
			return;
		}
		// A key held without the sessions it let go (sessionizer()) is no longer held either: a later
		// chunk reads its sessions.
		$until = $this->stored_until();
		foreach ( $this->gone as $key => $last ) {
			if ( $last < $horizon ) {
				$until = max( $until, $last );
				unset( $this->gone[ $key ], $this->gone_first[ $key ], $this->by_key[ $key ] );
			}
		}
		if ( count( $this->gone ) > self::GONE_KEYS_PER_HELD * $this->held ) {
			$until = max( $until, ...array_values( $this->gone ) );
			foreach ( $this->gone as $key => $last ) {
				unset( $this->by_key[ $key ] );
			}
			$this->gone       = array();
			$this->gone_first = array();
		}
		$this->stored_until = $until;
	}

	/**
	 * The last hit of the stored sessions this run neither holds nor remembers the keys of: at the
	 * run's start, the last of the table's; later, also that of the keys it stopped remembering
	 * (bound_gone()).
	 */
	private function stored_until(): int {
		$this->stored_until ??= (int) Db::value( 'SELECT MAX(last_seen_at) FROM {sessions}' );
		return $this->stored_until;
	}

	/**
	 * Every stored session with one of the visitor keys as its visitor or visitor_next, as the
	 * sessionizer holds it (SESSION_COLUMNS, integer columns as integers), by id.
	 *
	 * @param int[] $keys Visitor keys.
	 * @return array<int, array<string, int|string>>
	 */
	public static function stored_sessions( array $keys ): array {
		$by_visitor = array();
		$by_next    = array();
		foreach ( self::SESSION_COLUMNS as $column ) {
			$by_visitor[] = 'visitor_next' === $column ? 'COALESCE(n.visitor_next, 0)' : 's.' . $column;
			$by_next[]    = 'visitor_next' === $column ? 'n.visitor_next' : 's.' . $column;
		}
		$text = array_keys( array_intersect( self::SESSION_COLUMNS, self::SESSION_TEXT_COLUMNS ) );
		$out  = array();
		foreach ( array_chunk( $keys, self::KEYS_PER_READ ) as $batch ) {
			// Each half on its own index (an OR of the two can make the optimiser scan).
			$list = Lookups::ints( $batch );
			$sql  = 'SELECT ' . implode( ', ', $by_visitor ) . ' FROM {sessions} s' . Db::force_index( 'visitor' ) . ' LEFT JOIN {session_next} n ON n.session_id = s.id WHERE s.visitor IN (' . $list . ')'
				. ' UNION ALL SELECT ' . implode( ', ', $by_next ) . ' FROM {session_next} n' . Db::force_index( 'visitor_next' ) . ' JOIN {sessions} s ON s.id = n.session_id WHERE n.visitor_next IN (' . $list . ')';
			foreach ( Db::int_lists( $sql, array(), $text ) as $row ) {
				$out[ (int) $row[0] ] = array_combine( self::SESSION_COLUMNS, $row );
			}
		}
		return $out;
	}

	/**
	 * Deletes the second visitor keys of sessions no longer stored (after compaction or pruning
	 * deleted sessions).
	 *
	 * @return int Rows deleted.
	 */
	public static function forget_deleted_next_keys(): int {
		return Db::query( 'DELETE FROM {session_next} WHERE session_id NOT IN (SELECT id FROM {sessions})' );
	}

	/**
	 * Keeps the sessions a chunk wrote, for the next chunks: under the keys this run holds whole.
	 *
	 * @param array<int, array<string, int|string>> $sessions By id.
	 */
	public function hold( array $sessions ): void {
		foreach ( $sessions as $id => $session ) {
			$this->sessions[ $id ] = $session;
			foreach ( array( $session['visitor'], $session['visitor_next'] ) as $key ) {
				if ( 0 !== $key && isset( $this->by_key[ $key ] ) ) {
					$this->by_key[ $key ][ $id ] = true;
				}
			}
		}
	}

	/**
	 * Upserts sessions by id; the ids that new sessions took are used up.
	 *
	 * @param array<int, array<string, int|string>> $sessions By id.
	 */
	public function save( array $sessions ): void {
		$rows = array();
		$next = array();
		foreach ( $sessions as $id => $session ) {
			$row = array();
			foreach ( self::STORED_COLUMNS as $column ) {
				$row[] = $session[ $column ];
			}
			$rows[] = $row;
			if ( 0 !== $session['visitor_next'] ) {
				$next[] = array( $id, $session['visitor_next'] );
			}
			$this->next_id = max( $this->next_id, $id + 1 );
		}
		foreach ( array_chunk( $rows, self::BATCH ) as $batch ) {
			Db::insert_rows( 'sessions', self::STORED_COLUMNS, $batch, false, self::SESSION_MUTABLE, true );
		}
		foreach ( array_chunk( $next, self::BATCH ) as $batch ) {
			Db::insert_rows( 'session_next', array( 'session_id', 'visitor_next' ), $batch, false, array( 'visitor_next' ), true );
		}
	}
}
