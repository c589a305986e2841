<?php
/**
 * What each daily rollup holds, in PHP and in SQL.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * The rollups of Tables::ROLLUPS, each said twice: rollups() lists its table, its columns, the text
 * columns among its keys and the function that computes its rows of a day from one read of the
 * day's raw rows (RollupDay); statements() gives, for every table, the INSERT … SELECT that says the
 * same in SQL. The SQL is the reference the PHP is tested against (RollupsTest), and Rollups runs it
 * instead of the PHP when two of a day's text keys could be one under the table's collation.
 *
 * Sessions count on the day they started (with their page views, bounces, duration, source,
 * country and device); the site's and pages' page views and the hours count each page view on its
 * own day. Visitor keys rotate daily, so "visitors" is distinct per day and a range sums days.
 */
final class RollupRows {

	/**
	 * The site's row in SQL (the reference of site_rows()).
	 *
	 * @param string $day Local day.
	 */
	public static function site_sql( string $day ): void {
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
		$row = array( $day );
		foreach ( array( 'sessions', 'visitors', 'new_visitors' ) as $column ) {
			$row[] = (int) ( $sessions[ $column ] ?? 0 );
		}
		$row[] = $pageviews;
		foreach ( array( 'bounces', 'engaged_sessions', 'duration_sum', 'new_sessions' ) as $column ) {
			$row[] = (int) ( $sessions[ $column ] ?? 0 );
		}
		$row[] = $events;
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum', 'new_sessions', 'events' ), array( $row ) );
	}

	/**
	 * Every rollup of a day: its table (Tables::ROLLUPS), its columns after `day` (keys first),
	 * the text columns among its keys (their positions in the row), and the function that computes
	 * its rows, each in column order. A rollup added to the schema adds an entry here and its
	 * INSERT … SELECT to statements().
	 *
	 * @return array<string, array{columns: string[], text: int[], rows: callable(RollupDay): array<int, array<int, int|string>>}>
	 */
	public static function rollups(): array {
		$sessions = Tables::SESSION_COUNTERS;
		return array(
			'rollup_site'      => array(
				'columns' => array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum', 'new_sessions', 'events' ),
				'text'    => array(),
				'rows'    => array( self::class, 'site_rows' ),
			),
			'rollup_hours'     => array(
				'columns' => array( 'hour', 'pageviews', 'sessions' ),
				'text'    => array(),
				'rows'    => array( self::class, 'hour_rows' ),
			),
			'rollup_pages'     => array(
				'columns' => array( 'path_id', 'pageviews', 'visitors', 'entrances', 'entrance_visitors', 'bounces', 'engaged_sessions', 'duration_sum', 'exits', 'entrance_pageviews', 'new_entrances' ),
				'text'    => array(),
				'rows'    => array( self::class, 'page_rows' ),
			),
			'rollup_sources'   => array(
				'columns' => array_merge( array( 'source_id', 'medium', 'channel' ), $sessions ),
				'text'    => array( 1, 2 ),
				'rows'    => static fn( RollupDay $day ): array => self::by_session( $day, static fn( array $s ): array => array( $s['source_id'], $s['medium'], $s['channel'] ) ),
			),
			'rollup_campaigns' => array(
				'columns' => array_merge( array( 'campaign_id' ), $sessions ),
				'text'    => array(),
				'rows'    => static fn( RollupDay $day ): array => self::by_session( $day, static fn( array $s ): ?array => $s['campaign_id'] > 0 ? array( $s['campaign_id'] ) : null ),
			),
			'rollup_countries' => array(
				'columns' => array_merge( array( 'country' ), $sessions ),
				'text'    => array( 0 ),
				'rows'    => static fn( RollupDay $day ): array => self::by_session( $day, static fn( array $s ): array => array( $s['country'] ) ),
			),
			'rollup_regions'   => array(
				'columns' => array_merge( array( 'country', 'region' ), $sessions ),
				'text'    => array( 0, 1 ),
				'rows'    => static fn( RollupDay $day ): array => self::by_session( $day, static fn( array $s ): array => array( $s['country'], $s['region'] ) ),
			),
			'rollup_devices'   => array(
				'columns' => array_merge( array( 'device_category', 'browser', 'os' ), $sessions ),
				'text'    => array( 0, 1, 2 ),
				'rows'    => static fn( RollupDay $day ): array => self::by_session( $day, static fn( array $s ): array => $day->devices[ (int) $s['ua_id'] ] ),
			),
			'rollup_events'    => array(
				'columns' => array( 'name', 'events', 'sessions', 'visitors' ),
				'text'    => array( 0 ),
				'rows'    => array( self::class, 'event_rows' ),
			),
			'rollup_roles'     => array(
				'columns' => array( 'role', 'pageviews' ),
				'text'    => array( 0 ),
				'rows'    => array( self::class, 'role_rows' ),
			),
		);
	}

