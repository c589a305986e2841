<?php
/**
 * The demo traffic's mix: the user agents, devices, countries, arrivals, roles, campaigns and
 * referrers its visits are drawn from with their weights, the Core Web Vitals it reports, the
 * forms and videos it interacts with, and the anomalies of a long seeding.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Demo;

defined( 'ABSPATH' ) || exit;

/**
 * The tables Visits draws from (bin/bench/Traffic.php reads them too).
 */
final class Mix {

	/**
	 * The seeded Core Web Vitals by device: the median (milliseconds, or the layout shift) and the
	 * log-normal spread of each metric.
	 */
	public const VITALS = array(
		'desktop' => array(
			'ttfb' => array( 380, 0.5 ),
			'fcp'  => array( 950, 0.45 ),
			'lcp'  => array( 1700, 0.5 ),
			'cls'  => array( 0.03, 0.9 ),
			'inp'  => array( 110, 0.6 ),
		),
		'mobile'  => array(
			'ttfb' => array( 620, 0.55 ),
			'fcp'  => array( 1750, 0.45 ),
			'lcp'  => array( 2900, 0.5 ),
			'cls'  => array( 0.07, 0.9 ),
			'inp'  => array( 260, 0.6 ),
		),
	);

	/**
	 * User agents by device.
	 */
	public const USER_AGENTS = array(
		'desktop' => array(
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
		),
		'mobile'  => array(
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
			'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
			'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
		),
		'tablet'  => array(
			'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
			'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
		),
	);

	/**
	 * Weights: devices, countries, arrivals.
	 */
	public const DEVICES = array(
		'desktop' => 55,
		'mobile'  => 38,
		'tablet'  => 7,
	);

	public const COUNTRIES = array(
		'US' => 30,
		'DE' => 14,
		'GB' => 10,
		'FR' => 7,
		'IN' => 7,
		'CA' => 6,
		'BR' => 5,
		'NL' => 4,
		'ES' => 4,
		'AU' => 4,
		'JP' => 3,
		'SE' => 3,
		''   => 3,
	);

	public const ARRIVALS = array(
		'direct'      => 28,
		'search'      => 30,
		'social'      => 12,
		'referral'    => 10,
		'email'       => 8,
		'paid'        => 5,
		'ai'          => 4,
		'video'       => 3,
		// GA4's other default channels, so every one of the Traffic Overview has sessions.
		'paid_social' => 3,
		'display'     => 2,
		'affiliate'   => 2,
		'sms'         => 1,
		'paid_other'  => 1,
		'unassigned'  => 1,
	);

	/**
	 * Out of 100 visitors: how many are logged in with each role ("-": a user without a role on the
	 * site); the rest are not logged in. Administrators are not tracked by default.
	 */
	public const ROLES = array(
		'subscriber'  => 10,
		'author'      => 4,
		'contributor' => 3,
		'editor'      => 3,
		'-'           => 2,
	);

	/**
	 * The utm tags of the arrivals that carry them: source, medium and the campaigns to pick from.
	 */
	public const CAMPAIGNS = array(
		'email'       => array( 'newsletter', 'email', array( 'monthly-digest', 'product-launch' ) ),
		'paid'        => array( 'google', 'cpc', array( 'brand', 'spring-sale' ) ),
		'paid_social' => array( 'facebook', 'cpc', array( 'spring-sale', 'retargeting' ) ),
		'display'     => array( 'adnetwork', 'display', array( 'retargeting' ) ),
		'affiliate'   => array( 'partner-blog', 'affiliate', array( 'partners' ) ),
		'sms'         => array( 'sms', 'sms', array( 'flash-sale' ) ),
		'paid_other'  => array( 'sponsor', 'paid', array( 'sponsorship' ) ),
		'unassigned'  => array( 'flyer', 'print', array( 'print-qr' ) ),
	);

	/**
	 * Referrers by arrival.
	 */
	public const REFERRERS = array(
		'search'   => array( 'https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://search.yahoo.com/' ),
		'social'   => array( 'https://www.facebook.com/', 'https://x.com/', 'https://www.linkedin.com/', 'https://www.reddit.com/r/wordpress/', 'https://www.instagram.com/', 'https://www.pinterest.com/', 'https://www.threads.net/' ),
		'referral' => array( 'https://news.ycombinator.com/', 'https://wordpress.org/support/', 'https://blog.example.net/weekly-links', 'https://www.producthunt.com/' ),
		'ai'       => array( 'https://chatgpt.com/', 'https://www.perplexity.ai/', 'https://gemini.google.com/' ),
		'video'    => array( 'https://www.youtube.com/', 'https://vimeo.com/' ),
	);

	/**
	 * The anomalies of a long seeding, by days before today: extra visits (arrival, how many) or
	 * an outage (the share of the day's visits recorded).
	 */
	public const ANOMALIES = array(
		23 => array(
			'arrival' => 'blast',
			'visits'  => 90,
		),
		9  => array(
			'arrival' => 'viral',
			'visits'  => 140,
		),
		4  => array(
			'outage' => 25,
		),
	);

	/**
	 * The forms and videos of the demo: a newsletter form in every page's footer, the contact and
	 * quote forms on the pages whose path names them, the About page's video and a walkthrough
	 * video on every third post. Per page view: the chance in percent that the form is seen and
	 * that a view converts; that the video is played, and its duration in seconds.
	 */
	public const INTERACTIONS = array(
		'forms'  => array(
			'newsletter-signup' => array(
				'path' => '',
				'seen' => 60,
				'sent' => 3,
			),
			'contact-form'      => array(
				'path' => 'contact',
				'seen' => 95,
				'sent' => 14,
			),
			'quote-request'     => array(
				'path' => 'pricing',
				'seen' => 85,
				'sent' => 7,
			),
		),
		'videos' => array(
			'Our story in 90 seconds' => array(
				'path'     => 'about',
				'play'     => 35,
				'duration' => 90,
			),
			'Product walkthrough'     => array(
				'path'     => '',
				'play'     => 20,
				'duration' => 240,
			),
		),
	);
}
