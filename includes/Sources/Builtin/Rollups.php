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
		foreach ( $days as $day ) {
			if ( Compaction::is_final( $day, $compacted ) ) {
				continue;
			}
			Db::transaction(
				static function () use ( $day ): void {
					self::recompute_day( $day );
				}
			);
		}
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

			'INSERT INTO {rollup_pages} (day, path_id, pageviews, visitors, entrances, entrance_visitors, bounces, engaged_sessions, duration_sum, exits)'
				. ' SELECT %s, t.path_id, SUM(t.pv), SUM(t.vi), SUM(t.en), SUM(t.ev), SUM(t.bo), SUM(t.eg), SUM(t.du), SUM(t.ex) FROM ('
				. ' SELECT p.path_id AS path_id, COUNT(*) AS pv, COUNT(DISTINCT s.visitor) AS vi, 0 AS en, 0 AS ev, 0 AS bo, 0 AS eg, 0 AS du, 0 AS ex'
				. ' FROM {pageviews} p LEFT JOIN {sessions} s ON s.id = p.session_id WHERE p.day = %s GROUP BY p.path_id'
				. ' UNION ALL SELECT landing_path_id, 0, 0, COUNT(*), COUNT(DISTINCT visitor), SUM(bounced), SUM(engaged), SUM(duration), 0'
				. ' FROM {sessions} WHERE day = %s AND landing_path_id > 0 GROUP BY landing_path_id'
				. ' UNION ALL SELECT exit_path_id, 0, 0, 0, 0, 0, 0, 0, COUNT(*) FROM {sessions} WHERE day = %s AND exit_path_id > 0 GROUP BY exit_path_id'
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
