<?php
/**
 * The AI provider against the fake: completions, tool calls and every fault of the error table.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Conversations\ProviderError;
use MonsterInsights\Reports\Tests\Support\FakeAi\ProviderTestCase;

/**
 * Provider::complete() sends OpenAI's chat-completions request and reads its answer; each failure is the
 * ProviderError of the table (error_code, the status of the plugin's answer, retryable, message).
 */
class ProviderTest extends ProviderTestCase {

	/**
	 * A text answer, and the request as sent: the model, the messages, temperature 0, no tools.
	 */
	public function test_a_completion_answers_the_text(): void {
		$this->assertSame(
			array(
				'content'    => 'I can answer these questions about your site: how many visits you got last week, how many page views you got last month, what your bounce rate was last week, and what your most popular campaign was last week.',
				'tool_calls' => array(),
			),
			self::provider()->complete( self::messages( 'Hello?' ) )
		);
		$this->assertSame(
			array(
				array(
					'model'       => self::MODEL,
					'messages'    => self::messages( 'Hello?' ),
					'temperature' => 0,
				),
			),
			self::fake_ai_requests()
		);
	}

	/**
	 * With tools, the analyst's run_query call comes back with its id, name and arguments as JSON
	 * text; the request offers the tools with tool_choice auto.
	 */
	public function test_tool_calls_come_back_with_their_arguments(): void {
		$answer = self::provider()->complete( self::messages( 'How many visits did I get last week?' ), self::TOOLS );
		$this->assertSame( '', $answer['content'] );
		$this->assertSame(
			array(
				array(
					'id'        => 'call_1_1',
					'name'      => 'run_query',
					'arguments' => '{"metrics":["sessions"],"dimensions":["sessionDefaultChannelGroup"],"start_date":"2026-11-28","end_date":"2026-12-04","chart":"pie"}',
				),
			),
			$answer['tool_calls']
		);
		$request = self::fake_ai_requests()[0];
		$this->assertSame( self::TOOLS, $request['tools'] );
		$this->assertSame( 'auto', $request['tool_choice'] );

		// A scripted call with raw arguments is passed on as they are.
		self::fake_ai_script(
			array(
				array(
					'tool_calls' => array(
						array(
							'name'      => 'list_names',
							'arguments' => '{not json',
						),
					),
				),
			)
		);
		$this->assertSame(
			array(
				'content'    => '',
				'tool_calls' => array(
					array(
						'id'        => 'call_2_1',
						'name'      => 'list_names',
						'arguments' => '{not json',
					),
				),
			),
			self::provider()->complete( self::messages( 'Anything' ), self::TOOLS )
		);
	}

	/**
	 * Every fault of the table.
	 *
	 * @return array<string, array{0: array<int, array<string, mixed>>, 1: string, 2: string, 3: string, 4: int, 5: bool, 6: string}>
	 *         steps, key, model, error_code, status, retryable, message.
	 */
	public function faults(): array {
		$key    = self::KEY;
		$model  = self::MODEL;
		$failed = 'The AI provider had an error (%d). Please try again.';
		$bad    = 'The AI provider sent an answer that could not be read. Please try again.';
		return array(
			'401 (a key the fake refuses)' => array( array(), 'invalid-key-1', $model, 'ai_provider_unauthorized', 502, false, 'The AI provider refused the API key. Check the key under Settings → Conversations AI.' ),
			'403'                          => array( array( array( 'status' => 403 ) ), $key, $model, 'ai_provider_unauthorized', 502, false, 'The AI provider refused the API key. Check the key under Settings → Conversations AI.' ),
			'404 (an unknown model)'       => array( array(), $key, 'gpt-unknown', 'ai_provider_model', 502, false, 'The AI provider does not know the model “gpt-unknown”.' ),
			'429'                          => array( array( array( 'status' => 429 ) ), $key, $model, 'ai_provider_rate_limited', 503, true, 'The AI provider is busy (too many requests). Please try again in a moment.' ),
			'500'                          => array( array( array( 'status' => 500 ) ), $key, $model, 'ai_provider_failed', 502, true, sprintf( $failed, 500 ) ),
			'503'                          => array( array( array( 'status' => 503 ) ), $key, $model, 'ai_provider_failed', 502, true, sprintf( $failed, 503 ) ),
			'400 (another refusal)'        => array( array( array( 'status' => 400 ) ), $key, $model, 'ai_provider_failed', 502, false, sprintf( $failed, 400 ) ),
			'not JSON'                     => array( array( array( 'malformed' => true ) ), $key, $model, 'ai_provider_bad_response', 502, true, $bad ),
			'no choices'                   => array(
				array(
					array(
						'status' => 200,
						'body'   => array(
							'object'  => 'chat.completion',
							'choices' => array(),
						),
					),
				),
				$key,
				$model,
				'ai_provider_bad_response',
				502,
				true,
				$bad,
			),
		);
	}

