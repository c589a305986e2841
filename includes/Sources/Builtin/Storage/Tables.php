<?php
/**
 * The builtin source's tables and their migrations.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Ingest;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\InteractionRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\LinkRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\RealtimeMinutes;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\VitalsRollups;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

defined( 'ABSPATH' ) || exit;

/**
 * Table names (per site: they carry $wpdb->prefix), their definitions for dbDelta(), and the
 * versioned migrations that run on activation, on admin_init and before each aggregation when the
 * stored version is older than VERSION.
 *
 * Three kinds of table:
 * - lookups: paths, sources, campaigns, user_agents, links — one row per distinct value, unique hash/name;
 * - raw: sessions, pageviews, events — kept for the raw window (Compaction, 30 days by default);
 *   session_next holds the few sessions' second visitor key (a session that went on past the
 *   salt's midnight), so the sessions table carries no mostly-zero column and index for it;
 * - cursors: where the aggregation of each claimed buffer file stands (crash safety);
 * - rollups: rollup_* — one row per site-local day and key, recomputed from the raw tables for the
 *   days an aggregation touched, read by every unfiltered report, kept for ever (ROLLUPS, computed
 *   by Rollups; rollup_links and rollup_scroll, computed by LinkRollups with them; rollup_forms and
 *   rollup_media, computed by InteractionRollups with them; rollup_vitals, the Core Web Vitals'
 *   histograms, computed by VitalsRollups with them);
 * - exceptions: the days a daily series left its usual range (Exceptions\Runner), one row per
 *   series and day, kept when deleted (flagged) so detection never finds that day again;
 * - rt_minutes, rt_sessions: Real-Time's per-minute summaries of the last hours (RealtimeMinutes),
 *   written by the aggregation with the raw rows.
 */
final class Tables {

	/**
	 * The schema version this code needs. Add a migration and bump it to change the schema.
	 */
	public const VERSION = 12;

	/**
	 * The option that stores the installed version, per site.
	 */
	public const VERSION_OPTION = 'monsterinsights_reports_db_version';

	/**
	 * The lock that keeps two migrations from running at once.
	 */
	public const MIGRATE_LOCK = 'monsterinsights_reports_migrate_lock';

	/**
	 * The option recording a failed migration of the current site: {from, to, time, error}; the
	 * admin is told (failure_notice()) and it is tried again after RETRY_AFTER seconds, not on
	 * every request.
	 */
	public const FAILURE_OPTION = 'monsterinsights_reports_migration_failure';

	/**
	 * The option listing the migrations that ran on the current site: [{from, to, time}, …].
	 */
	public const HISTORY_OPTION = 'monsterinsights_reports_migrations';

	/**
	 * Seconds before a failed migration is tried again.
	 */
	public const RETRY_AFTER = HOUR_IN_SECONDS;

	/**
	 * Prefix of every table name, after $wpdb->prefix.
	 */
	public const PREFIX = 'mir_';

	/**
	 * Every table, in creation order.
	 */
	public const TABLES = array(
		'paths',
		'sources',
		'campaigns',
		'user_agents',
		'links',
		'sessions',
		'session_next',
		'pageviews',
		'events',
		'cursors',
		...self::ROLLUPS,
		'rollup_pages_m',
		'rollup_sources_m',
		'rollup_campaigns_m',
		'rollup_countries_m',
		'rollup_regions_m',
		'rollup_devices_m',
		'rollup_links',
		'rollup_scroll',
		'exceptions',
		'rollup_forms',
		'rollup_forms_m',
		'rollup_media',
		'rollup_media_m',
		'rollup_vitals',
		'rollup_vitals_m',
		'rt_minutes',
		'rt_sessions',
	);

