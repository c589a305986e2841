<?php
/**
 * AI Insights on the builtin source: the engine's movers with exact numbers, the cache and the
 * routes.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Insights;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Insights\Engine;
use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * One-page visits spread evenly over the last 30 complete days ("now") and the 30 before
 * ("before"), Berlin time, one visitor each:
 *
 * | group | channel        | landing     | country | device  | before | now |
 * |-------|----------------|-------------|---------|---------|--------|-----|
 * | A     | Organic Search | /           | DE      | desktop | 20     | 60  |
 * | B     | Direct         | /about/     | FR      | desktop | 40     | 20  |
 * | C     | Email (launch) | /new-page/  | US      | mobile  | 0      | 25  |
 * | D     | Direct         | /blog/      | DE      | desktop | 30     | 30  |
 */
class AiInsightsTest extends BuiltinTestCase {

	/**
	 * The groups: channel, landing page, country, device, visits before, visits now, hit extras.
	 */
	private const GROUPS = array(
		'A' => array( 'Organic Search', '/', 'Germany', 'desktop', 20, 60 ),
		'B' => array( 'Direct', '/about/', 'France', 'desktop', 40, 20 ),
		'C' => array( 'Email', '/new-page/', 'United States', 'mobile', 0, 25 ),
		'D' => array( 'Direct', '/blog/', 'Germany', 'desktop', 30, 30 ),
	);

