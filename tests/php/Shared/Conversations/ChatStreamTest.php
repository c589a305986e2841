<?php
/**
 * Conversations AI's stream routes: the events of an answer and the chat they store.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\REST\EventStreamResponse;
use MonsterInsights\Reports\Tests\Support\Conversations\ChatTestCase;

/**
 * POST ai-insights/chat/stream, ai-insights/chat/{id}/stream and ai-insights/chat/{id}/retry/stream
 * answer `chat`, the `delta`s of the answer's text, then `message` or `error`; the stored chat is
 * the one the routes without streaming store; their refusals are the same JSON errors.
 */
class ChatStreamTest extends ChatTestCase {

	/**
	 * The visits question.
	 */
	private const VISITS = 'How many visits did I get last week?';

	/**
	 * A stream route's events, as JSON carries them.
	 *
	 * @param string               $path   The path after ai-insights.
	 * @param array<string, mixed> $params The body.
	 * @return list<array{event: string, data: array<string, mixed>}>
	 */
	private function stream( string $path, array $params = array() ): array {
		$request = new \WP_REST_Request( 'POST', '/monsterinsights-reports/v1/ai-insights' . $path );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( (string) wp_json_encode( (object) $params ) );
		$response = rest_do_request( $request );
		$this->assertInstanceOf( EventStreamResponse::class, $response, (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'text/event-stream; charset=utf-8', $response->get_headers()['Content-Type'] );
		$this->assertSame( 'no', $response->get_headers()['X-Accel-Buffering'] );
		$events = array();
		foreach ( $response->events() as $event ) {
			$data     = json_decode( (string) wp_json_encode( $event['data'] ), true );
			$events[] = array(
				'event' => $event['event'],
				'data'  => is_array( $data ) ? $data : array(),
			);
		}
		return $events;
	}

	/**
	 * A chat's messages without their ids.
	 *
	 * @param int $chat_id The chat.
	 * @return list<array<string, mixed>>
	 */
	private function stored( int $chat_id ): array {
		list( , $chat ) = $this->chat_request( 'GET', '/chat/' . $chat_id );
		return array_map(
			static function ( array $message ): array {
				unset( $message['id'] );
				return $message;
			},
			$chat['chat']
		);
	}

	/**
	 * The visits question streamed: `chat` with the new chat's id, the answer's text in pieces (the
	 * tool round sends none), then `message` with the stored answer and its pie chart; the stored
	 * chat equals the one of the route without streaming, and a follow-up streams into that chat.
	 */
	public function test_the_events_in_order_and_the_stored_chat_equals_the_unstreamed_one(): void {
		list( $status, $plain ) = $this->chat_request( 'POST', '/chat', array( 'message' => self::VISITS ) );
		$this->assertSame( 200, $status );
		$events = $this->stream( '/chat/stream', array( 'message' => self::VISITS ) );

		$answer = 'You had 27 sessions last week (' . self::day( 7 ) . ' – ' . self::day( 1 ) . '). Most came from Organic Search: 12.';
		$this->assertSame( 'chat', $events[0]['event'] );
		$chat_id = $events[0]['data']['chat_id'];
		$this->assertSame( array( 'chat_id' => $chat_id ), $events[0]['data'] );
		$this->assertNotSame( $plain['chat_id'], $chat_id );
		$last = array_pop( $events );
		$this->assertSame( 'message', $last['event'] );
		$deltas = array_slice( $events, 1 );
		$this->assertSame( array_fill( 0, count( $deltas ), 'delta' ), array_column( $deltas, 'event' ) );
		$words = explode( ' ', $answer );
		$this->assertCount( (int) ceil( count( $words ) / 3 ), $deltas );
		$this->assertSame( implode( ' ', array_slice( $words, 0, 3 ) ) . ' ', $deltas[0]['data']['text'] );
		$this->assertSame( $answer, implode( '', array_map( static fn( array $delta ): string => $delta['data']['text'], $deltas ) ) );
		$this->assertSame( array( 'text' ), array_unique( array_merge( ...array_map( static fn( array $delta ): array => array_keys( $delta['data'] ), $deltas ) ) ) );

		$this->assertSame( $chat_id, $last['data']['chat_id'] );
		$message = $last['data']['latest_message'];
		$this->assertSame( $answer, $message['content'] );
		$this->assertSame( 'pie', $message['meta']['chart']['type'] );
		unset( $message['id'], $plain['latest_message']['id'] );
		$this->assertSame( $plain['latest_message'], $message );
		$this->assertSame( $this->stored( $plain['chat_id'] ), $this->stored( $chat_id ) );
		$this->assertSame( array( 'user', 'assistant' ), array_column( $this->stored( $chat_id ), 'role' ) );

		// The stream and the plain route made the same provider requests (the stream asks with stream: true).
		$requests = self::fake_ai_requests();
		$this->assertCount( 4, $requests );
		$this->assertSame( array( false, false, true, true ), array_map( static fn( array $request ): bool => ! empty( $request['stream'] ), $requests ) );
		unset( $requests[2]['stream'], $requests[3]['stream'] );
		$this->assertSame( wp_json_encode( array_slice( $requests, 0, 2 ) ), str_replace( 'call_3_1', 'call_1_1', (string) wp_json_encode( array_slice( $requests, 2, 2 ) ) ) );

		// A follow-up in that chat.
		$events = $this->stream( '/chat/' . $chat_id . '/stream', array( 'message' => 'Thanks!' ) );
		$this->assertSame(
			array(
				'event' => 'chat',
				'data'  => array( 'chat_id' => $chat_id ),
			),
			$events[0]
		);
		$this->assertSame( 'message', end( $events )['event'] );
		$this->assertSame( array( 'user', 'assistant', 'user', 'assistant' ), array_column( $this->stored( $chat_id ), 'role' ) );
	}

	/**
	 * A text the model sends with tool calls is dropped: the next round's first piece says `reset`.
	 */
	public function test_the_text_of_a_tool_round_is_reset(): void {
		self::fake_ai_script(
			array(
				array(
					'text'       => 'Let me look.',
					'tool_calls' => array(
						array(
							'name'      => 'get_today',
							'arguments' => array(),
						),
					),
				),
				array( 'text' => 'Today is a Saturday.' ),
			)
		);
		$events = $this->stream( '/chat/stream', array( 'message' => 'What day is it?' ) );
		$this->assertSame(
			array(
				array( 'delta', array( 'text' => 'Let me look.' ) ),
				array(
					'delta',
					array(
						'text'  => 'Today is a ',
						'reset' => true,
					),
				),
				array( 'delta', array( 'text' => 'Saturday.' ) ),
			),
			array_map( static fn( array $event ): array => array( $event['event'], $event['data'] ), array_slice( $events, 1, 3 ) )
		);
		$this->assertSame( 'Today is a Saturday.', $events[4]['data']['latest_message']['content'] );
	}

	/**
	 * A provider failure is an `error` event (code, message, retryable, chat id) and the chat ends
	 * with the user's message, as without streaming; the streamed retry then answers; a stream cut
	 * short is a retryable bad response after its first pieces.
	 */
	public function test_a_failure_is_an_error_event_and_the_streamed_retry_answers(): void {
		self::fake_ai_script( array( array( 'status' => 429 ) ) );
		$events  = $this->stream( '/chat/stream', array( 'message' => self::VISITS ) );
		$chat_id = $events[0]['data']['chat_id'];
		$this->assertSame(
			array(
				array(
					'event' => 'chat',
					'data'  => array( 'chat_id' => $chat_id ),
				),
				array(
					'event' => 'error',
					'data'  => array(
						'code'      => 'ai_provider_rate_limited',
						'message'   => 'The AI provider is busy (too many requests). Please try again in a moment.',
						'retryable' => true,
						'chat_id'   => $chat_id,
					),
				),
			),
			$events
		);
		$this->assertSame( array( 'user' ), array_column( $this->stored( $chat_id ), 'role' ) );

		// A new message is refused as without streaming (a JSON 409).
		list( $status, $refused ) = $this->chat_request( 'POST', '/chat/' . $chat_id . '/stream', array( 'message' => 'Hello?' ) );
		$this->assertSame( array( 409, 'chat_needs_retry' ), array( $status, $refused['code'] ) );

		// The second round's stream is cut short.
		self::fake_ai_script(
			array(
				array( 'delay_ms' => 1 ),
				array( 'stream_cut' => 2 ),
			)
		);
		$events = $this->stream( '/chat/' . $chat_id . '/retry/stream' );
		$this->assertSame( array( 'chat', 'delta', 'error' ), array_column( $events, 'event' ) );
		$this->assertSame( array( 'ai_provider_bad_response', true, $chat_id ), array( $events[2]['data']['code'], $events[2]['data']['retryable'], $events[2]['data']['chat_id'] ) );
		$this->assertSame( array( 'user' ), array_column( $this->stored( $chat_id ), 'role' ) );

		$events = $this->stream( '/chat/' . $chat_id . '/retry/stream' );
		$this->assertSame( 'message', end( $events )['event'] );
		$this->assertSame( 'pie', end( $events )['data']['latest_message']['meta']['chart']['type'] );
		$this->assertSame( array( 'user', 'assistant' ), array_column( $this->stored( $chat_id ), 'role' ) );

		list( $status, $nothing ) = $this->chat_request( 'POST', '/chat/' . $chat_id . '/retry/stream' );
		$this->assertSame( array( 409, 'nothing_to_retry' ), array( $status, $nothing['code'] ) );
	}

	/**
	 * The stream routes refuse as the others: a bad message (400), no provider (409), another
	 * user's chat (404), below pro (403); nothing is stored.
	 */
	public function test_the_refusals_are_json_errors(): void {
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/stream', array( 'message' => '   ' ) );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $error['code'] ) );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/stream', array( 'message' => str_repeat( 'a', 301 ) ) );
		$this->assertSame( 400, $status );

		$events  = $this->stream( '/chat/stream', array( 'message' => 'Hello?' ) );
		$chat_id = $events[0]['data']['chat_id'];

		$me = get_current_user_id();
		$this->act_as( 'administrator' );
		foreach ( array( '/chat/' . $chat_id . '/stream', '/chat/' . $chat_id . '/retry/stream' ) as $path ) {
			list( $status, $error ) = $this->chat_request( 'POST', $path, array( 'message' => 'Hello?' ) );
			$this->assertSame( array( 404, 'rest_chat_not_found' ), array( $status, $error['code'] ), $path );
		}
		wp_set_current_user( $me );

		Provider::forget();
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/stream', array( 'message' => 'Hello?' ) );
		$this->assertSame( array( 409, 'ai_provider_missing' ), array( $status, $error['code'] ) );

		$plus = static fn() => 'plus';
		add_filter( 'monsterinsights_reports_licence_level', $plus, 20 );
		foreach ( array( '/chat/stream', '/chat/' . $chat_id . '/stream', '/chat/' . $chat_id . '/retry/stream' ) as $path ) {
			list( $status, $error ) = $this->chat_request( 'POST', $path, array( 'message' => 'Hello?' ) );
			$this->assertSame( array( 403, 'upgrade_required' ), array( $status, $error['code'] ), $path );
		}
		remove_filter( 'monsterinsights_reports_licence_level', $plus, 20 );
		$this->assertSame( array( 'user', 'assistant' ), array_column( $this->stored( $chat_id ), 'role' ) );
	}
}
