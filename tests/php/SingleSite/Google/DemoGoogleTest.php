<?php
/**
 * `GOOGLE=1 npm start`'s last blueprint step (bin/demo/mu-plugins/monsterinsights-reports-demo-google.php):
 * connected to the fake with its service account, the Overview reads the fake's numbers; a plain
 * start takes the demo's connection away again.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleTestCase;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures and the demo's files.

require_once dirname( __DIR__, 4 ) . '/bin/demo/mu-plugins/monsterinsights-reports-demo-google.php';

/**
 * The demo's google step in a scratch site folder.
 */
class DemoGoogleTest extends FakeGoogleTestCase {

	use LicenceKeys;

	protected const REQUIRES = 'single-site';

	/**
	 * The scratch site folder, with the file bin/start.sh writes.
	 *
	 * @var string
	 */
	private string $folder;

	/**
	 * A fresh server and site folder.
	 */
	protected function set_up() {
		parent::set_up();
		$this->folder = get_temp_dir() . 'mir-demo-google-' . wp_generate_password( 8, false );
		mkdir( $this->folder );
	}

	/**
	 * Removes the site folder.
	 */
	protected function tear_down() {
		foreach ( (array) glob( $this->folder . '/{,.}*.json', GLOB_BRACE ) as $file ) {
			unlink( (string) $file );
		}
		rmdir( $this->folder );
		parent::tear_down();
	}

	/**
	 * The start's file and what the step wrote for bin/start.sh.
	 *
	 * @param string|null $base The fake's base URL, or null: a plain start (no file).
	 * @return array<string, string>
	 */
	private function start( ?string $base ): array {
		$file = $this->folder . '/.demo-google.json';
		if ( null === $base ) {
			if ( file_exists( $file ) ) {
				unlink( $file );
			}
		} else {
			file_put_contents( $file, '{"base":"' . $base . '"}' . "\n" );
		}
		$state = monsterinsights_reports_demo_google( $file );
		$this->assertSame( $state, json_decode( (string) file_get_contents( $this->folder . '/.demo-google-ready.json' ), true ) );
		return $state;
	}

	/**
	 * GOOGLE=1: the fixture's service account on property 300000001 and https://example.com/, google
	 * active, and the Overview's Sessions are the fake's for those days (crc32, docs/development.md).
	 */
	public function test_google_start_connects_to_the_fake_and_the_overview_reads_it(): void {
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$state = $this->start( 'http://127.0.0.1:9450' );
		$this->assertSame(
			array(
				'source'   => 'google',
				'property' => '300000001',
				'sc_site'  => 'https://example.com/',
			),
			$state
		);
		$key        = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/service-account.json' ), true );
		$connection = new Connection();
		$settings   = $connection->get();
		$this->assertSame( Connection::SERVICE_ACCOUNT, $settings['auth'] );
		$this->assertSame( $key['client_email'], $settings['client_email'] );
		$this->assertSame( 'example.com - GA4', $settings['property_name'] );
		$this->assertSame( 'Example Company', $settings['account_name'] );
		$this->assertSame( $key, $connection->secret( Connection::SECRET_KEY ) );
		$this->assertSame( 'AIzaSyFakeReportsPageSpeedKey000000000000', $connection->secret( Connection::SECRET_PSI ) );

		// A fixed range: a pro key (custom ranges).
		update_option( Licence::SITE_OPTION, $this->mint( 'pro' ) );
		Licence::reset();
		$this->act_as( 'administrator' );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/overview',
			array(
				'start' => '2026-11-01',
				'end'   => '2026-11-07',
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$sessions = 0;
		foreach ( array( '01', '02', '03', '04', '05', '06', '07' ) as $day ) {
			$sessions += crc32( '300000001|sessions|2026-11-' . $day . '||' ) % 1000;
		}
		$this->assertSame( $sessions, $response->get_data()['infobox']['sessions']['value'] );
		$this->assertSame( '/token', self::fake_google_requests()[0]['path'] );

		// The next GOOGLE=1 start connects anew (the fake forgot its tokens).
		$before = $settings['connected_at'];
		$this->start( 'http://127.0.0.1:9450' );
		$this->assertGreaterThan( $before, ( new Connection() )->get()['connected_at'] );
	}

	/**
	 * A plain start after a GOOGLE=1 one: no connection, no secrets, the built-in source; a
	 * connection the demo did not make is left alone.
	 */
	public function test_a_plain_start_takes_the_demo_connection_away(): void {
		$this->start( 'http://127.0.0.1:9450' );
		$state = $this->start( null );
		$this->assertSame(
			array(
				'source'   => 'builtin',
				'property' => '',
				'sc_site'  => '',
			),
			$state
		);
		$connection = new Connection();
		$this->assertSame( '', $connection->get()['auth'] );
		$this->assertNull( $connection->secret( Connection::SECRET_KEY ) );
		$this->assertNull( $connection->secret( Connection::SECRET_PSI ) );

		// The owner's own connection: the demo did not make it.
		self::connect_fixture_account();
		$state = $this->start( null );
		$this->assertSame( 'google', $state['source'] );
		$this->assertSame( '300000001', $state['property'] );

		// A file with anything but the loopback fake's URL is no GOOGLE=1 start.
		delete_option( Connection::OPTION );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$this->assertSame( 'builtin', $this->start( 'https://www.googleapis.com' )['source'] );
		$this->assertSame( '', ( new Connection() )->get()['auth'] );
	}
}
