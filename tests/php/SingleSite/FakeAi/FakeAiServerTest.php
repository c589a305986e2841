<?php
/**
 * The fake AI provider itself: its routes, its script and its analyst.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\FakeAi;

use MonsterInsights\Reports\Tests\Support\FakeAi\FakeAiTestCase;

/**
 * What docs/development.md ("The fake AI provider") promises, asked with WordPress's HTTP API.
 */
class FakeAiServerTest extends FakeAiTestCase {

	protected const REQUIRES = 'single-site';

	/**
	 * The system prompt: today is 2026-12-05.
	 */
	private const SYSTEM = 'You answer questions about Test Blog. Today is 2026-12-05 (Saturday) in the site\'s time zone Europe/Paris.';

	/**
	 * A completion request.
	 *
	 * @param array<string, mixed> $body The body.
	 * @param string               $key  The key ('' for no Authorization header).
	 * @return array{0: int, 1: mixed} The status and the JSON answer.
	 */
	private static function complete( array $body, string $key = self::KEY ): array {
		$response = wp_remote_post(
			self::$fake_ai_url . '/chat/completions',
			array(
				'timeout' => 10,
				'headers' => ( '' === $key ? array() : array( 'Authorization' => 'Bearer ' . $key ) ) + array( 'Content-Type' => 'application/json' ),
				'body'    => (string) wp_json_encode( $body ),
			)
		);
		return array( (int) wp_remote_retrieve_response_code( $response ), json_decode( (string) wp_remote_retrieve_body( $response ), true ) );
	}

	/**
	 * The analyst's message for a conversation (with tools offered).
	 *
	 * @param array<int, array<string, mixed>> $turn The messages after the system prompt.
	 * @return array<string, mixed>
	 * @throws \RuntimeException When the fake refuses.
	 */
	private static function ask( array $turn ): array {
		list( $status, $answer ) = self::complete(
			array(
				'model'    => self::MODEL,
				'messages' => array_merge(
					array(
						array(
							'role'    => 'system',
							'content' => self::SYSTEM,
						),
					),
					$turn
				),
				'tools'    => array(
					array(
						'type'     => 'function',
						'function' => array( 'name' => 'run_query' ),
					),
				),
			)
		);
		if ( 200 !== $status ) {
			throw new \RuntimeException( 'the fake answered ' . $status );
		}
		return $answer['choices'][0]['message'];
	}

	/**
	 * A user message.
	 *
	 * @param string $text The text.
	 * @return array<string, string>
	 */
	private static function user( string $text ): array {
		return array(
			'role'    => 'user',
			'content' => $text,
		);
	}

	/**
	 * A tool message.
	 *
	 * @param mixed $result The result, JSON-encoded.
	 * @return array<string, string>
	 */
	private static function tool( $result ): array {
		return array(
			'role'         => 'tool',
			'tool_call_id' => 'call_1_1',
			'content'      => (string) wp_json_encode( $result ),
		);
	}

	/**
	 * The four preset questions ask run_query with the documented arguments; another question is
	 * answered with the help text.
	 */
	public function test_the_analyst_asks_run_query_for_the_four_questions(): void {
		$week  = array(
			'start_date' => '2026-11-28',
			'end_date'   => '2026-12-04',
		);
		$cases = array(
			'How many visits did I get last week?'         => array(
				'metrics'    => array( 'sessions' ),
				'dimensions' => array( 'sessionDefaultChannelGroup' ),
			) + $week + array( 'chart' => 'pie' ),
			'How many page views did I get last month?'    => array(
				'metrics'    => array( 'screenPageViews' ),
				'dimensions' => array( 'deviceCategory' ),
				'start_date' => '2026-11-05',
				'end_date'   => '2026-12-04',
				'chart'      => 'donut',
			),
			'What was my bounce rate last week?'           => array(
				'metrics'    => array( 'bounceRate' ),
				'dimensions' => array( 'deviceCategory' ),
			) + $week + array( 'chart' => 'bar' ),
			'What was my most popular campaign last week?' => array(
				'metrics'    => array( 'sessions' ),
				'dimensions' => array( 'sessionCampaignName' ),
			) + $week + array(
				'order_by' => 'sessions',
				'limit'    => 5,
				'chart'    => 'bar',
			),
		);
		foreach ( $cases as $question => $arguments ) {
			$message = self::ask( array( self::user( $question ) ) );
			$this->assertNull( $message['content'], $question );
			$this->assertSame( 'run_query', $message['tool_calls'][0]['function']['name'], $question );
			$this->assertSame( $arguments, json_decode( $message['tool_calls'][0]['function']['arguments'], true ), $question );
		}
		$this->assertSame(
			array(
				'role'    => 'assistant',
				'content' => 'I can answer these questions about your site: how many visits you got last week, how many page views you got last month, what your bounce rate was last week, and what your most popular campaign was last week.',
			),
			self::ask( array( self::user( 'What is the weather like?' ) ) )
		);
	}

