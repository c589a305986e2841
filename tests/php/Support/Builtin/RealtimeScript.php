<?php
/**
 * Scripted hits around a frozen "now", for the real-time tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Builtin;

/**
 * Berlin time; now is 2025-03-15 00:10:30, so the last hour crosses midnight (two site-local days):
 * - a: 00:08:00 "/" from www.google.com (2 minutes ago), 00:09:40 "/about/", the post "About Us"
 *   (0 minutes ago); DE, Berlin, Berlin;
 * - b: 00:04:00 "/about/", direct (6 minutes ago: not active now, in the last 30 minutes); US, New
 *   York, New York;
 * - c: 14th 23:50:00 "/pricing/" from utm newsletter / email / spring (20 minutes ago), then a
 *   scroll event at 00:07:00 (3 minutes ago: active now through an event); GB, no city;
 * - d: 14th 23:30:00 "/" (40 minutes ago: only in the 30 minutes before); FR;
 * - e: 14th 22:00:00 "/" (out of every window) and f: 00:12:00 "/" (after now): never counted.
 */
final class RealtimeScript {

	public const NOW = '2025-03-15 00:10:30';

	/**
	 * The buffer lines.
	 *
	 * @param int $about The post id of "About Us".
	 * @return string[]
	 */
	public static function lines( int $about ): array {
		Hits::reset();
		return array(
			Hits::pageview(
				'a',
				'2025-03-15 00:08:00',
				'/',
				array(
					'r'  => 'https://www.google.com/search?q=x',
					'cc' => 'DE',
					'rg' => 'Berlin',
					'ci' => 'Berlin',
				)
			),
			Hits::pageview(
				'a',
				'2025-03-15 00:09:40',
				'/about/',
				array(
					'o'  => $about,
					'cc' => 'DE',
					'rg' => 'Berlin',
					'ci' => 'Berlin',
				)
			),
			Hits::pageview(
				'b',
				'2025-03-15 00:04:00',
				'/about/',
				array(
					'o'  => $about,
					'cc' => 'US',
					'rg' => 'New York',
					'ci' => 'New York',
				)
			),
			Hits::pageview(
				'c',
				'2025-03-14 23:50:00',
				'/pricing/',
				array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'spring',
					'cc' => 'GB',
				)
			),
			Hits::event(
				'c',
				'2025-03-15 00:07:00',
				'scroll',
				array( 'depth' => 50 ),
				array(
					'p'  => '/pricing/',
					'cc' => 'GB',
				)
			),
			Hits::pageview( 'd', '2025-03-14 23:30:00', '/', array( 'cc' => 'FR' ) ),
			Hits::pageview( 'e', '2025-03-14 22:00:00', '/', array( 'cc' => 'FR' ) ),
			Hits::pageview( 'f', '2025-03-15 00:12:00', '/', array( 'cc' => 'FR' ) ),
		);
	}

	/**
	 * A published post "About Us".
	 */
	public static function about_post(): int {
		return (int) wp_insert_post(
			array(
				'post_title'  => 'About Us',
				'post_name'   => 'about',
				'post_type'   => 'page',
				'post_status' => 'publish',
			)
		);
	}
}
