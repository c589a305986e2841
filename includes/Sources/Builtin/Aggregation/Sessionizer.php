<?php
/**
 * Groups hits into sessions.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Assigns each hit, in time order, to a session of its visitor, or starts one:
 * - a session ends after 30 minutes without a hit;
 * - a page view that brings a different source, medium or campaign starts a new session;
 * - across the salt's midnight the visitor key changes: a hit whose previous-day key (vkp) is the
 *   key of a still-open session continues it, and the session learns the new key (visitor_next);
 * - a visitor is new when no session of theirs started earlier under either key the salt window
 *   keeps (today's and yesterday's), returning otherwise;
 * - bounce: at most one page view and no interactive event; engaged (GA4): an interactive event,
 *   10 seconds or more, or more than one page view.
 *
 * Sessions carry the id they are stored under: rows read from the table keep theirs, a new session
 * takes the next free id the aggregation run hands out (runs never overlap), so writing them is an
 * upsert by primary key. Visitor keys are integers (the first 60 bits of the collector's key).
 */
final class Sessionizer {

	/**
	 * Inactivity that ends a session, in seconds.
	 */
	public const TIMEOUT = 1800;

	/**
	 * How long after a session's last hit a passive hit (Hit::is_passive()) still joins it.
	 */
	public const PASSIVE_WINDOW = 6 * 3600;

	/**
	 * Seconds after which a session is engaged.
	 */
	public const ENGAGED_SECONDS = 10;

	/**
	 * Sessions by id.
	 *
	 * @var array<int, array<string, int|string>>
	 */
	private array $sessions = array();

	/**
	 * Ids of the sessions of each visitor key (as keys, in the order they were indexed).
	 *
	 * @var array<int, array<int, true>>
	 */
	private array $by_key = array();

	/**
	 * Earliest session start known for each visitor key.
	 *
	 * @var array<int, int>
	 */
	private array $first_seen = array();

	/**
	 * Ids of the sessions this chunk created or changed.
	 *
	 * @var array<int, true>
	 */
	private array $touched = array();

	/**
	 * Days of the sessions this chunk touched, before and after the change.
	 *
	 * @var array<string, true>
	 */
	private array $days = array();

	/**
	 * Starts from the stored sessions of the chunk's visitor keys.
	 *
	 * @param array<int, array<string, int|string>> $known   Sessions (integer columns as integers: HeldSessions::stored_sessions()).
	 * @param LocalTime                             $clock   Site-local days and hours.
	 * @param int                                   $next_id The id a new session takes first.
	 * @param array<int, int>                       $earlier Visitor keys => the earliest start of sessions with them not among $known (HeldSessions lets go of sessions no hit of the chunk can join): a visitor who had one is not new.
	 */
	public function __construct( array $known, private LocalTime $clock, private int $next_id, array $earlier = array() ) {
		foreach ( $known as $session ) {
			$this->index( $session );
		}
		foreach ( $earlier as $visitor => $started ) {
			$this->first_seen[ $visitor ] = min( $this->first_seen[ $visitor ] ?? $started, $started );
		}
	}

	/**
	 * Adds a hit and returns the id of its session; 0 for a passive hit that has no session to join
	 * (its page view's session was deleted meanwhile, or never stored): a measurement starts no
	 * session, and the caller keeps it nowhere.
	 *
	 * @param Hit                $hit  The hit.
	 * @param array<string, int> $ids  path_id, ua_id, source_id, campaign_id.
	 * @param Acquisition        $acq  Where the hit came from.
	 */
	public function add( Hit $hit, array $ids, Acquisition $acq ): int {
		$key = $this->open_session( $hit );
		if ( null === $key && $hit->is_passive() ) {
			$key = $this->latest_session( $hit );
			if ( null === $key ) {
				return 0;
			}
		}
		if ( null !== $key && $hit->is_pageview() && $hit->has_acquisition() ) {
			$session = $this->sessions[ $key ];
			if ( $session['source_id'] !== $ids['source_id'] || $session['medium'] !== $acq->medium || $session['campaign_id'] !== $ids['campaign_id'] ) {
				$key = null;
			}
		}
		if ( null === $key ) {
			return $this->start( $hit, $ids, $acq );
		}
		$this->extend( $key, $hit, $ids['path_id'] );
		return $key;
	}

	/**
	 * The sessions this chunk created or changed, as rows of the sessions table.
	 *
	 * @return array<int, array<string, int|string>> By id.
	 */
	public function touched(): array {
		return array_intersect_key( $this->sessions, $this->touched );
	}

	/**
	 * The days of the sessions this chunk touched.
	 *
	 * @return string[]
	 */
	public function days(): array {
		return array_keys( $this->days );
	}

	/**
	 * The open session the hit continues, or null.
	 *
	 * @param Hit $hit The hit.
	 */
	private function open_session( Hit $hit ): ?int {
		$best      = null;
		$best_seen = 0;
		foreach ( array( $hit->visitor, $hit->previous ) as $n => $visitor ) {
			if ( 0 === $visitor || ! isset( $this->by_key[ $visitor ] ) || ( 1 === $n && $visitor === $hit->visitor ) ) {
				continue;
			}
			foreach ( $this->by_key[ $visitor ] as $key => $true ) {
				$session = $this->sessions[ $key ];
				if ( $hit->ts < $session['started_at'] - self::TIMEOUT || $hit->ts > $session['last_seen_at'] + self::TIMEOUT ) {
					continue;
				}
				if ( null === $best || $session['last_seen_at'] > $best_seen ) {
					$best      = $key;
					$best_seen = $session['last_seen_at'];
				}
			}
		}
		return $best;
	}

