<?php
/**
 * A test against the fake AI provider.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeAi;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * One fake AI provider for the class (FakeAiServer); each test starts with it reset.
 * connect_fake_ai() saves it as the site's provider.
 */
abstract class FakeAiTestCase extends TestCase {

	use FakeAiServer;

	/**
	 * The model the fake knows.
	 */
	protected const MODEL = 'fake-analyst';

	/**
	 * A key the fake accepts.
	 */
	protected const KEY = 'sk-fake-test-key-4f1c2a';

	/**
	 * Starts the server.
	 */
	public static function set_up_before_class() {
		parent::set_up_before_class();
		self::start_fake_ai();
	}

	/**
	 * Stops it.
	 */
	public static function tear_down_after_class() {
		self::stop_fake_ai();
		parent::tear_down_after_class();
	}

	/**
	 * A reset server.
	 */
	protected function set_up() {
		parent::set_up();
		self::fake_ai_reset();
	}

	/**
	 * Saves the fake as the site's provider.
	 *
	 * @param string $key   The key.
	 * @param string $model The model.
	 * @throws \RuntimeException When it cannot be saved.
	 */
	protected static function connect_fake_ai( string $key = self::KEY, string $model = self::MODEL ): void {
		Provider::forget();
		if ( ! Provider::save( self::$fake_ai_url, $model, $key ) ) {
			throw new \RuntimeException( 'the fake AI provider could not be saved' );
		}
	}
}
