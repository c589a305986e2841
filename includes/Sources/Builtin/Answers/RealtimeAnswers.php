<?php
/**
 * The builtin source's real-time answers, from the raw recent rows.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Ingest;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\RealtimeMinutes;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Sessionizer;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Answers RealtimeQuery from the raw recent data, never the daily rollups: the page views (and, for
 * active users, the events) whose time is in the query's minutes, with their sessions. They come
 * from two places, read in one transaction so that no hit is in both or in neither:
 *
 * - the raw tables: through their `day` indexes (the site-local days of the last hour, one or two),
 *   then by time, counted by the database per session, minute and page, and the attributes of
 *   those sessions read once;
 * - the hits the collector buffered that no aggregation stored yet (BufferTail: the lines after
 *   each buffer file's cursor, read only and bounded). They are put in sessions in memory as the
 *   aggregation would put them (Sessionizer, over the stored sessions of their visitor keys, and
 *   ids of the lookup rows that exist; a value not stored yet gets a negative id of this answer's
 *   own), so a visit made a moment ago counts at once, without an aggregation in the request and
 *   without a write or a lock the collector or the aggregation could wait for.
 *
 * The stored part comes from the aggregation's per-minute summaries (RealtimeMinutes: page views
 * per minute, second and path; visitors by the minute of their latest hit per grouping) whenever
 * they answer a query exactly — every query of the Real-Time report once the summaries cover its
 * window — so the answer reads O(minutes × keys) rows instead of every hit; the tail is added to
 * them as below. Anything else (see summarized()) is read from the raw tables: through their `day`
 * indexes, then by time.
 *
 * The last hour is read once for all the queries of one `now`, data version and buffer state (a
 * report asks several), as records of page views and events per session, minute and page; a
 * query groups the records of its minutes in PHP.
 *
 * - screenPageViews: page views in the minutes;
 * - activeUsers: distinct visitors with a hit (page view or event) in the minutes;
 * - minutesAgo: "00"… how many whole minutes before `now` (GA4 spells it with two digits);
 * - pagePath / unifiedScreenName: the hit's page, its post's title (else its path);
 * - landingPage, sessionSource ("(direct)" without one), sessionMedium, sessionCampaignName
 *   ("(not set)" without one), country (name), countryId (ISO code), region, city: the hit's
 *   session's.
 *
 * @phpstan-type RealtimeRecord array{0: int, 1: int, 2: int, 3: int, 4: int}
 * @phpstan-type RealtimeSession array{visitor: string, landing_path_id: int, source_id: int, medium: string, campaign_id: int, country: string, region: string, city: string}
 * @phpstan-type RealtimeLabels array{paths: array<int, array{path: string, object: int}>, sources: array<int, string>, campaigns: array<int, string>}
 * @phpstan-type RealtimeRecent array{key: string, records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>, labels: RealtimeLabels}
 * @phpstan-type RealtimeTail array{records: array<int, RealtimeRecord>, sessions: array<int, RealtimeSession>, labels: RealtimeLabels}
 * @phpstan-type RealtimeSummary array{since: int, rows: array<int, array<int, array{0: int, 1: string, 2: int, 3: string}>>, tail: RealtimeTail, stored: array<int, array<int, array<string, int|string>>>, latest: int}
 */
final class RealtimeAnswers {

	/**
	 * The session columns a real-time answer reads.
	 */
	private const SESSION_COLUMNS = array( 'visitor', 'landing_path_id', 'source_id', 'medium', 'campaign_id', 'country', 'region', 'city' );

