<?php
/**
 * The upgrades from schema version 1 (32-character hit ids and visitor keys, raw rows kept 25 months)
 * from version 9 (every session row carried its second visitor key) and from version 12 (no shop
 * tables).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- The test's own tables.

/**
 * The migration renames tables (ALTER … RENAME), which commits the transaction the harness wraps
 * the test in, temporary table or not. So nothing the test does may touch a real table: it undoes
 * the base class's set-up writes, then works under a table prefix of its own and an options table
 * of its own, both temporary (the harness turns CREATE and DROP into their TEMPORARY forms), so the
 * migration renames temporary tables and what the commit commits is theirs alone. The test checks
 * that no real table with its prefix exists and that the site's options and raw tables are as they
 * were; tear-down drops the temporary tables.
 */
class SchemaUpgradeTest extends BuiltinTestCase {

	/**
	 * The test's table prefix (instead of $wpdb->prefix).
	 */
	private const PREFIX = 'mirupgrade_';

	/**
	 * Version 1's raw tables (their CREATE TABLE bodies, as released in 0.1.0).
	 */
	private const V1 = array(
		'sessions'  => "id bigint(20) unsigned NOT NULL AUTO_INCREMENT, first_hit char(32) NOT NULL, visitor char(32) NOT NULL, visitor_next char(32) NOT NULL DEFAULT '', started_at int(10) unsigned NOT NULL, last_seen_at int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, landing_path_id bigint(20) unsigned NOT NULL DEFAULT 0, exit_path_id bigint(20) unsigned NOT NULL DEFAULT 0, pageviews int(10) unsigned NOT NULL DEFAULT 0, events int(10) unsigned NOT NULL DEFAULT 0, interactive int(10) unsigned NOT NULL DEFAULT 0, duration int(10) unsigned NOT NULL DEFAULT 0, bounced tinyint(1) unsigned NOT NULL DEFAULT 0, engaged tinyint(1) unsigned NOT NULL DEFAULT 0, is_new tinyint(1) unsigned NOT NULL DEFAULT 0, source_id bigint(20) unsigned NOT NULL DEFAULT 0, medium varchar(100) NOT NULL DEFAULT '', campaign_id bigint(20) unsigned NOT NULL DEFAULT 0, channel varchar(32) NOT NULL DEFAULT '', click varchar(8) NOT NULL DEFAULT '', ua_id bigint(20) unsigned NOT NULL DEFAULT 0, country char(2) NOT NULL DEFAULT '', region varchar(64) NOT NULL DEFAULT '', city varchar(128) NOT NULL DEFAULT '', PRIMARY KEY (id), UNIQUE KEY first_hit (first_hit), KEY visitor (visitor,last_seen_at), KEY visitor_next (visitor_next,last_seen_at), KEY day (day)",
		'pageviews' => 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT, hit_id char(32) NOT NULL, session_id bigint(20) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, path_id bigint(20) unsigned NOT NULL, object_id bigint(20) unsigned NOT NULL DEFAULT 0, PRIMARY KEY (id), UNIQUE KEY hit_id (hit_id), KEY session_id (session_id), KEY day_path (day,path_id)',
		'events'    => 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT, hit_id char(32) NOT NULL, session_id bigint(20) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, name varchar(64) NOT NULL, path_id bigint(20) unsigned NOT NULL DEFAULT 0, props text NOT NULL, PRIMARY KEY (id), UNIQUE KEY hit_id (hit_id), KEY session_id (session_id), KEY day_name (day,name)',
	);

