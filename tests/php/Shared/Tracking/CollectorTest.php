<?php
/**
 * The collector's handler, the one collect.php and the REST fallback share.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * What is written, what is dropped without a trace, and what the visitor key is.
 */
class CollectorTest extends TestCase {

	use Files;

	/**
	 * The visitor's address in these tests (TEST-NET-3).
	 */
	private const IP = '203.0.113.77';

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

	private const MMDB = MONSTERINSIGHTS_REPORTS_DIR . 'node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

	/**
	 * The fields of a buffer line, in order (the aggregator's contract).
	 */
	private const LINE_KEYS = array( 'v', 'id', 'ts', 't', 'vk', 'vkp', 'p', 'o', 'r', 'us', 'um', 'uc', 'ut', 'ux', 'ck', 'u', 'ua', 'cc', 'rg', 'ci', 'en', 'ep' );

	/**
	 * The data dir of the test.
	 *
	 * @var string
	 */
	private string $dir = '';

	/**
	 * A data dir per test.
	 */
	protected function set_up() {
		parent::set_up();
		$this->dir = $this->scratch_dir();
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Unix time of a UTC moment.
	 *
	 * @param string $moment E.g. 2026-03-10 00:00:05.
	 */
	private static function utc( string $moment ): int {
		return (int) ( new \DateTimeImmutable( $moment, new \DateTimeZone( 'UTC' ) ) )->format( 'U' );
	}

	/**
	 * A collector config with test defaults.
	 *
	 * @param array<string, mixed> $overrides Keys to change.
	 */
	private static function config( array $overrides = array() ): Config {
		return Config::from_array(
			array_merge(
				array(
					'site_id'  => '1',
					'hosts'    => array( 'example.org', 'www.example.org' ),
					'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
				),
				$overrides
			)
		);
	}

	/**
	 * What a browser's beacon looks like to the server.
	 *
	 * @param array<string, string> $overrides Keys to change; a null-like '' removes nothing.
	 * @return array<string, string>
	 */
	private static function server( array $overrides = array() ): array {
		return array_merge(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => self::IP,
				'HTTP_USER_AGENT'     => self::CHROME,
				'CONTENT_TYPE'        => 'text/plain;charset=UTF-8',
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
				'HTTP_SEC_FETCH_SITE' => 'same-origin',
			),
			$overrides
		);
	}

	/**
	 * Runs the handler.
	 *
	 * @param array<string, mixed>|string $body   The body, as an array to JSON-encode or raw.
	 * @param array<string, string>       $server Server overrides.
	 * @param Config|null                 $config The config; test defaults when null.
	 * @param int|null                    $now    Unix time; 2026-03-10 12:00 UTC when null.
	 * @return array{0: int, 1: string} The status and the reason.
	 */
	private function collect( $body, array $server = array(), ?Config $config = null, ?int $now = null ): array {
		$collector = new Collector( $config ?? self::config(), new Buffer( $this->dir ) );
		$status    = $collector->handle(
			self::server( $server ),
			is_string( $body ) ? $body : (string) wp_json_encode( $body, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ),
			( $now ?? self::utc( '2026-03-10 12:00:00' ) ) + 0.25
		);
		return array( $status, $collector->reason() );
	}

