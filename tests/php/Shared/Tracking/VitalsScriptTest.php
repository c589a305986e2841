<?php
/**
 * The Core Web Vitals script on the front end.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\VitalsScript;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The script build/vitals.js is printed deferred after the tracker, with its sample rate, only while the
 * licence unlocks Site Speed and its setting is not off.
 */
class VitalsScriptTest extends TestCase {

	/**
	 * A fresh main query, the built-in source, the automatic rate forgotten.
	 */
	protected function set_up() {
		parent::set_up();
		$this->assertFileExists( MONSTERINSIGHTS_REPORTS_DIR . 'build/vitals.asset.php', 'run `npm run build` before the PHP tests' );
		$GLOBALS['wp_query']     = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A fresh main query.
		$GLOBALS['wp_the_query'] = $GLOBALS['wp_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- As above.
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		delete_transient( VitalsScript::RATE_TRANSIENT );
	}

	/**
	 * The licence level of the test.
	 *
	 * @param string $level A level.
	 */
	private function level( string $level ): void {
		remove_all_filters( 'monsterinsights_reports_licence_level' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => $level );
	}

	/**
	 * The script tags printed on a front-end page, by handle, as their attributes.
	 *
	 * @return array<string, array<string, string>>
	 */
	private function tags(): array {
		wp_scripts()->done = array();
		do_action( 'wp_enqueue_scripts' );
		ob_start();
		wp_scripts()->do_items( array( TrackerScript::HANDLE, VitalsScript::HANDLE ) );
		$html      = (string) ob_get_clean();
		$processor = new \WP_HTML_Tag_Processor( $html );
		$tags      = array();
		while ( $processor->next_tag( 'script' ) ) {
			$attributes = array();
			foreach ( (array) $processor->get_attribute_names_with_prefix( '' ) as $name ) {
				$value               = $processor->get_attribute( $name );
				$attributes[ $name ] = true === $value ? '' : (string) $value;
			}
			$tags[ (string) ( $attributes['id'] ?? '' ) ] = $attributes;
		}
		wp_deregister_script( VitalsScript::HANDLE );
		wp_deregister_script( TrackerScript::HANDLE );
		wp_scripts()->queue = array();
		return $tags;
	}

	/**
	 * Plus: the script after the tracker, deferred, every page view sampled on a quiet site.
	 */
	public function test_printed_after_the_tracker_with_plus() {
		$this->level( 'plus' );
		$tags = $this->tags();
		$this->assertSame( array( TrackerScript::HANDLE . '-js', VitalsScript::HANDLE . '-js' ), array_keys( $tags ) );
		$vitals = $tags[ VitalsScript::HANDLE . '-js' ];
		$this->assertStringContainsString( '/build/vitals.js?ver=', $vitals['src'] );
		$this->assertArrayHasKey( 'defer', $vitals );
		$this->assertSame( '100', $vitals['data-rate'] );
	}

	/**
	 * Below plus, with the setting off, or without the tracker (another source, an excluded
	 * user): no script.
	 */
	public function test_not_printed_when_site_speed_is_not_in_use() {
		$this->level( 'basic' );
		$this->assertSame( array( TrackerScript::HANDLE . '-js' ), array_keys( $this->tags() ) );

		$this->level( 'agency' );
		update_option( Settings::OPTION, array( 'site_speed_sample' => 0 ) );
		$this->assertSame( array( TrackerScript::HANDLE . '-js' ), array_keys( $this->tags() ) );

		update_option( Settings::OPTION, array( 'site_speed_sample' => 25 ) );
		$this->assertSame( '25', $this->tags()[ VitalsScript::HANDLE . '-js' ]['data-rate'] );

		update_option( BootData::SOURCE_OPTION, 'google' );
		$this->assertSame( array(), $this->tags() );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$this->act_as( 'administrator' );
		$this->assertSame( array(), $this->tags() );
	}

	/**
	 * The automatic rate: 100 % below 10,000 page views a day (the 7 days before today), then
	 * about 10,000 a day; the setting's values out of range fall back to automatic.
	 */
	public function test_automatic_rate() {
		$this->assertSame( 100, VitalsScript::auto_rate( 0 ) );
		$this->assertSame( 100, VitalsScript::auto_rate( 9999.9 ) );
		$this->assertSame( 100, VitalsScript::auto_rate( 10000 ) );
		$this->assertSame( 50, VitalsScript::auto_rate( 20000 ) );
		$this->assertSame( 33, VitalsScript::auto_rate( 30000 ) );
		$this->assertSame( 1, VitalsScript::auto_rate( 5000000 ) );

		// 25,000 page views a day over the week before today: 40 %.
		$today = new \DateTimeImmutable( current_time( 'Y-m-d' ) . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		for ( $i = 1; $i <= 7; $i++ ) {
			Db::insert_rows( 'rollup_site', array( 'day', 'pageviews' ), array( array( $today->modify( "-$i days" )->format( 'Y-m-d' ), 25000 ) ) );
		}
		// Today's page views do not count.
		Db::insert_rows( 'rollup_site', array( 'day', 'pageviews' ), array( array( $today->format( 'Y-m-d' ), 900000 ) ) );
		$this->assertSame( 25000.0, VitalsScript::daily_pageviews() );
		$this->assertSame( 40, VitalsScript::rate() );

		update_option( Settings::OPTION, array( 'site_speed_sample' => 101 ) );
		$this->assertSame( -1, Settings::get()['site_speed_sample'] );
		$this->assertSame( 40, VitalsScript::rate() );
	}
}
