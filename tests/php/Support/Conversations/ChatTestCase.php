<?php
/**
 * A test of Conversations AI's chats against the fake AI provider.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Conversations;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\FakeAi\FakeAiServer;

/**
 * The seeded visits (ChatTraffic), a pro administrator, and the fake AI provider of the class as
 * the site's provider, reset before each test; chat_request() asks the chat routes.
 */
abstract class ChatTestCase extends BuiltinTestCase {

	use ChatTraffic;
	use ChatRequests;
	use FakeAiServer;

	/**
	 * A key the fake accepts.
	 */
	protected const KEY = 'sk-fake-chat-key-9e2b';

	/**
	 * Starts the fake provider for the class.
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
	 * The visits, a pro administrator, the fake as the site's provider, reset.
	 */
	protected function set_up() {
		parent::set_up();
		$this->seed_traffic();
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		self::fake_ai_reset();
		$this->connect( self::$fake_ai_url, self::KEY );
	}

	/**
	 * Saves a provider.
	 *
	 * @param string $url The base URL.
	 * @param string $key The key.
	 */
	protected function connect( string $url, string $key ): void {
		Provider::forget();
		$this->assertTrue( Provider::save( $url, 'fake-analyst', $key ) );
	}
}