	/**
	 * A fault is the ProviderError of the table.
	 *
	 * @dataProvider faults
	 *
	 * @param array<int, array<string, mixed>> $steps     The fake's script.
	 * @param string                           $key       The key.
	 * @param string                           $model     The model.
	 * @param string                           $code      The error code.
	 * @param int                              $status    The status of the plugin's answer.
	 * @param bool                             $retryable Whether it is retryable.
	 * @param string                           $message   The message.
	 */
	public function test_a_fault_is_the_error_of_the_table( array $steps, string $key, string $model, string $code, int $status, bool $retryable, string $message ): void {
		if ( array() !== $steps ) {
			self::fake_ai_script( $steps );
		}
		$error = $this->failure( self::provider( $key, $model ), 30 );
		$this->assertSame( array( $code, $status, $retryable, $message ), array( $error->error_code, $error->status, $error->retryable, $error->getMessage() ) );
		$this->assertCount( 1, self::fake_ai_requests() );
	}

	/**
	 * An answer slower than the timeout is ai_provider_unreachable.
	 */
	public function test_a_timeout_is_unreachable(): void {
		self::fake_ai_script(
			array(
				array(
					'delay_ms' => 2500,
					'text'     => 'Too late.',
				),
			)
		);
		$started = microtime( true );
		$error   = $this->failure( self::provider(), 1 );
		$this->assertLessThan( 2.4, microtime( true ) - $started, 'it gave up at the timeout' );
		$this->assertSame( array( 'ai_provider_unreachable', 504, true, 'The AI provider did not answer in time. Please try again.' ), array( $error->error_code, $error->status, $error->retryable, $error->getMessage() ) );
	}

	/**
	 * A closed port (connection refused) is ai_provider_unreachable.
	 */
	public function test_a_refused_connection_is_unreachable(): void {
		$error = $this->failure( new Provider( 'http://localhost:' . self::closed_port() . '/v1', self::MODEL, self::KEY ), 5 );
		$this->assertSame( array( 'ai_provider_unreachable', 504, true ), array( $error->error_code, $error->status, $error->retryable ) );
	}

	/**
	 * No provider saved: from_settings() is null, and the missing error is a 409, not retryable.
	 */
	public function test_without_settings_there_is_no_provider(): void {
		Provider::forget();
		$this->assertFalse( Provider::configured() );
		$this->assertNull( Provider::from_settings() );
		$error = ProviderError::missing();
		$this->assertSame( array( 'ai_provider_missing', 409, false, 'No AI provider is connected. An administrator can connect one under Settings → Conversations AI.' ), array( $error->error_code, $error->status, $error->retryable, $error->getMessage() ) );

		self::connect_fake_ai();
		$this->assertTrue( Provider::configured() );
		$this->assertSame( 'fake-analyst', Provider::from_settings()->model() );
		$this->assertSame( 'Hi.', self::script_and_complete( 'Hi.' ) );
	}

	/**
	 * The REST error: code, message, status, retryable, the provider's reason without the key,
	 * and the caller's data.
	 */
	public function test_the_wp_error_carries_status_retryable_and_data(): void {
		self::fake_ai_script(
			array(
				array(
					'status' => 401,
					'body'   => array(
						'error' => array(
							'message' => 'Incorrect API key provided: ' . self::KEY . '.',
							'type'    => 'invalid_request_error',
							'code'    => 'invalid_api_key',
						),
					),
				),
			)
		);
		$error = $this->failure( self::provider(), 30 )->to_wp_error( array( 'chat_id' => 12 ) );
		$this->assertSame( 'ai_provider_unauthorized', $error->get_error_code() );
		$this->assertSame( 'The AI provider refused the API key. Check the key under Settings → Conversations AI.', $error->get_error_message() );
		$this->assertSame(
			array(
				'status'    => 502,
				'retryable' => false,
				'reason'    => 'Incorrect API key provided: ***.',
				'chat_id'   => 12,
			),
			$error->get_error_data()
		);
		$this->assertStringNotContainsString( self::KEY, (string) wp_json_encode( $error ) );

		$this->assertSame(
			array(
				'status'    => 503,
				'retryable' => true,
				'chat_id'   => 3,
			),
			ProviderError::rate_limited()->to_wp_error( array( 'chat_id' => 3 ) )->get_error_data()
		);
	}

	/**
	 * A scripted text through the saved provider.
	 *
	 * @param string $text The text.
	 */
	private static function script_and_complete( string $text ): string {
		self::fake_ai_script( array( array( 'text' => $text ) ) );
		return Provider::from_settings()->complete( self::messages( 'Anything' ) )['content'];
	}

	/**
	 * The error of a completion that must fail.
	 *
	 * @param Provider $provider The provider.
	 * @param int      $timeout  The timeout.
	 */
	private function failure( Provider $provider, int $timeout ): ProviderError {
		try {
			$provider->complete( self::messages( 'Hello?' ), array(), $timeout );
		} catch ( ProviderError $error ) {
			return $error;
		}
		$this->fail( 'the completion did not fail' );
	}
}