	/**
	 * The record's or session's value each dimension is read from (the record's 'minute' and
	 * 'path_id', else the session's column).
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
	 * The dimensions each visitor kind of the summaries answers (RealtimeMinutes::VISITOR_KINDS),
	 * the narrowest first.
	 */
	private const KIND_DIMENSIONS = array(
		RealtimeMinutes::USERS     => array(),
		RealtimeMinutes::COUNTRIES => array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ),
		RealtimeMinutes::REFERRALS => array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ),
		RealtimeMinutes::CITIES    => array( RealtimeQuery::CITY, RealtimeQuery::REGION, RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ),
	);

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
	 * A real-time reader.
	 *
	 * @param LocalTime|null  $clock     Site-local days; the site's zone by default.
	 * @param BufferTail|null $tail      The buffered hits; the current site's by default.
	 * @param bool            $summaries Whether the per-minute summaries answer what they can (else always the raw rows).
	 */
	public function __construct( private ?LocalTime $clock = null, private ?BufferTail $tail = null, private bool $summaries = true ) {
	}

	/**
	 * Answers a query.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run( RealtimeQuery $query ): Result {
		/**
		 * Filters whether Real-Time reads the per-minute summaries (RealtimeMinutes) for what they
		 * answer exactly; false reads every hit of the hour from the raw rows.
		 *
		 * @param bool $summaries Whether to read the summaries.
		 */
		if ( $this->summaries && (bool) apply_filters( 'monsterinsights_reports_realtime_summaries', true ) ) {
			$answer = $this->summarized( $query );
			if ( null !== $answer ) {
				return $answer;
			}
		}
		$recent = $this->recent( $query->now );
		return $this->grouped( $query, $recent['records'], $recent['sessions'], $recent['labels'] );
	}

	/**
	 * Groups records by a query's dimensions: first by the records' own values (ids, codes, the
	 * minute), then by their labels.
	 *
	 * @param RealtimeQuery               $query    The query.
	 * @param array<int, RealtimeRecord>  $records  Records of the hour.
	 * @param array<int, RealtimeSession> $sessions Their sessions.
	 * @param array                       $labels   The labels.
	 * @phpstan-param RealtimeLabels $labels
	 */
	private function grouped( RealtimeQuery $query, array $records, array $sessions, array $labels ): Result {
		$events = in_array( RealtimeQuery::ACTIVE_USERS, $query->metrics, true );

		// Grouped first by the records' own values (ids, codes, the minute), cheap to compare; then
		// each group's labels, and groups whose labels are equal (two paths of one title) merged.
		$fields = array();
		foreach ( $query->dimensions as $dimension ) {
			$fields[ self::FIELDS[ $dimension ] ] = true;
		}
		$fields = array_keys( $fields );
		$raw    = array();
		$users  = array();
		$views  = 0;
		foreach ( $records as $record ) {
			list( $id, $minute, $path, $record_views ) = $record;
			if ( $minute < $query->end_minutes_ago || $minute > $query->start_minutes_ago || ( ! $events && 0 === $record_views ) ) {
				continue;
			}
			$session = $sessions[ $id ];
			$key     = '';
			foreach ( $fields as $field ) {
				$key .= ( 'minute' === $field ? $minute : ( 'path_id' === $field ? $path : $session[ $field ] ) ) . "\x1f";
			}
			if ( ! isset( $raw[ $key ] ) ) {
				$raw[ $key ] = array(
					'record' => $record,
					'views'  => 0,
					'users'  => array(),
				);
			}
			$raw[ $key ]['views']                       += $record_views;
			$views                                      += $record_views;
			$raw[ $key ]['users'][ $session['visitor'] ] = true;
			$users[ $session['visitor'] ]                = true;
		}

		$groups = array();
		foreach ( $raw as $group ) {
			$dimensions = array();
			foreach ( $query->dimensions as $dimension ) {
				$dimensions[ $dimension ] = $this->value( $dimension, $group['record'], $sessions[ $group['record'][0] ], $labels );
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
		return new Result( self::sort( $rows, $query ), self::metrics( $query, $views, count( $users ) ) );
	}

	/**
	 * Answers a query from the per-minute summaries (RealtimeMinutes) and the buffer's tail, or
	 * null when they cannot answer it exactly: a window starting before the summaries' first
	 * second; page views by a session's dimension; active users by page or minute, by a grouping
	 * that is not one of the visitor kinds (or whose labels merge two of its keys), in a window
	 * that ends before a stored hit; both metrics.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	private function summarized( RealtimeQuery $query ): ?Result {
		$users = in_array( RealtimeQuery::ACTIVE_USERS, $query->metrics, true );
		$views = in_array( RealtimeQuery::SCREEN_PAGE_VIEWS, $query->metrics, true );
		if ( $users && $views ) {
			return null;
		}
		if ( $views && array() !== array_diff( $query->dimensions, array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME, RealtimeQuery::MINUTES_AGO ) ) ) {
			return null;
		}
		$kind = null;
		if ( $users ) {
			foreach ( self::KIND_DIMENSIONS as $candidate => $dimensions ) {
				if ( array() === array_diff( $query->dimensions, $dimensions ) ) {
					$kind = $candidate;
					break;
				}
			}
			if ( null === $kind ) {
				return null;
			}
		}
		$summary = $this->summary( $query->now );
		$first   = $query->first_second();
		$last    = $query->last_second();
		if ( null === $summary || $first < $summary['since'] ) {
			return null;
		}
		if ( null === $kind ) {
			return $this->summarized_views( $query, $summary );
		}
		if ( $summary['latest'] > $last ) {
			return null;
		}
		return $this->summarized_users( $query, $summary, $kind );
	}

	/**
	 * Page views from the summaries' minutes (a minute of the clock that the window cuts, or every
	 * minute when the query is by minute, split by its seconds) and the tail's page views.
	 *
	 * @param RealtimeQuery $query   The query.
	 * @param array         $summary The summaries read for its now.
	 * @phpstan-param RealtimeSummary $summary
	 */
	private function summarized_views( RealtimeQuery $query, array $summary ): Result {
		$first   = $query->first_second();
		$last    = $query->last_second();
		$by_path = array() !== array_intersect( $query->dimensions, array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME ) );
		$by_time = in_array( RealtimeQuery::MINUTES_AGO, $query->dimensions, true );
		$kind    = $by_path ? RealtimeMinutes::VIEWS : RealtimeMinutes::VIEWS_ALL;
		$records = array();
		$grouped = array();
		foreach ( $summary['rows'][ $kind ] ?? array() as $row ) {
			list( $minute, $key, $total, $seconds ) = $row;
			$start                                  = $minute * MINUTE_IN_SECONDS;
			if ( $start > $last || $start + MINUTE_IN_SECONDS - 1 < $first ) {
				continue;
			}
			$path = (int) $key;
			if ( ! $by_time && $start >= $first && $start + MINUTE_IN_SECONDS - 1 <= $last ) {
				$grouped[ $path ] = ( $grouped[ $path ] ?? 0 ) + $total;
				continue;
			}
			foreach ( RealtimeMinutes::seconds( $seconds ) as $second => $count ) {
				$ts = $start + $second;
				if ( $ts >= $first && $ts <= $last ) {
					$records[] = array( 0, intdiv( $query->now - $ts, MINUTE_IN_SECONDS ), $path, $count, 0 );
				}
			}
		}
		foreach ( $grouped as $path => $total ) {
			$records[] = array( 0, $query->start_minutes_ago, $path, $total, 0 );
		}
		foreach ( $summary['tail']['records'] as $record ) {
			if ( $record[3] > 0 ) {
				$records[] = array( 0, $record[1], $by_path ? $record[2] : 0, $record[3], 0 );
			}
		}
		$sessions = array( 0 => self::session( array_fill_keys( self::SESSION_COLUMNS, '' ) ) );
		$labels   = $this->labels( $records, array(), $summary['tail']['labels'] );
		return $this->grouped( $query, $records, $sessions, $labels );
	}

	/**
	 * Active users from the summaries: per key of the kind, the visitors whose latest stored hit is
	 * in the window (whole minutes by their count, the minute the window starts in by its seconds),
	 * changed by the tail's hits for the tail's visitors.
	 *
	 * @param RealtimeQuery $query   The query.
	 * @param array         $summary The summaries read for its now.
	 * @param int           $kind    The visitor kind of its dimensions.
	 * @phpstan-param RealtimeSummary $summary
	 */
	private function summarized_users( RealtimeQuery $query, array $summary, int $kind ): ?Result {
		$first  = $query->first_second();
		$counts = array( RealtimeMinutes::USERS => array( '' => 0 ) );
		if ( RealtimeMinutes::USERS !== $kind ) {
			$counts[ $kind ] = array();
		}
		foreach ( array_keys( $counts ) as $counted ) {
			foreach ( $summary['rows'][ $counted ] ?? array() as $row ) {
				list( $minute, $key, $total, $seconds ) = $row;
				$start                                  = $minute * MINUTE_IN_SECONDS;
				if ( $start + MINUTE_IN_SECONDS - 1 < $first ) {
					continue;
				}
				if ( $start < $first ) {
					$total = 0;
					foreach ( RealtimeMinutes::seconds( $seconds ) as $second => $count ) {
						$total += $start + $second >= $first ? $count : 0;
					}
				}
				$counts[ $counted ][ $key ] = ( $counts[ $counted ][ $key ] ?? 0 ) + $total;
			}
		}
		// The tail's visitors: each key of theirs is counted (or no longer counted) by whether a
		// session with that key, as the tail leaves it, has a hit in the window now, against whether
		// a stored one had.
		$tail    = $summary['tail'];
		$in_tail = array();
		foreach ( $tail['records'] as $record ) {
			if ( $record[1] >= $query->end_minutes_ago && $record[1] <= $query->start_minutes_ago ) {
				$in_tail[ $record[0] ] = true;
			}
		}
		$by_visitor = array();
		foreach ( $tail['sessions'] as $id => $session ) {
			$by_visitor[ (int) $session['visitor'] ][ $id ] = $session;
		}
		foreach ( $by_visitor as $visitor => $touched ) {
			$stored = $summary['stored'][ $visitor ] ?? array();
			foreach ( array_keys( $counts ) as $counted ) {
				$was = array();
				$now = array();
				foreach ( $stored as $id => $session ) {
					if ( $session['last_ts'] >= $first ) {
						$was[ RealtimeMinutes::key( $counted, $session ) ] = true;
						if ( ! isset( $touched[ $id ] ) ) {
							$now[ RealtimeMinutes::key( $counted, $session ) ] = true;
						}
					}
				}
				foreach ( $touched as $id => $session ) {
					if ( isset( $in_tail[ $id ] ) || ( $stored[ $id ]['last_ts'] ?? 0 ) >= $first ) {
						$now[ RealtimeMinutes::key( $counted, $session ) ] = true;
					}
				}
				foreach ( $was + $now as $key => $unused ) {
					$counts[ $counted ][ $key ] = ( $counts[ $counted ][ $key ] ?? 0 ) + ( isset( $now[ $key ] ) ? 1 : 0 ) - ( isset( $was[ $key ] ) ? 1 : 0 );
				}
			}
		}

		$sessions = array();
		$empty    = array_fill_keys( self::SESSION_COLUMNS, '' );
		$columns  = RealtimeMinutes::VISITOR_KINDS[ $kind ];
		foreach ( $counts[ $kind ] as $key => $count ) {
			if ( $count > 0 ) {
				$row                       = array() === $columns ? $empty : array_combine( $columns, explode( RealtimeMinutes::SEPARATOR, (string) $key, count( $columns ) ) ) + $empty;
				$sessions[ (string) $key ] = self::session( $row );
			}
		}
		$labels = $this->labels( array(), array_values( $sessions ), $tail['labels'] );
		$rows   = array();
		$record = array( 0, 0, 0, 0, 0 );
		foreach ( $sessions as $key => $session ) {
			$dimensions = array();
			foreach ( $query->dimensions as $dimension ) {
				$dimensions[ $dimension ] = $this->value( $dimension, $record, $session, $labels );
			}
			$label = implode( "\x1f", $dimensions );
			if ( isset( $rows[ $label ] ) ) {
				// Two keys, one label: their visitors cannot be added up.
				return null;
			}
			$rows[ $label ] = array(
				'dimensions' => $dimensions,
				'metrics'    => self::metrics( $query, 0, $counts[ $kind ][ $key ] ),
			);
		}
		return new Result( self::sort( array_values( $rows ), $query ), self::metrics( $query, 0, (int) ( $counts[ RealtimeMinutes::USERS ][''] ?? 0 ) ) );
	}

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
	private function summary( int $now ): ?array {
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
	private function recent( int $now ): array {
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

		$known = Ingest::stored_sessions( array_keys( $keys ) );
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
	private static function session( array $row ): array {
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
	private function labels( array $records, array $sessions, array $buffered ): array {
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
	 * A dimension's value for a record.
	 *
	 * @param string $dimension The dimension.
	 * @param array  $record    The record.
	 * @param array  $session   Its session.
	 * @param array  $labels    The lookups.
	 * @phpstan-param RealtimeRecord  $record
	 * @phpstan-param RealtimeSession $session
	 * @phpstan-param RealtimeLabels  $labels
	 */
	private function value( string $dimension, array $record, array $session, array $labels ): string {
		return match ( $dimension ) {
			RealtimeQuery::MINUTES_AGO      => sprintf( '%02d', $record[1] ),
			RealtimeQuery::PAGE_PATH        => $labels['paths'][ $record[2] ]['path'] ?? Acquisition::NOT_SET,
			RealtimeQuery::SCREEN_NAME      => '' !== $this->title( $record[2], $labels ) ? $this->title( $record[2], $labels ) : ( $labels['paths'][ $record[2] ]['path'] ?? Acquisition::NOT_SET ),
			RealtimeQuery::LANDING_PAGE     => $labels['paths'][ $session['landing_path_id'] ]['path'] ?? Acquisition::NOT_SET,
			RealtimeQuery::SESSION_SOURCE   => $labels['sources'][ $session['source_id'] ] ?? Acquisition::DIRECT_SOURCE,
			RealtimeQuery::SESSION_MEDIUM   => $session['medium'],
			RealtimeQuery::SESSION_CAMPAIGN => $labels['campaigns'][ $session['campaign_id'] ] ?? Acquisition::NOT_SET,
			RealtimeQuery::COUNTRY_ID       => $session['country'],
			RealtimeQuery::COUNTRY          => CountryNames::name( $session['country'] ),
			RealtimeQuery::REGION           => $session['region'],
			RealtimeQuery::CITY             => $session['city'],
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
	 * The query's rows: those its `exclude` leaves out dropped, by its metric, largest first, ties by
	 * their dimension values in natural order (without an order, by their dimension values); the
	 * first `limit` of them (all for 0).
	 *
	 * With a limit, only the rows whose metric reaches the limit-th largest value are ranked by their
	 * labels (the natural order is the costly part, e.g. thousands of cities in a busy hour): every
	 * row of the first `limit` is among them, ties at that value included, so the answer is the same.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int>}> $rows  Rows.
	 * @param RealtimeQuery                                                                     $query The query.
	 * @return array<int, array{dimensions: array<string, string>, metrics: array<string, int>}>
	 */
	private static function sort( array $rows, RealtimeQuery $query ): array {
		$order = $query->order_by;
		$limit = $query->limit;
		if ( array() !== $query->exclude ) {
			$rows = array_values(
				array_filter(
					$rows,
					static fn( array $row ): bool => array() === array_intersect_assoc( $row['dimensions'], $query->exclude )
				)
			);
		}
		if ( $limit > 0 && '' !== $order && count( $rows ) > $limit ) {
			$values = array_column( array_column( $rows, 'metrics' ), $order );
			rsort( $values, SORT_NUMERIC );
			$floor = $values[ $limit - 1 ];
			$rows  = array_values( array_filter( $rows, static fn( array $row ): bool => $row['metrics'][ $order ] >= $floor ) );
		}
		if ( count( $rows ) < 2 ) {
			return $rows;
		}
		// The dimension values' natural order ranked once (natcasesort() compares as
		// strnatcasecmp() does), then one sort by the metric and that rank.
		$labels = array();
		foreach ( $rows as $i => $row ) {
			$labels[ $i ] = implode( "\x1f", $row['dimensions'] );
		}
		natcasesort( $labels );
		$rank = array_flip( array_keys( $labels ) );
		$by   = array();
		$then = array();
		foreach ( $rows as $i => $row ) {
			$by[]   = '' === $order ? 0 : -$row['metrics'][ $order ];
			$then[] = $rank[ $i ];
		}
		$rows = array_values( $rows );
		array_multisort( $by, SORT_NUMERIC, $then, SORT_NUMERIC, $rows );
		return $limit > 0 ? array_slice( $rows, 0, $limit ) : $rows;
	}
}
