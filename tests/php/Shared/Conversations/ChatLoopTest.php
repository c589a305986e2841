<?php
/**
 * Conversations AI end to end: the chat routes, the agent loop and the tools against the fake AI
 * provider, on the builtin source's seeded visits.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Agent;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Conversations\ChatTestCase;

/**
 * The four preset questions of the screen each make the fake's analyst call run_query, and the
 * answer quotes the seeded numbers (ChatTraffic) with the chart of those rows; only aggregated
 * numbers reach the provider; every failure of the provider is its REST error with the chat kept
 * for a retry, which then succeeds.
 */
class ChatLoopTest extends ChatTestCase {

	/**
	 * Asks a question in a new chat; the answer must be a 200.
	 *
	 * @param string $question The question.
	 * @return array{0: int, 1: array<string, mixed>} The chat's id and the answer.
	 */
	private function ask( string $question ): array {
		list( $status, $data ) = $this->chat_request( 'POST', '/chat', array( 'message' => $question ) );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( 'assistant', $data['latest_message']['role'] );
		return array( (int) $data['chat_id'], $data['latest_message'] );
	}

	/**
	 * Chart data of sessions by a key of the groups.
	 *
	 * @param array<string, int> $values Values by label, in order.
	 * @return list<array{value: int, label: string}>
	 */
	private static function chart_data( array $values ): array {
		$out = array();
		foreach ( $values as $label => $value ) {
			$out[] = array(
				'value' => $value,
				'label' => (string) $label,
			);
		}
		return $out;
	}

	/**
	 * The last week's visits: the model asks run_query, the tool's result goes back to it, the answer
	 * quotes it and carries the pie chart of the seeded channels; the chat holds both messages.
	 */
	public function test_the_visits_question_answers_the_seeded_numbers_with_a_pie_chart(): void {
		list( $chat_id, $answer ) = $this->ask( 'How many visits did I get last week?' );
		$by_channel               = self::sessions_by( 'channel' );
		$this->assertSame( 'You had 27 sessions last week (' . self::day( 7 ) . ' – ' . self::day( 1 ) . '). Most came from Organic Search: 12.', $answer['content'] );
		$this->assertSame(
			array(
				'type'       => 'pie',
				'seriesName' => 'Sessions',
				'data'       => self::chart_data( $by_channel ),
			),
			$answer['meta']['chart']
		);
		$this->assertNull( $answer['rating'] );
		$this->assertSame( '', $answer['feedback'] );
		$this->assertFalse( $answer['skipped_feedback'] );

		// Two provider rounds: the question, then the tool's result.
		$requests = self::fake_ai_requests();
		$this->assertCount( 2, $requests );
		$now    = new \DateTimeImmutable( 'now', new \DateTimeZone( 'Europe/Berlin' ) );
		$system = $requests[0]['messages'][0];
		$this->assertSame( 'system', $system['role'] );
		$this->assertStringContainsString( 'Today is ' . $now->format( 'Y-m-d' ) . ' (' . $now->format( 'l' ) . ') in the site\'s time zone Europe/Berlin.', $system['content'] );
		$this->assertStringContainsString( get_bloginfo( 'name' ), $system['content'] );
		$this->assertSame( array( 'run_query', 'list_names', 'get_today' ), array_column( array_column( $requests[0]['tools'], 'function' ), 'name' ) );
		$this->assertSame( 'fake-analyst', $requests[0]['model'] );
		$tool = $requests[1]['messages'][3];
		$this->assertSame( 'tool', $tool['role'] );
		$this->assertSame( $requests[1]['messages'][2]['tool_calls'][0]['id'], $tool['tool_call_id'] );
		$result = json_decode( $tool['content'], true );
		$this->assertSame( array( 'sessions' => 27 ), $result['totals'] );
		$this->assertSame( array_values( $by_channel ), array_column( array_column( $result['rows'], 'metrics' ), 'sessions' ) );

		list( $status, $chat, $json ) = $this->chat_request( 'GET', '/chat/' . $chat_id );
		$this->assertSame( 200, $status );
		$this->assertSame( $chat_id, $chat['id'] );
		$this->assertSame( array( 'user', 'assistant' ), array_column( $chat['chat'], 'role' ) );
		$this->assertSame( 'How many visits did I get last week?', $chat['chat'][0]['content'] );
		$this->assertSame( $answer, $chat['chat'][1] );
		$this->assertStringContainsString( '"meta":{}', $json, 'a message without chart has an empty meta object' );

		// A follow-up in the same chat sends the history.
		list( $status, $data ) = $this->chat_request( 'POST', '/chat/' . $chat_id, array( 'message' => '  What was my bounce rate last week?  ' ) );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( $chat_id, $data['chat_id'] );
		// Desktop: 3 of 15 sessions bounced; mobile: all 12; the site: 15 of 27.
		$this->assertSame( 'Your bounce rate was 55.56 last week (' . self::day( 7 ) . ' – ' . self::day( 1 ) . '). The first row is mobile: 100.', $data['latest_message']['content'] );
		$this->assertSame(
			array(
				'type'       => 'bar',
				'seriesName' => 'Bounce rate',
				'data'       => self::chart_data(
					array(
						'mobile'  => 100,
						'desktop' => 20,
					)
				),
			),
			$data['latest_message']['meta']['chart']
		);
		$requests = self::fake_ai_requests();
		$this->assertSame( array( 'system', 'user', 'assistant', 'user' ), array_column( $requests[2]['messages'], 'role' ) );
		$this->assertSame( 'What was my bounce rate last week?', $requests[2]['messages'][3]['content'] );
	}

