<?php
/**
 * Daily rollups, recomputed from the raw tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

defined( 'ABSPATH' ) || exit;

/**
 * Rebuilds every rollup of a site-local day from the raw rows, in one transaction: the day's rows
 * are deleted and inserted again with INSERT … SELECT. Running it twice gives the same rows, so a
 * crash between the raw writes and this step is repaired by running it again.
 *
 * Sessions count on the day they started (with their page views, bounces, duration, source,
 * country and device); the site's and pages' page views and the hours count each page view on its
 * own day. Visitor keys rotate daily, so "visitors" is distinct per day and a range sums days.
 */
final class Rollups {

	/**
	 * Recomputes days.
	 *
	 * @param string[] $days Local days, Y-m-d.
	 */
	public static function recompute( array $days ): void {
		// A compacted day has lost its raw rows: its rollups are final.
		$compacted = Compaction::compacted_before();
		$months    = array();
		foreach ( $days as $day ) {
			$months[ substr( $day, 0, 7 ) . '-01' ] = true;
			if ( Compaction::is_final( $day, $compacted ) ) {
				continue;
			}
			Db::transaction(
				static function () use ( $day ): void {
					self::recompute_day( $day );
				}
			);
		}
		self::recompute_months( array_keys( $months ) );
	}

	/**
	 * Recomputes the monthly twins (Schema::MONTHLY) of months from their daily rows.
	 *
	 * @param string[] $months First days of months, Y-m-01.
	 */
	public static function recompute_months( array $months ): void {
		foreach ( $months as $month ) {
			$last = ( new \DateTimeImmutable( $month . ' 00:00:00', new \DateTimeZone( 'UTC' ) ) )->format( 'Y-m-t' );
			Db::transaction(
				static function () use ( $month, $last ): void {
					foreach ( Schema::MONTHLY as $table => $shape ) {
						$keys = implode( ', ', $shape['keys'] );
						Db::query( 'DELETE FROM {' . $table . '_m} WHERE day = %s', array( $month ) );
						Db::query(
							'INSERT INTO {' . $table . '_m} (day, ' . $keys . ', ' . implode( ', ', $shape['counters'] ) . ')'
							. ' SELECT %s, ' . $keys . ', ' . implode( ', ', array_map( static fn( string $c ): string => 'SUM(' . $c . ')', $shape['counters'] ) )
							. ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s GROUP BY ' . $keys,
							array( $month, $month, $last )
						);
					}
				}
			);
		}
	}

	/**
	 * Every month that has daily rollups (Y-m-01).
	 *
	 * @return string[]
	 */
	public static function months(): array {
		$months = array();
		foreach ( Db::col( 'SELECT day FROM {rollup_site}' ) as $day ) {
			$months[ substr( $day, 0, 7 ) . '-01' ] = true;
		}
		return array_keys( $months );
	}

