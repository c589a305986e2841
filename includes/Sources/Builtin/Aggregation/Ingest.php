<?php
/**
 * Writes one chunk of buffer lines to the raw tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * One chunk, meant to run inside one transaction together with the file's cursor (Aggregator):
 * 1. parse the lines (a malformed one is counted and skipped; a hit id seen twice in the run is a
 *    duplicate);
 * 2. drop hits older than the retention period, and hits of compacted days whose rollups are final
 *    (their raw rows are gone, so they must never be recomputed);
 * 3. resolve paths, sources, campaigns and user agents to ids (remembered for the whole run);
 * 4. assign the hits, in time order, to sessions and upsert the sessions they touched;
 * 5. insert the page views and events, and add the recent ones to Real-Time's per-minute
 *    summaries (RealtimeMinutes).
 * Crash safety does not rest on hit ids: the chunk and the file position after it commit together,
 * so a file read again after a crash resumes after the last committed chunk.
 *
 * One Ingest serves one aggregation run (it hands out session ids under the run's lock).
 */
final class Ingest {

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
	 * Lookup ids known to this run, by kind and value. Filled only from committed chunks' lookups
	 * or rows read from the tables: a rolled-back chunk ends the run.
	 *
	 * @var array<string, array<string, int>>
	 */
	private array $known = array(
		'paths'       => array(),
		'sources'     => array(),
		'campaigns'   => array(),
		'user_agents' => array(),
	);

	/**
	 * Acquisitions by their inputs.
	 *
	 * @var array<string, Acquisition>
	 */
	private array $acquisitions = array();

	/**
	 * The acquisition of a hit that says nothing of where it came from, once known.
	 *
	 * @var Acquisition|null
	 */
	private ?Acquisition $direct = null;

	/**
	 * Hit ids seen in this run.
	 *
	 * @var array<string, true>
	 */
	private array $seen = array();

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
	 * The first day with raw rows (Compaction).
	 *
	 * @var string
	 */
	private string $compacted;

	/**
	 * Compacted days seen, and whether their rollups are final.
	 *
	 * @var array<string, bool>
	 */
	private array $final = array();

	/**
	 * A chunk writer.
	 *
	 * @param LocalTime            $clock   Site-local days and hours.
	 * @param string               $oldest  The oldest local day still kept (Y-m-d); older hits are dropped.
	 * @param RealtimeMinutes|null $minutes Real-Time's per-minute summaries, written with each chunk; none without.
	 */
	public function __construct( private LocalTime $clock, private string $oldest, private ?RealtimeMinutes $minutes = null ) {
		/**
		 * Filters how many sessions an aggregation run keeps in memory at most (about 1.5 KB
		 * each), to continue them without reading them again.
		 *
		 * @param int $held 10,000 by default.
		 */
		$this->held      = max( 1, (int) apply_filters( 'monsterinsights_reports_held_sessions', self::HELD_SESSIONS ) );
		$this->compacted = Compaction::compacted_before();
	}

	/**
	 * Whether a hit's day can still take hits: inside the retention period, and not a compacted day
	 * whose rollups are final.
	 *
	 * @param string $day Y-m-d.
	 */
	private function open_day( string $day ): bool {
		if ( $day < $this->oldest ) {
			return false;
		}
		if ( $day >= $this->compacted ) {
			return true;
		}
		$this->final[ $day ] ??= Compaction::is_final( $day, $this->compacted );
		return ! $this->final[ $day ];
	}

	/**
	 * Processes lines.
	 *
	 * @param string[] $lines Buffer lines.
	 */
	public function chunk( array $lines ): AggregationResult {
		return $this->write_parsed( $this->parse( $lines ) );
	}

	/**
	 * Parses lines, the part of a chunk that needs no database (but for a hit of a compacted day):
	 * the Aggregator parses the next chunk while the database still writes the one before.
	 *
	 * @param string[] $lines Buffer lines.
	 * @return array{0: AggregationResult, 1: Hit[]} The chunk's result so far, and its new hits in time order.
	 */
	public function parse( array $lines ): array {
		$result = new AggregationResult();
		$hits   = array();
		// Whether each quarter hour's day is open (local days start on a quarter hour, LocalTime).
		$open = array();
		foreach ( $lines as $line ) {
			// The previous chunk's writes go out one by one meanwhile.
			if ( 0 === ++$result->lines % 64 ) {
				Db::pump();
			}
			$hit = Hit::from_line( $line );
			if ( null === $hit ) {
				++$result->malformed;
				continue;
			}
			if ( isset( $this->seen[ $hit->id ] ) ) {
				++$result->duplicates;
				continue;
			}
			$this->seen[ $hit->id ] = true;
			$quarter                = intdiv( $hit->ts, 900 );
			$open[ $quarter ]     ??= $this->open_day( $this->clock->day( $hit->ts ) );
			if ( ! $open[ $quarter ] ) {
				++$result->expired;
				continue;
			}
			$hits[] = $hit;
		}
		if ( count( $this->seen ) > 200000 ) {
			$this->seen = array();
		}
		return array( $result, array() === $hits ? array() : Hit::in_order( $hits ) );
	}

