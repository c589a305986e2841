<?php
/**
 * Uninstall drops the builtin tables and options of a single site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

/**
 * The site's tables are real (created when the test site was installed), and a test must not drop
 * them for good, so the harness turns DROP TABLE into DROP TEMPORARY TABLE, which leaves them. The
 * test therefore checks the statements the uninstaller sends, before the harness rewrites them.
 */
class UninstallTest extends TestCase {

	protected const REQUIRES = 'single-site';

	/**
	 * Every table is dropped, every option and cron event removed.
	 */
	public function test_uninstall_drops_tables_and_options() {
		global $wpdb;
		update_option( Retention::OPTION, 13 );
		update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => 1 ) );
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

		foreach ( Tables::TABLES as $table ) {
			$this->assertContains( 'DROP TABLE IF EXISTS `' . $wpdb->prefix . 'mir_' . $table . '`', $sent, $table );
		}
		foreach ( array( Tables::VERSION_OPTION, Retention::OPTION, Aggregator::LAST_RUN_OPTION, Aggregator::LOCK, Migrations::MIGRATE_LOCK ) as $option ) {
			$this->assertFalse( get_option( $option ), $option );
		}
		$this->assertFalse( wp_next_scheduled( Scheduler::AGGREGATE_HOOK ) );
		$this->assertFalse( wp_next_scheduled( Scheduler::PRUNE_HOOK ) );
	}
}
