<?php
/**
 * Conversations AI: the chat routes that need no AI (list, rename, pin, delete, rate), per user,
 * the licence, validation and the privacy tools.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Chats;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\Tests\Support\Conversations\ChatRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Chats written straight to the store (Conversations\Chats), read and changed through the routes.
 */
class ChatRoutesTest extends TestCase {

	use ChatRequests;

	/**
	 * The current user.
	 *
	 * @var int
	 */
	private int $user;

	/**
	 * A pro administrator.
	 */
	protected function set_up() {
		parent::set_up();
		$this->user = $this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		add_filter( 'pre_http_request', static fn() => new \WP_Error( 'offline', 'No request leaves the tests.' ) );
	}

	/**
	 * A chat of a user with a question and, unless not answered, its answer.
	 *
	 * @param int    $user     The user.
	 * @param string $question The question.
	 * @param bool   $answered Whether it has an answer.
	 * @return array{0: int, 1: array<int, array<string, mixed>>} Its id and messages.
	 */
	private static function chat( int $user, string $question, bool $answered = true ): array {
		$id = Chats::create( $user );
		self::assertIsInt( $id );
		$messages = array( Chats::message( 'user', $question ) );
		if ( $answered ) {
			$messages[] = Chats::message(
				'assistant',
				'You had 3 sessions.',
				array(
					'type'       => 'pie',
					'seriesName' => 'Sessions',
					'data'       => array(
						array(
							'value' => 3,
							'label' => 'Direct',
						),
					),
				)
			);
		}
		foreach ( $messages as $message ) {
			Chats::append( $id, $message );
		}
		return array( $id, $messages );
	}

