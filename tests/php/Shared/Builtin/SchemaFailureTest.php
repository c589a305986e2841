<?php
/**
 * Upgrades that run once, and one that fails without breaking the site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A site one schema version behind migrates once on the next admin request and records it; a
 * migration that throws leaves the version as it was, tells the administrator in a notice, and is
 * not tried again on every request.
 */
class SchemaFailureTest extends TestCase {

	/**
	 * How often the migration started.
	 *
	 * @var int
	 */
	private int $runs = 0;

	/**
	 * Counts the migration's starts.
	 */
	public function count_run(): void {
		++$this->runs;
	}

	/**
	 * Makes the migration fail.
	 *
	 * @throws \RuntimeException Always.
	 */
	public static function break_migration(): void {
		throw new \RuntimeException( 'Table is read only' );
	}

	/**
	 * Starts each test one version behind, with no failure or history.
	 */
	public function set_up() {
		parent::set_up();
		update_option( Tables::VERSION_OPTION, Tables::VERSION - 1 );
		delete_option( Migrations::FAILURE_OPTION );
		delete_option( Migrations::HISTORY_OPTION );
		add_action( 'monsterinsights_reports_migrate', array( $this, 'count_run' ) );
	}

	/**
	 * One version behind: the migration runs once however often it is asked, and is recorded.
	 */
	public function test_an_upgrade_runs_once(): void {
		Migrations::maybe_migrate();
		Migrations::maybe_migrate();
		Migrations::maybe_migrate();

		$this->assertSame( 1, $this->runs );
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$history = get_option( Migrations::HISTORY_OPTION );
		$this->assertCount( 1, $history );
		$this->assertSame( Tables::VERSION - 1, $history[0]['from'] );
		$this->assertSame( Tables::VERSION, $history[0]['to'] );
	}

	/**
	 * A migration that throws: no exception for the request, the version stays, the failure is
	 * recorded and shown to an administrator (not to an editor), and the next requests within the
	 * hour do not try again; after it, a working migration clears the failure.
	 */
	public function test_a_failed_upgrade_keeps_the_site_working_and_tells_the_admin(): void {
		add_action( 'monsterinsights_reports_migrate', array( self::class, 'break_migration' ), 20 );

		Migrations::maybe_migrate();
		Migrations::maybe_migrate();

		$this->assertSame( 1, $this->runs );
		$this->assertSame( Tables::VERSION - 1, Tables::installed_version() );
		$failure = get_option( Migrations::FAILURE_OPTION );
		$this->assertSame( Tables::VERSION - 1, $failure['from'] );
		$this->assertSame( Tables::VERSION, $failure['to'] );
		$this->assertSame( 'Table is read only', $failure['error'] );

		wp_set_current_user( $this->create_user( 'administrator' ) );
		ob_start();
		Migrations::failure_notice();
		$notice = (string) ob_get_clean();
		$this->assertStringContainsString( 'could not update its database from version ' . ( Tables::VERSION - 1 ) . ' to ' . Tables::VERSION, $notice );
		$this->assertStringContainsString( '<code>Table is read only</code>', $notice );

		wp_set_current_user( $this->create_user( 'editor' ) );
		ob_start();
		Migrations::failure_notice();
		$this->assertSame( '', (string) ob_get_clean() );

		// An hour later, with the cause gone.
		remove_action( 'monsterinsights_reports_migrate', array( self::class, 'break_migration' ), 20 );
		$failure['time'] -= Migrations::RETRY_AFTER;
		update_option( Migrations::FAILURE_OPTION, $failure );
		Migrations::maybe_migrate();

		$this->assertSame( 2, $this->runs );
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertFalse( get_option( Migrations::FAILURE_OPTION ) );
		$this->assertCount( 1, get_option( Migrations::HISTORY_OPTION ) );
	}
}