	/**
	 * Last month's page views (donut by device) and last week's most popular campaign (bar).
	 */
	public function test_the_page_views_and_campaign_questions(): void {
		list( , $answer ) = $this->ask( 'How many page views did I get last month?' );
		// Last 30 days: every group; desktop 12 × 2 + 3 + 4 page views, mobile 12.
		$this->assertSame( 'You had 43 page views last month (' . self::day( 30 ) . ' – ' . self::day( 1 ) . '). Most came from desktop: 31.', $answer['content'] );
		$this->assertSame(
			array(
				'type'       => 'donut',
				'seriesName' => 'Page views',
				'data'       => self::chart_data(
					array(
						'desktop' => 31,
						'mobile'  => 12,
					)
				),
			),
			$answer['meta']['chart']
		);

		list( , $answer ) = $this->ask( 'What was my most popular campaign last week?' );
		// Sessions without a campaign are no campaign's.
		$campaigns = array_diff_key( self::sessions_by( 'campaign' ), array( '' => 0 ) );
		$this->assertSame( array( 'launch' => 5 ), $campaigns );
		$this->assertSame( 'Your most popular campaign last week (' . self::day( 7 ) . ' – ' . self::day( 1 ) . ') was launch with 5 sessions. In total: 5 sessions.', $answer['content'] );
		$this->assertSame(
			array(
				'type'       => 'bar',
				'seriesName' => 'Sessions',
				'data'       => self::chart_data( $campaigns ),
			),
			$answer['meta']['chart']
		);
	}