	/**
	 * After a tool result, the text quotes its totals and first row; an error is quoted; results
	 * of an earlier turn, and list_names' or get_today's, do not count.
	 */
	public function test_the_analyst_quotes_the_tool_result(): void {
		$sessions  = array(
			'start_date' => '2026-11-28',
			'end_date'   => '2026-12-04',
			'totals'     => array( 'sessions' => 1234 ),
			'rows'       => array(
				array(
					'dimensions' => array( 'sessionDefaultChannelGroup' => 'Organic Search' ),
					'metrics'    => array( 'sessions' => 600 ),
				),
				array(
					'dimensions' => array( 'sessionDefaultChannelGroup' => 'Direct' ),
					'metrics'    => array( 'sessions' => 634 ),
				),
			),
		);
		$assistant = array(
			'role'       => 'assistant',
			'content'    => null,
			'tool_calls' => array(),
		);
		$this->assertSame( 'You had 1,234 sessions last week (2026-11-28 – 2026-12-04). Most came from Organic Search: 600.', self::ask( array( self::user( 'How many visits did I get last week?' ), $assistant, self::tool( $sessions ) ) )['content'] );

		$views = array(
			'start_date' => '2026-11-05',
			'end_date'   => '2026-12-04',
			'totals'     => array( 'screenPageViews' => 0 ),
			'rows'       => array(),
		);
		$this->assertSame( 'You had 0 page views last month (2026-11-05 – 2026-12-04).', self::ask( array( self::user( 'How many page views did I get last month?' ), self::tool( $views ) ) )['content'] );

		$campaigns = array(
			'start_date' => '2026-11-28',
			'end_date'   => '2026-12-04',
			'totals'     => array( 'sessions' => 90 ),
			'rows'       => array(
				array(
					'dimensions' => array( 'sessionCampaignName' => 'launch' ),
					'metrics'    => array( 'sessions' => 25 ),
				),
			),
		);
		$this->assertSame( 'Your most popular campaign last week (2026-11-28 – 2026-12-04) was launch with 25 sessions. In total: 90 sessions.', self::ask( array( self::user( 'What was my most popular campaign last week?' ), self::tool( $campaigns ) ) )['content'] );

		$bounce = array(
			'start_date' => '2026-11-28',
			'end_date'   => '2026-12-04',
			'totals'     => array( 'bounceRate' => 0.4567 ),
			'rows'       => array(
				array(
					'dimensions' => array( 'deviceCategory' => 'mobile' ),
					'metrics'    => array( 'bounceRate' => 0.5 ),
				),
			),
		);
		$this->assertSame( 'Your bounce rate was 0.4567 last week (2026-11-28 – 2026-12-04). The first row is mobile: 0.5.', self::ask( array( self::user( 'What was my bounce rate last week?' ), self::tool( $bounce ) ) )['content'] );

		$this->assertSame( 'I could not run that query: Unknown metric "visits".', self::ask( array( self::user( 'How many visits did I get last week?' ), self::tool( array( 'error' => 'Unknown metric "visits".' ) ) ) )['content'] );

		// A result of the turn before, then a new question: a new call.
		$message = self::ask( array( self::user( 'How many visits did I get last week?' ), self::tool( $sessions ), self::user( 'What was my bounce rate last week?' ) ) );
		$this->assertSame( 'run_query', $message['tool_calls'][0]['function']['name'] );
		$message = self::ask(
			array(
				self::user( 'What was my bounce rate last week?' ),
				self::tool(
					array(
						'date'     => '2026-12-05',
						'weekday'  => 'Saturday',
						'timezone' => 'Europe/Paris',
					)
				),
			)
		);
		$this->assertSame( 'run_query', $message['tool_calls'][0]['function']['name'] );
	}