	/**
	 * Version 9's sessions table (its CREATE TABLE body): every session carried its second visitor
	 * key (visitor_next, 0 for none) and an index on it.
	 */
	private const V9_SESSIONS = "id int(10) unsigned NOT NULL, visitor bigint(20) unsigned NOT NULL, visitor_next bigint(20) unsigned NOT NULL DEFAULT 0, started_at int(10) unsigned NOT NULL, last_seen_at int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, landing_path_id int(10) unsigned NOT NULL DEFAULT 0, exit_path_id int(10) unsigned NOT NULL DEFAULT 0, pageviews int(10) unsigned NOT NULL DEFAULT 0, events int(10) unsigned NOT NULL DEFAULT 0, interactive int(10) unsigned NOT NULL DEFAULT 0, duration int(10) unsigned NOT NULL DEFAULT 0, bounced tinyint(1) unsigned NOT NULL DEFAULT 0, engaged tinyint(1) unsigned NOT NULL DEFAULT 0, is_new tinyint(1) unsigned NOT NULL DEFAULT 0, source_id int(10) unsigned NOT NULL DEFAULT 0, medium varchar(100) NOT NULL DEFAULT '', campaign_id int(10) unsigned NOT NULL DEFAULT 0, channel varchar(32) NOT NULL DEFAULT '', click varchar(8) NOT NULL DEFAULT '', ua_id int(10) unsigned NOT NULL DEFAULT 0, country char(2) NOT NULL DEFAULT '', region varchar(64) NOT NULL DEFAULT '', city varchar(128) NOT NULL DEFAULT '', PRIMARY KEY  (id), KEY visitor (visitor), KEY visitor_next (visitor_next), KEY day (day)";

	/**
	 * Version 11's page views and events tables (their CREATE TABLE bodies): in the order of their
	 * ids, with an index by day beside.
	 */
	private const V11_RAW = array(
		'pageviews' => "id int(10) unsigned NOT NULL AUTO_INCREMENT, session_id int(10) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, path_id int(10) unsigned NOT NULL, role varchar(64) NOT NULL DEFAULT '?', PRIMARY KEY  (id), KEY day_path (day,path_id)",
		'events'    => 'id int(10) unsigned NOT NULL AUTO_INCREMENT, session_id int(10) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, name varchar(64) NOT NULL, path_id int(10) unsigned NOT NULL DEFAULT 0, props text NOT NULL, PRIMARY KEY  (id), KEY day_name (day,name)',
	);

	/**
	 * The site's table prefix and options table.
	 *
	 * @var array{prefix: string, options: string}
	 */
	private array $site = array(
		'prefix'  => '',
		'options' => '',
	);