	/**
	 * What a report reads for a rollup table over a range: a derived table with the columns of
	 * Schema::MONTHLY (day, keys, counters), whole months from the monthly twin and the days before
	 * and after them from the daily table. Sums over it equal sums over the daily rows of the range.
	 *
	 * @param string $table A table of Schema::MONTHLY.
	 * @param string $start First day, Y-m-d.
	 * @param string $end   Last day, Y-m-d.
	 * @return array{0: string, 1: string[]} The SQL (with {table} names, to put after FROM and an alias) and its arguments.
	 */
	public static function from( string $table, string $start, string $end ): array {
		$shape   = Schema::MONTHLY[ $table ];
		$columns = 'day, ' . implode( ', ', array_merge( $shape['keys'], $shape['counters'] ) );
		$utc     = new \DateTimeZone( 'UTC' );
		$first   = new \DateTimeImmutable( $start . ' 00:00:00', $utc );
		$last    = new \DateTimeImmutable( $end . ' 00:00:00', $utc );
		// Whole months: from the first month that starts in the range to the last that ends in it.
		$from = '01' === $first->format( 'd' ) ? $first : $first->modify( 'first day of next month' );
		$to   = $last->format( 'Y-m-t' ) === $last->format( 'Y-m-d' ) ? $last->modify( 'first day of this month' ) : $last->modify( 'first day of last month' );
		if ( $from > $to ) {
			return array( '(SELECT ' . $columns . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s)', array( $start, $end ) );
		}
		$parts = array( 'SELECT ' . $columns . ' FROM {' . $table . '_m} WHERE day BETWEEN %s AND %s' );
		$args  = array( $from->format( 'Y-m-d' ), $to->format( 'Y-m-d' ) );
		if ( $first < $from ) {
			$parts[] = 'SELECT ' . $columns . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s';
			array_push( $args, $start, $from->modify( '-1 day' )->format( 'Y-m-d' ) );
		}
		$after = $to->modify( 'first day of next month' );
		if ( $after <= $last ) {
			$parts[] = 'SELECT ' . $columns . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s';
			array_push( $args, $after->format( 'Y-m-d' ), $end );
		}
		return array( '(' . implode( ' UNION ALL ', $parts ) . ')', $args );
	}