	/**
	 * The rephrasing prompt: the same sentences, each after "In short: ".
	 */
	public function test_the_analyst_rephrases(): void {
		list( $status, $answer ) = self::complete(
			array(
				'model'    => self::MODEL,
				'messages' => array(
					array(
						'role'    => 'system',
						'content' => 'Rephrase these analytics insights. Answer with a JSON array.',
					),
					self::user( (string) wp_json_encode( array( 'Sessions grew 200%: 60 in the last 30 days, up from 20.', 'Sessions from France fell 50%.' ) ) ),
				),
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'In short: Sessions grew 200%: 60 in the last 30 days, up from 20.', 'In short: Sessions from France fell 50%.' ), json_decode( $answer['choices'][0]['message']['content'], true ) );
	}

	/**
	 * The key and model checks, /v1/models, the script's order and validation, and the request log.
	 */
	public function test_keys_models_script_and_log(): void {
		$body = array(
			'model'    => self::MODEL,
			'messages' => array( self::user( 'Hi' ) ),
		);
		$this->assertSame( 401, self::complete( $body, '' )[0] );
		list( $status, $answer ) = self::complete( $body, 'invalid-key' );
		$this->assertSame(
			array(
				401,
				array(
					'message' => 'Incorrect API key provided.',
					'type'    => 'invalid_request_error',
					'param'   => null,
					'code'    => 'invalid_api_key',
				),
			),
			array( $status, $answer['error'] )
		);
		list( $status, $answer ) = self::complete( array( 'model' => 'gpt-4o' ) + $body );
		$this->assertSame( array( 404, 'model_not_found', 'The model `gpt-4o` does not exist.' ), array( $status, $answer['error']['code'], $answer['error']['message'] ) );

		$models = wp_remote_get( self::$fake_ai_url . '/models', array( 'headers' => array( 'Authorization' => 'Bearer ' . self::KEY ) ) );
		$this->assertSame( array( 'fake-analyst' ), array_column( json_decode( (string) wp_remote_retrieve_body( $models ), true )['data'], 'id' ) );

		self::fake_ai_script(
			array(
				array( 'text' => 'One.' ),
				array( 'status' => 429 ),
				array(
					'text'       => 'Calling.',
					'tool_calls' => array(
						array(
							'name'      => 'get_today',
							'arguments' => array(),
						),
					),
				),
			)
		);
		$this->assertSame( 'One.', self::complete( $body )[1]['choices'][0]['message']['content'] );
		list( $status, $answer ) = self::complete( $body );
		$this->assertSame( array( 429, 'rate_limit_exceeded' ), array( $status, $answer['error']['code'] ) );
		$message = self::complete( $body )[1]['choices'][0]['message'];
		$this->assertSame( array( 'Calling.', 'get_today', '{}' ), array( $message['content'], $message['tool_calls'][0]['function']['name'], $message['tool_calls'][0]['function']['arguments'] ) );
		// The script is used up: the analyst answers.
		$this->assertStringStartsWith( 'I can answer', self::complete( $body )[1]['choices'][0]['message']['content'] );

		$refused = wp_remote_post(
			substr( self::$fake_ai_url, 0, -3 ) . '/__script',
			array( 'body' => '{"steps": [42]}' )
		);
		$this->assertSame( 400, wp_remote_retrieve_response_code( $refused ) );

		$requests = self::fake_ai_requests();
		$this->assertCount( 7, $requests );
		$this->assertSame( 'gpt-4o', $requests[2]['model'] );
		$this->assertSame( $body, $requests[6] );
	}
}
