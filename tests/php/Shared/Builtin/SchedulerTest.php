<?php
/**
 * When aggregation and pruning run: WP-Cron, the reports page load, deactivation.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * The hooks, and a run through the collector's real buffer in the site's uploads folder.
 */
class SchedulerTest extends BuiltinTestCase {

	/**
	 * The menu globals admin_menu fills.
	 */
	private const MENU_GLOBALS = array( 'menu', 'submenu', 'admin_page_hooks', '_registered_pages', '_parent_pages', '_wp_real_parent_file', '_wp_submenu_nopriv', '_wp_menu_nopriv' );

	/**
	 * Visitor keys of the hits this test wrote to the real buffer.
	 *
	 * @var string[]
	 */
	private array $ids = array();

	/**
	 * Empty menus.
	 */
	protected function set_up() {
		parent::set_up();
		$this->reset_menus();
	}

	/**
	 * Empty menus; no buffer left behind.
	 */
	protected function tear_down() {
		$this->reset_menus();
		$buffer = new Buffer( DataDir::path() );
		if ( is_file( $buffer->path() ) && in_array( trim( (string) file_get_contents( $buffer->path() ) ), array( '', '<?php exit; ?>' ), true ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
			wp_delete_file( $buffer->path() );
		}
		parent::tear_down();
	}

	/**
	 * Empties the menu globals.
	 */
	private function reset_menus(): void {
		foreach ( self::MENU_GLOBALS as $name ) {
			$GLOBALS[ $name ] = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Test isolation.
		}
	}

	/**
	 * Appends two page views from ten minutes ago to the site's real buffer.
	 */
	private function fill_buffer(): void {
		$dir        = (string) DataDir::ensure();
		$buffer     = new Buffer( $dir );
		Hits::$zone = wp_timezone_string();
		$local      = ( new \DateTimeImmutable( '@' . ( time() - 600 ) ) )->setTimezone( wp_timezone() );
		$visitor    = 'scheduler-' . wp_rand();
		foreach ( array( '/', '/second/' ) as $i => $path ) {
			$line        = Hits::pageview( $visitor, $local->modify( '+' . $i . ' minutes' )->format( 'Y-m-d H:i:s' ), $path );
			$hit         = (array) json_decode( $line, true );
			$this->ids[] = (string) $hit['vk'];
			$this->assertTrue( $buffer->append( $hit ) );
		}
	}

	/**
	 * How many of this test's hits are stored.
	 */
	private function stored(): int {
		return (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} v JOIN {sessions} s ON s.id = v.session_id WHERE s.visitor = %d', array( Hit::key_int( $this->ids[0] ) ) );
	}

	/**
	 * The every-minute schedule exists; activation scheduled aggregation and pruning.
	 */
	public function test_events_are_scheduled() {
		$this->assertSame( 60, wp_get_schedules()[ Scheduler::SCHEDULE ]['interval'] );
		$this->assertSame( Scheduler::SCHEDULE, wp_get_schedule( Scheduler::AGGREGATE_HOOK ) );
		$this->assertSame( 'daily', wp_get_schedule( Scheduler::PRUNE_HOOK ) );
		$this->assertNotFalse( has_action( Scheduler::AGGREGATE_HOOK ) );
		$this->assertNotFalse( has_action( Scheduler::PRUNE_HOOK ) );
		$this->assertNotFalse( has_action( 'deactivate_' . plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ), array( Scheduler::class, 'deactivate' ) ) );
	}

	/**
	 * Deactivation clears both events; admin_init puts them back.
	 */
	public function test_deactivation_clears_and_admin_init_restores() {
		Scheduler::deactivate( false );
		$this->assertFalse( wp_next_scheduled( Scheduler::AGGREGATE_HOOK ) );
		$this->assertFalse( wp_next_scheduled( Scheduler::PRUNE_HOOK ) );

		Scheduler::maintain();
		$this->assertNotFalse( wp_next_scheduled( Scheduler::AGGREGATE_HOOK ) );
		$this->assertNotFalse( wp_next_scheduled( Scheduler::PRUNE_HOOK ) );
	}

