<?php
/**
 * AI Insights on the builtin source, rephrased by the AI provider (the fake) when it is connected.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Insights;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Insights\Engine;
use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeAi\FakeAiServer;

/**
 * Organic Search visits from Germany: 20 in the 30 complete days before the last 30, 60 in the last
 * 30 (Berlin time). The generated list is the engine's, each sentence rephrased by the fake's
 * analyst ("In short: " before it, the numbers unchanged), and cached so.
 */
class AiInsightsRephrasedTest extends BuiltinTestCase {

	use FakeAiServer;

	/**
	 * Starts the fake.
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
	 * The visits, the builtin source, an administrator with a pro licence, a reset fake.
	 */
	protected function set_up() {
		parent::set_up();
		self::fake_ai_reset();
		Hits::reset();
		$today = new \DateTimeImmutable( 'today', new \DateTimeZone( 'Europe/Berlin' ) );
		$lines = array();
		foreach ( array(
			'before' => array( 20, 31 ),
			'now'    => array( 60, 1 ),
		) as $period => list( $count, $first ) ) {
			for ( $i = 0; $i < $count; $i++ ) {
				$day     = $today->modify( sprintf( '-%d days', $first + ( $i % 30 ) ) );
				$local   = $day->format( 'Y-m-d' ) . sprintf( ' %02d:%02d:00', 8 + intdiv( $i, 30 ), 7 * ( $i % 8 ) );
				$lines[] = Hits::pageview(
					'A' . $period . $i,
					$local,
					'/',
					array(
						'r'  => 'https://www.google.com/search?q=x',
						'cc' => 'DE',
						'ua' => Hits::WINDOWS_CHROME,
					)
				);
			}
		}
		$this->files->add_live( $lines );
		( new Aggregator( $this->files, Aggregator::CHUNK, null, time() ) )->run();
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		delete_option( Insights::OPTION );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
	}

	/**
	 * With the provider connected, the route's fresh list is the engine's, rephrased, and cached
	 * so; without it, the engine's own sentences.
	 */
	public function test_the_generated_list_is_rephrased(): void {
		list( $range, $before ) = Engine::ranges();
		$originals              = array_column( ( new Engine( new BuiltinSource() ) )->insights( $range, $before ), 'content' );
		$this->assertContains( 'Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.', $originals );

		Provider::save( self::$fake_ai_url, 'fake-analyst', 'sk-fake-test-key' );
		list( $status, $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array( 'force_refresh' => 'true' ) );
		$this->assertSame( 200, $status );
		$expected = array_map( static fn( string $sentence ): string => 'In short: ' . $sentence, $originals );
		$this->assertSame( $expected, array_column( $body['data']['insights'], 'content' ) );
		$this->assertSame( $expected, array_column( get_option( Insights::OPTION )['insights'], 'content' ) );
		$requests = self::fake_ai_requests();
		$this->assertCount( 1, $requests );
		$this->assertSame( (string) wp_json_encode( $originals, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), $requests[0]['messages'][1]['content'] );

		Provider::forget();
		list( , $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array( 'force_refresh' => 'true' ) );
		$this->assertSame( $originals, array_column( $body['data']['insights'], 'content' ) );
		$this->assertCount( 1, self::fake_ai_requests() );
	}
}
