<?php
/**
 * The AI provider's streamed completion against the fake: the text's pieces in order, tool calls put
 * together, a stream cut short, and the faults before the stream.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Conversations\ProviderError;
use MonsterInsights\Reports\Tests\Support\FakeAi\ProviderTestCase;

/**
 * Provider::stream() asks with `stream: true`, hands each piece of text to its callback as it
 * arrives and answers what complete() answers; its faults are those of the ProviderError table,
 * and a stream that stops before its end is ai_provider_bad_response (retryable).
 */
class ProviderStreamTest extends ProviderTestCase {

	/**
	 * Streams an answer.
	 *
	 * @param Provider                         $provider The provider.
	 * @param array<int, array<string, mixed>> $messages The messages.
	 * @param array<int, array<string, mixed>> $tools    The tools.
	 * @param int                              $timeout  The timeout.
	 * @return array{0: array<string, mixed>, 1: list<string>} The answer and the pieces of text.
	 */
	private static function stream( Provider $provider, array $messages, array $tools = array(), int $timeout = 30 ): array {
		$pieces = array();
		$answer = $provider->stream(
			$messages,
			$tools,
			static function ( string $text ) use ( &$pieces ): void {
				$pieces[] = $text;
			},
			$timeout
		);
		return array( $answer, $pieces );
	}

	/**
	 * The failure of a streamed completion, and the text that came before it.
	 *
	 * @param Provider $provider The provider.
	 * @param int      $timeout  The timeout.
	 * @return array{0: ProviderError, 1: list<string>}
	 */
	private function failure( Provider $provider, int $timeout = 30 ): array {
		$pieces = array();
		try {
			$provider->stream(
				self::messages( 'Hello?' ),
				array(),
				static function ( string $text ) use ( &$pieces ): void {
					$pieces[] = $text;
				},
				$timeout
			);
		} catch ( ProviderError $error ) {
			return array( $error, $pieces );
		}
		$this->fail( 'the stream did not fail' );
	}

	/**
	 * A scripted text arrives in pieces of three words, in order, and the answer is the whole text;
	 * the request is complete()'s with `stream: true`.
	 */
	public function test_the_text_arrives_in_pieces_in_order(): void {
		self::fake_ai_script( array( array( 'text' => 'You had 1,234 sessions last week. Most came from Organic Search: 600.' ) ) );
		list( $answer, $pieces ) = self::stream( self::provider(), self::messages( 'Hello?' ) );
		$this->assertSame( array( 'You had 1,234 ', 'sessions last week. ', 'Most came from ', 'Organic Search: 600.' ), $pieces );
		$this->assertSame(
			array(
				'content'    => 'You had 1,234 sessions last week. Most came from Organic Search: 600.',
				'tool_calls' => array(),
			),
			$answer
		);
		$this->assertSame(
			array(
				array(
					'model'       => self::MODEL,
					'messages'    => self::messages( 'Hello?' ),
					'temperature' => 0,
					'stream'      => true,
				),
			),
			self::fake_ai_requests()
		);
	}

	/**
	 * The analyst's run_query call comes in pieces (its name and id, then its arguments in two)
	 * and is put together as complete() answers it; a scripted call with text and two calls too.
	 */
	public function test_tool_calls_are_put_together(): void {
		$question                = self::messages( 'How many visits did I get last week?' );
		list( $answer, $pieces ) = self::stream( self::provider(), $question, self::TOOLS );
		$this->assertSame( array(), $pieces );
		$whole                        = self::provider()->complete( $question, self::TOOLS );
		$whole['tool_calls'][0]['id'] = 'call_1_1';
		$this->assertSame( $whole, $answer );
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

		self::fake_ai_script(
			array(
				array(
					'text'       => 'Let me look.',
					'tool_calls' => array(
						array(
							'name'      => 'list_names',
							'arguments' => array(),
						),
						array(
							'name'      => 'get_today',
							'arguments' => '{not json',
						),
					),
				),
			)
		);
		list( $answer, $pieces ) = self::stream( self::provider(), self::messages( 'Anything' ), self::TOOLS );
		$this->assertSame( array( 'Let me look.' ), $pieces );
		$this->assertSame(
			array(
				'content'    => 'Let me look.',
				'tool_calls' => array(
					array(
						'id'        => 'call_3_1',
						'name'      => 'list_names',
						'arguments' => '{}',
					),
					array(
						'id'        => 'call_3_2',
						'name'      => 'get_today',
						'arguments' => '{not json',
					),
				),
			),
			$answer
		);
	}

	/**
	 * The analyst's text, streamed, is the text complete() answers.
	 */
	public function test_the_analyst_streams_what_it_answers(): void {
		list( $answer, $pieces ) = self::stream( self::provider(), self::messages( 'Hello?' ) );
		$whole                   = self::provider()->complete( self::messages( 'Hello?' ) );
		$this->assertSame( $whole, $answer );
		$this->assertSame( $whole['content'], implode( '', $pieces ) );
		$this->assertCount( (int) ceil( count( explode( ' ', $whole['content'] ) ) / 3 ), $pieces );
	}