	/**
	 * For a passive hit out of every open session (a page left open for long before it was
	 * hidden): the visitor's latest session that started before it, within PASSIVE_WINDOW.
	 *
	 * @param Hit $hit The hit.
	 */
	private function latest_session( Hit $hit ): ?int {
		$best = null;
		foreach ( array( $hit->visitor, $hit->previous ) as $visitor ) {
			foreach ( array_keys( $this->by_key[ $visitor ] ?? array() ) as $key ) {
				$session = $this->sessions[ $key ];
				if ( $session['started_at'] <= $hit->ts && $hit->ts <= $session['last_seen_at'] + self::PASSIVE_WINDOW
					&& ( null === $best || $session['last_seen_at'] > $this->sessions[ $best ]['last_seen_at'] ) ) {
					$best = $key;
				}
			}
		}
		return $best;
	}

	/**
	 * Starts a session with a hit.
	 *
	 * @param Hit                $hit The hit.
	 * @param array<string, int> $ids path_id, ua_id, source_id, campaign_id.
	 * @param Acquisition        $acq Where it came from.
	 */
	private function start( Hit $hit, array $ids, Acquisition $acq ): int {
		$seen = array();
		foreach ( array( $hit->visitor, $hit->previous ) as $visitor ) {
			if ( 0 !== $visitor && isset( $this->first_seen[ $visitor ] ) ) {
				$seen[] = $this->first_seen[ $visitor ];
			}
		}
		list( $day, $hour ) = $this->clock->day_hour( $hit->ts );

		$session = array(
			'id'              => $this->next_id++,
			'visitor'         => $hit->visitor,
			'visitor_next'    => 0,
			'started_at'      => $hit->ts,
			'last_seen_at'    => $hit->ts,
			'day'             => $day,
			'hour'            => $hour,
			'landing_path_id' => $ids['path_id'],
			'exit_path_id'    => $ids['path_id'],
			'pageviews'       => $hit->is_pageview() ? 1 : 0,
			'events'          => $hit->is_pageview() ? 0 : 1,
			'interactive'     => $hit->is_interactive() ? 1 : 0,
			'duration'        => 0,
			'bounced'         => 0,
			'engaged'         => 0,
			'is_new'          => ( array() === $seen || min( $seen ) >= $hit->ts ) ? 1 : 0,
			'source_id'       => $ids['source_id'],
			'medium'          => $acq->medium,
			'campaign_id'     => $ids['campaign_id'],
			'channel'         => $acq->channel,
			'click'           => $acq->click,
			'ua_id'           => $ids['ua_id'],
			'country'         => $hit->country,
			'region'          => $hit->region,
			'city'            => $hit->city,
		);
		$this->index( self::derive( $session ) );
		$this->touched[ $session['id'] ] = true;
		$this->days[ $day ]              = true;
		return $session['id'];
	}

	/**
	 * Adds a hit to an open session.
	 *
	 * @param int $key     The session's id.
	 * @param Hit $hit     The hit.
	 * @param int $path_id The hit's path.
	 */
	private function extend( int $key, Hit $hit, int $path_id ): void {
		$session                       = $this->sessions[ $key ];
		$this->days[ $session['day'] ] = true;

		if ( $hit->is_pageview() ) {
			++$session['pageviews'];
			if ( $hit->ts < (int) $session['started_at'] ) {
				$session['landing_path_id'] = $path_id;
			}
			if ( $hit->ts >= (int) $session['last_seen_at'] ) {
				$session['exit_path_id'] = $path_id;
			}
		} else {
			++$session['events'];
			if ( $hit->is_interactive() ) {
				++$session['interactive'];
			}
		}
		if ( $hit->is_passive() ) {
			$this->sessions[ $key ]        = $session;
			$this->touched[ $key ]         = true;
			$this->days[ $session['day'] ] = true;
			return;
		}
		if ( $hit->ts < (int) $session['started_at'] ) {
			$session['started_at']                    = $hit->ts;
			list( $session['day'], $session['hour'] ) = $this->clock->day_hour( $hit->ts );
		}
		$session['last_seen_at'] = max( (int) $session['last_seen_at'], $hit->ts );
		if ( $hit->visitor !== $session['visitor'] && 0 === $session['visitor_next'] ) {
			$session['visitor_next'] = $hit->visitor;
		}

		$this->index( self::derive( $session ) );
		$this->touched[ $key ]         = true;
		$this->days[ $session['day'] ] = true;
	}

	/**
	 * Stores a session and indexes it by its visitor keys.
	 *
	 * @param array<string, int|string> $session The session.
	 */
	private function index( array $session ): void {
		$key                    = (int) $session['id'];
		$this->sessions[ $key ] = $session;
		foreach ( array( (int) $session['visitor'], (int) $session['visitor_next'] ) as $visitor ) {
			if ( 0 === $visitor ) {
				continue;
			}
			$this->by_key[ $visitor ][ $key ] = true;
			if ( ! isset( $this->first_seen[ $visitor ] ) || $session['started_at'] < $this->first_seen[ $visitor ] ) {
				$this->first_seen[ $visitor ] = (int) $session['started_at'];
			}
		}
	}

	/**
	 * Recomputes duration, bounce and engagement.
	 *
	 * @param array<string, int|string> $session The session.
	 * @return array<string, int|string>
	 */
	private static function derive( array $session ): array {
		$session['duration'] = (int) $session['last_seen_at'] - (int) $session['started_at'];
		$session['bounced']  = ( (int) $session['pageviews'] <= 1 && 0 === (int) $session['interactive'] ) ? 1 : 0;
		$session['engaged']  = ( (int) $session['interactive'] > 0 || (int) $session['duration'] >= self::ENGAGED_SECONDS || (int) $session['pageviews'] > 1 ) ? 1 : 0;
		return $session;
	}
}
