<?php
/**
 * The collector refuses URLs of any scheme but http(s), in every hit and event that carries one.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A javascript:, data:, vbscript: or other scheme's URL is a 400 and writes nothing; http(s) URLs
 * and plain text that merely starts like one are written.
 */
class CollectorUrlTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

	/**
	 * URLs no link in a report may lead to, as an attacker would send them.
	 */
	private const BAD_URLS = array(
		'javascript'            => 'javascript:alert(document.cookie)',
		'javascript mixed case' => 'JaVaScRiPt:alert(1)',
		'javascript with tab'   => "java\tscript:alert(1)",
		'javascript spaced'     => '  javascript:alert(1)',
		'vbscript'              => 'vbscript:msgbox(1)',
		'data html'             => 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
		'data bare'             => 'data:,alert(1)',
		'ftp'                   => 'ftp://files.example/a.zip',
		'file'                  => 'file:///etc/passwd',
	);

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
	 * Runs the handler.
	 *
	 * @param array<string, mixed> $body The body.
	 * @return array{0: int, 1: string} The status and the reason.
	 */
	private function collect( array $body ): array {
		$config    = Config::from_array(
			array(
				'site_id'  => '1',
				'hosts'    => array( 'example.org' ),
				'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
			)
		);
		$collector = new Collector( $config, new Buffer( $this->dir ) );
		$status    = $collector->handle(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => '203.0.113.77',
				'HTTP_USER_AGENT'     => self::CHROME,
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
			),
			(string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES ),
			1773144000.0
		);
		return array( $status, $collector->reason() );
	}

	/**
	 * The hit lines written so far.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		return self::json_lines( ( new Buffer( $this->dir ) )->path() );
	}

	/**
	 * Every kind of hit with every bad URL where it carries one: 400, its reason, nothing written and
	 * nothing counted against the visitor's rate limit.
	 *
	 * @dataProvider bad_hits
	 *
	 * @param array<string, mixed> $body   The body.
	 * @param string               $reason The expected reason.
	 */
	public function test_non_http_urls_are_refused( array $body, string $reason ) {
		$this->assertSame( array( 400, $reason ), $this->collect( $body ) );
		$this->assertSame( array(), $this->lines() );
		$this->assertFileDoesNotExist( $this->dir . '/' . RateLimit::FILE, 'refused before the rate limit counts it' );
	}

	/**
	 * Each URL-carrying field of each hit kind, with each bad URL.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public function bad_hits(): array {
		$event = static fn ( string $name, array $props ): array => array(
			't'  => 'event',
			'p'  => '/pricing/',
			'en' => $name,
			'ep' => $props,
		);
		$cases = array();
		foreach ( self::BAD_URLS as $label => $url ) {
			$cases[ "page view referrer, $label" ]      = array(
				array(
					't' => 'pageview',
					'p' => '/',
					'r' => $url,
				),
				'malformed_referrer',
			);
			$cases[ "event referrer, $label" ]          = array(
				array( 'r' => $url ) + $event( 'scroll', array( 'percent' => 25 ) ),
				'malformed_referrer',
			);
			$cases[ "affiliate_click url, $label" ]     = array( $event( 'affiliate_click', array( 'url' => $url ) ), 'malformed_url' );
			$cases[ "outbound_click url, $label" ]      = array( $event( 'outbound_click', array( 'url' => $url ) ), 'malformed_url' );
			$cases[ "file_download url, $label" ]       = array(
				$event(
					'file_download',
					array(
						'url' => $url,
						'ext' => 'zip',
					)
				),
				'malformed_url',
			);
			$cases[ "video_start title (src), $label" ] = array( $event( 'video_start', array( 'title' => $url ) ), 'malformed_url' );
			$cases[ "audio progress title, $label" ]    = array(
				$event(
					'video_progress',
					array(
						'title'   => $url,
						'kind'    => 'audio',
						'seconds' => 10,
						'percent' => 20,
					)
				),
				'malformed_url',
			);
			$cases[ "video_complete title, $label" ]    = array( $event( 'video_complete', array( 'title' => $url ) ), 'malformed_url' );
			$cases[ "form_impression form, $label" ]    = array( $event( 'form_impression', array( 'form' => $url ) ), 'malformed_url' );
			$cases[ "form_conversion form, $label" ]    = array( $event( 'form_conversion', array( 'form' => $url ) ), 'malformed_url' );
			$cases[ "custom href, $label" ]             = array( $event( 'banner_click', array( 'href' => $url ) ), 'malformed_url' );
			$cases[ "custom page_url, $label" ]         = array( $event( 'share', array( 'page_url' => $url ) ), 'malformed_url' );
			$cases[ "custom any text, $label" ]         = array(
				$event(
					'share',
					array(
						'network' => 'x',
						'target'  => $url,
					)
				),
				'malformed_url',
			);
		}
		// A URL property must be absolute: relative and protocol-relative ones lead wherever the
		// report's page makes them lead.
		foreach ( array( '/go/x', '//evil.example/x', 'evil.example/x', 'https://', 'http:/evil.example' ) as $url ) {
			$cases[ "affiliate_click url $url" ] = array( $event( 'affiliate_click', array( 'url' => $url ) ), 'malformed_url' );
			$cases[ "custom url $url" ]          = array( $event( 'x', array( 'url' => $url ) ), 'malformed_url' );
		}
		$cases['referrer not a URL'] = array(
			array(
				't' => 'pageview',
				'p' => '/',
				'r' => 'nonsense',
			),
			'malformed_referrer',
		);
		return $cases;
	}

	/**
	 * What is written all the same: http(s) URLs of any case, an app's referrer (the page view is
	 * kept, the referrer is not), and text that only looks like the start of a URL.
	 */
	public function test_http_urls_and_plain_text_are_written() {
		$event = static fn ( string $name, array $props ): array => array(
			't'  => 'event',
			'p'  => '/',
			'en' => $name,
			'ep' => $props,
		);
		$hits  = array(
			array(
				't' => 'pageview',
				'p' => '/',
				'r' => 'HTTPS://News.Example/item?id=1',
			),
			array(
				't' => 'pageview',
				'p' => '/',
				'r' => 'android-app://com.google.android.gm/',
			),
			$event( 'outbound_click', array( 'url' => 'http://other.example/x' ) ),
			$event( 'affiliate_click', array( 'url' => 'https://example.org/go/hosting/' ) ),
			$event( 'video_start', array( 'title' => 'Data: a primer, part 2' ) ),
			$event( 'form_impression', array( 'form' => 'contact' ) ),
			$event(
				'share',
				array(
					'note' => 'Note: javascript:void(0) links',
					'url'  => '',
				)
			),
		);
		foreach ( $hits as $hit ) {
			$this->assertSame( array( 204, '' ), $this->collect( $hit ) );
		}
		$lines = $this->lines();
		$this->assertSame( array( 'HTTPS://News.Example/item?id=1', '', '', '', '', '', '' ), array_column( $lines, 'r' ) );
		$this->assertSame( array( 'url' => 'http://other.example/x' ), $lines[2]['ep'] );
		$this->assertSame( array( 'title' => 'Data: a primer, part 2' ), $lines[4]['ep'] );
		$this->assertSame(
			array(
				'note' => 'Note: javascript:void(0) links',
				'url'  => '',
			),
			$lines[6]['ep']
		);
	}

	/**
	 * The REST fallback answers the same refusal as a 400 with its code and the reason.
	 */
	public function test_rest_fallback_refuses_with_a_code() {
		$request = new \WP_REST_Request( 'POST', '/monsterinsights-reports/v1/collect' );
		$request->set_header( 'User-Agent', self::CHROME );
		$request->set_body(
			(string) wp_json_encode(
				array(
					't'  => 'event',
					'p'  => '/',
					'en' => 'affiliate_click',
					'ep' => array( 'url' => 'javascript:alert(1)' ),
				)
			)
		);
		$response = rest_do_request( $request );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'monsterinsights_reports_invalid_hit', $response->get_data()['code'] );
		$this->assertStringContainsString( 'malformed_url', $response->get_data()['message'] );
	}
}
