<?php
/**
 * Plugin Name: MonsterInsights Reports demo: the google source against the fake Google server
 * Description: For the `npm start` demo site only. `GOOGLE=1 npm start` starts the fake Google server (bin/fake-google.sh) and writes its base URL into the site folder's .demo-google.json; while that file is there this plugin defines MONSTERINSIGHTS_REPORTS_GOOGLE_BASE with it, so every Google API the google source calls is the fake's. The blueprint's last step (monsterinsights_reports_demo_google()) then connects the site with the fake's service account to its GA4 property and makes google the active source; a later plain `npm start` (no file) disconnects that connection and goes back to the built-in source. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\Setup;

defined( 'ABSPATH' ) || exit;

/**
 * The file bin/start.sh writes into the site folder for `GOOGLE=1 npm start`: {"base": URL}.
 */
const MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_FILE = '.demo-google.json';

/**
 * The option that says the demo connected the site to the fake (the time it did).
 */
const MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_OPTION = 'monsterinsights_reports_demo_google';

/**
 * The fake's GA4 property and the Search Console site of that property (tests/fake-google/fixtures:
 * account-summaries.json, sites.json); the names come from the fake's account summaries.
 */
const MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_PROPERTY = array(
	'property'      => '300000001',
	'property_name' => '',
	'account_name'  => '',
	'sc_site'       => 'https://example.com/',
);

/**
 * The fake Google server's base URL this start gave, or '' (a plain `npm start`).
 *
 * @param string $file The file bin/start.sh writes.
 */
function monsterinsights_reports_demo_google_base( string $file ): string {
	if ( ! is_readable( $file ) ) {
		return '';
	}
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file of the demo's site folder.
	$settings = json_decode( (string) file_get_contents( $file ), true );
	$base     = is_array( $settings ) && is_string( $settings['base'] ?? null ) ? $settings['base'] : '';
	// The fake runs beside the demo, on the loopback address; nothing else is taken.
	return 1 === preg_match( '#^http://127\.0\.0\.1:\d{2,5}$#', $base ) ? $base : '';
}

if ( ! defined( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE' ) ) {
	$monsterinsights_reports_demo_google_base = monsterinsights_reports_demo_google_base( ABSPATH . MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_FILE );
	if ( '' !== $monsterinsights_reports_demo_google_base ) {
		define( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE', $monsterinsights_reports_demo_google_base );
	}
	unset( $monsterinsights_reports_demo_google_base );
}

/**
 * The blueprint's last step, on every start: with the fake (MONSTERINSIGHTS_REPORTS_GOOGLE_BASE
 * from .demo-google.json) the site is connected as the settings connect it (Setup: a token for the
 * key first, then the property and the site from Google's lists, the property's currency and time
 * zone from its settings) with the fake's service account
 * (tests/fake-google/fixtures/service-account.json) to property 300000001 and its Search Console
 * site, with the fixture's PageSpeed key, and google is the active source; without it, a connection
 * the demo made is taken away again (the fake is gone, and the key is no real one) and the built-in
 * source is back. Writes what it did into the site folder's .demo-google-ready.json (bin/start.sh
 * waits for it).
 *
 * @param string $file The file bin/start.sh writes.
 * @return array{source: string, property: string, sc_site: string} The active source and the connection's property and site.
 * @throws \MonsterInsights\Reports\Sources\Google\GoogleError When the fake refuses (the blueprint step fails with its reason).
 */
function monsterinsights_reports_demo_google( string $file = ABSPATH . MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_FILE ): array {
	$connection = new Connection();
	if ( '' !== monsterinsights_reports_demo_google_base( $file ) ) {
		$fixtures = MONSTERINSIGHTS_REPORTS_DIR . 'tests/fake-google/fixtures/';
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local fixture.
		$key = json_decode( (string) file_get_contents( $fixtures . 'service-account.json' ), true );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local fixture.
		$psi = json_decode( (string) file_get_contents( $fixtures . 'api-key.json' ), true );
		// A new connection each start: the fake forgot its tokens, and the answers cached from the
		// previous run's fake are not this connection's.
		$connected_at = max( time(), $connection->get()['connected_at'] + 1 );
		$connection->disconnect();
		// As the settings connect: the key, once the token endpoint gave a token for it; then the
		// property and the site as Google lists them.
		$setup = new Setup( $connection );
		$setup->connect_service_account( $key );
		$chosen = MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_PROPERTY;
		foreach ( $setup->properties() as $property ) {
			if ( $chosen['property'] === $property['property'] ) {
				$chosen['property_name'] = $property['name'];
				$chosen['account_name']  = $property['account_name'];
			}
		}
		$chosen = array_merge( $chosen, $setup->property_settings( $chosen['property'] ) );
		if ( ! in_array( $chosen['sc_site'], array_column( $setup->sites(), 'site' ), true ) ) {
			$chosen['sc_site'] = '';
		}
		$connection->update( $chosen + array( 'connected_at' => $connected_at ) );
		$connection->store_secret( Connection::SECRET_PSI, (string) $psi['key'] );
		update_option( BootData::SOURCE_OPTION, 'google' );
		update_option( MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_OPTION, $connected_at, false );
	} elseif ( get_option( MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_OPTION ) ) {
		$connection->disconnect();
		if ( 'google' === get_option( BootData::SOURCE_OPTION ) ) {
			update_option( BootData::SOURCE_OPTION, 'builtin' );
		}
		delete_option( MONSTERINSIGHTS_REPORTS_DEMO_GOOGLE_OPTION );
	}
	$settings = $connection->get();
	$state    = array(
		'source'   => (string) get_option( BootData::SOURCE_OPTION, '' ),
		'property' => $settings['property'],
		'sc_site'  => $settings['sc_site'],
	);
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_put_contents_file_put_contents -- For bin/start.sh, in the demo's site folder.
	file_put_contents( dirname( $file ) . '/.demo-google-ready.json', (string) wp_json_encode( $state ) );
	return $state;
}