	/**
	 * The rollup tables that have a monthly twin (`<table>_m`: the same columns, `day` the first day
	 * of the month, each row the sum of the month's daily rows), by their key columns beside the day
	 * and their counters. A long range reads whole months from the twin (Rollups::from()).
	 */
	public const MONTHLY = array(
		'rollup_pages'     => array(
			'keys'     => array( 'path_id' ),
			'counters' => array( 'pageviews', 'visitors', 'entrances', 'entrance_visitors', 'bounces', 'engaged_sessions', 'duration_sum', 'exits', 'entrance_pageviews', 'new_entrances' ),
		),
		'rollup_sources'   => array(
			'keys'     => array( 'source_id', 'medium', 'channel' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_campaigns' => array(
			'keys'     => array( 'campaign_id' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_countries' => array(
			'keys'     => array( 'country' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_regions'   => array(
			'keys'     => array( 'country', 'region' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_devices'   => array(
			'keys'     => array( 'device_category', 'browser', 'os' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_forms'     => array(
			'keys'     => array( 'form', 'source_id', 'medium', 'campaign_id' ),
			'counters' => array( 'impressions', 'conversions' ),
		),
		'rollup_media'     => array(
			'keys'     => array( 'title' ),
			'counters' => array( 'plays', 'watch_seconds', 'views', 'percent_sum', 'completions' ),
		),
		'rollup_vitals'    => array(
			'keys'     => array( 'device_category', 'metric', 'value' ),
			'counters' => array( 'samples' ),
		),
	);

	/**
	 * The session counters of the rollups by session attributes.
	 */
	public const SESSION_COUNTERS = array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum' );

	/**
	 * The rollup tables.
	 */
	public const ROLLUPS = array(
		'rollup_site',
		'rollup_hours',
		'rollup_pages',
		'rollup_sources',
		'rollup_campaigns',
		'rollup_countries',
		'rollup_regions',
		'rollup_devices',
		'rollup_events',
		'rollup_roles',
	);

	/**
	 * The `role` of a page view recorded before schema version 6, when page views did not say
	 * whether the visitor was logged in: counted in no row of rollup_roles.
	 */
	public const ROLE_UNKNOWN = '?';

	/**
	 * The full name of a table on the current site.
	 *
	 * @param string $name One of TABLES.
	 * @throws \InvalidArgumentException For an unknown table.
	 */
	public static function table( string $name ): string {
		global $wpdb;
		if ( ! in_array( $name, self::TABLES, true ) ) {
			throw new \InvalidArgumentException( esc_html( 'Unknown table: ' . $name ) );
		}
		return $wpdb->prefix . self::PREFIX . $name;
	}

	/**
	 * The installed schema version of the current site (0 when none).
	 */
	public static function installed_version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}

	/**
	 * Whether the current site's schema is older than the code.
	 */
	public static function needs_migration(): bool {
		return self::installed_version() < self::VERSION;
	}

	/**
	 * Migrates the current site when its schema is older than the code; cheap when it is not (one
	 * autoloaded option). A migration that fails does not break the request: the failure is
	 * recorded, the admin sees a notice, and it is tried again after RETRY_AFTER seconds.
	 */
	public static function maybe_migrate(): void {
		if ( ! self::needs_migration() ) {
			return;
		}
		$failure = get_option( self::FAILURE_OPTION );
		if ( is_array( $failure ) && self::VERSION === (int) ( $failure['to'] ?? 0 ) && time() - (int) ( $failure['time'] ?? 0 ) < self::RETRY_AFTER ) {
			return;
		}
		try {
			self::migrate();
		} catch ( \Throwable $error ) {
			update_option(
				self::FAILURE_OPTION,
				array(
					'from'  => self::installed_version(),
					'to'    => self::VERSION,
					'time'  => time(),
					'error' => $error->getMessage(),
				),
				true
			);
		}
	}

	/**
	 * On admin_notices: tells an administrator that the database update failed and what happens
	 * next.
	 */
	public static function failure_notice(): void {
		$failure = get_option( self::FAILURE_OPTION );
		if ( ! is_array( $failure ) || ! current_user_can( 'manage_options' ) ) {
			return;
		}
		printf(
			'<div class="notice notice-error"><p>%s</p><p><code>%s</code></p></div>',
			esc_html(
				sprintf(
					/* translators: 1: the installed database version, 2: the version the plugin needs. */
					__( 'MonsterInsights Reports could not update its database from version %1$d to %2$d. Your site and the reports keep working with the data recorded so far; the update is tried again within an hour. If this stays, please contact support with the message below.', 'monsterinsights-reports' ),
					(int) ( $failure['from'] ?? 0 ),
					(int) ( $failure['to'] ?? 0 )
				)
			),
			esc_html( (string) ( $failure['error'] ?? '' ) )
		);
	}

	/**
	 * Creates or updates the tables (dbDelta), runs the pending migrations in order, and records
	 * the version. Running it again changes nothing.
	 */
	public static function migrate(): void {
		$lock = new Lock( self::MIGRATE_LOCK, 300 );
		if ( ! $lock->acquire() ) {
			return;
		}
		try {
			$from = self::installed_version();
			if ( $from >= 1 && $from < 2 ) {
				self::set_aside_v1();
			}
			if ( $from >= 2 && $from < 12 ) {
				self::cluster_by_day();
			}
			if ( ! function_exists( 'dbDelta' ) ) {
				require ABSPATH . 'wp-admin/includes/upgrade.php';
			}
			/**
			 * Fires before the current site's tables are migrated.
			 *
			 * @param int $from The installed schema version (0 for none).
			 * @param int $to   The version the code needs.
			 */
			do_action( 'monsterinsights_reports_migrate', $from, self::VERSION );
			dbDelta( self::definitions() );
			foreach ( self::migrations() as $version => $step ) {
				if ( $version > $from && $version <= self::VERSION ) {
					$step();
				}
			}
			update_option( self::VERSION_OPTION, self::VERSION, true );
			$history   = (array) get_option( self::HISTORY_OPTION, array() );
			$history[] = array(
				'from' => $from,
				'to'   => self::VERSION,
				'time' => time(),
			);
			update_option( self::HISTORY_OPTION, $history, false );
			delete_option( self::FAILURE_OPTION );
		} finally {
			$lock->release();
		}
	}

	/**
	 * Steps beyond what dbDelta() creates or alters (data moves, renamed columns, dropped indexes),
	 * by the version they lead to; each runs once, in order, after dbDelta(). Version 1 is the
	 * tables alone.
	 *
	 * @return array<int, callable(): void>
	 */
	private static function migrations(): array {
		return array(
			2  => static function (): void {
				self::from_v1();
				Rollups::recompute_months( Rollups::months() );
			},
			// Landing pages count their sessions' page views and new sessions (pages per session,
			// new sessions): recomputed for every day that still has its raw rows; a compacted
			// day's rollups are final and read 0 for the two new counters.
			3  => static function (): void {
				Rollups::recompute( Db::col( 'SELECT DISTINCT day FROM {sessions}' ) );
			},
			// Regions (with a city-level database): computed for every day that still has its raw
			// rows; a compacted day has none.
			4  => static function (): void {
				Rollups::recompute( Db::col( 'SELECT DISTINCT day FROM {sessions}' ) );
			},
			// Link clicks and scroll depth (the Publishers report): computed for every day that
			// still has its raw events; a compacted day has none left and reads no clicks.
			5  => static function (): void {
				LinkRollups::recompute( Db::col( 'SELECT DISTINCT day FROM {events}' ) );
			},
			// The logged-in state and role of page views (the Dimensions report): page views
			// recorded before know neither, their column reads ROLE_UNKNOWN and counts nowhere, so
			// there is nothing to compute; rollup_roles fills from the next aggregation on.
			6  => static function (): void {},
			// The Exceptions report's table (dbDelta above creates it); its detector looks back
			// over the existing rollups on its first run (Exceptions\Runner), nothing to move here.
			7  => static function (): void {},
			// Form impressions and conversions, media plays (the Forms and Media reports):
			// computed for every day that still has its raw events, with their monthly twins; a
			// compacted day has none left.
			8  => static function (): void {
				$days      = Db::col( 'SELECT DISTINCT day FROM {events}' );
				$compacted = Compaction::compacted_before();
				foreach ( $days as $day ) {
					if ( ! Compaction::is_final( $day, $compacted ) ) {
						Db::transaction( static fn() => InteractionRollups::recompute_day( $day ) );
					}
				}
				Rollups::recompute_months( Rollups::months() );
			},
			// The Site Speed report's Core Web Vitals (VitalsRollups): computed for every day that
			// still has raw web_vitals events, and their months.
			9  => static function (): void {
				$days = Db::col( 'SELECT DISTINCT day FROM {events} WHERE name = %s', array( Collector\Collector::VITALS_EVENT ) );
				VitalsRollups::recompute( $days );
				Rollups::recompute_months( array_values( array_unique( array_map( static fn( string $day ): string => substr( $day, 0, 7 ) . '-01', $days ) ) ) );
			},
			// A session's second visitor key (visitor_next: 0 for nearly every session, yet a column
			// and an index entry in every row) moves to session_next, which holds only the sessions
			// that have one. Copied before the column is dropped, so a step interrupted between the
			// two copies again (INSERT IGNORE) and then drops it.
			10 => static function (): void {
				if ( self::has_column( 'sessions', 'visitor_next' ) ) {
					Db::query( 'INSERT IGNORE INTO {session_next} (session_id, visitor_next) SELECT id, visitor_next FROM {sessions} WHERE visitor_next <> 0' );
					Db::query( 'ALTER TABLE {sessions} DROP COLUMN visitor_next' );
				}
			},
			// Real-Time's per-minute summaries (RealtimeMinutes; dbDelta above creates their
			// tables): they start after the hits stored so far, which Real-Time reads from the raw
			// rows until they are older than its hour.
			11 => static function (): void {
				RealtimeMinutes::start( time() );
			},
			// Page views and events clustered by day (cluster_by_day(), before dbDelta(), which
			// cannot change a primary key): nothing else to move.
			12 => static function (): void {},
		);
	}

	/**
	 * Whether a table exists (asked by reading it, which also sees temporary tables).
	 *
	 * @param string $table Full table name.
	 */
	private static function exists( string $table ): bool {
		global $wpdb;
		$suppressed = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- A table name of this plugin.
		$found = $wpdb->get_var( 'SELECT 1 FROM `' . esc_sql( $table ) . '` LIMIT 1' );
		$error = (string) $wpdb->last_error;
		$wpdb->suppress_errors( $suppressed );
		$wpdb->last_error = '';
		return '' === $error || null !== $found;
	}

	/**
	 * Whether a table of the current site has a column.
	 *
	 * @param string $name   One of TABLES.
	 * @param string $column A column name.
	 */
	private static function has_column( string $name, string $column ): bool {
		// DESCRIBE, as dbDelta() reads a table's columns.
		return in_array( $column, array_column( Db::rows( 'DESCRIBE {' . $name . '}' ), 'Field' ), true );
	}

	/**
	 * Version 12: page views and events are stored in the order of their day (primary key day, id;
	 * the id keeps an index of its own, as AUTO_INCREMENT needs). What reads them reads a day (the
	 * rollups, Real-Time) and compaction deletes a day: a range of the table itself, not of a
	 * second index and then the table row by row. The day's old indexes (day_path, day_name) go:
	 * the primary key starts with the day.
	 */
	private static function cluster_by_day(): void {
		foreach ( array(
			'pageviews' => 'day_path',
			'events'    => 'day_name',
		) as $name => $by_day ) {
			if ( ! self::exists( self::table( $name ) ) ) {
				continue;
			}
			$indexes = array();
			foreach ( Db::rows( 'SHOW INDEX FROM {' . $name . '}' ) as $row ) {
				$indexes[ (string) $row['Key_name'] ][] = (string) $row['Column_name'];
			}
			if ( array( 'day', 'id' ) === ( $indexes['PRIMARY'] ?? array() ) ) {
				continue;
			}
			// One statement: the id is never without an index (AUTO_INCREMENT needs one).
			Db::query( 'ALTER TABLE {' . $name . '} ' . ( isset( $indexes['id'] ) ? '' : 'ADD KEY id (id), ' ) . 'DROP PRIMARY KEY, ADD PRIMARY KEY (day, id)' . ( isset( $indexes[ $by_day ] ) ? ', DROP KEY ' . $by_day : '' ) );
		}
	}

	/**
	 * Version 1's raw tables, set aside under another name before dbDelta() creates version 2's.
	 *
	 * @param string $name sessions, pageviews or events.
	 */
	private static function v1_table( string $name ): string {
		global $wpdb;
		return $wpdb->prefix . self::PREFIX . 'v1_' . $name;
	}

	/**
	 * Renames version 1's raw tables out of the way: their keys were 32-character strings (hit ids,
	 * visitor keys), version 2 stores visitor keys as integers and no hit ids.
	 */
	private static function set_aside_v1(): void {
		global $wpdb;
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $name ) {
			$table = $wpdb->prefix . self::PREFIX . $name;
			if ( self::exists( $table ) ) {
				Db::query( 'DROP TABLE IF EXISTS `' . self::v1_table( $name ) . '`' );
				Db::query( 'ALTER TABLE `' . $table . '` RENAME TO `' . self::v1_table( $name ) . '`' );
			}
		}
	}

	/**
	 * Version 2: moves the raw rows of the raw window (Compaction) from version 1's tables, with
	 * visitor keys as integers and session ids kept, then drops them. Older raw rows are not moved:
	 * their days' numbers are in the rollups, which stay as they are, and those days are marked
	 * compacted so nothing recomputes them.
	 */
	public static function from_v1(): void {
		global $wpdb;
		$clock = new LocalTime();
		$today = new \DateTimeImmutable( $clock->day( time() ) . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		$start = $today->modify( '-' . ( Compaction::days() - 1 ) . ' days' )->format( 'Y-m-d' );
		$old   = array();
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $name ) {
			$old[ $name ] = self::exists( self::v1_table( $name ) );
		}
		if ( ! in_array( true, $old, true ) ) {
			return; // A new install.
		}
		if ( Compaction::compacted_before() < $start ) {
			update_option( Compaction::BEFORE_OPTION, $start, false );
		}
		if ( $old['sessions'] ) {
			$last = 0;
			do {
				$rows = Db::rows( 'SELECT * FROM `' . self::v1_table( 'sessions' ) . '` WHERE id > %d AND day >= %s ORDER BY id LIMIT 1000', array( $last, $start ) );
				$copy = array();
				$next = array();
				foreach ( $rows as $row ) {
					$last = (int) $row['id'];
					$out  = array();
					foreach ( Ingest::SESSION_COLUMNS as $column ) {
						$value = $row[ $column ] ?? '';
						if ( 'visitor' === $column || 'visitor_next' === $column ) {
							$value = 1 === preg_match( '/^[0-9a-f]{32}$/i', (string) $value ) ? Hit::key_int( (string) $value ) : 0;
						}
						if ( 'visitor_next' === $column ) {
							if ( 0 !== $value ) {
								$next[] = array( $last, $value );
							}
							continue;
						}
						$out[] = in_array( $column, Ingest::SESSION_TEXT_COLUMNS, true ) ? (string) $value : (int) $value;
					}
					$copy[] = $out;
				}
				Db::insert_rows( 'sessions', Ingest::STORED_COLUMNS, $copy );
				Db::insert_rows( 'session_next', array( 'session_id', 'visitor_next' ), $next );
				$found = count( $rows );
			} while ( 1000 === $found );
		}
		$copies = array(
			'pageviews' => 'id, session_id, ts, day, hour, path_id',
			'events'    => 'id, session_id, ts, day, name, path_id, props',
		);
		foreach ( $copies as $name => $columns ) {
			if ( $old[ $name ] ) {
				Db::query( 'INSERT INTO {' . $name . '} (' . $columns . ') SELECT ' . $columns . ' FROM `' . self::v1_table( $name ) . '` WHERE day >= %s', array( $start ) );
			}
		}
		foreach ( array( 'events', 'pageviews', 'sessions' ) as $name ) {
			Db::query( 'DROP TABLE IF EXISTS `' . self::v1_table( $name ) . '`' );
		}
	}

	/**
	 * Drops every table of the current site and forgets the version.
	 */
	public static function drop(): void {
		foreach ( array_reverse( self::TABLES ) as $name ) {
			Db::query( 'DROP TABLE IF EXISTS {' . $name . '}' );
		}
		delete_option( self::VERSION_OPTION );
	}

	/**
	 * The CREATE TABLE statements, in dbDelta's format (two spaces after PRIMARY KEY, one column or
	 * key a line). Dates are site-local (wp_timezone()); timestamps are Unix seconds.
	 *
	 * @return string[]
	 */
	public static function definitions(): array {
		global $wpdb;
		$collate = $wpdb->get_charset_collate();
		$tables  = array();
		$columns = self::columns();
		foreach ( array_keys( self::MONTHLY ) as $daily ) {
			$columns[ $daily . '_m' ] = $columns[ $daily ];
		}
		foreach ( $columns as $name => $body ) {
			$tables[] = 'CREATE TABLE ' . self::table( $name ) . " (\n" . $body . "\n) " . $collate . ';';
		}
		return $tables;
	}

	/**
	 * The body of each CREATE TABLE.
	 *
	 * Indexes follow the queries: lookups are found by their unique hash/name; sessions by visitor
	 * key while open (visitor; a second key through session_next) and by day for rollups and
	 * pruning; raw hits by their
	 * unique hit id (a re-processed hit is skipped), by session, and by day; every rollup is read by
	 * a day range, so the day leads its primary key, and pages are also read for one path.
	 *
	 * @return array<string, string>
	 */
	private static function columns(): array {
		$id      = 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT';
		$counts  = "sessions int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "visitors int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "new_visitors int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "pageviews int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "bounces int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "engaged_sessions int(10) unsigned NOT NULL DEFAULT 0,\n"
			. 'duration_sum bigint(20) unsigned NOT NULL DEFAULT 0,';
		$day     = 'day date NOT NULL,';
		$counter = 'int(10) unsigned NOT NULL DEFAULT 0';
		// Where a session came from, as the sessions table keeps it (Real-Time's rt_sessions copies it).
		$place = "country char(2) NOT NULL DEFAULT '',\nregion varchar(64) NOT NULL DEFAULT '',\ncity varchar(128) NOT NULL DEFAULT '',";
		// A lookup table: values stored once, found by the md5 of the value (Lookups).
		$lookup = static fn( string $columns, string $key = '' ): string => "$id,\nhash char(32) NOT NULL,\n{$columns}\nPRIMARY KEY  (id),\nUNIQUE KEY hash (hash)" . ( '' === $key ? '' : ",\n" . $key );

		return array(
			'paths'            => $lookup(
				"path varchar(2048) NOT NULL DEFAULT '',
object_id bigint(20) unsigned NOT NULL DEFAULT 0,",
				'KEY object_id (object_id)'
			),
			'sources'          => $lookup(
				"name varchar(191) NOT NULL DEFAULT '',
category varchar(16) NOT NULL DEFAULT '',"
			),
			'campaigns'        => $lookup(
				"name varchar(191) NOT NULL DEFAULT '',
source varchar(191) NOT NULL DEFAULT '',
medium varchar(100) NOT NULL DEFAULT '',
term varchar(191) NOT NULL DEFAULT '',
content varchar(191) NOT NULL DEFAULT '',",
				'KEY name (name)'
			),
			'user_agents'      => $lookup(
				"browser varchar(64) NOT NULL DEFAULT '',
browser_version varchar(32) NOT NULL DEFAULT '',
os varchar(64) NOT NULL DEFAULT '',
os_version varchar(32) NOT NULL DEFAULT '',
device_category varchar(16) NOT NULL DEFAULT '',"
			),
			'links'            => $lookup(
				"url varchar(2048) NOT NULL DEFAULT '',"
			),
			'sessions'         => "id int(10) unsigned NOT NULL,
visitor bigint(20) unsigned NOT NULL,
started_at int(10) unsigned NOT NULL,
last_seen_at int(10) unsigned NOT NULL,
$day
hour tinyint(3) unsigned NOT NULL DEFAULT 0,
landing_path_id int(10) unsigned NOT NULL DEFAULT 0,
exit_path_id int(10) unsigned NOT NULL DEFAULT 0,
pageviews int(10) unsigned NOT NULL DEFAULT 0,
events int(10) unsigned NOT NULL DEFAULT 0,
interactive int(10) unsigned NOT NULL DEFAULT 0,
duration int(10) unsigned NOT NULL DEFAULT 0,
bounced tinyint(1) unsigned NOT NULL DEFAULT 0,
engaged tinyint(1) unsigned NOT NULL DEFAULT 0,
is_new tinyint(1) unsigned NOT NULL DEFAULT 0,
source_id int(10) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
channel varchar(32) NOT NULL DEFAULT '',
click varchar(8) NOT NULL DEFAULT '',
ua_id int(10) unsigned NOT NULL DEFAULT 0,
$place
PRIMARY KEY  (id),
KEY visitor (visitor),
KEY day (day)",
			'session_next'     => 'session_id int(10) unsigned NOT NULL,
visitor_next bigint(20) unsigned NOT NULL,
PRIMARY KEY  (session_id),
KEY visitor_next (visitor_next)',
			'pageviews'        => "id int(10) unsigned NOT NULL AUTO_INCREMENT,
session_id int(10) unsigned NOT NULL,
ts int(10) unsigned NOT NULL,
$day
hour tinyint(3) unsigned NOT NULL DEFAULT 0,
path_id int(10) unsigned NOT NULL,
role varchar(64) NOT NULL DEFAULT '?',
PRIMARY KEY  (day,id),
KEY id (id)",
			'events'           => "id int(10) unsigned NOT NULL AUTO_INCREMENT,
session_id int(10) unsigned NOT NULL,
ts int(10) unsigned NOT NULL,
$day
name varchar(64) NOT NULL,
path_id int(10) unsigned NOT NULL DEFAULT 0,
props text NOT NULL,
PRIMARY KEY  (day,id),
KEY id (id)",
			'cursors'          => 'file varchar(191) NOT NULL,
position bigint(20) unsigned NOT NULL DEFAULT 0,
days text NOT NULL,
PRIMARY KEY  (file)',
			'rollup_site'      => "$day
$counts
new_sessions $counter,
events $counter,
PRIMARY KEY  (day)",
			'rollup_hours'     => "$day
hour tinyint(3) unsigned NOT NULL,
pageviews $counter,
sessions $counter,
PRIMARY KEY  (day,hour)",
			'rollup_pages'     => "$day
path_id bigint(20) unsigned NOT NULL,
pageviews $counter,
visitors $counter,
entrances $counter,
entrance_visitors $counter,
bounces $counter,
engaged_sessions $counter,
duration_sum bigint(20) unsigned NOT NULL DEFAULT 0,
exits $counter,
entrance_pageviews $counter,
new_entrances $counter,
PRIMARY KEY  (day,path_id),
KEY path_day (path_id,day)",
			'rollup_sources'   => "$day
source_id bigint(20) unsigned NOT NULL,
medium varchar(100) NOT NULL DEFAULT '',
channel varchar(32) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,source_id,medium,channel)",
			'rollup_campaigns' => "$day
campaign_id bigint(20) unsigned NOT NULL,
$counts
PRIMARY KEY  (day,campaign_id)",
			'rollup_countries' => "$day
country char(2) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,country)",
			'rollup_regions'   => "$day
country char(2) NOT NULL DEFAULT '',
region varchar(64) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,country,region)",
			'rollup_devices'   => "$day
device_category varchar(16) NOT NULL DEFAULT '',
browser varchar(64) NOT NULL DEFAULT '',
os varchar(64) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,device_category,browser,os)",
			'rollup_events'    => "$day
name varchar(64) NOT NULL,
events $counter,
sessions $counter,
visitors $counter,
PRIMARY KEY  (day,name)",
			'rollup_links'     => "$day
kind varchar(16) NOT NULL,
link_id bigint(20) unsigned NOT NULL,
clicks $counter,
sessions $counter,
PRIMARY KEY  (day,kind,link_id)",
			'rollup_scroll'    => "$day
views $counter,
depth_sum bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day)",
			'rollup_roles'     => "$day
role varchar(64) NOT NULL DEFAULT '',
pageviews $counter,
PRIMARY KEY  (day,role)",
			'rollup_forms'     => "$day
form varchar(191) NOT NULL DEFAULT '',
source_id bigint(20) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id bigint(20) unsigned NOT NULL DEFAULT 0,
impressions $counter,
conversions $counter,
PRIMARY KEY  (day,form,source_id,medium,campaign_id)",
			'rollup_media'     => "$day
title varchar(191) NOT NULL DEFAULT '',
plays $counter,
watch_seconds bigint(20) unsigned NOT NULL DEFAULT 0,
views $counter,
percent_sum bigint(20) unsigned NOT NULL DEFAULT 0,
completions $counter,
PRIMARY KEY  (day,title)",
			'exceptions'       => "$id,
series_hash char(32) NOT NULL,
$day
direction tinyint(1) NOT NULL DEFAULT 1,
category varchar(16) NOT NULL DEFAULT '',
metric varchar(32) NOT NULL DEFAULT '',
label varchar(2048) NOT NULL DEFAULT '',
value double NOT NULL DEFAULT 0,
expected double NOT NULL DEFAULT 0,
recurring tinyint(1) unsigned NOT NULL DEFAULT 0,
deleted tinyint(1) unsigned NOT NULL DEFAULT 0,
found_at int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (id),
UNIQUE KEY series_day (series_hash,day),
KEY day (day)",
			'rollup_vitals'    => "$day
device_category varchar(16) NOT NULL DEFAULT '',
metric varchar(8) NOT NULL,
value int(10) unsigned NOT NULL,
samples $counter,
PRIMARY KEY  (day,device_category,metric,value)",
			'rt_minutes'       => "kind tinyint(3) unsigned NOT NULL,
minute int(10) unsigned NOT NULL,
ghash char(32) NOT NULL,
gkey varchar(255) NOT NULL DEFAULT '',
total int(11) NOT NULL DEFAULT 0,
seconds text NOT NULL,
PRIMARY KEY  (kind,minute,ghash)",
			'rt_sessions'      => "session_id int(10) unsigned NOT NULL,
visitor bigint(20) unsigned NOT NULL,
last_ts int(10) unsigned NOT NULL,
source_id int(10) unsigned NOT NULL DEFAULT 0,
landing_path_id int(10) unsigned NOT NULL DEFAULT 0,
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
$place
PRIMARY KEY  (session_id),
KEY visitor (visitor),
KEY last_ts (last_ts)",
		);
	}
}
