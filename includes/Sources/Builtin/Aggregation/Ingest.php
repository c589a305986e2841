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
 * One Ingest serves one aggregation run (its HeldSessions hand out session ids under the run's
 * lock).
 */
final class Ingest {

	/**
	 * Rows per INSERT statement.
	 */
	private const BATCH = 1000;

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
	 * The sessions this run holds, and the ids it hands out.
	 *
	 * @var HeldSessions
	 */
	private HeldSessions $sessions;

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
		$this->sessions  = new HeldSessions( $clock );
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
		return $this->sessions->next_id();
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

		$sessionizer = $this->sessions->sessionizer( $keys, $passive );
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
		$this->sessions->save( $touched );
		$this->minutes?->add( $hits, $session_of, $touched, $path_ids );
		$this->sessions->hold( $touched );
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
}