	/**
	 * Only aggregated numbers reach the provider: no visitor key, user agent, address, user email
	 * or login, in any request of a conversation.
	 */
	public function test_no_raw_visitor_data_reaches_the_provider(): void {
		$user = wp_get_current_user();
		$this->ask( 'How many visits did I get last week?' );
		$this->ask( 'What was my most popular campaign last week?' );
		self::fake_ai_script(
			array(
				array(
					'tool_calls' => array(
						array(
							'name'      => 'list_names',
							'arguments' => array(),
						),
						array(
							'name'      => 'get_today',
							'arguments' => array(),
						),
					),
				),
				array( 'text' => 'Done.' ),
			)
		);
		$this->ask( 'What can you tell me?' );
		$bodies = (string) wp_json_encode( self::fake_ai_requests(), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		$this->assertCount( 6, self::fake_ai_requests() );
		$needles = array( Hits::WINDOWS_CHROME, Hits::IPHONE_SAFARI, Hits::ANDROID_CHROME, Hits::MAC_FIREFOX, 'Mozilla', '127.0.0.1', $user->user_email, $user->user_login, self::KEY );
		foreach ( self::groups() as $group => $def ) {
			for ( $i = 0; $i < $def['visits']; $i++ ) {
				$needles[] = Hits::key( $group . '-' . $i );
			}
		}
		foreach ( $needles as $needle ) {
			$this->assertStringNotContainsString( $needle, $bodies );
		}
		// What did reach it: the tools' aggregated answers.
		$this->assertStringContainsString( '\\"totals\\":{\\"sessions\\":27}', $bodies );
	}

	/**
	 * Each failure of the provider: its REST status, code and retryable flag with the chat's id;
	 * the user's message is kept as the chat's last, a new message is refused until the retry,
	 * which then succeeds.
	 */
	public function test_each_failure_keeps_the_message_and_the_retry_succeeds(): void {
		$cases = array(
			'401'                => array( array( 'status' => 401 ), 502, 'ai_provider_unauthorized', false ),
			'429'                => array( array( 'status' => 429 ), 503, 'ai_provider_rate_limited', true ),
			'500'                => array( array( 'status' => 500 ), 502, 'ai_provider_failed', true ),
			'timeout'            => array(
				array(
					'delay_ms' => 2500,
					'text'     => 'Too late.',
				),
				504,
				'ai_provider_unreachable',
				true,
			),
			'malformed'          => array( array( 'malformed' => true ), 502, 'ai_provider_bad_response', true ),
			'nameless tool call' => array(
				array(
					'tool_calls' => array(
						array(
							'name'      => '',
							'arguments' => array(),
						),
					),
				),
				502,
				'ai_provider_bad_response',
				true,
			),
		);
		$short = static fn() => 1;
		foreach ( $cases as $label => list( $step, $status, $code, $retryable ) ) {
			self::fake_ai_reset();
			self::fake_ai_script( array( $step ) );
			// A second to answer; the fake waits longer. The retry waits as long as it takes.
			add_filter( 'monsterinsights_reports_ai_timeout', $short );
			list( $got, $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => 'How many visits did I get last week?' ) );
			remove_filter( 'monsterinsights_reports_ai_timeout', $short );
			$this->assertSame( $status, $got, $label . ': ' . wp_json_encode( $error ) );
			$this->assertSame( $code, $error['code'], $label );
			$this->assertNotSame( '', $error['message'], $label );
			$this->assertSame( $retryable, $error['data']['retryable'], $label );
			$this->assertSame( $status, $error['data']['status'], $label );
			$chat_id = $error['data']['chat_id'];
			$this->assertIsInt( $chat_id, $label );

			list( , $chat ) = $this->chat_request( 'GET', '/chat/' . $chat_id );
			$this->assertSame( array( 'user' ), array_column( $chat['chat'], 'role' ), $label );
			$this->assertSame( 'How many visits did I get last week?', $chat['chat'][0]['content'], $label );

			list( $got, $refused ) = $this->chat_request( 'POST', '/chat/' . $chat_id, array( 'message' => 'Hello?' ) );
			$this->assertSame( 409, $got, $label );
			$this->assertSame( 'chat_needs_retry', $refused['code'], $label );

			list( $got, $retried ) = $this->chat_request( 'POST', '/chat/' . $chat_id . '/retry' );
			$this->assertSame( 200, $got, $label . ': ' . wp_json_encode( $retried ) );
			$this->assertSame( 'You had 27 sessions last week (' . self::day( 7 ) . ' – ' . self::day( 1 ) . '). Most came from Organic Search: 12.', $retried['latest_message']['content'], $label );
			$this->assertSame( 'pie', $retried['latest_message']['meta']['chart']['type'], $label );
			list( , $chat ) = $this->chat_request( 'GET', '/chat/' . $chat_id );
			$this->assertSame( array( 'user', 'assistant' ), array_column( $chat['chat'], 'role' ), $label );

			list( $got, $nothing ) = $this->chat_request( 'POST', '/chat/' . $chat_id . '/retry' );
			$this->assertSame( 409, $got, $label );
			$this->assertSame( 'nothing_to_retry', $nothing['code'], $label );
		}
	}

