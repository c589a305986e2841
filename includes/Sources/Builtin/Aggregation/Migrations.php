<?php
/**
 * The versioned migrations of the builtin source's tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Storage\Lock;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * Brings the current site's tables to Tables::VERSION: on activation, on admin_init and before
 * each aggregation, when the stored version is older. dbDelta() creates and alters the tables from
 * Tables::definitions(); the steps of migrations() move what it cannot (data, renamed columns,
 * dropped indexes), and some recompute rollups, which is why migrating is the aggregation's.
 */
final class Migrations {

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
	 * Migrates the current site when its schema is older than the code; cheap when it is not (one
	 * autoloaded option). A migration that fails does not break the request: the failure is
	 * recorded, the admin sees a notice, and it is tried again after RETRY_AFTER seconds.
	 */
	public static function maybe_migrate(): void {
		if ( ! Tables::needs_migration() ) {
			return;
		}
		$failure = get_option( self::FAILURE_OPTION );
		if ( is_array( $failure ) && Tables::VERSION === (int) ( $failure['to'] ?? 0 ) && time() - (int) ( $failure['time'] ?? 0 ) < self::RETRY_AFTER ) {
			return;
		}
		try {
			self::migrate();
		} catch ( \Throwable $error ) {
			update_option(
				self::FAILURE_OPTION,
				array(
					'from'  => Tables::installed_version(),
					'to'    => Tables::VERSION,
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
			$from = Tables::installed_version();
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
			do_action( 'monsterinsights_reports_migrate', $from, Tables::VERSION );
			dbDelta( Tables::definitions() );
			foreach ( self::migrations() as $version => $step ) {
				if ( $version > $from && $version <= Tables::VERSION ) {
					$step();
				}
			}
			update_option( Tables::VERSION_OPTION, Tables::VERSION, true );
			$history   = (array) get_option( self::HISTORY_OPTION, array() );
			$history[] = array(
				'from' => $from,
				'to'   => Tables::VERSION,
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
				$days = Db::col( 'SELECT DISTINCT day FROM {events} WHERE name = %s', array( Collector\Body::VITALS_EVENT ) );
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
			// The shop tables (dbDelta above creates them): orders and shop events are captured
			// from the shop plugin's hooks from now on; orders placed before are not read back.
			13 => static function (): void {},
			// The shop events' daily rollup (dbDelta above creates it): filled by the retention as
			// it deletes older shop events; those deleted before are gone.
			14 => static function (): void {},
			// Orders' journeys (shop_order_steps, shop_orders.journey_at; dbDelta above adds them):
			// the orders captured so far wait as pending, and the aggregation runs write their
			// journeys while their page views are still in the raw window (Shop\Journeys::settle()).
			15 => static function (): void {},
			// The shop's daily rollups, the days they hold, the index on orders' previous visitor
			// keys and the orders' own country (dbDelta above adds them): the orders take their
			// session's country while it is still raw; the next aggregation runs roll up the
			// complete days still in the shop tables (Shop\DayRollups).
			16 => static function (): void {
				\MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Orders::fill_countries();
			},
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
			if ( ! self::exists( Tables::table( $name ) ) ) {
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
		return $wpdb->prefix . Tables::PREFIX . 'v1_' . $name;
	}

	/**
	 * Renames version 1's raw tables out of the way: their keys were 32-character strings (hit ids,
	 * visitor keys), version 2 stores visitor keys as integers and no hit ids.
	 */
	private static function set_aside_v1(): void {
		global $wpdb;
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $name ) {
			$table = $wpdb->prefix . Tables::PREFIX . $name;
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
					foreach ( HeldSessions::SESSION_COLUMNS as $column ) {
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
						$out[] = in_array( $column, HeldSessions::SESSION_TEXT_COLUMNS, true ) ? (string) $value : (int) $value;
					}
					$copy[] = $out;
				}
				Db::insert_rows( 'sessions', HeldSessions::STORED_COLUMNS, $copy );
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
}
