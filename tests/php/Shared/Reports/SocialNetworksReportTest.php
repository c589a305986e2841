<?php
/**
 * The Social Media report by network, against Source / Medium by raw source, with exact numbers.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Reports\SocialNetworks;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time, range 10–12 March 2025, one visit per visitor:
 * - a 10th 09:00 "/" utm facebook / social, then "/about/": engaged, 2 pages.
 * - b 10th 11:00 "/blog/" from www.facebook.com: bounce.
 * - c 11th 10:00 "/" from m.facebook.com: bounce.
 * - d 11th 15:00 "/pricing/" from l.facebook.com, then "/about/": engaged, 2 pages.
 * - e 12th 08:00 "/" from t.co (Twitter in the referrer list): bounce.
 * - f 12th 09:00 "/" utm mastodon.example / social (a network the list does not know): bounce.
 * - g 12th 10:00 "/blog/" from news.example.org: a referral, no social network.
 * So Facebook is one row of 4 sessions (2 engaged, 2 bounces: 50 %, 6 page views: 1.5 a session).
 */
class SocialNetworksReportTest extends BuiltinTestCase {

	/**
	 * Aggregates the script, the builtin source, an administrator with a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview(
					'a',
					'2025-03-10 09:00:00',
					'/',
					array(
						'us' => 'facebook',
						'um' => 'social',
					)
				),
				Hits::pageview( 'a', '2025-03-10 09:02:00', '/about/' ),
				Hits::pageview( 'b', '2025-03-10 11:00:00', '/blog/', array( 'r' => 'https://www.facebook.com/' ) ),
				Hits::pageview( 'c', '2025-03-11 10:00:00', '/', array( 'r' => 'https://m.facebook.com/story.php?id=1' ) ),
				Hits::pageview( 'd', '2025-03-11 15:00:00', '/pricing/', array( 'r' => 'https://l.facebook.com/l.php?u=x' ) ),
				Hits::pageview( 'd', '2025-03-11 15:01:00', '/about/' ),
				Hits::pageview( 'e', '2025-03-12 08:00:00', '/', array( 'r' => 'https://t.co/abc' ) ),
				Hits::pageview(
					'f',
					'2025-03-12 09:00:00',
					'/',
					array(
						'us' => 'mastodon.example',
						'um' => 'social',
					)
				),
				Hits::pageview( 'g', '2025-03-12 10:00:00', '/blog/', array( 'r' => 'https://news.example.org/today' ) ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
	}

	/**
	 * Every host and spelling of Facebook is one Facebook row with their sessions summed; a
	 * network the list does not know stays a row of its own source.
	 */
	public function test_social_rows_are_networks(): void {
		$social = $this->report_payload( 'traffic_social' )['social'];
		$this->assertSame( 3, $social['total'] );
		$rows = array_map(
			static fn( array $row ): array => array(
				$row['network'],
				$row['icon'],
				(float) $row['sessions'],
				(float) $row['engaged_sessions'],
				(float) $row['bounce_rate'],
				(float) $row['pages_per_sessions'],
			),
			$social['rows']
		);
		$this->assertSame(
			array(
				array( 'Facebook', 'facebook.com', 4.0, 2.0, 50.0, 1.5 ),
				array( 'mastodon.example', 'mastodon.example', 1.0, 0.0, 100.0, 1.0 ),
				array( 'Twitter', 'twitter.com', 1.0, 0.0, 100.0, 1.0 ),
			),
			$rows
		);

		// Search finds the network by its name; the CSV has the same one row.
		$found = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/traffic_social/tables/social',
			self::REPORT_RANGE + array( 'search' => 'face' )
		)->get_data();
		$this->assertSame( array( 'Facebook' ), array_column( $found['rows'], 'network' ) );
	}

	/**
	 * Source / Medium keeps the raw sources apart, as GA4 does.
	 */
	public function test_source_medium_keeps_the_sources(): void {
		$this->assertSame(
			array( 'facebook / social', 'facebook.com / referral', 'l.facebook.com / referral', 'm.facebook.com / referral', 'mastodon.example / social', 'news.example.org / referral', 't.co / referral' ),
			array_column( $this->report_payload( 'traffic_source_medium' )['source_medium']['rows'], 'source_medium' )
		);
	}

	/**
	 * The networks of hosts and spellings, from the referrer list.
	 */
	public function test_network_of_a_source(): void {
		$cases = array(
			'facebook'              => 'Facebook',
			'fb'                    => 'Facebook',
			'facebook.com'          => 'Facebook',
			'www.facebook.com'      => 'Facebook',
			'm.facebook.com'        => 'Facebook',
			'l.facebook.com'        => 'Facebook',
			'business.facebook.com' => 'Facebook',
			't.co'                  => 'Twitter',
			'lnkd.in'               => 'LinkedIn',
			'tiktok.com'            => 'TikTok',
			'news.ycombinator.com'  => 'Hacker News',
			// Video sites are Organic Video, not social networks.
			'youtube.com'           => '',
			'news.example.org'      => '',
			'(direct)'              => '',
		);
		$this->assertSame( $cases, array_combine( array_keys( $cases ), array_map( array( SocialNetworks::class, 'of' ), array_keys( $cases ) ) ) );
		$this->assertSame( 'facebook.com', SocialNetworks::icon( 'Facebook' ) );
		$this->assertSame( '', SocialNetworks::icon( 'Nowhere' ) );
	}
}