	/**
	 * A refused key (the fake refuses keys starting with "invalid"), an unknown model and a closed
	 * port; no provider at all: 409 ai_provider_missing, nothing stored.
	 */
	public function test_a_wrong_key_a_wrong_model_no_server_and_no_provider(): void {
		$this->connect( self::$fake_ai_url, 'invalid-key' );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => 'How many visits did I get last week?' ) );
		$this->assertSame( array( 502, 'ai_provider_unauthorized', false ), array( $status, $error['code'], $error['data']['retryable'] ) );
		$this->assertSame( 'The AI provider refused the API key. Check the key under Settings → Conversations AI.', $error['message'] );

		Provider::forget();
		$this->assertTrue( Provider::save( self::$fake_ai_url, 'gpt-unknown', self::KEY ) );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/' . $error['data']['chat_id'] . '/retry' );
		$this->assertSame( array( 502, 'ai_provider_model', false ), array( $status, $error['code'], $error['data']['retryable'] ) );
		$this->assertSame( 'The AI provider does not know the model “gpt-unknown”.', $error['message'] );

		$this->connect( 'http://localhost:' . self::closed_port() . '/v1', self::KEY );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat/' . $error['data']['chat_id'] . '/retry' );
		$this->assertSame( array( 504, 'ai_provider_unreachable', true ), array( $status, $error['code'], $error['data']['retryable'] ) );

		Provider::forget();
		$before                 = count( $this->chat_request( 'GET', '/chats' )[1]['recent'] );
		list( $status, $error ) = $this->chat_request( 'POST', '/chat', array( 'message' => 'Hello' ) );
		$this->assertSame( array( 409, 'ai_provider_missing', false ), array( $status, $error['code'], $error['data']['retryable'] ) );
		$this->assertSame( 'No AI provider is connected. An administrator can connect one under Settings → Conversations AI.', $error['message'] );
		$this->assertCount( $before, $this->chat_request( 'GET', '/chats' )[1]['recent'], 'nothing stored' );
	}

	/**
	 * A tool call whose arguments are not JSON, then one with an unknown metric: the model gets the
	 * readable errors and corrects its call; at most 6 rounds per message.
	 */
	public function test_bad_tool_calls_are_corrected_and_the_rounds_are_bounded(): void {
		$good = array(
			'metrics'    => array( 'sessions' ),
			'start_date' => self::day( 7 ),
			'end_date'   => self::day( 1 ),
			'chart'      => 'bar',
		);
		self::fake_ai_script(
			array(
				array(
					'tool_calls' => array(
						array(
							'name'      => 'run_query',
							'arguments' => '{"metrics": ["sessions"',
						),
					),
				),
				array(
					'tool_calls' => array(
						array(
							'name'      => 'run_query',
							'arguments' => array( 'metrics' => array( 'visits' ) ) + $good,
						),
					),
				),
				array(
					'tool_calls' => array(
						array(
							'name'      => 'run_query',
							'arguments' => $good,
						),
					),
				),
				array( 'text' => 'You had 27 sessions.' ),
			)
		);
		list( , $answer ) = $this->ask( 'How many sessions?' );
		$this->assertSame( 'You had 27 sessions.', $answer['content'] );
		$this->assertSame(
			array(
				'type'       => 'bar',
				'seriesName' => 'Sessions',
				'data'       => array(
					array(
						'value' => 27,
						'label' => 'Sessions',
					),
				),
			),
			$answer['meta']['chart']
		);
		$requests = self::fake_ai_requests();
		$this->assertCount( 4, $requests );
		$this->assertSame( array( 'error' => 'The arguments must be a JSON object (Syntax error).' ), json_decode( end( $requests[1]['messages'] )['content'], true ) );
		$this->assertStringStartsWith( 'Unknown metric “visits”. The metrics are: sessions, screenPageViews,', json_decode( end( $requests[2]['messages'] )['content'], true )['error'] );

		// A model that only calls tools is stopped after 6 rounds.
		self::fake_ai_reset();
		$steps = array_fill(
			0,
			Agent::MAX_ROUNDS + 1,
			array(
				'tool_calls' => array(
					array(
						'name'      => 'get_today',
						'arguments' => array(),
					),
				),
			)
		);
		self::fake_ai_script( $steps );
		list( , $answer ) = $this->ask( 'Loop forever.' );
		$this->assertCount( 6, self::fake_ai_requests() );
		$this->assertSame( 'Sorry, I could not find an answer to this question. Please try asking it another way.', $answer['content'] );
		$this->assertSame( array(), $answer['meta'] );
	}
}
