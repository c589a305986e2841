<?php
/**
 * A test against the fake Google server.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeGoogle;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures.

/**
 * One fake server for the class (FakeGoogleServer); each test starts with it reset and no stale
 * answer. connect_fixture_account() connects the current site as a user would with the fixture's
 * service account.
 */
abstract class FakeGoogleTestCase extends TestCase {

	use FakeGoogleServer;

	/**
	 * The fixture property the fake answers for.
	 */
	protected const PROPERTY = '300000001';

	/**
	 * Starts the server.
	 */
	public static function set_up_before_class() {
		parent::set_up_before_class();
		self::start_fake_google();
	}

	/**
	 * Stops it.
	 */
	public static function tear_down_after_class() {
		self::stop_fake_google();
		parent::tear_down_after_class();
	}

	/**
	 * A reset server, no stale answer.
	 */
	protected function set_up() {
		parent::set_up();
		self::fake_google_control( '/__reset' );
		Cache::$stale = false;
	}

	/**
	 * The fixture's service-account key (tests/fake-google/fixtures/service-account.json).
	 *
	 * @return array<string, string>
	 */
	public static function fixture_key(): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/service-account.json' ), true );
	}

	/**
	 * Connects the current site with the fixture's service account to the fixture property, and
	 * makes google its source.
	 */
	public static function connect_fixture_account(): void {
		$key        = self::fixture_key();
		$connection = new Connection();
		$connection->update(
			array(
				'auth'         => Connection::SERVICE_ACCOUNT,
				'client_email' => $key['client_email'],
				'property'     => self::PROPERTY,
				'connected_at' => 1,
			)
		);
		$connection->store_secret( Connection::SECRET_KEY, $key );
		update_option( BootData::SOURCE_OPTION, GoogleSource::KEY );
	}
}