	/**
	 * Aggregates the visits (now is the real now), the builtin source, an administrator with a pro
	 * licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$today = new \DateTimeImmutable( 'today', new \DateTimeZone( 'Europe/Berlin' ) );
		$lines = array();
		foreach ( self::GROUPS as $group => $def ) {
			foreach ( array(
				'before' => array( $def[4], 31 ),
				'now'    => array( $def[5], 1 ),
			) as $period => list( $count, $first ) ) {
				for ( $i = 0; $i < $count; $i++ ) {
					$day     = $today->modify( sprintf( '-%d days', $first + ( $i % 30 ) ) );
					$local   = $day->format( 'Y-m-d' ) . sprintf( ' %02d:%02d:00', 8 + intdiv( $i, 30 ), 7 * ( $i % 8 ) );
					$lines[] = Hits::pageview( $group . $period . $i, $local, $def[1], self::extra( $group ) );
				}
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
	 * A group's hit extras: referrer or UTM, country, user agent.
	 *
	 * @param string $group The group.
	 * @return array<string, string>
	 */
	private static function extra( string $group ): array {
		switch ( $group ) {
			case 'A':
				return array(
					'r'  => 'https://www.google.com/search?q=x',
					'cc' => 'DE',
					'ua' => Hits::WINDOWS_CHROME,
				);
			case 'B':
				return array(
					'cc' => 'FR',
					'ua' => Hits::WINDOWS_CHROME,
				);
			case 'C':
				return array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'launch',
					'cc' => 'US',
					'ua' => Hits::IPHONE_SAFARI,
				);
		}
		return array(
			'cc' => 'DE',
			'ua' => Hits::WINDOWS_CHROME,
		);
	}

	/**
	 * The expected insights, computed from the groups: subject sums, the change's significance
	 * |now − before| / √(now + before), the volume and change thresholds, the sentence.
	 *
	 * @return list<array{id: string, content: string, link: string, significance: float}>
	 */
	private static function expected(): array {
		$subjects = array(
			'sessions|'  => array( 'Sessions', '/', 0, 0 ),
			'pageviews|' => array( 'Page views', '/', 0, 0 ),
		);
		$kinds    = array(
			'channel'      => array( 0, 'Sessions from the %s channel', '/traffic-overview' ),
			'landing_page' => array( 1, 'Sessions starting on %s', '/traffic-landing-pages' ),
			'country'      => array( 2, 'Sessions from %s', '/countries' ),
			'device'       => array( 3, 'Sessions on %s devices', '/traffic-technology' ),
		);
		foreach ( self::GROUPS as $def ) {
			foreach ( array( 'sessions|', 'pageviews|' ) as $site ) {
				$subjects[ $site ][2] += $def[4];
				$subjects[ $site ][3] += $def[5];
			}
			foreach ( $kinds as $kind => list( $column, $phrase, $link ) ) {
				$key = $kind . '|' . $def[ $column ];
				if ( ! isset( $subjects[ $key ] ) ) {
					$subjects[ $key ] = array( sprintf( $phrase, $def[ $column ] ), $link, 0, 0 );
				}
				$subjects[ $key ][2] += $def[4];
				$subjects[ $key ][3] += $def[5];
			}
		}
		// The campaign of group C alone (the others have none).
		$subjects['campaign|launch'] = array( 'Sessions from the launch campaign', '/traffic-campaign', 0, 25 );

		$out = array();
		foreach ( $subjects as $key => list( $phrase, $link, $before, $now ) ) {
			if ( max( $before, $now ) < 20 || abs( $now - $before ) < 0.1 * max( $before, $now ) ) {
				continue;
			}
			if ( 0 === $before ) {
				$content = sprintf( '%s appeared: %d in the last 30 days, none in the 30 days before.', $phrase, $now );
			} else {
				$content = sprintf( '%s %s %d%%: %d in the last 30 days, %s from %d.', $phrase, $now > $before ? 'grew' : 'fell', round( abs( $now - $before ) / $before * 100 ), $now, $now > $before ? 'up' : 'down', $before );
			}
			list( $kind, $subject ) = explode( '|', $key, 2 );
			$out[]                  = array(
				'id'           => substr( md5( $kind . '|' . $subject ), 0, 12 ),
				'content'      => $content,
				'link'         => $link,
				'significance' => round( abs( $now - $before ) / sqrt( $now + $before ), 4 ),
			);
		}
		usort( $out, static fn( array $a, array $b ): int => array( $b['significance'], $a['id'] ) <=> array( $a['significance'], $b['id'] ) );
		return array_slice( $out, 0, 10 );
	}

	/**
	 * The engine finds the planted movers, ranked by significance, at most 10, one per subject.
	 */
	public function test_the_engine_ranks_the_planted_movers_with_their_numbers(): void {
		list( $range, $before ) = Engine::ranges();
		$found                  = ( new Engine( new BuiltinSource() ) )->insights( $range, $before );
		$found                  = array_values( array_filter( $found, static fn( array $i ): bool => 'exception' !== $i['kind'] ) );
		$this->assertSame(
			self::expected(),
			array_map(
				static fn( array $i ): array => array(
					'id'           => $i['id'],
					'content'      => $i['content'],
					'link'         => $i['link'],
					'significance' => $i['significance'],
				),
				$found
			)
		);
		$this->assertCount( 10, $found );
		$this->assertSame( count( $found ), count( array_unique( array_column( $found, 'id' ) ) ), 'one per subject' );
		$contents = array_column( $found, 'content' );
		$this->assertContains( 'Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.', $contents );
		$this->assertContains( 'Sessions from the Email channel appeared: 25 in the last 30 days, none in the 30 days before.', $contents );
		$this->assertContains( 'Sessions starting on /new-page/ appeared: 25 in the last 30 days, none in the 30 days before.', $contents );
		$this->assertSame( Engine::id( 'channel', 'Organic Search' ), ( new Engine( new BuiltinSource() ) )->insights( $range, $before )[ array_search( 'Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.', array_column( ( new Engine( new BuiltinSource() ) )->insights( $range, $before ), 'content' ), true ) ]['id'], 'stable ids' );
	}

	/**
	 * The list is cached with its generation time; force_refresh generates it anew.
	 */
	public function test_the_list_is_cached_and_force_refresh_regenerates_it(): void {
		list( $status, $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array() );
		$this->assertSame( 200, $status );
		$this->assertTrue( $body['success'] );
		$this->assertSame( array_column( self::expected(), 'content' ), array_slice( array_column( array_filter( $body['data']['insights'], static fn( array $i ): bool => 1 === preg_match( '/^(Sessions|Page views)/', $i['content'] ) ), 'content' ), 0, 10 ) );
		$this->assertSame( array(), $body['data']['ratings'] );

		// A cached list answers until refreshed.
		$cached                 = get_option( Insights::OPTION );
		$cached['generated_at'] = time() - 100;
		$cached['insights']     = array(
			array(
				'id'           => 'abc',
				'kind'         => 'sessions',
				'content'      => 'Cached.',
				'link'         => '/',
				'significance' => 1.0,
			),
		);
		update_option( Insights::OPTION, $cached );
		list( , $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array() );
		$this->assertSame( array( 'Cached.' ), array_column( $body['data']['insights'], 'content' ) );
		$this->assertSame( time() - 100, $body['data']['generated_at'] );

		list( , $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array( 'force_refresh' => 'true' ) );
		$this->assertNotContains( 'Cached.', array_column( $body['data']['insights'], 'content' ) );
		$this->assertGreaterThanOrEqual( time() - 5, $body['data']['generated_at'] );

		// A day-old list is generated anew, and so is the daily event's.
		$cached['generated_at'] = time() - DAY_IN_SECONDS;
		update_option( Insights::OPTION, $cached );
		list( , $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array() );
		$this->assertNotContains( 'Cached.', array_column( $body['data']['insights'], 'content' ) );
		update_option( Insights::OPTION, $cached );
		Insights::regenerate_from_cron();
		$this->assertNotSame( 'Cached.', get_option( Insights::OPTION )['insights'][0]['content'] );
	}

	/**
	 * Below pro: 403 upgrade_required on every route.
	 */
	public function test_below_pro_every_route_is_locked(): void {
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus', 20 );
		foreach ( array( array( 'GET', '' ), array( 'GET', '/ratings' ), array( 'POST', '/rate' ), array( 'POST', '/feedback' ) ) as list( $method, $path ) ) {
			$response = $this->rest(
				$method,
				'/monsterinsights-reports/v1/ai-insights' . $path,
				'POST' === $method ? array(
					'insight_id' => 'abc',
					'score'      => 0,
					'skipped'    => true,
				) : array()
			);
			$this->assertSame( 403, $response->get_status(), $path );
			$this->assertSame( 'upgrade_required', $response->get_data()['code'], $path );
			$this->assertSame( 'pro', $response->get_data()['data']['level'], $path );
		}
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/ai_insights' )->get_status() );
	}

	/**
	 * Ratings and feedback are the current user's; the feedback is required unless skipped; bad
	 * arguments are 400s.
	 */
	public function test_ratings_and_feedback_per_user(): void {
		list( , $body ) = $this->get_json( '/monsterinsights-reports/v1/ai-insights', array() );
		$first          = $body['data']['insights'][0]['id'];
		$second         = $body['data']['insights'][1]['id'];
		$route          = '/monsterinsights-reports/v1/ai-insights';

		$this->assertSame(
			'rest_invalid_param',
			$this->rest(
				'POST',
				$route . '/rate',
				array(
					'insight_id' => $first,
					'score'      => 2,
				)
			)->get_data()['code']
		);
		$this->assertSame( 400, $this->rest( 'POST', $route . '/rate', array( 'insight_id' => $first ) )->get_status() );
		$this->assertSame( 'rest_missing_callback_param', $this->rest( 'POST', $route . '/rate', array( 'score' => 1 ) )->get_data()['code'] );
		$this->assertSame(
			'rest_invalid_param',
			$this->rest(
				'POST',
				$route . '/rate',
				array(
					'insight_id' => 'a b',
					'score'      => 1,
				)
			)->get_data()['code']
		);
		$this->assertSame(
			404,
			$this->rest(
				'POST',
				$route . '/rate',
				array(
					'insight_id' => 'nosuchinsight',
					'score'      => 1,
				)
			)->get_status()
		);
		$this->assertSame( 'rest_invalid_param', $this->rest( 'GET', $route, array( 'force_refresh' => 'maybe' ) )->get_data()['code'] );

		$this->assertSame(
			200,
			$this->rest(
				'POST',
				$route . '/rate',
				array(
					'insight_id' => $first,
					'score'      => 1,
				)
			)->get_status()
		);
		$this->assertSame(
			200,
			$this->rest(
				'POST',
				$route . '/rate',
				array(
					'insight_id' => $second,
					'score'      => 0,
				)
			)->get_status()
		);
		$missing = $this->rest(
			'POST',
			$route . '/feedback',
			array(
				'insight_id' => $second,
				'message'    => '  ',
			)
		);
		$this->assertSame( 400, $missing->get_status() );
		$this->assertSame( 'feedback_required', $missing->get_data()['code'] );
		$this->assertSame(
			200,
			$this->rest(
				'POST',
				$route . '/feedback',
				array(
					'insight_id' => $second,
					'message'    => 'Not useful.',
				)
			)->get_status()
		);

		$expected = array(
			array(
				'insight_id' => $first,
				'score'      => 1,
				'feedback'   => '',
				'skipped'    => false,
			),
			array(
				'insight_id' => $second,
				'score'      => 0,
				'feedback'   => 'Not useful.',
				'skipped'    => false,
			),
		);
		$this->assertSame( $expected, $this->rest( 'GET', $route . '/ratings' )->get_data()['data'] );
		list( , $body ) = $this->get_json( $route, array() );
		$this->assertSame( $expected, $body['data']['ratings'] );

		// Another user has none; skipping needs no message.
		$this->act_as( 'administrator' );
		$this->assertSame( array(), $this->rest( 'GET', $route . '/ratings' )->get_data()['data'] );
		$this->rest(
			'POST',
			$route . '/rate',
			array(
				'insight_id' => $first,
				'score'      => 0,
			)
		);
		$skipped = $this->rest(
			'POST',
			$route . '/feedback',
			array(
				'insight_id' => $first,
				'skipped'    => true,
			)
		);
		$this->assertSame(
			array(
				array(
					'insight_id' => $first,
					'score'      => 0,
					'feedback'   => '',
					'skipped'    => true,
				),
			),
			$skipped->get_data()['data']
		);

		// Without the capability: refused.
		$this->act_as( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', $route . '/ratings' )->get_status() );
	}

	/**
	 * The report route answers the same payload, valid against its schema.
	 */
	public function test_the_report_route_answers_the_payload(): void {
		$data = $this->report_payload( 'ai_insights' );
		$this->assertSame( array( 'generated_at', 'insights', 'ratings' ), array_keys( $data ) );
		$this->assertSame( array( 'id', 'content', 'link' ), array_keys( $data['insights'][0] ) );
	}
}
