<?php
/**
 * The builtin source's real-time answers, from the last hour.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\RealtimeMinutes;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Answers RealtimeQuery from the last hour (LastHour), never the daily rollups: the page views
 * (and, for active users, the events) whose time is in the query's minutes, with their sessions,
 * the stored ones and those the collector buffered that no aggregation stored yet.
 *
 * The stored part comes from the aggregation's per-minute summaries (RealtimeMinutes: page views
 * per minute, second and path; visitors by the minute of their latest hit per grouping) whenever
 * they answer a query exactly — every query of the Real-Time report once the summaries cover its
 * window — so the answer reads O(minutes × keys) rows instead of every hit; the tail is added to
 * them as below. Anything else (see summarized()) is read from the raw tables: through their `day`
 * indexes, then by time.
 *
 * A query groups the records of its minutes in PHP:
 *
 * - screenPageViews: page views in the minutes;
 * - activeUsers: distinct visitors with a hit (page view or event) in the minutes;
 * - minutesAgo: "00"… how many whole minutes before `now` (GA4 spells it with two digits);
 * - pagePath / unifiedScreenName: the hit's page, its post's title (else its path);
 * - landingPage, sessionSource ("(direct)" without one), sessionMedium, sessionCampaignName
 *   ("(not set)" without one), country (name), countryId (ISO code), region, city: the hit's
 *   session's.
 *
 * @phpstan-import-type RealtimeRecord from LastHour
 * @phpstan-import-type RealtimeSession from LastHour
 * @phpstan-import-type RealtimeLabels from LastHour
 * @phpstan-import-type RealtimeSummary from LastHour
 */
final class RealtimeAnswers {

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
	 * The last hour, read once per `now`, data version and buffer state.
	 *
	 * @var LastHour
	 */
	private LastHour $hour;

	/**
	 * A real-time reader.
	 *
	 * @param LocalTime|null  $clock     Site-local days; the site's zone by default.
	 * @param BufferTail|null $tail      The buffered hits; the current site's by default.
	 * @param bool            $summaries Whether the per-minute summaries answer what they can (else always the raw rows).
	 */
	public function __construct( ?LocalTime $clock = null, ?BufferTail $tail = null, private bool $summaries = true ) {
		$this->hour = new LastHour( $clock, $tail );
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
		$recent = $this->hour->recent( $query->now );
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
		$summary = $this->hour->summary( $query->now );
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
		$sessions = array( 0 => LastHour::session( array_fill_keys( LastHour::SESSION_COLUMNS, '' ) ) );
		$labels   = $this->hour->labels( $records, array(), $summary['tail']['labels'] );
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
		$empty    = array_fill_keys( LastHour::SESSION_COLUMNS, '' );
		$columns  = RealtimeMinutes::VISITOR_KINDS[ $kind ];
		foreach ( $counts[ $kind ] as $key => $count ) {
			if ( $count > 0 ) {
				$row                       = array() === $columns ? $empty : array_combine( $columns, explode( RealtimeMinutes::SEPARATOR, (string) $key, count( $columns ) ) ) + $empty;
				$sessions[ (string) $key ] = LastHour::session( $row );
			}
		}
		$labels = $this->hour->labels( array(), array_values( $sessions ), $tail['labels'] );
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
			RealtimeQuery::SCREEN_NAME      => '' !== $this->hour->title( $record[2], $labels ) ? $this->hour->title( $record[2], $labels ) : ( $labels['paths'][ $record[2] ]['path'] ?? Acquisition::NOT_SET ),
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