	/**
	 * Writes parsed lines (parse()). Its last statement may still be running when it returns
	 * (Db::insert_rows()'s $async): the next statement in the transaction waits for it, and its
	 * error surfaces there.
	 *
	 * @param array{0: AggregationResult, 1: Hit[]} $parsed What parse() returned.
	 */
	public function write_parsed( array $parsed ): AggregationResult {
		list( $result, $hits ) = $parsed;
		if ( array() !== $hits ) {
			$this->write( $hits, $result );
		}
		return $result;
	}

	/**
	 * The id the next new session takes (0 before the first chunk).
	 */
	public function next_id(): int {
		return $this->next_id;
	}

	/**
	 * Remembers the hit of a line already stored (the part of a file before its cursor, read again
	 * after a crash or a time budget), so that a repeat of it later in the file is a duplicate.
	 *
	 * @param string $line A buffer line.
	 */
	public function remember( string $line ): void {
		if ( 1 === preg_match( '/"id":"([0-9a-fA-F]{32})"/', $line, $match ) ) {
			$this->seen[ strtolower( $match[1] ) ] = true;
		}
	}

	/**
	 * Resolves, sessionizes and writes new hits.
	 *
	 * @param Hit[]             $hits   New hits, in time order.
	 * @param AggregationResult $result The chunk's result.
	 */
	private function write( array $hits, AggregationResult $result ): void {
		$paths        = array();
		$agents       = array();
		$sources      = array();
		$campaigns    = array();
		$acquisitions = array();
		$campaign_of  = array();
		$keys         = array();
		$passive      = array();
		foreach ( $hits as $i => $hit ) {
			$paths[ $hit->path ] = max( $paths[ $hit->path ] ?? 0, $hit->object );
			$agents[ $hit->ua ]  = $hit->ua;
			$acq                 = $this->acquisition( $hit );
			$acquisitions[ $i ]  = $acq;
			if ( ! isset( $sources[ $acq->source ] ) ) {
				$sources[ $acq->source ] = $acq->category;
			}
			$campaign_hash     = $acq->campaign_hash();
			$campaign_of[ $i ] = $campaign_hash;
			if ( '' !== $campaign_hash ) {
				$campaigns[ $campaign_hash ] = $acq->campaign;
			}
			// Each key's first hit in the chunk (the hits are in time order).
			$keys[ $hit->visitor ] ??= $hit->ts;
			if ( 0 !== $hit->previous ) {
				$keys[ $hit->previous ] ??= $hit->ts;
			}
			if ( $hit->is_passive() ) {
				$passive[ $hit->visitor ]  = true;
				$passive[ $hit->previous ] = true;
			}
		}
		$path_ids     = $this->lookup( 'paths', $paths, true );
		$ua_ids       = $this->lookup( 'user_agents', $agents );
		$source_ids   = $this->lookup( 'sources', $sources );
		$campaign_ids = $this->lookup( 'campaigns', $campaigns );

		$sessionizer = $this->sessionizer( $keys, $passive );
		$session_of  = array();
		$quarters    = array();
		foreach ( $hits as $i => $hit ) {
			$acq                                 = $acquisitions[ $i ];
			$session_of[ $i ]                    = $sessionizer->add(
				$hit,
				array(
					'path_id'     => $path_ids[ $hit->path ],
					'ua_id'       => $ua_ids[ $hit->ua ],
					'source_id'   => $source_ids[ $acq->source ],
					'campaign_id' => $campaign_ids[ $campaign_of[ $i ] ] ?? 0,
				),
				$acq
			);
			$quarters[ intdiv( $hit->ts, 900 ) ] = $hit->ts;
		}
		// The hits' days: one a quarter hour (local days start on a quarter hour, LocalTime).
		foreach ( $quarters as $ts ) {
			$result->add_day( $this->clock->day( $ts ) );
		}

		// Each write is sent without waiting for it (Db::insert_rows()'s $async): the database
		// stores the sessions while PHP builds the page views, and so on.
		$touched = $sessionizer->touched();
		$this->save_sessions( $touched );
		$this->minutes?->add( $hits, $session_of, $touched, $path_ids );
		$this->hold( $touched );
		foreach ( $sessionizer->days() as $day ) {
			$result->add_day( $day );
		}
		$result->add_sessions( array_keys( $touched ) );

		$pageviews = array();
		$events    = array();
		foreach ( $hits as $i => $hit ) {
			if ( 0 === $i % 64 ) {
				Db::pump();
			}
			if ( 0 === $session_of[ $i ] ) {
				// A passive hit without a session (Sessionizer::add()): kept nowhere.
				continue;
			}
			if ( $hit->is_pageview() ) {
				list( $day, $hour ) = $this->clock->day_hour( $hit->ts );
				$pageviews[]        = array( $session_of[ $i ], $hit->ts, $day, $hour, $path_ids[ $hit->path ], $hit->role );
			} else {
				$events[] = $i;
			}
		}
		foreach ( array_chunk( $pageviews, self::BATCH ) as $batch ) {
			Db::insert_rows( 'pageviews', array( 'session_id', 'ts', 'day', 'hour', 'path_id', 'role' ), $batch, false, array(), true );
		}
		foreach ( array_chunk( $events, self::BATCH ) as $batch ) {
			$rows = array();
			foreach ( $batch as $i ) {
				$hit = $hits[ $i ];
				// The props came from json_decode(), so they encode without wp_json_encode()'s checks.
				$rows[] = array( $session_of[ $i ], $hit->ts, $this->clock->day( $hit->ts ), $hit->name, $path_ids[ $hit->path ], (string) json_encode( $hit->props, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
			}
			Db::insert_rows( 'events', array( 'session_id', 'ts', 'day', 'name', 'path_id', 'props' ), $rows, false, array(), true );
		}
		$result->processed += count( $hits );
	}

	/**
	 * A hit's acquisition, computed once per distinct referrer, UTM set and click id.
	 *
	 * @param Hit $hit The hit.
	 */
	private function acquisition( Hit $hit ): Acquisition {
		if ( ! $hit->has_acquisition() ) {
			// No referrer, campaign nor click id: direct, whatever its term and content.
			$this->direct ??= Acquisition::of( $hit );
			return $this->direct;
		}
		$key = $hit->referrer . "\n" . implode( "\n", $hit->utm ) . "\n" . $hit->click;
		if ( ! isset( $this->acquisitions[ $key ] ) ) {
			if ( count( $this->acquisitions ) > 5000 ) {
				$this->acquisitions = array();
			}
			$this->acquisitions[ $key ] = Acquisition::of( $hit );
		}
		return $this->acquisitions[ $key ];
	}

	/**
	 * Ids of lookup values: those this run knows, and the rest from Lookups.
	 *
	 * @param string               $kind    The lookup table (and Lookups' resolver of the same name).
	 * @param array<string, mixed> $values  Value => what Lookups needs for it.
	 * @param bool                 $objects Whether a value carries an object id learnt later (paths).
	 * @return array<string, int>
	 */
	private function lookup( string $kind, array $values, bool $objects = false ): array {
		$ids     = array();
		$missing = array();
		foreach ( $values as $value => $data ) {
			$value = (string) $value;
			$known = $this->known[ $kind ][ $value ] ?? null;
			if ( null === $known || ( $objects && (int) $data > 0 && ! isset( $this->known[ $kind . ':object' ][ $value ] ) ) ) {
				$missing[ $value ] = $data;
				continue;
			}
			$ids[ $value ] = $known;
		}
		if ( array() !== $missing ) {
			if ( 'user_agents' === $kind ) {
				$missing = array_values( $missing );
			}
			$resolved = match ( $kind ) {
				'paths'       => Lookups::paths( $missing ),
				'user_agents' => Lookups::user_agents( $missing ),
				'sources'     => Lookups::sources( $missing ),
				default       => Lookups::campaigns( $missing ),
			};
			foreach ( $resolved as $value => $id ) {
				$value                          = (string) $value;
				$ids[ $value ]                  = (int) $id;
				$this->known[ $kind ][ $value ] = (int) $id;
				if ( $objects && (int) ( $missing[ $value ] ?? 0 ) > 0 ) {
					$this->known[ $kind . ':object' ][ $value ] = (int) $id;
				}
			}
			if ( count( $this->known[ $kind ] ) > 50000 ) {
				$this->known[ $kind ] = array();
			}
		}
		return $ids;
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
	private function sessionizer( array $keys, array $passive = array() ): Sessionizer {
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
	private function hold( array $sessions ): void {
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
	private function save_sessions( array $sessions ): void {
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