	/**
	 * Recomputes one day, inside the caller's transaction.
	 *
	 * @param string $day Local day, Y-m-d.
	 */
	public static function recompute_day( string $day ): void {
		foreach ( Schema::ROLLUPS as $table ) {
			Db::query( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
		}
		self::site( $day );
		foreach ( self::statements() as $statement ) {
			Db::query( $statement, array_fill( 0, substr_count( $statement, '%s' ), $day ) );
		}
	}

	/**
	 * The site's row: sessions by start day, page views and events by their own day.
	 *
	 * @param string $day Local day.
	 */
	private static function site( string $day ): void {
		$sessions  = Db::rows(
			'SELECT COUNT(*) AS sessions, COUNT(DISTINCT visitor) AS visitors, COUNT(DISTINCT CASE WHEN is_new = 1 THEN visitor END) AS new_visitors,'
			. ' COALESCE(SUM(bounced), 0) AS bounces, COALESCE(SUM(engaged), 0) AS engaged_sessions, COALESCE(SUM(duration), 0) AS duration_sum,'
			. ' COALESCE(SUM(is_new), 0) AS new_sessions FROM {sessions} WHERE day = %s',
			array( $day )
		)[0] ?? array();
		$pageviews = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE day = %s', array( $day ) );
		$events    = (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE day = %s', array( $day ) );
		if ( 0 === (int) ( $sessions['sessions'] ?? 0 ) && 0 === $pageviews && 0 === $events ) {
			return;
		}
		Db::insert_rows(
			'rollup_site',
			array( 'day', 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum', 'new_sessions', 'events' ),
			array(
				array(
					$day,
					(int) ( $sessions['sessions'] ?? 0 ),
					(int) ( $sessions['visitors'] ?? 0 ),
					(int) ( $sessions['new_visitors'] ?? 0 ),
					$pageviews,
					(int) ( $sessions['bounces'] ?? 0 ),
					(int) ( $sessions['engaged_sessions'] ?? 0 ),
					(int) ( $sessions['duration_sum'] ?? 0 ),
					(int) ( $sessions['new_sessions'] ?? 0 ),
					$events,
				),
			)
		);
	}

	/**
	 * The INSERT … SELECT of every other rollup; each %s is the day.
	 *
	 * @return string[]
	 */
	private static function statements(): array {
		$session_counts = 'COUNT(*), COUNT(DISTINCT s.visitor), COUNT(DISTINCT CASE WHEN s.is_new = 1 THEN s.visitor END),'
			. ' SUM(s.pageviews), SUM(s.bounced), SUM(s.engaged), SUM(s.duration)';
		$count_columns  = 'sessions, visitors, new_visitors, pageviews, bounces, engaged_sessions, duration_sum';

		return array(
			'INSERT INTO {rollup_hours} (day, hour, pageviews, sessions)'
				. ' SELECT %s, t.hour, SUM(t.pv), SUM(t.se) FROM ('
				. ' SELECT hour, COUNT(*) AS pv, 0 AS se FROM {pageviews} WHERE day = %s GROUP BY hour'
				. ' UNION ALL SELECT hour, 0, COUNT(*) FROM {sessions} WHERE day = %s GROUP BY hour'
				. ' ) t GROUP BY t.hour',

			'INSERT INTO {rollup_pages} (day, path_id, pageviews, visitors, entrances, entrance_visitors, bounces, engaged_sessions, duration_sum, exits, entrance_pageviews, new_entrances)'
				. ' SELECT %s, t.path_id, SUM(t.pv), SUM(t.vi), SUM(t.en), SUM(t.ev), SUM(t.bo), SUM(t.eg), SUM(t.du), SUM(t.ex), SUM(t.ep), SUM(t.ne) FROM ('
				. ' SELECT p.path_id AS path_id, COUNT(*) AS pv, COUNT(DISTINCT s.visitor) AS vi, 0 AS en, 0 AS ev, 0 AS bo, 0 AS eg, 0 AS du, 0 AS ex, 0 AS ep, 0 AS ne'
				. ' FROM {pageviews} p LEFT JOIN {sessions} s ON s.id = p.session_id WHERE p.day = %s GROUP BY p.path_id'
				. ' UNION ALL SELECT landing_path_id, 0, 0, COUNT(*), COUNT(DISTINCT visitor), SUM(bounced), SUM(engaged), SUM(duration), 0, SUM(pageviews), SUM(is_new)'
				. ' FROM {sessions} WHERE day = %s AND landing_path_id > 0 GROUP BY landing_path_id'
				. ' UNION ALL SELECT exit_path_id, 0, 0, 0, 0, 0, 0, 0, COUNT(*), 0, 0 FROM {sessions} WHERE day = %s AND exit_path_id > 0 GROUP BY exit_path_id'
				. ' ) t GROUP BY t.path_id',

			'INSERT INTO {rollup_sources} (day, source_id, medium, channel, ' . $count_columns . ')'
				. ' SELECT %s, s.source_id, s.medium, s.channel, ' . $session_counts
				. ' FROM {sessions} s WHERE s.day = %s GROUP BY s.source_id, s.medium, s.channel',

			'INSERT INTO {rollup_campaigns} (day, campaign_id, ' . $count_columns . ')'
				. ' SELECT %s, s.campaign_id, ' . $session_counts
				. ' FROM {sessions} s WHERE s.day = %s AND s.campaign_id > 0 GROUP BY s.campaign_id',

			'INSERT INTO {rollup_countries} (day, country, ' . $count_columns . ')'
				. ' SELECT %s, s.country, ' . $session_counts
				. ' FROM {sessions} s WHERE s.day = %s GROUP BY s.country',

			'INSERT INTO {rollup_devices} (day, device_category, browser, os, ' . $count_columns . ')'
				. " SELECT %s, COALESCE(u.device_category, ''), COALESCE(u.browser, ''), COALESCE(u.os, ''), " . $session_counts
				. ' FROM {sessions} s LEFT JOIN {user_agents} u ON u.id = s.ua_id WHERE s.day = %s'
				. " GROUP BY COALESCE(u.device_category, ''), COALESCE(u.browser, ''), COALESCE(u.os, '')",

			'INSERT INTO {rollup_events} (day, name, events, sessions, visitors)'
				. ' SELECT %s, e.name, COUNT(*), COUNT(DISTINCT e.session_id), COUNT(DISTINCT s.visitor)'
				. ' FROM {events} e LEFT JOIN {sessions} s ON s.id = e.session_id WHERE e.day = %s GROUP BY e.name',
		);
	}
}