	/**
	 * A stream that stops after its first piece of text is ai_provider_bad_response, retryable;
	 * that piece was handed over.
	 */
	public function test_a_cut_stream_is_a_bad_response(): void {
		self::fake_ai_script(
			array(
				array(
					'text'       => 'one two three four five six',
					'stream_cut' => 2,
				),
			)
		);
		list( $error, $pieces ) = $this->failure( self::provider() );
		$this->assertSame( array( 'one two three ' ), $pieces );
		$this->assertSame( array( 'ai_provider_bad_response', 502, true, 'The AI provider sent an answer that could not be read. Please try again.' ), array( $error->error_code, $error->status, $error->retryable, $error->getMessage() ) );
	}

	/**
	 * A slow stream (stream_delay_ms between pieces) is read piece by piece as it arrives: the
	 * first piece is handed over before the last one is sent.
	 */
	public function test_a_slow_stream_is_read_as_it_arrives(): void {
		self::fake_ai_script(
			array(
				array(
					'text'            => 'one two three four five six seven eight nine',
					'stream_delay_ms' => 300,
				),
			)
		);
		$started = microtime( true );
		$times   = array();
		self::provider()->stream(
			self::messages( 'Hello?' ),
			array(),
			static function () use ( &$times, $started ): void {
				$times[] = microtime( true ) - $started;
			}
		);
		$this->assertCount( 3, $times );
		$this->assertLessThan( 0.5, $times[0], 'the first piece came at once' );
		$this->assertGreaterThan( 0.55, $times[2] - $times[0], 'the last one two delays later' );
	}

	/**
	 * The faults before the stream are those of complete().
	 *
	 * @return array<string, array{0: array<int, array<string, mixed>>, 1: string, 2: string, 3: string, 4: int, 5: bool}>
	 *         steps, key, model, error_code, status, retryable.
	 */
	public function faults(): array {
		$key   = self::KEY;
		$model = self::MODEL;
		return array(
			'401 (a key the fake refuses)' => array( array(), 'invalid-key-1', $model, 'ai_provider_unauthorized', 502, false ),
			'404 (an unknown model)'       => array( array(), $key, 'gpt-unknown', 'ai_provider_model', 502, false ),
			'429'                          => array( array( array( 'status' => 429 ) ), $key, $model, 'ai_provider_rate_limited', 503, true ),
			'500'                          => array( array( array( 'status' => 500 ) ), $key, $model, 'ai_provider_failed', 502, true ),
			'not JSON'                     => array( array( array( 'malformed' => true ) ), $key, $model, 'ai_provider_bad_response', 502, true ),
			'JSON without choices'         => array(
				array(
					array(
						'status' => 200,
						'body'   => array( 'choices' => array() ),
					),
				),
				$key,
				$model,
				'ai_provider_bad_response',
				502,
				true,
			),
		);
	}

	/**
	 * A fault before the stream is the ProviderError of the table, as with complete(), and no text
	 * was handed over.
	 *
	 * @dataProvider faults
	 *
	 * @param array<int, array<string, mixed>> $steps     The fake's script.
	 * @param string                           $key       The key.
	 * @param string                           $model     The model.
	 * @param string                           $code      The error code.
	 * @param int                              $status    The status of the plugin's answer.
	 * @param bool                             $retryable Whether it is retryable.
	 */
	public function test_a_fault_before_the_stream_is_the_error_of_the_table( array $steps, string $key, string $model, string $code, int $status, bool $retryable ): void {
		if ( array() !== $steps ) {
			self::fake_ai_script( $steps );
		}
		list( $error, $pieces ) = $this->failure( self::provider( $key, $model ) );
		$this->assertSame( array( $code, $status, $retryable ), array( $error->error_code, $error->status, $error->retryable ) );
		$this->assertSame( array(), $pieces );
		if ( array() !== $steps ) {
			self::fake_ai_script( $steps );
		}
		try {
			self::provider( $key, $model )->complete( self::messages( 'Hello?' ) );
			$this->fail( 'complete() did not fail' );
		} catch ( ProviderError $same ) {
			$this->assertSame( array( $same->error_code, $same->getMessage(), $same->reason ), array( $error->error_code, $error->getMessage(), $error->reason ) );
		}
	}

	/**
	 * No answer before the timeout, or no server, is ai_provider_unreachable.
	 */
	public function test_a_timeout_and_a_refused_connection_are_unreachable(): void {
		self::fake_ai_script(
			array(
				array(
					'delay_ms' => 2500,
					'text'     => 'Too late.',
				),
			)
		);
		list( $error ) = $this->failure( self::provider(), 1 );
		$this->assertSame( array( 'ai_provider_unreachable', 504, true ), array( $error->error_code, $error->status, $error->retryable ) );
		usleep( 1600000 );

		list( $error ) = $this->failure( new Provider( 'http://localhost:' . self::closed_port() . '/v1', self::MODEL, self::KEY ), 5 );
		$this->assertSame( array( 'ai_provider_unreachable', 504, true ), array( $error->error_code, $error->status, $error->retryable ) );
	}

	/**
	 * Only the provider's own cURL handle is changed: the hook is gone after the request.
	 */
	public function test_the_curl_hook_is_removed(): void {
		$before = has_action( 'http_api_curl' );
		self::stream( self::provider(), self::messages( 'Hello?' ) );
		$this->assertSame( $before, has_action( 'http_api_curl' ) );
	}
}