	/**
	 * The base class's writes undone; a temporary copy of the options table and the test's prefix.
	 */
	protected function set_up() {
		parent::set_up();
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );
		$wpdb->query( 'START TRANSACTION' );
		$this->site = array(
			'prefix'  => $wpdb->prefix,
			'options' => $wpdb->options,
		);
		$options    = self::PREFIX . 'options';
		$wpdb->query( 'CREATE TABLE `' . $options . '` LIKE `' . $wpdb->options . '`' );
		$wpdb->query( 'INSERT INTO `' . $options . '` SELECT * FROM `' . $wpdb->options . '`' );
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- Restored in tear_down().
		$wpdb->options = $options;
		$wpdb->prefix  = self::PREFIX;
		// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
		wp_cache_flush();
	}

	/**
	 * The site's prefix and options again; after the rollback, the test's temporary tables go.
	 */
	protected function tear_down() {
		global $wpdb;
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- Restores them.
		$wpdb->prefix  = $this->site['prefix'];
		$wpdb->options = $this->site['options'];
		// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
		parent::tear_down();
		$names = array_merge( Tables::TABLES, array( 'v1_sessions', 'v1_pageviews', 'v1_events' ) );
		foreach ( $names as $name ) {
			$wpdb->query( 'DROP TEMPORARY TABLE IF EXISTS `' . self::PREFIX . Tables::PREFIX . $name . '`' );
		}
		$wpdb->query( 'DROP TEMPORARY TABLE IF EXISTS `' . self::PREFIX . 'options`' );
	}

	/**
	 * Real (not temporary) tables under the test's prefix.
	 *
	 * @return string[]
	 */
	private function real_tables(): array {
		global $wpdb;
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( self::PREFIX ) . '%' ) ) );
	}

	/**
	 * A site-local day relative to today.
	 *
	 * @param int $back Days before today.
	 */
	private static function day( int $back ): string {
		$today = new \DateTimeImmutable( ( new LocalTime() )->day( time() ) . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		return $today->modify( '-' . $back . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Version 1's tables with a session of yesterday (raw window) and one of 100 days ago: the
	 * recent raw rows move across with integer visitor keys and their session ids, and its day's
	 * rollups come out of them; the old day keeps exactly the rollups it had and is final; the
	 * monthly twins hold the months; migrating again changes nothing; nothing real is created.
	 */
	public function test_upgrade_from_v1_keeps_hits_sessions_and_rollups() {
		global $wpdb;
		$this->assertSame( self::PREFIX . 'mir_sessions', Tables::table( 'sessions' ) );
		$site_options = array( Tables::VERSION_OPTION, Migrations::MIGRATE_LOCK, Compaction::BEFORE_OPTION );
		$real_options = $this->real_options( $site_options );
		// Today's tables under the test prefix (all temporary), then version 1's raw tables instead.
		Migrations::migrate();
		foreach ( array( 'rollup_pages_m', 'rollup_sources_m', 'rollup_campaigns_m', 'rollup_countries_m', 'rollup_devices_m' ) as $twin ) {
			Db::query( 'DROP TABLE {' . $twin . '}' );
		}
		$recent = self::day( 1 );
		$old    = self::day( 100 );
		foreach ( self::V1 as $name => $body ) {
			Db::query( 'DROP TABLE IF EXISTS {' . $name . '}' );
			Db::query( 'CREATE TABLE {' . $name . '} (' . $body . ')' );
		}
		$columns = 'id, first_hit, visitor, visitor_next, started_at, last_seen_at, day, hour, landing_path_id, exit_path_id, pageviews, events, interactive, duration, bounced, engaged, is_new, source_id, medium, campaign_id, channel, click, ua_id, country, region, city';
		$row     = '(%d, %s, %s, %s, 1700000000, 1700000060, %s, 9, 1, 2, 2, 1, 1, 60, 0, 1, 1, 3, %s, 0, %s, %s, 4, %s, %s, %s)';
		Db::query( 'INSERT INTO {sessions} (' . $columns . ') VALUES ' . $row, array( 41, md5( 'h1' ), md5( 'visitor' ), md5( 'next' ), $recent, 'organic', 'Organic Search', '', 'DE', 'Bavaria', 'Munich' ) );
		Db::query( 'INSERT INTO {sessions} (' . $columns . ') VALUES ' . $row, array( 7, md5( 'h2' ), md5( 'old' ), '', $old, '(none)', 'Direct', '', 'FR', '', '' ) );
		Db::query( 'INSERT INTO {pageviews} (hit_id, session_id, ts, day, hour, path_id, object_id) VALUES (%s, 41, 1700000000, %s, 9, 1, 0), (%s, 41, 1700000060, %s, 9, 2, 0), (%s, 7, 1700000000, %s, 9, 1, 0)', array( md5( 'p1' ), $recent, md5( 'p2' ), $recent, md5( 'p3' ), $old ) );
		Db::query( 'INSERT INTO {events} (hit_id, session_id, ts, day, name, path_id, props) VALUES (%s, 41, 1700000030, %s, %s, 2, %s), (%s, 7, 1700000030, %s, %s, 1, %s)', array( md5( 'e1' ), $recent, 'scroll', '{"percent":75}', md5( 'e2' ), $old, 'scroll', '{"percent":25}' ) );
		$site = array( 'day', 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum', 'new_sessions', 'events' );
		Db::insert_rows( 'rollup_site', $site, array( array( $old, 1, 1, 1, 1, 0, 1, 60, 1, 1 ), array( $recent, 1, 1, 1, 2, 0, 1, 60, 1, 1 ) ) );
		Db::insert_rows( 'rollup_pages', array( 'day', 'path_id', 'pageviews' ), array( array( $old, 1, 1 ), array( $old, 3, 5 ), array( $recent, 1, 1 ), array( $recent, 2, 1 ) ) );
		update_option( Tables::VERSION_OPTION, 1 );
		delete_option( Compaction::BEFORE_OPTION );
		$before = Db::rows( 'SELECT * FROM {rollup_site} WHERE day = %s', array( $old ) );

		$this->assertTrue( Tables::needs_migration() );
		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $name ) {
			$wpdb->suppress_errors( true );
			$wpdb->get_var( 'SELECT 1 FROM `' . self::PREFIX . 'mir_v1_' . $name . '`' );
			$wpdb->suppress_errors( false );
			$this->assertStringContainsString( "doesn't exist", (string) $wpdb->last_error, $name . ' v1 dropped' );
			$wpdb->last_error = '';
		}
		$this->assertSame(
			array(
				array(
					'id'           => '41',
					'visitor'      => (string) Hit::key_int( md5( 'visitor' ) ),
					'visitor_next' => (string) Hit::key_int( md5( 'next' ) ),
					'day'          => $recent,
					'pageviews'    => '2',
					'medium'       => 'organic',
					'channel'      => 'Organic Search',
					'country'      => 'DE',
					'region'       => 'Bavaria',
					'city'         => 'Munich',
				),
			),
			Db::rows( 'SELECT s.id, s.visitor, n.visitor_next, s.day, s.pageviews, s.medium, s.channel, s.country, s.region, s.city FROM {sessions} s JOIN {session_next} n ON n.session_id = s.id' )
		);
		$this->assertSame( array( array( '41', '1700000000', '1' ), array( '41', '1700000060', '2' ) ), array_map( 'array_values', Db::rows( 'SELECT session_id, ts, path_id FROM {pageviews} ORDER BY ts' ) ) );
		$this->assertSame( array( array( '41', 'scroll', '{"percent":75}' ) ), array_map( 'array_values', Db::rows( 'SELECT session_id, name, props FROM {events}' ) ) );
		$this->assertSame( self::day( Compaction::days() - 1 ), Compaction::compacted_before() );

		// The old day: exactly the rollups it had, final. The recent day: computed from its raw rows.
		$this->assertTrue( Compaction::is_final( $old, Compaction::compacted_before() ) );
		$this->assertSame( $before, Db::rows( 'SELECT * FROM {rollup_site} WHERE day = %s', array( $old ) ) );
		$this->assertSame( array( array( '1', '1' ), array( '3', '5' ) ), array_map( 'array_values', Db::rows( 'SELECT path_id, pageviews FROM {rollup_pages} WHERE day = %s ORDER BY path_id', array( $old ) ) ) );
		$this->assertSame( array( $recent, '1', '1', '1', '2', '0', '1', '60', '1', '1' ), array_values( Db::rows( 'SELECT ' . implode( ', ', $site ) . ' FROM {rollup_site} WHERE day = %s', array( $recent ) )[0] ) );
		$this->assertSame( array( array( '1', '1', '1' ), array( '2', '1', '0' ) ), array_map( 'array_values', Db::rows( 'SELECT path_id, pageviews, entrances FROM {rollup_pages} WHERE day = %s ORDER BY path_id', array( $recent ) ) ) );
		$month = substr( $old, 0, 7 ) . '-01';
		$this->assertSame( array( array( '1', '1' ), array( '3', '5' ) ), array_map( 'array_values', Db::rows( 'SELECT path_id, pageviews FROM {rollup_pages_m} WHERE day = %s ORDER BY path_id', array( $month ) ) ) );

		// Migrating again changes nothing.
		Migrations::migrate();
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( 2, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( $before, Db::rows( 'SELECT * FROM {rollup_site} WHERE day = %s', array( $old ) ) );

		// Nothing real was touched: every table under the test's prefix is temporary, the site's
		// options are as they were, its raw tables where they were.
		$this->assertSame( array(), $this->real_tables() );
		$this->assertSame( $real_options, $this->real_options( $site_options ) );
		$this->assertSame( array(), array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $this->site['prefix'] . 'mir_v1_' ) . '%' ) ) ) );
		$this->assertSame( $this->site['prefix'] . 'mir_sessions', (string) $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $this->site['prefix'] . 'mir_sessions' ) ) ) );
	}

	/**
	 * Version 9 to 10: a site with version 9's sessions table (visitor_next in every row) keeps
	 * every session, every column of it, and each second visitor key, now in session_next; the
	 * sessions table loses the column and its index; the other tables are as they were; the
	 * sessionizer's read still finds a session by its second key; migrating again changes nothing.
	 */
	public function test_upgrade_from_v9_moves_second_visitor_keys_to_their_table() {
		global $wpdb;
		Migrations::migrate();
		Db::query( 'DROP TABLE {session_next}' );
		Db::query( 'DROP TABLE {sessions}' );
		Db::query( 'CREATE TABLE {sessions} (' . self::V9_SESSIONS . ')' );
		$day     = self::day( 1 );
		$columns = array( 'id', 'visitor', 'visitor_next', 'started_at', 'last_seen_at', 'day', 'hour', 'landing_path_id', 'exit_path_id', 'pageviews', 'events', 'interactive', 'duration', 'bounced', 'engaged', 'is_new', 'source_id', 'medium', 'campaign_id', 'channel', 'click', 'ua_id', 'country', 'region', 'city' );
		$next    = Hit::key_int( md5( 'next' ) );
		$rows    = array(
			array( 3, Hit::key_int( md5( 'a' ) ), 0, 1700000000, 1700000300, $day, 9, 1, 2, 2, 1, 1, 300, 0, 1, 1, 3, 'organic', 0, 'Organic Search', '', 4, 'DE', 'Bavaria', 'Munich' ),
			array( 5, Hit::key_int( md5( 'b' ) ), $next, 1700003000, 1700003600, $day, 23, 2, 1, 3, 0, 0, 600, 0, 1, 0, 5, '(none)', 7, 'Direct', 'gclid', 6, 'FR', '', '' ),
			array( 9, Hit::key_int( md5( 'c' ) ), 0, 1700005000, 1700005000, $day, 23, 1, 1, 1, 0, 0, 0, 1, 0, 1, 3, 'referral', 0, 'Referral', '', 4, '', '', '' ),
		);
		Db::insert_rows( 'sessions', $columns, $rows );
		Db::insert_rows( 'pageviews', array( 'session_id', 'ts', 'day', 'hour', 'path_id', 'role' ), array( array( 3, 1700000000, $day, 9, 1, '' ), array( 5, 1700003000, $day, 23, 2, 'editor' ) ) );
		Db::insert_rows( 'events', array( 'session_id', 'ts', 'day', 'name', 'path_id', 'props' ), array( array( 3, 1700000030, $day, 'scroll', 2, '{"percent":75}' ) ) );
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions', 'pageviews' ), array( array( $day, 3, 6 ) ) );
		update_option( Tables::VERSION_OPTION, 9 );
		$others = array();
		foreach ( array( 'pageviews', 'events', 'rollup_site', 'cursors' ) as $name ) {
			$others[ $name ] = Db::rows( 'SELECT * FROM {' . $name . '}' );
		}

		$this->assertTrue( Tables::needs_migration() );
		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$kept = array_values( array_diff( $columns, array( 'visitor_next' ) ) );
		$this->assertSame( $kept, array_map( 'strval', array_column( Db::rows( 'SHOW COLUMNS FROM {sessions}' ), 'Field' ) ) );
		$this->assertSame( array( 'PRIMARY', 'visitor', 'day' ), array_values( array_unique( array_map( 'strval', array_column( Db::rows( 'SHOW INDEX FROM {sessions}' ), 'Key_name' ) ) ) ) );
		$expected = array_map(
			static fn( array $row ): array => array_map( 'strval', array_values( array_diff_key( $row, array( 2 => true ) ) ) ),
			$rows
		);
		$this->assertSame( $expected, array_map( 'array_values', Db::rows( 'SELECT * FROM {sessions} ORDER BY id' ) ) );
		$this->assertSame( array( array( '5', (string) $next ) ), array_map( 'array_values', Db::rows( 'SELECT session_id, visitor_next FROM {session_next}' ) ) );
		foreach ( $others as $name => $before ) {
			$this->assertSame( $before, Db::rows( 'SELECT * FROM {' . $name . '}' ), $name );
		}

		// Migrating again changes nothing.
		update_option( Tables::VERSION_OPTION, 9 );
		Migrations::migrate();
		$this->assertSame( $expected, array_map( 'array_values', Db::rows( 'SELECT * FROM {sessions} ORDER BY id' ) ) );
		$this->assertSame( array( array( '5', (string) $next ) ), array_map( 'array_values', Db::rows( 'SELECT session_id, visitor_next FROM {session_next}' ) ) );
		$this->assertSame( array(), $this->real_tables() );
	}

	/**
	 * Version 11 to 12: page views and events keep every row and their ids, now stored by day
	 * (primary key day, id, the id indexed on its own), without the day's old indexes; new rows
	 * take the next ids; migrating again changes nothing.
	 */
	public function test_upgrade_from_v11_stores_page_views_and_events_by_day() {
		Migrations::migrate();
		foreach ( self::V11_RAW as $name => $body ) {
			Db::query( 'DROP TABLE {' . $name . '}' );
			Db::query( 'CREATE TABLE {' . $name . '} (' . $body . ')' );
		}
		$today     = self::day( 0 );
		$yesterday = self::day( 1 );
		// Ids out of day order, as late hits leave them.
		Db::insert_rows( 'pageviews', array( 'id', 'session_id', 'ts', 'day', 'hour', 'path_id', 'role' ), array( array( 4, 3, 1700000000, $today, 9, 1, '' ), array( 7, 5, 1700003000, $yesterday, 23, 2, 'editor' ), array( 9, 5, 1700003100, $today, 0, 1, '' ) ) );
		Db::insert_rows( 'events', array( 'id', 'session_id', 'ts', 'day', 'name', 'path_id', 'props' ), array( array( 2, 3, 1700000030, $today, 'scroll', 2, '{"percent":75}' ), array( 6, 5, 1700003050, $yesterday, 'file_download', 2, '{"url":"https://example.com/a.pdf"}' ) ) );
		$before = array();
		foreach ( array_keys( self::V11_RAW ) as $name ) {
			$before[ $name ] = Db::rows( 'SELECT * FROM {' . $name . '} ORDER BY id' );
		}
		update_option( Tables::VERSION_OPTION, 11 );

		$this->assertTrue( Tables::needs_migration() );
		Migrations::migrate();
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$indexes = static function ( string $name ): array {
			$out = array();
			foreach ( Db::rows( 'SHOW INDEX FROM {' . $name . '}' ) as $row ) {
				$out[ (string) $row['Key_name'] ][] = (string) $row['Column_name'];
			}
			return $out;
		};
		foreach ( $before as $name => $rows ) {
			$this->assertSame(
				array(
					'PRIMARY' => array( 'day', 'id' ),
					'id'      => array( 'id' ),
				),
				$indexes( $name ),
				$name
			);
			$this->assertSame( $rows, Db::rows( 'SELECT * FROM {' . $name . '} ORDER BY id' ), $name );
		}
		// A day's rows are read through the primary key.
		$plan = Db::rows( 'EXPLAIN SELECT session_id, hour, path_id, role FROM {pageviews} WHERE day = %s', array( $today ) );
		$this->assertSame( array( 'PRIMARY' ), array_column( $plan, 'key' ) );
		Db::insert_rows( 'pageviews', array( 'session_id', 'ts', 'day', 'hour', 'path_id', 'role' ), array( array( 5, 1700003200, $today, 0, 2, '' ) ) );
		$this->assertSame( '10', Db::value( 'SELECT MAX(id) FROM {pageviews}' ) );

		// Migrating again changes nothing.
		update_option( Tables::VERSION_OPTION, 11 );
		Migrations::migrate();
		$this->assertSame( array( '4', '7', '9', '10' ), Db::col( 'SELECT id FROM {pageviews} ORDER BY id' ) );
		$this->assertSame( array( '2', '6' ), Db::col( 'SELECT id FROM {events} ORDER BY id' ) );
		$this->assertSame( array( 'PRIMARY', 'PRIMARY', 'id' ), array_column( Db::rows( 'SHOW INDEX FROM {pageviews}' ), 'Key_name' ) );
		$this->assertSame( array(), $this->real_tables() );
	}

	/**
	 * Version 12 to 13: the four shop tables appear, empty, with their unique keys; the other
	 * tables keep their rows; a money column keeps exact decimals; migrating again changes nothing.
	 */
	public function test_upgrade_from_v12_adds_the_shop_tables() {
		Migrations::migrate();
		$shop = array( 'shop_orders', 'shop_order_items', 'shop_order_coupons', 'shop_events' );
		foreach ( $shop as $name ) {
			Db::query( 'DROP TABLE {' . $name . '}' );
		}
		$day = self::day( 1 );
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions', 'pageviews' ), array( array( $day, 3, 6 ) ) );
		$before = Db::rows( 'SELECT * FROM {rollup_site}' );
		update_option( Tables::VERSION_OPTION, 12 );

		$this->assertTrue( Tables::needs_migration() );
		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		foreach ( $shop as $name ) {
			$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {' . $name . '}' ), $name );
		}
		$this->assertSame( $before, Db::rows( 'SELECT * FROM {rollup_site}' ) );
		Db::insert_rows( 'shop_orders', array( 'shop', 'order_id', 'day', 'currency', 'total', 'tax' ), array( array( 'woocommerce', 7, $day, 'EUR', '0.1', '0.2' ) ) );
		$this->assertSame( '0.3000', Db::value( 'SELECT total + tax FROM {shop_orders}' ) );
		$this->assertNull( Db::value( 'SELECT total_base FROM {shop_orders}' ) );
		$this->assertSame( 0, Db::insert_rows( 'shop_orders', array( 'shop', 'order_id', 'day' ), array( array( 'woocommerce', 7, $day ) ), true ) );

		// Migrating again changes nothing.
		update_option( Tables::VERSION_OPTION, 12 );
		Migrations::migrate();
		$this->assertSame( '1', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$this->assertSame( array(), $this->real_tables() );
	}

	/**
	 * Version 13 to 14: the shop events' daily rollup appears, empty; the shop's rows stay;
	 * migrating again changes nothing.
	 */
	public function test_upgrade_from_v13_adds_the_shop_events_rollup() {
		Migrations::migrate();
		Db::query( 'DROP TABLE {rollup_shop_events}' );
		$day = self::day( 1 );
		Db::insert_rows( 'shop_events', array( 'day', 'ts', 'shop', 'visitor', 'type', 'product_id', 'quantity' ), array( array( $day, 1741600000, 'woocommerce', 77, 'add_to_cart', 5, 2 ) ) );
		update_option( Tables::VERSION_OPTION, 13 );

		$this->assertTrue( Tables::needs_migration() );
		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {rollup_shop_events}' ) );
		$this->assertSame( '1', Db::value( 'SELECT COUNT(*) FROM {shop_events}' ) );
		update_option( Tables::VERSION_OPTION, 13 );
		Migrations::migrate();
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {rollup_shop_events}' ) );
		$this->assertSame( array(), $this->real_tables() );
	}

	/**
	 * Version 14 to 15: the orders' journeys — shop_order_steps appears empty, shop_orders gains
	 * journey_at (0: the journeys of the orders captured so far are pending) and keeps its rows;
	 * Journeys::settle() then writes an empty journey for an order without a visitor, once.
	 */
	public function test_upgrade_from_v14_adds_the_journeys() {
		Migrations::migrate();
		Db::query( 'DROP TABLE {shop_order_steps}' );
		Db::query( 'ALTER TABLE {shop_orders} DROP COLUMN journey_at' );
		$day = self::day( 1 );
		Db::insert_rows( 'shop_orders', array( 'shop', 'order_id', 'created_at', 'paid_at', 'day', 'currency', 'total' ), array( array( 'woocommerce', 7, 1700000000, 1700000000, $day, 'EUR', '3.5' ) ) );
		update_option( Tables::VERSION_OPTION, 14 );

		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertSame( array( array( '7', '3.5000', '0' ) ), Db::lists( 'SELECT order_id, total, journey_at FROM {shop_orders}' ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_order_steps}' ) );
		// Placed less than a session timeout before the run: its last step's next page view may still come.
		$this->assertSame( 0, \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys::settle( 1700001800 ) );
		$this->assertSame( 1, \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys::settle( 1700001900 ) );
		$this->assertSame( 0, \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys::settle( 1700001900 ) );
		$this->assertSame( '1700001900', Db::value( 'SELECT journey_at FROM {shop_orders}' ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_order_steps}' ) );
	}

	/**
	 * From version 15: the shop's daily rollups and the orders' previous-key index are added; the
	 * orders stay, and the next run rolls up their complete days.
	 */
	public function test_upgrade_from_v15_adds_the_shop_day_rollups() {
		Migrations::migrate();
		foreach ( array( 'rollup_shop_days', 'rollup_shop_funnel', 'rollup_shop_items', 'rollup_shop_orders' ) as $table ) {
			Db::query( 'DROP TABLE {' . $table . '}' );
		}
		Db::query( 'ALTER TABLE {shop_orders} DROP INDEX visitor_prev' );
		Db::query( 'ALTER TABLE {shop_orders} DROP COLUMN country' );
		$day = self::day( 3 );
		Db::insert_rows( 'sessions', array( 'id', 'visitor', 'started_at', 'last_seen_at', 'day', 'country' ), array( array( 41, 5, 1700000000, 1700000000, $day, 'FR' ) ) );
		Db::insert_rows(
			'shop_orders',
			array( 'shop', 'order_id', 'created_at', 'paid_at', 'day', 'currency', 'total', 'session_id' ),
			array(
				array( 'woocommerce', 7, 1700000000, 1700000000, $day, 'EUR', '3.5', 41 ),
				array( 'woocommerce', 8, 1700000000, 1700000000, $day, 'EUR', '1.5', 0 ),
			)
		);
		update_option( Tables::VERSION_OPTION, 15 );

		Migrations::migrate();

		$this->assertSame( 16, Tables::installed_version() );
		// The order tied to a raw session takes its country; the other has none.
		$this->assertSame( array( array( '7', '3.5000', 'FR' ), array( '8', '1.5000', '' ) ), Db::lists( 'SELECT order_id, total, country FROM {shop_orders} ORDER BY order_id' ) );
		$this->assertContains( 'visitor_prev', array_column( Db::rows( 'SHOW INDEX FROM {shop_orders}' ), 'Key_name' ) );
		$this->assertSame( array( $day ), \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups::roll( self::day( 0 ), 0 ) );
	}

	/**
	 * Options as the site's own options table holds them.
	 *
	 * @param string[] $names Option names.
	 * @return array<string, string|null>
	 */
	private function real_options( array $names ): array {
		global $wpdb;
		$values = array();
		foreach ( $names as $name ) {
			$values[ $name ] = $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM `' . $this->site['options'] . '` WHERE option_name = %s', $name ) );
		}
		return $values;
	}
}
