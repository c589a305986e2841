<?php
/**
 * The upgrade from schema version 1 (32-character hit ids and visitor keys, raw rows kept 25 months).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Db;
use MonsterInsights\Reports\Sources\Builtin\Hit;
use MonsterInsights\Reports\Sources\Builtin\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Schema;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Version 1's raw tables, as that release created them, with a recent and an old session; then the
 * migration. (DDL commits implicitly: the test leaves version 2's tables behind, empty but for what
 * the next test's set-up deletes.)
 */
class SchemaUpgradeTest extends BuiltinTestCase {

	/**
	 * Version 1's raw tables (their CREATE TABLE bodies, as released in 0.1.0).
	 */
	private const V1 = array(
		'sessions'  => "id bigint(20) unsigned NOT NULL AUTO_INCREMENT, first_hit char(32) NOT NULL, visitor char(32) NOT NULL, visitor_next char(32) NOT NULL DEFAULT '', started_at int(10) unsigned NOT NULL, last_seen_at int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, landing_path_id bigint(20) unsigned NOT NULL DEFAULT 0, exit_path_id bigint(20) unsigned NOT NULL DEFAULT 0, pageviews int(10) unsigned NOT NULL DEFAULT 0, events int(10) unsigned NOT NULL DEFAULT 0, interactive int(10) unsigned NOT NULL DEFAULT 0, duration int(10) unsigned NOT NULL DEFAULT 0, bounced tinyint(1) unsigned NOT NULL DEFAULT 0, engaged tinyint(1) unsigned NOT NULL DEFAULT 0, is_new tinyint(1) unsigned NOT NULL DEFAULT 0, source_id bigint(20) unsigned NOT NULL DEFAULT 0, medium varchar(100) NOT NULL DEFAULT '', campaign_id bigint(20) unsigned NOT NULL DEFAULT 0, channel varchar(32) NOT NULL DEFAULT '', click varchar(8) NOT NULL DEFAULT '', ua_id bigint(20) unsigned NOT NULL DEFAULT 0, country char(2) NOT NULL DEFAULT '', region varchar(64) NOT NULL DEFAULT '', city varchar(128) NOT NULL DEFAULT '', PRIMARY KEY (id), UNIQUE KEY first_hit (first_hit), KEY visitor (visitor,last_seen_at), KEY visitor_next (visitor_next,last_seen_at), KEY day (day)",
		'pageviews' => 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT, hit_id char(32) NOT NULL, session_id bigint(20) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, hour tinyint(3) unsigned NOT NULL DEFAULT 0, path_id bigint(20) unsigned NOT NULL, object_id bigint(20) unsigned NOT NULL DEFAULT 0, PRIMARY KEY (id), UNIQUE KEY hit_id (hit_id), KEY session_id (session_id), KEY day_path (day,path_id)',
		'events'    => 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT, hit_id char(32) NOT NULL, session_id bigint(20) unsigned NOT NULL, ts int(10) unsigned NOT NULL, day date NOT NULL, name varchar(64) NOT NULL, path_id bigint(20) unsigned NOT NULL DEFAULT 0, props text NOT NULL, PRIMARY KEY (id), UNIQUE KEY hit_id (hit_id), KEY session_id (session_id), KEY day_name (day,name)',
	);

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
	 * Raw rows of the raw window move across with integer keys and their session ids; older raw
	 * rows stay only as the rollups they are part of; the monthly twins are built; once.
	 */
	public function test_upgrade_from_v1() {
		global $wpdb;
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
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions', 'pageviews' ), array( array( $old, 1, 1 ), array( $recent, 1, 2 ) ) );
		Db::insert_rows( 'rollup_pages', array( 'day', 'path_id', 'pageviews' ), array( array( $old, 1, 1 ), array( $recent, 1, 1 ), array( $recent, 2, 1 ) ) );
		update_option( Schema::VERSION_OPTION, 1 );
		delete_option( Compaction::BEFORE_OPTION );

		$this->assertTrue( Schema::needs_migration() );
		Schema::migrate();

		$this->assertSame( Schema::VERSION, Schema::installed_version() );
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $name ) {
			$wpdb->suppress_errors( true );
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- The test reads a table that must be gone.
			$wpdb->get_var( 'SELECT 1 FROM ' . $wpdb->prefix . 'mir_v1_' . $name );
			$wpdb->suppress_errors( false );
			$this->assertStringContainsString( "doesn't exist", (string) $wpdb->last_error, $name . ' v1 dropped' );
		}
		$sessions = Db::rows( 'SELECT id, visitor, visitor_next, day, pageviews, medium, channel, country, region, city FROM {sessions}' );
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
			$sessions
		);
		$this->assertSame( array( '41', '41' ), Db::col( 'SELECT session_id FROM {pageviews} ORDER BY ts' ) );
		$this->assertSame( array( '{"percent":75}' ), Db::col( 'SELECT props FROM {events}' ) );
		$this->assertSame( self::day( Compaction::days() - 1 ), Compaction::compacted_before() );
		// The old day's rollups are untouched and final; the monthly twins hold the months.
		$this->assertTrue( Compaction::is_final( $old, Compaction::compacted_before() ) );
		$this->assertSame( '1', Db::value( 'SELECT pageviews FROM {rollup_pages_m} WHERE day = %s AND path_id = 1', array( substr( $old, 0, 7 ) . '-01' ) ) );

		// Migrating again changes nothing.
		Schema::migrate();
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( 2, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
	}
}