	/**
	 * The site's row: sessions by start day, page views and events by their own day; none for a
	 * day without any.
	 *
	 * @param RollupDay $day The day's rows.
	 * @return array<int, array<int, int>>
	 */
	public static function site_rows( RollupDay $day ): array {
		if ( array() === $day->sessions && array() === $day->pageviews && array() === $day->events ) {
			return array();
		}
		$visitors = array();
		$new      = array();
		$bounces  = 0;
		$engaged  = 0;
		$duration = 0;
		$is_new   = 0;
		foreach ( $day->sessions as $s ) {
			$visitors[ $s['visitor'] ] = true;
			if ( 1 === $s['is_new'] ) {
				$new[ $s['visitor'] ] = true;
			}
			$bounces  += (int) $s['bounced'];
			$engaged  += (int) $s['engaged'];
			$duration += (int) $s['duration'];
			$is_new   += (int) $s['is_new'];
		}
		return array( array( count( $day->sessions ), count( $visitors ), count( $new ), count( $day->pageviews ), $bounces, $engaged, $duration, $is_new, count( $day->events ) ) );
	}

	/**
	 * Page views by their hour, sessions by the hour they started.
	 *
	 * @param RollupDay $day The day's rows.
	 * @return array<int, array<int, int>>
	 */
	public static function hour_rows( RollupDay $day ): array {
		$hours = array();
		foreach ( $day->pageviews as $view ) {
			$hours[ $view[1] ] ??= array( $view[1], 0, 0 );
			++$hours[ $view[1] ][1];
		}
		foreach ( $day->sessions as $s ) {
			$hour             = (int) $s['hour'];
			$hours[ $hour ] ??= array( $hour, 0, 0 );
			++$hours[ $hour ][2];
		}
		return array_values( $hours );
	}

	/**
	 * Pages: page views and their visitors by path; entrances (sessions that landed there, with
	 * their visitors, bounces, engagement, duration, page views and new sessions) and exits.
	 *
	 * @param RollupDay $day The day's rows.
	 * @return array<int, array<int, int>>
	 */
	public static function page_rows( RollupDay $day ): array {
		$pages    = array();
		$visitors = array();
		$landing  = array();
		$row      = array( 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 );
		foreach ( $day->pageviews as $view ) {
			$path             = $view[2];
			$pages[ $path ] ??= array( $path ) + $row;
			++$pages[ $path ][1];
			if ( isset( $day->visitor_of[ $view[0] ] ) ) {
				$visitors[ $path ][ $day->visitor_of[ $view[0] ] ] = true;
			}
		}
		foreach ( $day->sessions as $s ) {
			$path = (int) $s['landing_path_id'];
			if ( $path > 0 ) {
				$pages[ $path ] ??= array( $path ) + $row;
				++$pages[ $path ][3];
				$landing[ $path ][ $s['visitor'] ] = true;
				$pages[ $path ][5]                += (int) $s['bounced'];
				$pages[ $path ][6]                += (int) $s['engaged'];
				$pages[ $path ][7]                += (int) $s['duration'];
				$pages[ $path ][9]                += (int) $s['pageviews'];
				$pages[ $path ][10]               += (int) $s['is_new'];
			}
			$exit = (int) $s['exit_path_id'];
			if ( $exit > 0 ) {
				$pages[ $exit ] ??= array( $exit ) + $row;
				++$pages[ $exit ][8];
			}
		}
		foreach ( $pages as $path => $page ) {
			$pages[ $path ][2] = count( $visitors[ $path ] ?? array() );
			$pages[ $path ][4] = count( $landing[ $path ] ?? array() );
		}
		return array_values( $pages );
	}

