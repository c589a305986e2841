<?php
/**
 * Writes one chunk of buffer lines to the raw tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

defined( 'ABSPATH' ) || exit;

/**
 * One chunk, meant to run inside one transaction:
 * 1. parse the lines (a malformed one is counted and skipped);
 * 2. skip every hit whose id is already stored (a chunk committed before a crash), and hits older
 *    than the retention period (their days' rollups must not be recomputed from pruned rows);
 * 3. resolve paths, sources, campaigns and user agents to ids;
 * 4. assign the hits, in time order, to sessions and upsert the sessions they touched;
 * 5. insert the page views and events (INSERT IGNORE on the unique hit id).
 * It returns the days whose rollups must be recomputed, including the days of the skipped hits, so
 * a file re-read after a crash recomputes what the crash left stale.
 */
final class Ingest {

	/**
	 * Columns of a session row, id aside.
	 */
	public const SESSION_COLUMNS = array(
		'first_hit',
		'visitor',
		'visitor_next',
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
	 * The text columns among them.
	 */
	public const SESSION_TEXT_COLUMNS = array( 'first_hit', 'visitor', 'visitor_next', 'day', 'medium', 'channel', 'click', 'country', 'region', 'city' );

	/**
	 * Columns a later hit may change.
	 */
	private const SESSION_MUTABLE = array( 'visitor_next', 'started_at', 'last_seen_at', 'day', 'hour', 'landing_path_id', 'exit_path_id', 'pageviews', 'events', 'interactive', 'duration', 'bounced', 'engaged' );

	/**
	 * A chunk writer.
	 *
	 * @param LocalTime $clock  Site-local days and hours.
	 * @param string    $oldest The oldest local day still kept (Y-m-d); older hits are dropped.
	 */
	public function __construct( private LocalTime $clock, private string $oldest ) {
	}

	/**
	 * Processes lines.
	 *
	 * @param string[] $lines Buffer lines.
	 */
	public function chunk( array $lines ): AggregationResult {
		$result = new AggregationResult();
		$hits   = array();
		foreach ( $lines as $line ) {
			++$result->lines;
			$hit = Hit::from_line( $line );
			if ( null === $hit ) {
				++$result->malformed;
				continue;
			}
			if ( isset( $hits[ $hit->id ] ) ) {
				++$result->duplicates;
				continue;
			}
			if ( $this->clock->day( $hit->ts ) < $this->oldest ) {
				++$result->expired;
				continue;
			}
			$hits[ $hit->id ] = $hit;
		}
		if ( array() === $hits ) {
			return $result;
		}

		$present = $this->present( array_keys( $hits ), $result );
		foreach ( $present as $id ) {
			unset( $hits[ $id ] );
			++$result->duplicates;
		}
		if ( array() === $hits ) {
			return $result;
		}

		usort(
			$hits,
			static fn( Hit $a, Hit $b ): int => array( $a->ts, $a->id ) <=> array( $b->ts, $b->id )
		);
		$this->write( $hits, $result );
		return $result;
	}

	/**
	 * Ids of hits already stored; their days (and their sessions' days) go into the result.
	 *
	 * @param string[]          $ids    Hit ids.
	 * @param AggregationResult $result The chunk's result.
	 * @return string[]
	 */
	private function present( array $ids, AggregationResult $result ): array {
		$list    = implode( ',', array_fill( 0, count( $ids ), '%s' ) );
		$present = array();
		foreach ( array( 'pageviews', 'events' ) as $table ) {
			$rows = Db::rows(
				'SELECT h.hit_id AS hit_id, h.day AS day, s.day AS session_day FROM {' . $table . '} h LEFT JOIN {sessions} s ON s.id = h.session_id WHERE h.hit_id IN (' . $list . ')',
				$ids
			);
			foreach ( $rows as $row ) {
				$present[] = (string) $row['hit_id'];
				$result->add_day( (string) $row['day'] );
				if ( null !== $row['session_day'] ) {
					$result->add_day( (string) $row['session_day'] );
				}
			}
		}
		return $present;
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
		$keys         = array();
		foreach ( $hits as $hit ) {
			$paths[ $hit->path ]      = max( $paths[ $hit->path ] ?? 0, $hit->object );
			$agents[ $hit->ua ]       = $hit->ua;
			$acq                      = Acquisition::of( $hit );
			$acquisitions[ $hit->id ] = $acq;
			$sources[ $acq->source ]  = $acq->category;
			if ( '' !== $acq->campaign_hash() ) {
				$campaigns[ $acq->campaign_hash() ] = $acq->campaign;
			}
			$keys[ $hit->visitor ] = true;
			if ( '' !== $hit->previous ) {
				$keys[ $hit->previous ] = true;
			}
		}
		$path_ids     = Lookups::paths( $paths );
		$ua_ids       = Lookups::user_agents( array_values( $agents ) );
		$source_ids   = Lookups::sources( $sources );
		$campaign_ids = Lookups::campaigns( $campaigns );

		$sessionizer = $this->sessionizer( array_keys( $keys ), $hits[0]->ts );
		$session_of  = array();
		foreach ( $hits as $hit ) {
			$acq                    = $acquisitions[ $hit->id ];
			$session_of[ $hit->id ] = $sessionizer->add(
				$hit,
				array(
					'path_id'     => $path_ids[ $hit->path ],
					'ua_id'       => $ua_ids[ $hit->ua ],
					'source_id'   => $source_ids[ $acq->source ],
					'campaign_id' => $campaign_ids[ $acq->campaign_hash() ] ?? 0,
				),
				$acq
			);
			$result->add_day( $this->clock->day( $hit->ts ) );
		}

		$session_ids = $this->save_sessions( $sessionizer->touched() );
		foreach ( $sessionizer->days() as $day ) {
			$result->add_day( $day );
		}
		$result->add_sessions( array_keys( $session_ids ) );

		$pageviews = array();
		$events    = array();
		foreach ( $hits as $hit ) {
			list( $day, $hour ) = $this->clock->day_hour( $hit->ts );
			$session_id         = $session_ids[ $session_of[ $hit->id ] ];
			if ( $hit->is_pageview() ) {
				$pageviews[] = array( $hit->id, $session_id, $hit->ts, $day, $hour, $path_ids[ $hit->path ], $hit->object );
			} else {
				$events[] = array( $hit->id, $session_id, $hit->ts, $day, $hit->name, $path_ids[ $hit->path ], (string) wp_json_encode( $hit->props ) );
			}
		}
		Db::insert_rows( 'pageviews', array( 'hit_id', 'session_id', 'ts', 'day', 'hour', 'path_id', 'object_id' ), $pageviews, true );
		Db::insert_rows( 'events', array( 'hit_id', 'session_id', 'ts', 'day', 'name', 'path_id', 'props' ), $events, true );
		$result->processed += count( $hits );
	}

	/**
	 * A sessionizer that knows the visitors' open sessions and when each key was first seen.
	 *
	 * @param string[] $keys  Visitor keys of the chunk.
	 * @param int      $first The chunk's earliest hit time.
	 */
	private function sessionizer( array $keys, int $first ): Sessionizer {
		$list       = implode( ',', array_fill( 0, count( $keys ), '%s' ) );
		$open       = Db::rows(
			'SELECT * FROM {sessions} WHERE (visitor IN (' . $list . ') OR visitor_next IN (' . $list . ')) AND last_seen_at >= %d',
			array_merge( $keys, $keys, array( $first - Sessionizer::TIMEOUT ) )
		);
		$rows       = Db::rows(
			'SELECT visitor AS k, MIN(started_at) AS m FROM {sessions} WHERE visitor IN (' . $list . ') GROUP BY visitor'
			. ' UNION ALL SELECT visitor_next AS k, MIN(started_at) AS m FROM {sessions} WHERE visitor_next IN (' . $list . ') GROUP BY visitor_next',
			array_merge( $keys, $keys )
		);
		$first_seen = array();
		foreach ( $rows as $row ) {
			$key                = (string) $row['k'];
			$first_seen[ $key ] = min( $first_seen[ $key ] ?? PHP_INT_MAX, (int) $row['m'] );
		}
		return new Sessionizer( $open, $first_seen, $this->clock );
	}

	/**
	 * Upserts sessions (keyed by their first hit) and returns their ids.
	 *
	 * @param array<string, array<string, int|string>> $sessions By first hit id.
	 * @return array<string, int> First hit id => session id.
	 */
	private function save_sessions( array $sessions ): array {
		$rows = array();
		foreach ( $sessions as $session ) {
			$row = array();
			foreach ( self::SESSION_COLUMNS as $column ) {
				$row[] = $session[ $column ];
			}
			$rows[] = $row;
		}
		foreach ( array_chunk( $rows, 200 ) as $batch ) {
			Db::insert_rows( 'sessions', self::SESSION_COLUMNS, $batch, false, self::SESSION_MUTABLE );
		}
		$ids = array();
		foreach ( array_chunk( array_keys( $sessions ), 500 ) as $batch ) {
			$rows = Db::rows(
				'SELECT id, first_hit FROM {sessions} WHERE first_hit IN (' . implode( ',', array_fill( 0, count( $batch ), '%s' ) ) . ')',
				array_map( 'strval', $batch )
			);
			foreach ( $rows as $row ) {
				$ids[ (string) $row['first_hit'] ] = (int) $row['id'];
			}
		}
		return $ids;
	}
}