	/**
	 * The list: pinned and recent, newest first, each with its title and preview; rename, pin,
	 * unpin and delete.
	 */
	public function test_list_rename_pin_and_delete(): void {
		$long                  = str_repeat( 'How many visits? ', 10 );
		list( $first )         = self::chat( $this->user, 'First question' );
		list( $second )        = self::chat( $this->user, trim( $long ) );
		list( $third )         = self::chat( $this->user, 'Third question', false );
		list( $status, $list ) = $this->chat_request( 'GET', '/chats' );
		$this->assertSame( 200, $status );
		$entry = static fn( int $id, string $title, string $preview, bool $pinned = false ): array => array(
			'id'        => $id,
			'title'     => $title,
			'preview'   => $preview,
			'is_pinned' => $pinned,
		);
		$this->assertSame(
			array(
				'pinned' => array(),
				'recent' => array( $entry( $third, '', 'Third question' ), $entry( $second, '', mb_substr( trim( $long ), 0, 100 ) ), $entry( $first, '', 'First question' ) ),
			),
			$list
		);

		list( $status, $renamed ) = $this->chat_request(
			'PUT',
			'/chat/' . $second,
			array(
				'title'     => '  Visits  ',
				'is_pinned' => true,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( $entry( $second, 'Visits', mb_substr( trim( $long ), 0, 100 ), true ), $renamed );
		$this->chat_request( 'PUT', '/chat/' . $first, array( 'is_pinned' => true ) );
		list( , $list ) = $this->chat_request( 'GET', '/chats' );
		$this->assertSame( array( $second, $first ), array_column( $list['pinned'], 'id' ) );
		$this->assertSame( array( $third ), array_column( $list['recent'], 'id' ) );

		// Unpinned, and the title emptied: it falls back to the preview.
		list( , $entry_now ) = $this->chat_request(
			'PUT',
			'/chat/' . $second,
			array(
				'title'     => '',
				'is_pinned' => false,
			)
		);
		$this->assertSame( $entry( $second, '', mb_substr( trim( $long ), 0, 100 ) ), $entry_now );

		list( $status, $error ) = $this->chat_request( 'PUT', '/chat/' . $second, array( 'title' => str_repeat( 'x', 51 ) ) );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $error['code'] ) );
		list( $status ) = $this->chat_request( 'PUT', '/chat/' . $second, array( 'title' => str_repeat( 'é', 50 ) ) );
		$this->assertSame( 200, $status );

		list( $status, $deleted ) = $this->chat_request( 'DELETE', '/chat/' . $first );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'deleted' => true,
				'id'      => $first,
			),
			$deleted
		);
		$this->assertNull( get_post( $first ) );
		list( $status, $error ) = $this->chat_request( 'GET', '/chat/' . $first );
		$this->assertSame( array( 404, 'rest_chat_not_found' ), array( $status, $error['code'] ) );
		list( , $list ) = $this->chat_request( 'GET', '/chats' );
		$this->assertSame( array(), $list['pinned'] );
		$this->assertSame( array( $third, $second ), array_column( $list['recent'], 'id' ) );
	}

	/**
	 * Rating an answer, its feedback or skipping it; a question cannot be rated; an unknown
	 * message is a 404.
	 */
	public function test_rate_an_answer(): void {
		list( $id, $messages )  = self::chat( $this->user, 'Question' );
		$answer                 = $messages[1]['id'];
		list( $status, $rated ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $answer,
				'rating'     => 0,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( 0, $rated['rating'] );
		$this->assertSame( $answer, $rated['id'] );
		$this->assertSame( 'pie', $rated['meta']['chart']['type'] );

		list( , $rated ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $answer,
				'feedback'   => '  The numbers are wrong.  ',
			)
		);
		$this->assertSame( array( 0, 'The numbers are wrong.', false ), array( $rated['rating'], $rated['feedback'], $rated['skipped_feedback'] ) );
		list( , $chat ) = $this->chat_request( 'GET', '/chat/' . $id );
		$this->assertSame( $rated, $chat['chat'][1] );

		list( , $rated ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id'       => $answer,
				'skipped_feedback' => true,
			)
		);
		$this->assertTrue( $rated['skipped_feedback'] );
		list( , $rated ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $answer,
				'rating'     => 1,
			)
		);
		$this->assertSame( array( 1, '', false ), array( $rated['rating'], $rated['feedback'], $rated['skipped_feedback'] ) );

		list( $status, $error ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $messages[0]['id'],
				'rating'     => 1,
			)
		);
		$this->assertSame( array( 400, 'chat_message_not_rateable' ), array( $status, $error['code'] ) );
		list( $status, $error ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => 'nope',
				'rating'     => 1,
			)
		);
		$this->assertSame( array( 404, 'rest_chat_message_not_found' ), array( $status, $error['code'] ) );
		list( $status ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $answer,
				'rating'     => 2,
			)
		);
		$this->assertSame( 400, $status );
		list( $status ) = $this->chat_request(
			'POST',
			'/chat/' . $id . '/rate',
			array(
				'message_id' => $answer,
				'feedback'   => str_repeat( 'x', 1001 ),
			)
		);
		$this->assertSame( 400, $status );
	}

	/**
	 * Another user's chat is not found on every route, and not listed.
	 */
	public function test_another_users_chat_is_not_found(): void {
		$other      = $this->create_user( 'administrator' );
		list( $id ) = self::chat( $other, 'Their question', false );
		$routes     = array(
			array( 'GET', '/chat/' . $id, array() ),
			array( 'PUT', '/chat/' . $id, array( 'title' => 'Mine' ) ),
			array( 'DELETE', '/chat/' . $id, array() ),
			array( 'POST', '/chat/' . $id, array( 'message' => 'Hello' ) ),
			array(
				'POST',
				'/chat/' . $id . '/rate',
				array(
					'message_id' => 'x',
					'rating'     => 1,
				),
			),
			array( 'POST', '/chat/' . $id . '/retry', array() ),
		);
		foreach ( $routes as list( $method, $path, $params ) ) {
			list( $status, $error ) = $this->chat_request( $method, $path, $params );
			$this->assertSame( array( 404, 'rest_chat_not_found' ), array( $status, $error['code'] ), "$method $path" );
		}
		$this->assertSame(
			array(
				'pinned' => array(),
				'recent' => array(),
			),
			$this->chat_request( 'GET', '/chats' )[1]
		);
		$this->assertSame( 'Their question', Chats::messages( $id )[0]['content'], 'untouched' );
		$this->assertInstanceOf( \WP_Post::class, get_post( $id ) );
	}

	/**
	 * Below pro every route is a 403 upgrade_required; a user who may not view the reports is refused.
	 */
	public function test_below_pro_every_route_is_locked(): void {
		list( $id ) = self::chat( $this->user, 'Question', false );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus', 20 );
		$routes = array(
			array( 'GET', '/chats', array() ),
			array( 'GET', '/chat/' . $id, array() ),
			array( 'PUT', '/chat/' . $id, array( 'is_pinned' => true ) ),
			array( 'DELETE', '/chat/' . $id, array() ),
			array( 'POST', '/chat', array( 'message' => 'Hello' ) ),
			array( 'POST', '/chat/' . $id, array( 'message' => 'Hello' ) ),
			array(
				'POST',
				'/chat/' . $id . '/rate',
				array(
					'message_id' => 'x',
					'rating'     => 1,
				),
			),
			array( 'POST', '/chat/' . $id . '/retry', array() ),
		);
		foreach ( $routes as list( $method, $path, $params ) ) {
			list( $status, $error ) = $this->chat_request( $method, $path, $params );
			$this->assertSame( array( 403, 'upgrade_required', 'pro' ), array( $status, $error['code'], $error['data']['level'] ?? null ), "$method $path" );
		}
		$this->assertInstanceOf( \WP_Post::class, get_post( $id ) );

		$this->act_as( 'subscriber' );
		list( $status ) = $this->chat_request( 'GET', '/chats' );
		$this->assertSame( 403, $status );
	}

	/**
	 * The message: required, 1 to 300 characters once trimmed; a chat waiting for its retry refuses
	 * a new message; without a provider nothing is stored.
	 */
	public function test_the_message_is_validated(): void {
		$cases = array(
			'missing'  => array( array(), 'rest_missing_callback_param' ),
			'empty'    => array( array( 'message' => '' ), 'chat_message_empty' ),
			'blank'    => array( array( 'message' => "  \n\t " ), 'chat_message_empty' ),
			'301'      => array( array( 'message' => str_repeat( 'a', 301 ) ), 'chat_message_too_long' ),
			'a number' => array( array( 'message' => 5 ), 'rest_invalid_type' ),
		);
		foreach ( $cases as $label => list( $params, $code ) ) {
			list( $status, $error ) = $this->chat_request( 'POST', '/chat', $params );
			$this->assertSame( 400, $status, $label );
			// WordPress names the refused argument; its own code is in the details.
			$this->assertSame( $code, $error['data']['details']['message']['code'] ?? $error['code'], $label . wp_json_encode( $error ) );
			$this->assertNotSame( '', $error['message'], $label );
		}
		list( , $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => str_repeat( 'a', 301 ) ) );
		$this->assertSame( 'message must be at most 300 characters long.', $error['data']['params']['message'] );
		list( , $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => ' ' ) );
		$this->assertSame( 'message must not be empty.', $error['data']['params']['message'] );

		// 300 characters after trimming pass the validation; with no provider: 409, nothing stored.
		list( $status, $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => '  ' . str_repeat( 'é', 300 ) . '  ' ) );
		$this->assertSame( array( 409, 'ai_provider_missing', false ), array( $status, $error['code'], $error['data']['retryable'] ) );
		$this->assertSame( array(), Chats::posts( $this->user ) );

		list( $id )             = self::chat( $this->user, 'Unanswered', false );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/' . $id, array( 'message' => 'Again' ) );
		$this->assertSame( array( 409, 'chat_needs_retry', true, $id ), array( $status, $error['code'], $error['data']['retryable'], $error['data']['chat_id'] ) );
		$this->assertSame( 'Looks like your last message was not sent. Please try again.', $error['message'] );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/' . $id . '/retry' );
		$this->assertSame( array( 409, 'ai_provider_missing', $id ), array( $status, $error['code'], $error['data']['chat_id'] ) );
		$this->assertCount( 1, Chats::messages( $id ) );
	}

	/**
	 * The privacy tools export a user's chats and erase them, not another user's.
	 */
	public function test_privacy_export_and_erase(): void {
		$other               = $this->create_user( 'administrator' );
		list( $mine, $msgs ) = self::chat( $this->user, 'My question' );
		list( $theirs )      = self::chat( $other, 'Their question' );
		Chats::rate(
			$mine,
			$msgs[1]['id'],
			array(
				'rating'   => 0,
				'feedback' => 'Wrong.',
			)
		);
		Chats::rename( $mine, 'Visits' );
		$email     = wp_get_current_user()->user_email;
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$this->assertSame( 'MonsterInsights Reports AI conversations', $exporters[ Privacy::CHATS ]['exporter_friendly_name'] );
		$export = call_user_func( $exporters[ Privacy::CHATS ]['callback'], $email, 1 );
		$this->assertTrue( $export['done'] );
		$this->assertCount( 1, $export['data'] );
		$this->assertSame( 'monsterinsights-reports-ai-chat-' . $mine, $export['data'][0]['item_id'] );
		$this->assertSame(
			array(
				array(
					'name'  => 'Title',
					'value' => 'Visits',
				),
				array(
					'name'  => 'Pinned',
					'value' => 'No',
				),
				array(
					'name'  => 'Question',
					'value' => 'My question',
				),
				array(
					'name'  => 'Answer',
					'value' => 'You had 3 sessions. (thumbs down) Feedback: Wrong.',
				),
			),
			$export['data'][0]['data']
		);

		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$erased  = call_user_func( $erasers[ Privacy::CHATS ]['callback'], $email, 1 );
		$this->assertSame(
			array(
				'items_removed'  => true,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			),
			$erased
		);
		$this->assertNull( get_post( $mine ) );
		$this->assertInstanceOf( \WP_Post::class, get_post( $theirs ) );
		$this->assertSame( array(), call_user_func( $exporters[ Privacy::CHATS ]['callback'], $email, 1 )['data'] );
		$this->assertFalse( call_user_func( $erasers[ Privacy::CHATS ]['callback'], $email, 1 )['items_removed'] );
	}
}