	/**
	 * Page views by the visitor's role at the time ('' not logged in, "-" logged in without a
	 * role); page views from before schema version 6 (Tables::ROLE_UNKNOWN) count in no row.
	 *
	 * @param RollupDay $day The day's rows.
	 * @return array<int, array{0: string, 1: int}>
	 */
	public static function role_rows( RollupDay $day ): array {
		$roles = array();
		foreach ( $day->pageviews as $view ) {
			if ( Tables::ROLE_UNKNOWN !== $view[3] ) {
				$roles[ $view[3] ] = ( $roles[ $view[3] ] ?? 0 ) + 1;
			}
		}
		$rows = array();
		foreach ( $roles as $role => $views ) {
			$rows[] = array( (string) $role, $views );
		}
		return $rows;
	}

	/**
	 * Events by name: how many, in how many sessions, by how many visitors.
	 *
	 * @param RollupDay $day The day's rows.
	 * @return array<int, array<int, int|string>>
	 */
	public static function event_rows( RollupDay $day ): array {
		$names = array();
		foreach ( $day->events as $event ) {
			$name = $event[1];
			if ( ! isset( $names[ $name ] ) ) {
				$names[ $name ] = array( 0, array(), array() );
			}
			++$names[ $name ][0];
			$names[ $name ][1][ $event[0] ] = true;
			if ( isset( $day->visitor_of[ $event[0] ] ) ) {
				$names[ $name ][2][ $day->visitor_of[ $event[0] ] ] = true;
			}
		}
		$rows = array();
		foreach ( $names as $name => $counts ) {
			$rows[] = array( (string) $name, $counts[0], count( $counts[1] ), count( $counts[2] ) );
		}
		return $rows;
	}

	/**
	 * Sessions grouped by a key, with Tables::SESSION_COUNTERS: sessions, visitors, new visitors,
	 * page views, bounces, engaged sessions, duration.
	 *
	 * @param RollupDay                                                          $day The day's rows.
	 * @param callable(array<string, int|string>): (array<int, int|string>|null) $key The key of a session, or null to leave it out.
	 * @return array<int, array<int, int|string>>
	 */
	private static function by_session( RollupDay $day, callable $key ): array {
		$groups = array();
		foreach ( $day->sessions as $s ) {
			$values = $key( $s );
			if ( null === $values ) {
				continue;
			}
			$hash = implode( "\0", $values );
			if ( ! isset( $groups[ $hash ] ) ) {
				$groups[ $hash ] = array( $values, 0, array(), array(), 0, 0, 0, 0 );
			}
			$group = &$groups[ $hash ];
			++$group[1];
			$group[2][ $s['visitor'] ] = true;
			if ( 1 === $s['is_new'] ) {
				$group[3][ $s['visitor'] ] = true;
			}
			$group[4] += (int) $s['pageviews'];
			$group[5] += (int) $s['bounced'];
			$group[6] += (int) $s['engaged'];
			$group[7] += (int) $s['duration'];
			unset( $group );
		}
		$rows = array();
		foreach ( $groups as $group ) {
			$rows[] = array_merge( $group[0], array( $group[1], count( $group[2] ), count( $group[3] ), $group[4], $group[5], $group[6], $group[7] ) );
		}
		return $rows;
	}

