<?php
/**
 * The settings screen's and the setup wizard's writes: source, tracking, favicons, modules.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Settings;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\SettingsController;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Each setting is stored where the product reads it; a refused request names the field and
 * changes nothing.
 */
class SettingsWriteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/settings';

	/**
	 * Sends a request and returns the status and the data as JSON carries it.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, string $route, array $params = array() ): array {
		$response = $this->rest( $method, $route, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The wizard's last step connects the built-in source; the boot data then says connected and
	 * the reports route answers.
	 */
	public function test_choosing_the_builtin_source_connects_the_site(): void {
		$this->act_as( 'administrator' );
		delete_option( BootData::SOURCE_OPTION );
		$this->assertFalse( BootData::build( array( 'source' ) )['source']['connected'] );
		$this->assertSame( 409, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' )->get_status() );

		$changes = array();
		add_action(
			'monsterinsights_reports_source_changed',
			static function ( string $source, string $previous ) use ( &$changes ): void {
				$changes[] = array( $source, $previous );
			},
			10,
			2
		);
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'source' => 'builtin' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'builtin', $data['source'] );
		$this->assertSame( 'builtin', get_option( BootData::SOURCE_OPTION ) );
		$this->assertTrue( BootData::build( array( 'source' ) )['source']['connected'] );
		$this->assertSame( array( array( 'builtin', '' ) ), $changes );
		$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' )->get_status() );

		// Disconnecting is allowed too.
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'source' => '' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['source'] );
		$this->assertFalse( BootData::build( array( 'source' ) )['source']['connected'] );
	}

	/**
	 * Google is listed, and refused with a readable message until it is connected; unknown keys are refused
	 * by the enum.
	 */
	public function test_unconnected_and_unknown_sources_are_refused(): void {
		$this->act_as( 'administrator' );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		list( , $data ) = $this->call( 'GET', self::ROUTE );
		$this->assertSame( array( 'builtin', 'google' ), array_column( $data['sources'], 'key' ) );
		$this->assertSame( array( true, true ), array_column( $data['sources'], 'available' ) );

		// Google before it is connected: refused, with what to do.
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'source' => 'google' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
		$this->assertStringContainsString( 'connect Google Analytics first', $data['data']['params']['source'] );

		list( $status ) = $this->call( 'POST', self::ROUTE, array( 'source' => 'matomo' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'builtin', get_option( BootData::SOURCE_OPTION ) );
	}

	/**
	 * Tracking settings are stored in the collector's option (retention in its own) and read back.
	 */
	public function test_tracking_settings_are_saved(): void {
		$this->act_as( 'administrator' );
		$tracking              = array(
			'excluded_roles'      => array( 'administrator', 'editor' ),
			'honor_dnt'           => false,
			'honor_gpc'           => true,
			'excluded_ips'        => array( '192.0.2.10', '198.51.100.0/24', '2001:db8::/32' ),
			'country_mmdb'        => '',
			'country_header'      => 'CF-IPCountry',
			'trusted_proxy'       => true,
			'trusted_proxies'     => 2,
			'referrer_spam'       => array( 'spam.example', 'https://junk.example/path' ),
			'affiliate_paths'     => array( '/go/', ' /partners/ ', '/go/' ),
			'download_extensions' => array( 'PDF', '.epub', 'pdf', '7z' ),
			'retention_months'    => 13,
		);
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'tracking' => $tracking ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 13, Retention::months() );
		$stored = Tracking::get();
		$this->assertSame( array( 'administrator', 'editor' ), $stored['excluded_roles'] );
		$this->assertFalse( $stored['honor_dnt'] );
		$this->assertTrue( $stored['trusted_proxy'] );
		$this->assertSame( 2, $stored['trusted_proxies'] );
		$this->assertSame( 2, $data['tracking']['trusted_proxies'] );
		$this->assertSame( array( '192.0.2.10', '198.51.100.0/24', '2001:db8::/32' ), $stored['excluded_ips'] );
		$this->assertSame( 'CF-IPCountry', $stored['country_header'] );
		$this->assertSame( array( 'spam.example', 'junk.example' ), $stored['referrer_spam'] );
		// Trimmed, without repeats; extensions in lower case without their dot.
		$this->assertSame( array( '/go/', '/partners/' ), $stored['affiliate_paths'] );
		$this->assertSame( array( 'pdf', 'epub', '7z' ), $stored['download_extensions'] );
		$this->assertSame( array( '/go/', '/partners/' ), $data['tracking']['affiliate_paths'] );
		$this->assertSame( 13, $data['tracking']['retention_months'] );
		$this->assertSame( $stored['excluded_ips'], $data['tracking']['excluded_ips'] );

		// A partial change keeps the rest.
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'tracking' => array( 'honor_dnt' => true ) ) );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['tracking']['honor_dnt'] );
		$this->assertSame( array( 'administrator', 'editor' ), $data['tracking']['excluded_roles'] );
		$this->assertSame( 13, $data['tracking']['retention_months'] );
	}

	/**
	 * Invalid tracking values are refused with the field named, and nothing of the request is
	 * stored — not even its valid parts.
	 */
	public function test_invalid_tracking_values_name_the_field_and_store_nothing(): void {
		$this->act_as( 'administrator' );
		update_option( Tracking::OPTION, array( 'excluded_ips' => array( '192.0.2.1' ) ) );
		update_option( BootData::SOURCE_OPTION, '' );
		$cases = array(
			'tracking.excluded_ips[1]'        => array( 'excluded_ips' => array( '10.0.0.1', '300.1.1.1' ) ),
			'tracking.excluded_roles[0]'      => array( 'excluded_roles' => array( 'no_such_role' ) ),
			'tracking.country_mmdb'           => array( 'country_mmdb' => '/nonexistent/GeoLite2-Country.mmdb' ),
			'tracking.country_header'         => array( 'country_header' => 'X Country: yes' ),
			'tracking.referrer_spam[0]'       => array( 'referrer_spam' => array( 'not a host!' ) ),
			'tracking.affiliate_paths[1]'     => array( 'affiliate_paths' => array( '/go/', 'go/' ) ),
			'tracking.affiliate_paths[0]'     => array( 'affiliate_paths' => array( '/my links/' ) ),
			'tracking.download_extensions[2]' => array( 'download_extensions' => array( 'pdf', 'zip', 'tar.gz' ) ),
			'tracking[retention_months]'      => array( 'retention_months' => 0 ),
			'tracking[honor_dnt]'             => array( 'honor_dnt' => 'sometimes' ),
		);
		foreach ( $cases as $field => $tracking ) {
			list( $status, $data ) = $this->call(
				'POST',
				self::ROUTE,
				array(
					'tracking' => $tracking + array( 'honor_gpc' => false ),
					'source'   => 'builtin',
				)
			);
			$this->assertSame( 400, $status, $field );
			$this->assertSame( 'rest_invalid_param', $data['code'], $field );
			$this->assertStringContainsString( $field, $data['data']['params']['tracking'], $field );
		}
		// The number of proxies: a whole number from 1 to 10.
		foreach ( array( 0, 11, 1.5, '2 proxies' ) as $proxies ) {
			list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'tracking' => array( 'trusted_proxies' => $proxies ) + array( 'honor_gpc' => false ) ) );
			$this->assertSame( 400, $status, (string) $proxies );
			$this->assertSame( 'rest_invalid_param', $data['code'] );
			$this->assertStringContainsString( 'tracking[trusted_proxies]', $data['data']['params']['tracking'] );
		}
		$this->assertSame( array( '192.0.2.1' ), Tracking::get()['excluded_ips'] );
		$this->assertSame( Tracking::AFFILIATE_PATHS, Tracking::get()['affiliate_paths'] );
		$this->assertSame( Tracking::DOWNLOAD_EXTENSIONS, Tracking::get()['download_extensions'] );
		$this->assertTrue( Tracking::get()['honor_gpc'] );
		$this->assertSame( 1, Tracking::get()['trusted_proxies'] );
		$this->assertSame( '', get_option( BootData::SOURCE_OPTION ) );
		$this->assertSame( Retention::DEFAULT_MONTHS, Retention::months() );
	}

	/**
	 * Referral favicons are on by default and can be turned off.
	 */
	public function test_referral_favicons_toggle(): void {
		$this->act_as( 'administrator' );
		list( , $data ) = $this->call( 'GET', self::ROUTE );
		$this->assertTrue( $data['referral_favicons'] );
		list( $status, $data ) = $this->call( 'POST', self::ROUTE, array( 'referral_favicons' => false ) );
		$this->assertSame( 200, $status );
		$this->assertFalse( $data['referral_favicons'] );
		$this->assertFalse( SettingsController::get()['referral_favicons'] );
	}

	/**
	 * The roles offered are the site's.
	 */
	public function test_roles_are_listed(): void {
		$this->act_as( 'administrator' );
		list( , $data ) = $this->call( 'GET', self::ROUTE );
		$slugs          = array_column( $data['roles'], 'slug' );
		$this->assertContains( 'administrator', $slugs );
		$this->assertContains( 'subscriber', $slugs );
	}

	/**
	 * The addons map keeps its shape; activating a module turns it on, for the site only.
	 */
	public function test_addons_map_and_activation(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET', '/monsterinsights-reports/v1/addons' );
		$this->assertSame( 200, $status );
		$this->assertSame( Modules::KEYS, array_keys( $data ) );
		foreach ( $data as $key => $addon ) {
			$this->assertTrue( $addon['installed'], $key );
			$this->assertFalse( $addon['active'], $key );
			$this->assertSame( 'monsterinsights-reports/modules/' . $key, $addon['basename'] );
		}
		$this->assertFalse( $data['woocommerce']['requirement_met'] );

		list( $status, $data ) = $this->call( 'POST', '/monsterinsights-reports/v1/addons/dimensions', array( 'active' => true ) );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['dimensions']['active'] );
		$this->assertTrue( Modules::is_active( 'dimensions' ) );
		$this->assertFalse( Modules::is_active( 'forms' ) );

		list( $status, $data ) = $this->call( 'POST', '/monsterinsights-reports/v1/addons/unknown', array( 'active' => true ) );
		$this->assertSame( 400, $status );
		list( $status ) = $this->call( 'POST', '/monsterinsights-reports/v1/addons/forms', array() );
		$this->assertSame( 400, $status );
		$this->assertFalse( Modules::is_active( 'forms' ) );
	}

	/**
	 * Viewers read the addons map but cannot switch modules.
	 */
	public function test_addons_permissions(): void {
		$this->act_as( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/addons' )->get_status() );
		wp_get_current_user()->add_cap( \MonsterInsights\Reports\Capabilities::VIEW );
		$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/addons' )->get_status() );
		$this->assertSame( 403, $this->rest( 'POST', '/monsterinsights-reports/v1/addons/dimensions', array( 'active' => true ) )->get_status() );
		$this->assertFalse( Modules::is_active( 'dimensions' ) );
	}
}
