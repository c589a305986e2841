<?php
/**
 * Conversations AI on a network: chats are per site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Conversations\Chats;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\Tests\Support\Conversations\ChatRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The chat routes of tests/php/Shared/Conversations on two sites of a network, for one user.
 */
class ChatPerSiteTest extends TestCase {

	use ChatRequests;

	protected const REQUIRES = 'multisite';

	/**
	 * A chat of a user on the current site.
	 *
	 * @param int    $user     The user.
	 * @param string $question Its question.
	 */
	private static function chat( int $user, string $question ): int {
		$id = Chats::create( $user );
		self::assertIsInt( $id );
		Chats::append( $id, Chats::message( 'user', $question ) );
		return $id;
	}

	/**
	 * Each site lists and opens only its own chats; the privacy tools of a site take its own.
	 */
	public function test_chats_are_per_site(): void {
		$user = $this->act_as( 'administrator' );
		grant_super_admin( $user );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		$main_chat = self::chat( $user, 'On the main site' );

		$site = $this->create_site( $user );
		switch_to_blog( $site );
		Capabilities::grant();
		$this->assertSame(
			array(
				'pinned' => array(),
				'recent' => array(),
			),
			$this->chat_request( 'GET', '/chats' )[1]
		);
		$site_chat = self::chat( $user, 'On the other site' );
		$this->assertSame( array( 'On the other site' ), array_column( $this->chat_request( 'GET', '/chats' )[1]['recent'], 'preview' ) );
		if ( $main_chat !== $site_chat ) {
			$this->assertSame( 404, $this->chat_request( 'GET', '/chat/' . $main_chat )[0] );
		}
		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertTrue( call_user_func( $erasers[ Privacy::CHATS ]['callback'], wp_get_current_user()->user_email, 1 )['items_removed'] );
		$this->assertSame( array(), Chats::posts( $user ) );
		restore_current_blog();

		list( $status, $chat ) = $this->chat_request( 'GET', '/chat/' . $main_chat );
		$this->assertSame( 200, $status );
		$this->assertSame( 'On the main site', $chat['chat'][0]['content'] );
		$this->assertSame( array( $main_chat ), array_column( $this->chat_request( 'GET', '/chats' )[1]['recent'], 'id' ) );
	}
}