	/**
	 * The lines written so far.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		return self::json_lines( $this->dir . '/' . Buffer::FILE );
	}

	/**
	 * A page view with every field becomes one line with exactly the contract's fields.
	 */
	public function test_pageview_line_has_exactly_the_contract_fields() {
		$now                     = self::utc( '2026-03-10 12:00:00' );
		list( $status, $reason ) = $this->collect(
			array(
				't'  => 'pageview',
				'p'  => '/shop/?color=red&utm_source=news&utm_medium=email&utm_campaign=spring%20sale&utm_term=shoes&utm_content=hero&&size=9',
				'o'  => 42,
				'r'  => 'https://www.google.com/search?q=shoes',
				'ck' => 'gclid',
			),
			array(),
			null,
			$now
		);

		$this->assertSame( array( 204, '' ), array( $status, $reason ) );
		$raw = (string) file_get_contents( $this->dir . '/' . Buffer::FILE );
		$this->assertStringStartsWith( "<?php exit; ?>\n{", $raw );
		$this->assertSame( 2, substr_count( $raw, "\n" ) );
		$this->assertStringEndsWith( ",\"en\":\"\",\"ep\":{}}\n", $raw );

		$line = $this->lines()[0];
		$this->assertSame( self::LINE_KEYS, array_keys( $line ) );
		$this->assertSame( 1, $line['v'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $line['id'] );
		$this->assertSame( $now, $line['ts'] );
		$this->assertSame( 'pageview', $line['t'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $line['vk'] );
		$this->assertSame( '', $line['vkp'], 'no salt existed the day before' );
		$this->assertSame( '/shop/?color=red&size=9', $line['p'] );
		$this->assertSame( 42, $line['o'] );
		$this->assertSame( 'https://www.google.com/search?q=shoes', $line['r'] );
		$this->assertSame( array( 'news', 'email', 'spring sale', 'shoes', 'hero' ), array( $line['us'], $line['um'], $line['uc'], $line['ut'], $line['ux'] ) );
		$this->assertSame( 'gclid', $line['ck'] );
		$this->assertSame( self::CHROME, $line['ua'] );
		$this->assertSame( array( '', '', '' ), array( $line['cc'], $line['rg'], $line['ci'] ) );
		$this->assertSame( '', $line['en'] );
		$this->assertSame( array(), $line['ep'] );
	}

	/**
	 * Two page views get two different hit ids.
	 */
	public function test_hit_ids_are_random() {
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
			)
		);
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
			)
		);
		$lines = $this->lines();
		$this->assertCount( 2, $lines );
		$this->assertNotSame( $lines[0]['id'], $lines[1]['id'] );
	}

	/**
	 * A click id that reached the path is removed with its value; only its name is kept.
	 */
	public function test_click_id_value_is_never_stored() {
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/landing/?fbclid=SECRET-VALUE&a=1#frag',
			)
		);
		$line = $this->lines()[0];
		$this->assertSame( '/landing/?a=1', $line['p'] );
		$this->assertSame( 'fbclid', $line['ck'] );
		$this->assertStringNotContainsString( 'SECRET-VALUE', (string) file_get_contents( $this->dir . '/' . Buffer::FILE ) );
	}

	/**
	 * Utm fields sent apart win over the path's parameters; defaults are empty.
	 */
	public function test_utm_fields_from_the_body() {
		$this->collect(
			array(
				't'  => 'pageview',
				'p'  => '/?utm_source=path',
				'us' => 'body',
			)
		);
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/plain/',
			)
		);
		list( $first, $second ) = $this->lines();
		$this->assertSame( 'body', $first['us'] );
		$this->assertSame( '/', $first['p'] );
		$this->assertSame( array( '', '', '', '', '', '' ), array( $second['us'], $second['um'], $second['uc'], $second['ut'], $second['ux'], $second['ck'] ) );
	}

	/**
	 * Referrers from the site itself, and an app's referrer, are not stored (the page view is;
	 * other referrers that are no http(s) URL are refused, see CollectorUrlTest).
	 *
	 * @dataProvider internal_referrers
	 *
	 * @param string $referrer The referrer sent.
	 */
	public function test_referrer_kept_only_when_external( string $referrer ) {
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
				'r' => $referrer,
			)
		);
		$this->assertSame( '', $this->lines()[0]['r'] );
	}

	/**
	 * Referrers that are not stored.
	 *
	 * @return array<string, array{string}>
	 */
	public function internal_referrers(): array {
		return array(
			'same host'       => array( 'https://example.org/other-page/' ),
			'www of the host' => array( 'http://WWW.example.org/' ),
			'android app'     => array( 'android-app://com.google.android.gm/' ),
		);
	}

	/**
	 * A page view keeps the logged-in visitor's role slug ("-" for a user without a role), none
	 * for a visitor who is not logged in; an event keeps none.
	 */
	public function test_user_role_of_page_views() {
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
				'u' => 'editor',
			)
		);
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
				'u' => '-',
			)
		);
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
			)
		);
		$this->collect(
			array(
				't'  => 'event',
				'p'  => '/',
				'u'  => 'shop_manager',
				'en' => 'signup',
			)
		);
		$this->assertSame( array( 'editor', '-', '', '' ), array_column( $this->lines(), 'u' ) );
	}

	/**
	 * The built-in events and a custom one; events carry the page but no acquisition fields.
	 */
	public function test_events() {
		$base = array(
			't'  => 'event',
			'p'  => '/post/?utm_source=x',
			'o'  => 7,
			'r'  => 'https://elsewhere.example/',
			'ck' => 'gclid',
		);
		$this->collect(
			$base + array(
				'en' => 'outbound_click',
				'ep' => array( 'url' => 'https://other.example/x' ),
			)
		);
		$this->collect(
			$base + array(
				'en' => 'file_download',
				'ep' => array( 'url' => 'https://example.org/files/Report.PDF?v=2' ),
			)
		);
		$this->collect(
			$base + array(
				'en' => 'scroll',
				'ep' => array( 'percent' => 75 ),
			)
		);
		$this->collect(
			$base + array(
				'en' => 'newsletter_signup',
				'ep' => array(
					'list'  => 'weekly',
					'count' => 2,
					'ratio' => 0.5,
					'first' => true,
				),
			)
		);
		$this->collect( $base + array( 'en' => 'no_props' ) );
		$this->collect(
			$base + array(
				'en' => 'affiliate_click',
				'ep' => array( 'url' => 'https://example.org/go/hosting/' ),
			)
		);
		$vitals = array(
			'lcp'  => 2431,
			'fcp'  => 912,
			'ttfb' => 0,
			'inp'  => 600000,
			'cls'  => 0.0123,
		);
		$this->collect(
			$base + array(
				'en' => 'web_vitals',
				'ep' => $vitals,
			)
		);
		$this->collect(
			$base + array(
				'en' => 'web_vitals',
				'ep' => array( 'cls' => 100 ),
			)
		);

		$lines = $this->lines();
		$this->assertSame( array( 'outbound_click', 'file_download', 'scroll', 'newsletter_signup', 'no_props', 'affiliate_click', 'web_vitals', 'web_vitals' ), array_column( $lines, 'en' ) );
		$this->assertSame( $vitals, $lines[6]['ep'] );
		$this->assertSame( array( 'cls' => 100 ), $lines[7]['ep'] );
		$this->assertSame( array( 'url' => 'https://example.org/go/hosting/' ), $lines[5]['ep'] );
		$this->assertSame( array( 'url' => 'https://other.example/x' ), $lines[0]['ep'] );
		$this->assertSame(
			array(
				'url' => 'https://example.org/files/Report.PDF?v=2',
				'ext' => 'pdf',
			),
			$lines[1]['ep']
		);
		$this->assertSame( array( 'percent' => 75 ), $lines[2]['ep'] );
		$this->assertSame(
			array(
				'list'  => 'weekly',
				'count' => 2,
				'ratio' => 0.5,
				'first' => true,
			),
			$lines[3]['ep']
		);
		$this->assertSame( array(), $lines[4]['ep'] );
		foreach ( $lines as $line ) {
			$this->assertSame( self::LINE_KEYS, array_keys( $line ) );
			$this->assertSame( 'event', $line['t'] );
			$this->assertSame( '/post/', $line['p'] );
			$this->assertSame( 7, $line['o'] );
			$this->assertSame( array( '', '', '' ), array( $line['r'], $line['us'], $line['ck'] ) );
		}
	}

	/**
	 * Requests that are dropped: the answer does not tell, and nothing is written.
	 *
	 * @dataProvider dropped_requests
	 *
	 * @param array<string, string> $server  Server overrides.
	 * @param array<string, mixed>  $config  Config overrides.
	 * @param string                $reason  The expected reason.
	 * @param array<string, mixed>  $body    Body overrides.
	 */
	public function test_dropped_requests_write_nothing( array $server, array $config, string $reason, array $body = array() ) {
		list( $status, $why ) = $this->collect(
			array_merge(
				array(
					't' => 'pageview',
					'p' => '/',
				),
				$body
			),
			$server,
			self::config( $config )
		);
		$this->assertSame( array( 204, $reason ), array( $status, $why ) );
		$this->assertFileDoesNotExist( $this->dir . '/' . Buffer::FILE );
	}

	/**
	 * Dropped requests.
	 *
	 * @return array<string, array<int, mixed>>
	 */
	public function dropped_requests(): array {
		return array(
			'no user agent'           => array( array( 'HTTP_USER_AGENT' => '' ), array(), 'no_user_agent' ),
			'blank user agent'        => array( array( 'HTTP_USER_AGENT' => "  \t" ), array(), 'no_user_agent' ),
			'Googlebot'               => array( array( 'HTTP_USER_AGENT' => 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' ), array(), 'bot' ),
			'bingbot'                 => array( array( 'HTTP_USER_AGENT' => 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' ), array(), 'bot' ),
			'curl'                    => array( array( 'HTTP_USER_AGENT' => 'curl/8.5.0' ), array(), 'bot' ),
			'headless Chrome'         => array( array( 'HTTP_USER_AGENT' => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36' ), array(), 'bot' ),
			'Sec-Purpose prefetch'    => array( array( 'HTTP_SEC_PURPOSE' => 'prefetch' ), array(), 'prefetch' ),
			'Sec-Purpose prerender'   => array( array( 'HTTP_SEC_PURPOSE' => 'prefetch;prerender' ), array(), 'prefetch' ),
			'Purpose prefetch'        => array( array( 'HTTP_PURPOSE' => 'prefetch' ), array(), 'prefetch' ),
			'Sec-Fetch-Mode navigate' => array( array( 'HTTP_SEC_FETCH_MODE' => 'navigate' ), array(), 'navigate' ),
			'Global Privacy Control'  => array( array( 'HTTP_SEC_GPC' => '1' ), array(), 'gpc' ),
			'Do Not Track'            => array( array( 'HTTP_DNT' => '1' ), array(), 'dnt' ),
			'excluded IP'             => array( array(), array( 'excluded_ips' => array( '198.51.100.1', self::IP ) ), 'excluded_ip' ),
			'excluded IPv4 range'     => array( array(), array( 'excluded_ips' => array( '203.0.113.64/26' ) ), 'excluded_ip' ),
			'excluded IPv6 range'     => array( array( 'REMOTE_ADDR' => '2001:db8:abcd::42' ), array( 'excluded_ips' => array( '2001:db8::/32' ) ), 'excluded_ip' ),
			'no address'              => array( array( 'REMOTE_ADDR' => 'unknown' ), array(), 'no_ip' ),
			'referrer spam'           => array( array(), array( 'referrer_spam' => array( 'spam.example' ) ), 'referrer_spam', array( 'r' => 'https://spam.example/offer' ) ),
			'referrer spam subdomain' => array( array(), array( 'referrer_spam' => array( 'spam.example' ) ), 'referrer_spam', array( 'r' => 'http://www.Spam.example/' ) ),
		);
	}

	/**
	 * A range that does not hold the address, a spam list without the referrer, and signals the site
	 * does not honour, let the hit through.
	 */
	public function test_near_misses_are_written() {
		$config         = self::config(
			array(
				'excluded_ips'  => array( '203.0.113.0/31', '2001:db8::/32' ),
				'referrer_spam' => array( 'spam.example' ),
				'honor_dnt'     => false,
				'honor_gpc'     => false,
			)
		);
		list( $status ) = $this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
				'r' => 'https://notspam.example/',
			),
			array(
				'HTTP_DNT'     => '1',
				'HTTP_SEC_GPC' => '1',
			),
			$config
		);
		$this->assertSame( 204, $status );
		$this->assertCount( 1, $this->lines() );
	}

	/**
	 * X-Forwarded-For is believed only behind a trusted proxy, as many entries from the right as
	 * there are proxies (CollectorProxyTest has the rest).
	 */
	public function test_forwarded_address_only_behind_trusted_proxy() {
		$server           = array(
			'REMOTE_ADDR'          => '10.0.0.2',
			'HTTP_X_FORWARDED_FOR' => '198.51.100.9, 10.0.0.1',
		);
		$body             = array(
			't' => 'pageview',
			'p' => '/',
		);
		list( , $reason ) = $this->collect( $body, $server, self::config( array( 'excluded_ips' => array( '198.51.100.0/24' ) ) ) );
		$this->assertSame( '', $reason, 'the header is ignored without a trusted proxy' );

		list( , $reason ) = $this->collect(
			$body,
			$server,
			self::config(
				array(
					'excluded_ips'    => array( '198.51.100.0/24' ),
					'trusted_proxy'   => true,
					'trusted_proxies' => 2,
				)
			)
		);
		$this->assertSame( 'excluded_ip', $reason, 'two proxies: the second entry from the right' );

		list( , $reason ) = $this->collect(
			$body,
			$server,
			self::config(
				array(
					'excluded_ips'  => array( '198.51.100.0/24' ),
					'trusted_proxy' => true,
				)
			)
		);
		$this->assertSame( '', $reason, 'one proxy: the rightmost entry, 10.0.0.1' );
	}

	/**
	 * Malformed requests are refused with 400 (405 for the method, 413 for the size) and write nothing.
	 *
	 * @dataProvider malformed_requests
	 *
	 * @param string|array<string, mixed> $body    The body.
	 * @param int                         $status  The expected status.
	 * @param string                      $reason  The expected reason.
	 * @param array<string, string>       $server  Server overrides.
	 */
	public function test_malformed_requests_write_nothing( $body, int $status, string $reason, array $server = array() ) {
		$this->assertSame( array( $status, $reason ), $this->collect( $body, $server ) );
		$this->assertFileDoesNotExist( $this->dir . '/' . Buffer::FILE );
	}

	/**
	 * Malformed requests.
	 *
	 * @return array<string, array<int, mixed>>
	 */
	public function malformed_requests(): array {
		$pageview = array(
			't' => 'pageview',
			'p' => '/',
		);
		$event    = array(
			't' => 'event',
			'p' => '/',
		);
		$eleven   = array();
		for ( $i = 0; $i < 11; $i++ ) {
			$eleven[ 'k' . $i ] = $i;
		}
		return array(
			'GET'                     => array( $pageview, 405, 'method', array( 'REQUEST_METHOD' => 'GET' ) ),
			'body over the limit'     => array( '{"t":"pageview","p":"/' . str_repeat( 'a', Config::DEFAULT_MAX_BODY ) . '"}', 413, 'too_large' ),
			'announced over limit'    => array( $pageview, 413, 'too_large', array( 'CONTENT_LENGTH' => (string) ( Config::DEFAULT_MAX_BODY + 1 ) ) ),
			'empty body'              => array( '', 400, 'malformed_body' ),
			'not JSON'                => array( 't=pageview&p=/', 400, 'malformed_body' ),
			'JSON list'               => array( '["pageview","/"]', 400, 'malformed_body' ),
			'too deep'                => array( '{"t":"event","p":"/","en":"x","ep":{"a":{"b":{"c":1}}}}', 400, 'malformed_body' ),
			'no type'                 => array( array( 'p' => '/' ), 400, 'malformed_type' ),
			'unknown type'            => array( array( 't' => 'click' ) + $pageview, 400, 'malformed_type' ),
			'no path'                 => array( array( 't' => 'pageview' ), 400, 'malformed_path' ),
			'path not a string'       => array( array( 'p' => 5 ) + $pageview, 400, 'malformed_path' ),
			'relative path'           => array( array( 'p' => 'page/' ) + $pageview, 400, 'malformed_path' ),
			'full URL as path'        => array( array( 'p' => 'https://example.org/' ) + $pageview, 400, 'malformed_path' ),
			'control char in path'    => array( array( 'p' => "/a\nb" ) + $pageview, 400, 'malformed_path' ),
			'negative object'         => array( array( 'o' => -1 ) + $pageview, 400, 'malformed_object' ),
			'fractional object'       => array( array( 'o' => 1.5 ) + $pageview, 400, 'malformed_object' ),
			'object not a number'     => array( array( 'o' => 'abc' ) + $pageview, 400, 'malformed_object' ),
			'referrer not a string'   => array( array( 'r' => array( 'x' ) ) + $pageview, 400, 'malformed_referrer' ),
			'utm not a string'        => array( array( 'us' => 3 ) + $pageview, 400, 'malformed_utm' ),
			'unknown click id'        => array( array( 'ck' => 'dclid' ) + $pageview, 400, 'malformed_click_id' ),
			'pageview with name'      => array( array( 'en' => 'scroll' ) + $pageview, 400, 'malformed_event_name' ),
			'event without name'      => array( $event, 400, 'malformed_event_name' ),
			'bad event name'          => array( array( 'en' => 'Sign-Up' ) + $event, 400, 'malformed_event_name' ),
			'event name too long'     => array( array( 'en' => str_repeat( 'a', 41 ) ) + $event, 400, 'malformed_event_name' ),
			'props as a list'         => array(
				array(
					'en' => 'x',
					'ep' => array( 1, 2 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'props not an object'     => array(
				array(
					'en' => 'x',
					'ep' => 'a',
				) + $event,
				400,
				'malformed_event_props',
			),
			'eleven props'            => array(
				array(
					'en' => 'x',
					'ep' => $eleven,
				) + $event,
				400,
				'malformed_event_props',
			),
			'prop value null'         => array(
				array(
					'en' => 'x',
					'ep' => array( 'a' => null ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'prop value a list'       => array(
				array(
					'en' => 'x',
					'ep' => array( 'a' => array( 1 ) ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'bad prop key'            => array(
				array(
					'en' => 'x',
					'ep' => array( 'Bad Key' => 1 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'scroll of 30 percent'    => array(
				array(
					'en' => 'scroll',
					'ep' => array( 'percent' => 30 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'scroll as a string'      => array(
				array(
					'en' => 'scroll',
					'ep' => array( 'percent' => '25' ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals without metrics'  => array(
				array(
					'en' => 'web_vitals',
					'ep' => array(),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals unknown metric'   => array(
				array(
					'en' => 'web_vitals',
					'ep' => array(
						'lcp' => 1200,
						'fid' => 12,
					),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals negative'         => array(
				array(
					'en' => 'web_vitals',
					'ep' => array( 'ttfb' => -1 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals over ten minutes' => array(
				array(
					'en' => 'web_vitals',
					'ep' => array( 'lcp' => 600001 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals cls over 100'     => array(
				array(
					'en' => 'web_vitals',
					'ep' => array( 'cls' => 100.5 ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'vitals as a string'      => array(
				array(
					'en' => 'web_vitals',
					'ep' => array( 'fcp' => '900' ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'outbound without url'    => array(
				array(
					'en' => 'outbound_click',
					'ep' => array(),
				) + $event,
				400,
				'malformed_event_props',
			),
			'affiliate without url'   => array(
				array(
					'en' => 'affiliate_click',
					'ep' => array( 'url' => '' ),
				) + $event,
				400,
				'malformed_event_props',
			),
			'role not a slug'         => array( array( 'u' => 'Editor!' ) + $pageview, 400, 'malformed_user' ),
			'role too long'           => array( array( 'u' => str_repeat( 'a', 65 ) ) + $pageview, 400, 'malformed_user' ),
			'role not a string'       => array( array( 'u' => 1 ) + $pageview, 400, 'malformed_user' ),
			'download without url'    => array(
				array(
					'en' => 'file_download',
					'ep' => array( 'url' => 3 ),
				) + $event,
				400,
				'malformed_event_props',
			),
		);
	}

	/**
	 * Long values are cut to the contract's lengths, and the user agent keeps printable ASCII only.
	 */
	public function test_lengths_are_capped() {
		$result = $this->collect(
			array(
				't'  => 'pageview',
				'p'  => '/' . str_repeat( 'é', 2100 ),
				'r'  => 'https://ref.example/' . str_repeat( 'r', 2100 ),
				'us' => str_repeat( 's', 300 ),
			),
			array( 'HTTP_USER_AGENT' => "Mozilla/5.0 \x01\xC3\xA9(Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 " . str_repeat( 'u', 600 ) )
		);
		$this->assertSame( array( 204, '' ), $result );
		$line = $this->lines()[0];
		$this->assertSame( 2048, mb_strlen( $line['p'] ) );
		$this->assertSame( 2048, strlen( $line['r'] ) );
		$this->assertSame( 255, strlen( $line['us'] ) );
		$this->assertSame( 512, strlen( $line['ua'] ) );
		$this->assertStringStartsWith( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 uuu', $line['ua'] );
	}

	/**
	 * The visitor's address is written nowhere: not in the buffer, the config or the salts.
	 */
	public function test_ip_is_written_nowhere() {
		$config = self::config( array( 'country_mmdb' => self::MMDB ) );
		file_put_contents( $this->dir . '/config.php', $config->to_php() );
		$this->collect(
			array(
				't' => 'pageview',
				'p' => '/',
			),
			array(),
			$config
		);
		$this->collect(
			array(
				't'  => 'event',
				'p'  => '/',
				'en' => 'scroll',
				'ep' => array( 'percent' => 25 ),
			),
			array(),
			$config,
			self::utc( '2026-03-11 08:00:00' )
		);

		$this->assertCount( 2, $this->lines() );
		$this->assertFileExists( $this->dir . '/salts.php' );
		$everything = self::all_contents( $this->dir );
		$this->assertStringNotContainsString( self::IP, $everything );
		$this->assertStringNotContainsString( (string) inet_pton( self::IP ), $everything );
		$this->assertStringNotContainsString( bin2hex( (string) inet_pton( self::IP ) ), $everything );
	}

	/**
	 * The visitor key is the same all day for one address and browser, and differs for another
	 * address, another browser, another day and another site.
	 */
	public function test_visitor_key() {
		$morning = self::utc( '2026-03-10 00:00:01' );
		$night   = self::utc( '2026-03-10 23:59:59' );
		$next    = self::utc( '2026-03-11 00:00:01' );
		$body    = array(
			't' => 'pageview',
			'p' => '/',
		);
		$this->collect( $body, array(), null, $morning );
		$this->collect( $body, array(), null, $night );
		$this->collect( $body, array( 'REMOTE_ADDR' => '203.0.113.78' ), null, $night );
		$this->collect( $body, array( 'HTTP_USER_AGENT' => self::CHROME . ' Edg/126.0' ), null, $night );
		$this->collect( $body, array(), null, $next );
		$this->collect( $body, array(), self::config( array( 'site_id' => '2' ) ), $next );

		list( $first, $same_day, $other_ip, $other_ua, $next_day, $other_site ) = $this->lines();
		$this->assertSame( $first['vk'], $same_day['vk'] );
		$this->assertNotSame( $first['vk'], $other_ip['vk'] );
		$this->assertNotSame( $first['vk'], $other_ua['vk'] );
		$this->assertNotSame( $first['vk'], $next_day['vk'] );
		$this->assertNotSame( $next_day['vk'], $other_site['vk'], 'same salts, other site' );

		// The next day's hit also carries the key under the previous day's salt, for sessions that
		// cross midnight.
		$this->assertSame( '', $first['vkp'] );
		$this->assertSame( $first['vk'], $next_day['vkp'] );

		// And the key is the documented hash.
		$salts = ( new Salts( $this->dir ) )->for_time( $next );
		$this->assertSame( substr( hash_hmac( 'sha256', '1|' . self::IP . '|' . self::CHROME, $salts['current'] ), 0, 32 ), $next_day['vk'] );
		$this->assertSame( substr( hash_hmac( 'sha256', '1|' . self::IP . '|' . self::CHROME, $salts['previous'] ), 0, 32 ), $next_day['vkp'] );
	}

	/**
	 * Salts are made on demand, one a day, and deleted once they are older than yesterday's; the
	 * cleanup deletes them on days without traffic too.
	 */
	public function test_salts_are_deleted_after_48_hours() {
		$salts = new Salts( $this->dir );
		$body  = array(
			't' => 'pageview',
			'p' => '/',
		);
		$this->collect( $body, array(), null, self::utc( '2026-03-10 00:00:05' ) );
		$this->collect( $body, array(), null, self::utc( '2026-03-10 18:00:00' ) );
		$this->assertSame( array( '2026-03-10' ), $salts->days() );
		$first_salt = bin2hex( $salts->for_time( self::utc( '2026-03-10 18:00:00' ) )['current'] );
		$this->assertStringContainsString( $first_salt, (string) file_get_contents( $salts->path() ) );

		$this->collect( $body, array(), null, self::utc( '2026-03-11 23:00:00' ) );
		$this->assertSame( array( '2026-03-10', '2026-03-11' ), $salts->days() );

		$this->collect( $body, array(), null, self::utc( '2026-03-12 00:00:00' ) );
		$this->assertSame( array( '2026-03-11', '2026-03-12' ), $salts->days() );
		$this->assertStringNotContainsString( $first_salt, self::all_contents( $this->dir ) );

		// No traffic for days: the cleanup removes what is left.
		$salts->prune( self::utc( '2026-03-13 01:00:00' ) );
		$this->assertSame( array( '2026-03-12' ), $salts->days() );
		$salts->prune( self::utc( '2026-03-14 00:00:00' ) );
		$this->assertSame( array(), $salts->days() );
		$this->assertFileDoesNotExist( $salts->path() );
	}

	/**
	 * The salts file prints nothing when a web server runs it, and holds 32 random bytes a day.
	 */
	public function test_salts_file_is_guarded() {
		$salts = ( new Salts( $this->dir ) )->for_time( self::utc( '2026-03-10 10:00:00' ) );
		$this->assertSame( 32, strlen( $salts['current'] ) );
		$this->assertSame( '', $salts['previous'] );
		$contents = (string) file_get_contents( $this->dir . '/salts.php' );
		$this->assertStringStartsWith( "<?php exit; ?>\n", $contents );
		$this->assertSame( $salts, ( new Salts( $this->dir ) )->for_time( self::utc( '2026-03-10 23:00:00' ) ) );
	}

	/**
	 * The country of a known address, from the development database (CC0, ip-location-db).
	 */
	public function test_country_from_mmdb() {
		$this->assertFileExists( self::MMDB, 'npm ci installs @ip-location-db/geo-whois-asn-country-mmdb' );
		$config = self::config( array( 'country_mmdb' => self::MMDB ) );
		$body   = array(
			't' => 'pageview',
			'p' => '/',
		);
		$this->collect( $body, array( 'REMOTE_ADDR' => '81.2.69.160' ), $config );
		$this->collect( $body, array( 'REMOTE_ADDR' => '2a02:8070::1' ), $config );
		$this->collect( $body, array( 'REMOTE_ADDR' => '127.0.0.1' ), $config );
		$this->assertSame( array( 'GB', 'DE', '' ), array_column( $this->lines(), 'cc' ) );
	}

	/**
	 * A trusted CDN's country header wins; an unknown code falls back to the database.
	 */
	public function test_country_from_cdn_header() {
		$config = self::config(
			array(
				'country_header' => 'CF-IPCountry',
				'country_mmdb'   => self::MMDB,
			)
		);
		$body   = array(
			't' => 'pageview',
			'p' => '/',
		);
		$this->collect( $body, array( 'HTTP_CF_IPCOUNTRY' => 'fr' ), $config );
		$this->collect(
			$body,
			array(
				'HTTP_CF_IPCOUNTRY' => 'XX',
				'REMOTE_ADDR'       => '81.2.69.160',
			),
			$config
		);
		$this->collect( $body, array( 'HTTP_CF_IPCOUNTRY' => 'DE' ), self::config() );
		$this->assertSame( array( 'FR', 'GB', '' ), array_column( $this->lines(), 'cc' ) );
	}

	/**
	 * A config survives its round trip through config.php; a file of another version is ignored.
	 */
	public function test_config_file_round_trip() {
		$config = self::config(
			array(
				'excluded_ips'   => array( '10.0.0.0/8' ),
				'referrer_spam'  => array( 'Spam.Example' ),
				'honor_dnt'      => false,
				'country_header' => 'CF-IPCountry',
				'max_body'       => 4096,
			)
		);
		file_put_contents( $this->dir . '/config.php', $config->to_php() );
		$loaded = Config::load( $this->dir );
		$this->assertNotNull( $loaded );
		$this->assertSame( $config->to_array(), $loaded->to_array() );
		$this->assertSame( array( 'spam.example' ), $loaded->referrer_spam );

		file_put_contents( $this->dir . '/config.php', "<?php return array( 'version' => 99 );" );
		if ( function_exists( 'opcache_invalidate' ) ) {
			opcache_invalidate( $this->dir . '/config.php', true );
		}
		$this->assertNull( Config::load( $this->dir ) );
		$this->assertNull( Config::load( $this->scratch_dir() ) );
	}
}