	/**
	 * The cron event reads the collector's buffer of the current site.
	 */
	public function test_cron_event_aggregates_the_site_buffer() {
		$this->fill_buffer();

		do_action( Scheduler::AGGREGATE_HOOK ); // phpcs:ignore WordPress.NamingConventions.ValidHookName -- The plugin's own hook.

		$this->assertSame( 2, $this->stored() );
		$last = get_option( Aggregator::LAST_RUN_OPTION );
		$this->assertIsArray( $last );
		$this->assertArrayNotHasKey( 'error', $last );
		$this->assertContains( ( new LocalTime() )->day( time() - 600 ), $last['days'] );
		$this->assertSame( array(), BufferFiles::for_current_site()->claimed() );
	}

	/**
	 * Loading the reports page aggregates first, for a user who may see the reports.
	 */
	public function test_reports_page_load_aggregates() {
		$this->fill_buffer();
		$this->act_as( 'administrator' );
		do_action( 'admin_menu', '' );
		$suffix = Plugin::instance()->reports_page()->hook_suffix();
		$this->assertNotSame( '', $suffix );

		do_action( 'load-' . $suffix ); // phpcs:ignore WordPress.NamingConventions.ValidHookName -- WordPress's page-load hook.

		$this->assertSame( 2, $this->stored() );
	}

	/**
	 * Without the capability, or with a zero budget, the page load does not aggregate.
	 */
	public function test_reports_page_load_needs_the_capability_and_a_budget() {
		$this->fill_buffer();
		$this->act_as( 'subscriber' );
		Scheduler::aggregate_on_page_load();
		$this->assertSame( 0, $this->stored() );

		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_page_load_budget', '__return_zero' );
		Scheduler::aggregate_on_page_load();
		$this->assertSame( 0, $this->stored() );

		remove_filter( 'monsterinsights_reports_page_load_budget', '__return_zero' );
		Scheduler::aggregate_on_page_load();
		$this->assertSame( 2, $this->stored() );
	}

	/**
	 * A failing run is recorded, never thrown at the cron request; the buffer stays claimed.
	 */
	public function test_a_failing_cron_run_is_recorded() {
		$this->fill_buffer();
		$fail = static function ( $query ) {
			if ( str_contains( (string) $query, 'INSERT INTO `' . \MonsterInsights\Reports\Sources\Builtin\Storage\Tables::table( 'pageviews' ) . '`' ) ) {
				throw new \RuntimeException( 'disk full' );
			}
			return $query;
		};
		add_filter( 'query', $fail, 1 );

		do_action( Scheduler::AGGREGATE_HOOK ); // phpcs:ignore WordPress.NamingConventions.ValidHookName -- The plugin's own hook.

		remove_filter( 'query', $fail, 1 );
		$this->assertSame( 'disk full', get_option( Aggregator::LAST_RUN_OPTION )['error'] );
		$this->assertSame( 0, $this->stored() );
		$claimed = BufferFiles::for_current_site()->claimed();
		$this->assertCount( 1, $claimed );

		do_action( Scheduler::AGGREGATE_HOOK ); // phpcs:ignore WordPress.NamingConventions.ValidHookName -- The plugin's own hook.
		$this->assertSame( 2, $this->stored() );
		$this->assertSame( array(), BufferFiles::for_current_site()->claimed() );
	}

	/**
	 * A deleted site's tables are dropped with it.
	 */
	public function test_deleted_site_tables_are_dropped() {
		global $wpdb;
		$tables = (array) apply_filters( 'wpmu_drop_tables', array(), 7 );
		$this->assertContains( $wpdb->get_blog_prefix( 7 ) . 'mir_sessions', $tables );
		$this->assertContains( $wpdb->get_blog_prefix( 7 ) . 'mir_rollup_site', $tables );
	}
}
