<?php
/**
 * AI Insights on the google source: the engine asks GA4 (the fake) what it asks the builtin source.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Insights\Engine;
use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Sources\Google\Ga4Exceptions;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeNumbers;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Now is Wednesday 25 November 2026, noon (UTC, the test site's time zone): the range is 26
 * October – 24 November, the range before 26 September – 25 October. The fake runs with steady
 * numbers (450–549 sessions a day a row), in which nothing moves by 10 %, until spikes are planted:
 * 9,000 more Email sessions on 10 October (before) makes the Email channel fall; 9,000 more on 20
 * November (now) is an exception of the Email channel that outranks it (one insight per subject).
 */
class GoogleAiInsightsTest extends GoogleReportTestCase {

	use FakeShop;

	private const NOW = '2026-11-25 12:00:00';

	/**
	 * Now frozen, a pro administrator, nothing cached.
	 */
	protected function set_up() {
		parent::set_up();
		delete_option( Ga4Exceptions::OPTION );
		delete_option( Insights::OPTION );
		self::fake_google_control( '/__control', array( 'steady' => true ) );
		add_filter( 'monsterinsights_reports_now', static fn(): int => (int) strtotime( self::NOW . ' UTC' ) );
		$this->as_admin_with( 'pro' );
	}

	/**
	 * A spike of the Email channel's sessions.
	 *
	 * @param string $day The day.
	 * @return array<string, mixed>
	 */
	private static function email_spike( string $day ): array {
		return array(
			'metric'    => 'sessions',
			'date'      => $day,
			'dimension' => 'sessionDefaultChannelGroup',
			'value'     => 'Email',
			'add'       => 9000,
		);
	}

	/**
	 * The steady sessions of the Email channel over some days: 450 + crc32(…) % 100 a day.
	 *
	 * @param string[] $days The days.
	 */
	private static function email_sessions( array $days ): int {
		$sum = 0;
		foreach ( $days as $day ) {
			$sum += 450 + crc32( FakeNumbers::PROPERTY . '|sessions|' . $day . '|Email|' ) % 100;
		}
		return $sum;
	}

	/**
	 * A channel that fell in the range, from GA4's numbers.
	 */
	public function test_the_engine_finds_a_channel_that_fell_on_google(): void {
		self::fake_google_control( '/__control', array( 'spikes' => array( self::email_spike( '2026-10-10' ) ) ) );
		list( $range, $before ) = Engine::ranges();
		$this->assertSame( array( '2026-10-26', '2026-11-24', '2026-09-26', '2026-10-25' ), array( $range->start_ymd(), $range->end_ymd(), $before->start_ymd(), $before->end_ymd() ) );

		$now  = self::email_sessions( FakeNumbers::days( '2026-10-26', '2026-11-24' ) );
		$then = self::email_sessions( FakeNumbers::days( '2026-09-26', '2026-10-25' ) ) + 9000;
		$text = sprintf(
			'Sessions from the Email channel fell %d%%: %s in the last 30 days, down from %s.',
			round( ( $then - $now ) / $then * 100 ),
			number_format( $now ),
			number_format( $then )
		);

		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/ai-insights' );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertTrue( $data['success'] );
		$email = array_values( array_filter( $data['data']['insights'], static fn( array $i ): bool => str_contains( $i['content'], 'Email' ) ) );
		$this->assertSame(
			array(
				array(
					'id'      => Engine::id( 'channel', 'Email' ),
					'content' => $text,
					'link'    => '/traffic-overview',
				),
			),
			$email
		);
	}

	/**
	 * An exception of the channel in the range outranks its mover: one insight per subject.
	 */
	public function test_an_exception_and_a_mover_of_one_subject_are_one_insight(): void {
		self::fake_google_control( '/__control', array( 'spikes' => array( self::email_spike( '2026-10-10' ), self::email_spike( '2026-11-20' ) ) ) );
		$day    = 450 + crc32( FakeNumbers::PROPERTY . '|sessions|2026-11-20|Email|' ) % 100 + 9000;
		$source = \MonsterInsights\Reports\Plugin::instance()->sources()->active();
		$this->assertNotNull( $source );
		$found = Insights::get( $source )['insights'];
		$email = array_values( array_filter( $found, static fn( array $i ): bool => str_contains( $i['content'], 'Email' ) ) );
		$this->assertCount( 1, $email );
		$this->assertSame( 'exception', $email[0]['kind'] );
		$this->assertSame( '/exceptions', $email[0]['link'] );
		$this->assertStringStartsWith( sprintf( 'Sessions from Email were %s on Friday, November 20, 2026, ', number_format( $day ) ), $email[0]['content'] );
	}

	/**
	 * With a shop, purchases and revenue that fell: 9,000 more purchases and 9,000.00 more revenue
	 * on 10 October (before). Steady: 450–549 purchases and 450.00–549.99 a day.
	 */
	public function test_purchases_and_revenue_with_a_shop(): void {
		$this->fake_shop( 'woocommerce', 'EUR', '€', 'right_space' );
		self::fake_google_control(
			'/__control',
			array(
				'spikes' => array(
					array(
						'metric' => 'ecommercePurchases',
						'date'   => '2026-10-10',
						'add'    => 9000,
					),
					array(
						'metric' => 'purchaseRevenue',
						'date'   => '2026-10-10',
						'add'    => 9000,
					),
				),
			)
		);
		$steady      = static function ( string $metric, array $days, int $base, int $spread ): int {
			$sum = 0;
			foreach ( $days as $day ) {
				$sum += $base + crc32( FakeNumbers::PROPERTY . '|' . $metric . '|' . $day . '||' ) % $spread;
			}
			return $sum;
		};
		$now_days    = FakeNumbers::days( '2026-10-26', '2026-11-24' );
		$before_days = FakeNumbers::days( '2026-09-26', '2026-10-25' );
		$purchases   = array( $steady( 'ecommercePurchases', $now_days, 450, 100 ), $steady( 'ecommercePurchases', $before_days, 450, 100 ) + 9000 );
		// Cents.
		$revenue = array( $steady( 'purchaseRevenue', $now_days, 45000, 10000 ), $steady( 'purchaseRevenue', $before_days, 45000, 10000 ) + 900000 );
		$euros   = static fn( int $cents ): string => number_format( $cents / 100, 2 ) . "\u{00A0}€";

		$source = \MonsterInsights\Reports\Plugin::instance()->sources()->active();
		$this->assertNotNull( $source );
		$contents = array_column( Insights::get( $source )['insights'], 'content' );
		$this->assertContains(
			sprintf( 'Purchases fell %d%%: %s in the last 30 days, down from %s.', round( ( $purchases[1] - $purchases[0] ) / $purchases[1] * 100 ), number_format( $purchases[0] ), number_format( $purchases[1] ) ),
			$contents
		);
		$this->assertContains(
			sprintf( 'Revenue fell %d%%: %s in the last 30 days, down from %s.', round( ( $revenue[1] - $revenue[0] ) / $revenue[1] * 100 ), $euros( $revenue[0] ), $euros( $revenue[1] ) ),
			$contents
		);
	}
}
