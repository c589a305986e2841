<?php
/**
 * AI Insights rephrased by the AI provider (the fake): only with the same numbers, never on a failure.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Insights;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Tests\Support\FakeAi\FakeAiTestCase;

/**
 * Insights::rephrase() sends the sentences alone, once; a rephrased sentence replaces its original
 * only when it is not empty and holds the same numbers; any failure keeps every original.
 */
class InsightsRephraseTest extends FakeAiTestCase {

	/**
	 * Two insights as the engine writes them.
	 */
	private const INSIGHTS = array(
		array(
			'id'           => 'a1',
			'kind'         => 'channel',
			'content'      => 'Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.',
			'link'         => '/traffic-overview',
			'significance' => 5.6569,
		),
		array(
			'id'           => 'b2',
			'kind'         => 'sessions',
			'content'      => 'Sessions fell 12.5%: 1,234 in the last 30 days, down from 1,410.',
			'link'         => '/',
			'significance' => 3.1,
		),
	);

	/**
	 * The error_log setting before the test.
	 *
	 * @var string|false
	 */
	private $error_log = false;

	/**
	 * The failures are logged with error_log(): not into the test's output.
	 */
	protected function set_up() {
		parent::set_up();
		$this->error_log = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- Test isolation.
	}

	/**
	 * Puts error_log back.
	 */
	protected function tear_down() {
		ini_set( 'error_log', false === $this->error_log ? '' : $this->error_log ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- Test isolation.
		parent::tear_down();
	}

	/**
	 * The sentences of INSIGHTS.
	 *
	 * @return list<string>
	 */
	private static function originals(): array {
		return array_column( self::INSIGHTS, 'content' );
	}

	/**
	 * The contents of rephrased insights; the rest of each insight must be unchanged.
	 *
	 * @return list<string>
	 */
	private function rephrased(): array {
		$out = Insights::rephrase( self::INSIGHTS );
		foreach ( $out as $index => $insight ) {
			$this->assertSame( array_diff_key( self::INSIGHTS[ $index ], array( 'content' => 0 ) ), array_diff_key( $insight, array( 'content' => 0 ) ) );
		}
		return array_column( $out, 'content' );
	}

	/**
	 * A scripted answer: these sentences as a JSON array.
	 *
	 * @param array<int, mixed> $sentences The sentences.
	 */
	private static function answer_with( array $sentences ): void {
		self::fake_ai_script( array( array( 'text' => (string) wp_json_encode( $sentences ) ) ) );
	}

	/**
	 * Without a provider nothing is sent and the originals stay.
	 */
	public function test_without_a_provider_the_originals_stay(): void {
		Provider::forget();
		$this->assertSame( self::originals(), $this->rephrased() );
		$this->assertSame( array(), self::fake_ai_requests() );
	}

	/**
	 * The analyst's rephrasing keeps the numbers: accepted. The provider got the sentences alone.
	 */
	public function test_a_rephrasing_with_the_same_numbers_is_accepted(): void {
		self::connect_fake_ai();
		$this->assertSame(
			array(
				'In short: Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.',
				'In short: Sessions fell 12.5%: 1,234 in the last 30 days, down from 1,410.',
			),
			$this->rephrased()
		);
		$requests = self::fake_ai_requests();
		$this->assertCount( 1, $requests );
		$this->assertSame( 'fake-analyst', $requests[0]['model'] );
		$this->assertArrayNotHasKey( 'tools', $requests[0] );
		$this->assertCount( 2, $requests[0]['messages'] );
		$this->assertSame( 'system', $requests[0]['messages'][0]['role'] );
		$this->assertStringStartsWith( 'Rephrase these analytics insights.', $requests[0]['messages'][0]['content'] );
		$this->assertSame(
			array(
				'role'    => 'user',
				'content' => (string) wp_json_encode( self::originals(), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ),
			),
			$requests[0]['messages'][1]
		);
	}

	/**
	 * A sentence whose numbers changed keeps its original; the other is taken. Numbers compare by
	 * their digits ("1234" for "1,234").
	 */
	public function test_a_changed_number_keeps_the_original(): void {
		self::connect_fake_ai();
		self::answer_with(
			array(
				'Organic Search sessions tripled (+200%) to 61 over the last 30 days, from 20.',
				'Sessions dropped 12.5% to 1234 in the last 30 days (1410 before).',
			)
		);
		$this->assertSame(
			array(
				self::INSIGHTS[0]['content'],
				'Sessions dropped 12.5% to 1234 in the last 30 days (1410 before).',
			),
			$this->rephrased()
		);
	}

	/**
	 * An empty sentence, a missing one, a number left out or one added keep their originals.
	 */
	public function test_empty_missing_or_partial_sentences_keep_the_originals(): void {
		self::connect_fake_ai();
		self::answer_with( array( '   ' ) );
		$this->assertSame( self::originals(), $this->rephrased() );

		self::answer_with( array( 'Organic Search sessions grew 200% to 60 in 30 days.', 'Sessions fell 12.5% to 1,234 in the last 30 days, down from 1,410 and 7.' ) );
		$this->assertSame( self::originals(), $this->rephrased() );

		// In a Markdown code fence, or as the one value of an object: still read.
		self::fake_ai_script( array( array( 'text' => "```json\n" . wp_json_encode( array( 'A: 200% 60 30 20.', 'B: 12.5% 1,234 30 1,410.' ) ) . "\n```" ) ) );
		$this->assertSame( array( 'A: 200% 60 30 20.', 'B: 12.5% 1,234 30 1,410.' ), $this->rephrased() );
		self::fake_ai_script( array( array( 'text' => (string) wp_json_encode( array( 'sentences' => array( 'A: 200% 60 30 20.' ) ) ) ) ) );
		$this->assertSame( array( 'A: 200% 60 30 20.', self::INSIGHTS[1]['content'] ), $this->rephrased() );
	}

	/**
	 * Any failure of the provider, or an answer that is no list, keeps every original.
	 */
	public function test_a_provider_failure_keeps_the_originals(): void {
		self::connect_fake_ai();
		$steps    = array(
			array( 'status' => 500 ),
			array( 'status' => 429 ),
			array( 'malformed' => true ),
			array( 'text' => 'Here are your sentences, rephrased nicely.' ),
			array( 'text' => '{"a": [], "b": []}' ),
		);
		$failures = array();
		add_action(
			'monsterinsights_reports_insights_not_rephrased',
			static function ( string $why ) use ( &$failures ): void {
				$failures[] = $why;
			}
		);
		foreach ( $steps as $step ) {
			self::fake_ai_script( array( $step ) );
			$this->assertSame( self::originals(), $this->rephrased(), (string) wp_json_encode( $step ) );
		}
		$this->assertSame(
			array(
				'ai_provider_failed: The server had an error while processing your request. Sorry about that!',
				'ai_provider_rate_limited: Rate limit reached for requests. Please try again in 20s.',
				'ai_provider_bad_response',
				'the answer is not a JSON array of sentences',
				'the answer is not a JSON array of sentences',
			),
			$failures
		);
		self::connect_fake_ai( 'invalid-key' );
		$this->assertSame( self::originals(), $this->rephrased() );
		$this->assertCount( count( $steps ) + 1, self::fake_ai_requests() );
	}

	/**
	 * The number check.
	 */
	public function test_same_numbers(): void {
		$this->assertTrue( Insights::same_numbers( 'Up 12.5% to 1,234 (€3.40 each).', 'To 1234, up 12.5 percent, 3.40 € each.' ) );
		$this->assertTrue( Insights::same_numbers( 'No numbers.', 'None at all.' ) );
		$this->assertTrue( Insights::same_numbers( '5 and 5 and 7', '7, then 5 twice: 5' ) );
		$this->assertFalse( Insights::same_numbers( '1,234 sessions', '1,243 sessions' ) );
		$this->assertFalse( Insights::same_numbers( '5 and 5', 'just 5' ) );
		$this->assertFalse( Insights::same_numbers( '12.5%', '12.6%' ) );
		$this->assertFalse( Insights::same_numbers( '60 in 30 days', 'sixty in 30 days' ) );
	}
}
