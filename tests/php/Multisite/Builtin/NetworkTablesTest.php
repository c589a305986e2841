<?php
/**
 * Each site of a network has its own builtin tables; uninstall drops them on every site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite\Builtin;

use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Tests\Support\Builtin\FolderFiles;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

/**
 * Sites created in a test get their tables as TEMPORARY tables (the harness's rewrite), which
 * DROP TABLE really drops, so these tests see the sub-sites' tables go.
 */
class NetworkTablesTest extends TestCase {

	protected const REQUIRES = 'multisite';

	/**
	 * Whether a table of the current site can be read.
	 *
	 * @param string $table Schema table.
	 */
	private function table_exists( string $table ): bool {
		global $wpdb;
		$suppress = $wpdb->suppress_errors( true );
		$shown    = $wpdb->hide_errors();
		$result   = $wpdb->query( 'SELECT 1 FROM `' . Tables::table( $table ) . '` LIMIT 1' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- A probe.
		$wpdb->suppress_errors( $suppress );
		if ( $shown ) {
			$wpdb->show_errors();
		}
		return false !== $result;
	}

	/**
	 * A site created with the plugin active on it (as network activation does).
	 */
	private function activated_site(): int {
		$site = $this->create_site();
		switch_to_blog( $site );
		Activation::activate_site();
		restore_current_blog();
		return $site;
	}

	/**
	 * Network activation creates each site's tables under its own prefix, and aggregation on a
	 * sub-site writes only there.
	 */
	public function test_each_site_has_its_own_tables() {
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		$site = $this->activated_site();
		$main = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' );

		switch_to_blog( $site );
		global $wpdb;
		$this->assertSame( $wpdb->prefix . 'mir_sessions', Tables::table( 'sessions' ) );
		$this->assertStringStartsWith( 'wp_' . $site . '_', Tables::table( 'sessions' ) );
		foreach ( Tables::TABLES as $table ) {
			$this->assertTrue( $this->table_exists( $table ), $table );
		}
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertNotFalse( wp_next_scheduled( Scheduler::AGGREGATE_HOOK ) );

		$files = new FolderFiles();
		$files->add_live( array( Hits::pageview( 'n', '2025-03-10 10:00:00', '/sub/' ) ) );
		$result = ( new Aggregator( $files, Aggregator::CHUNK, null, Hits::ts( '2025-03-11 10:00:00' ) ) )->run();
		$files->remove();
		$this->assertSame( 1, $result->processed );
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		restore_current_blog();

		$this->assertSame( $main, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
	}

	/**
	 * A new site of a network where the plugin is network-active gets its tables at once.
	 */
	public function test_new_site_gets_tables_when_network_active() {
		update_site_option( 'active_sitewide_plugins', array( plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) => time() ) );
		$site = $this->create_site();

		switch_to_blog( $site );
		$this->assertTrue( $this->table_exists( 'rollup_site' ) );
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		restore_current_blog();
	}

	/**
	 * Uninstall drops every table and option on every site.
	 */
	public function test_uninstall_cleans_every_site() {
		global $wpdb;
		$sites = array( $this->activated_site(), $this->activated_site() );
		foreach ( $sites as $site ) {
			switch_to_blog( $site );
			update_option( Retention::OPTION, 6 );
			update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => 1 ) );
			restore_current_blog();
		}
		$sent = array();
		add_filter(
			'query',
			static function ( $query ) use ( &$sent ) {
				$sent[] = (string) $query;
				return $query;
			},
			1
		);

		Uninstaller::run();

		foreach ( $sites as $site ) {
			switch_to_blog( $site );
			foreach ( Tables::TABLES as $table ) {
				$this->assertFalse( $this->table_exists( $table ), "site $site: $table" );
			}
			foreach ( array( Tables::VERSION_OPTION, Retention::OPTION, Aggregator::LAST_RUN_OPTION ) as $option ) {
				$this->assertFalse( get_option( $option ), "site $site: $option" );
			}
			$this->assertFalse( wp_next_scheduled( Scheduler::AGGREGATE_HOOK ), "site $site" );
			restore_current_blog();
		}
		// The main site's tables are real; the harness keeps them, so check what was sent.
		foreach ( Tables::TABLES as $table ) {
			$this->assertContains( 'DROP TABLE IF EXISTS `' . $wpdb->base_prefix . 'mir_' . $table . '`', $sent, $table );
		}
		$this->assertFalse( get_option( Tables::VERSION_OPTION ) );
	}
}