	/**
	 * The INSERT … SELECT of every rollup but the site's (site_sql()), by table; each %s is the day.
	 *
	 * @return array<string, string>
	 */
	public static function statements(): array {
		$session_counts = 'COUNT(*), COUNT(DISTINCT s.visitor), COUNT(DISTINCT CASE WHEN s.is_new = 1 THEN s.visitor END),'
			. ' SUM(s.pageviews), SUM(s.bounced), SUM(s.engaged), SUM(s.duration)';
		$count_columns  = implode( ', ', Tables::SESSION_COUNTERS );
		// A rollup of sessions grouped by their own columns (the table's keys, Tables::MONTHLY).
		$by_session = static function ( string $table, string $where = '' ) use ( $session_counts, $count_columns ): string {
			$keys = Tables::MONTHLY[ $table ]['keys'];
			return 'INSERT INTO {' . $table . '} (day, ' . implode( ', ', $keys ) . ', ' . $count_columns . ')'
				. ' SELECT %s, s.' . implode( ', s.', $keys ) . ', ' . $session_counts
				. ' FROM {sessions} s WHERE s.day = %s' . $where . ' GROUP BY s.' . implode( ', s.', $keys );
		};

		return array(
			'rollup_hours'     => 'INSERT INTO {rollup_hours} (day, hour, pageviews, sessions)'
				. ' SELECT %s, t.hour, SUM(t.pv), SUM(t.se) FROM ('
				. ' SELECT hour, COUNT(*) AS pv, 0 AS se FROM {pageviews} WHERE day = %s GROUP BY hour'
				. ' UNION ALL SELECT hour, 0, COUNT(*) FROM {sessions} WHERE day = %s GROUP BY hour'
				. ' ) t GROUP BY t.hour',

			'rollup_pages'     => 'INSERT INTO {rollup_pages} (day, path_id, pageviews, visitors, entrances, entrance_visitors, bounces, engaged_sessions, duration_sum, exits, entrance_pageviews, new_entrances)'
				. ' SELECT %s, t.path_id, SUM(t.pv), SUM(t.vi), SUM(t.en), SUM(t.ev), SUM(t.bo), SUM(t.eg), SUM(t.du), SUM(t.ex), SUM(t.ep), SUM(t.ne) FROM ('
				. ' SELECT p.path_id AS path_id, COUNT(*) AS pv, COUNT(DISTINCT s.visitor) AS vi, 0 AS en, 0 AS ev, 0 AS bo, 0 AS eg, 0 AS du, 0 AS ex, 0 AS ep, 0 AS ne'
				. ' FROM {pageviews} p LEFT JOIN {sessions} s ON s.id = p.session_id WHERE p.day = %s GROUP BY p.path_id'
				. ' UNION ALL SELECT landing_path_id, 0, 0, COUNT(*), COUNT(DISTINCT visitor), SUM(bounced), SUM(engaged), SUM(duration), 0, SUM(pageviews), SUM(is_new)'
				. ' FROM {sessions} WHERE day = %s AND landing_path_id > 0 GROUP BY landing_path_id'
				. ' UNION ALL SELECT exit_path_id, 0, 0, 0, 0, 0, 0, 0, COUNT(*), 0, 0 FROM {sessions} WHERE day = %s AND exit_path_id > 0 GROUP BY exit_path_id'
				. ' ) t GROUP BY t.path_id',

			'rollup_sources'   => $by_session( 'rollup_sources' ),
			'rollup_campaigns' => $by_session( 'rollup_campaigns', ' AND s.campaign_id > 0' ),
			'rollup_countries' => $by_session( 'rollup_countries' ),
			'rollup_regions'   => $by_session( 'rollup_regions' ),

			'rollup_devices'   => 'INSERT INTO {rollup_devices} (day, device_category, browser, os, ' . $count_columns . ')'
				. " SELECT %s, COALESCE(u.device_category, ''), COALESCE(u.browser, ''), COALESCE(u.os, ''), " . $session_counts
				. ' FROM {sessions} s LEFT JOIN {user_agents} u ON u.id = s.ua_id WHERE s.day = %s'
				. " GROUP BY COALESCE(u.device_category, ''), COALESCE(u.browser, ''), COALESCE(u.os, '')",

			'rollup_events'    => 'INSERT INTO {rollup_events} (day, name, events, sessions, visitors)'
				. ' SELECT %s, e.name, COUNT(*), COUNT(DISTINCT e.session_id), COUNT(DISTINCT s.visitor)'
				. ' FROM {events} e LEFT JOIN {sessions} s ON s.id = e.session_id WHERE e.day = %s GROUP BY e.name',

			'rollup_roles'     => 'INSERT INTO {rollup_roles} (day, role, pageviews)'
				. " SELECT %s, role, COUNT(*) FROM {pageviews} WHERE day = %s AND role <> '" . Tables::ROLE_UNKNOWN . "' GROUP BY role",
		);
	}
}
