<?php
/**
 * Browser, OS and device category of real user agents.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\UserAgentParser;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The ua-parser semantics over uap-core's regexes, and the device category rules.
 */
class UserAgentParserTest extends TestCase {

	/**
	 * Real user agents and what they are.
	 *
	 * @return array<string, array{0: string, 1: string, 2: string, 3: string, 4: string}>
	 */
	public function agents(): array {
		return array(
			'iPhone Safari'        => array( Hits::IPHONE_SAFARI, 'mobile', 'Mobile Safari', 'iOS', '17.4' ),
			'Android Chrome phone' => array( Hits::ANDROID_CHROME, 'mobile', 'Chrome Mobile', 'Android', '124.0' ),
			'iPad'                 => array( Hits::IPAD, 'tablet', 'Mobile Safari', 'iOS', '16.6' ),
			'Windows Chrome'       => array( Hits::WINDOWS_CHROME, 'desktop', 'Chrome', 'Windows', '124.0' ),
			'macOS Firefox'        => array( Hits::MAC_FIREFOX, 'desktop', 'Firefox', 'Mac OS X', '125.0' ),
			'Android tablet'       => array( 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'tablet', 'Chrome', 'Android', '124.0' ),
			'Kindle Silk'          => array( 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.2.1 like Chrome/124.0.6367.82 Safari/537.36', 'tablet', 'Amazon Silk', 'Android', '124.2' ),
			'Edge on Windows'      => array( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80', 'desktop', 'Edge', 'Windows', '124.0' ),
			'empty'                => array( '', 'desktop', 'Other', 'Other', '' ),
		);
	}

	/**
	 * Each agent's category, browser, OS and browser version.
	 *
	 * @dataProvider agents
	 * @param string $ua       The user agent.
	 * @param string $category Device category.
	 * @param string $browser  Browser family.
	 * @param string $os       OS family.
	 * @param string $version  Browser major.minor.
	 */
	public function test_parses( string $ua, string $category, string $browser, string $os, string $version ) {
		$parsed = UserAgentParser::parse( $ua );
		$this->assertSame(
			array( $category, $browser, $os, $version ),
			array( $parsed['device_category'], $parsed['browser'], $parsed['os'], $parsed['browser_version'] )
		);
	}

	/**
	 * Every uap-core regex compiles as a PCRE (none is left out).
	 */
	public function test_every_regex_compiles() {
		$file = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/uap-regexes.json';
		$this->assertFileExists( $file, 'Run: npm run build' );
		$data = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		$this->assertIsArray( $data );
		foreach ( array( 'user_agent_parsers', 'os_parsers', 'device_parsers' ) as $list ) {
			$this->assertGreaterThan( 100, count( $data[ $list ] ), $list );
			foreach ( $data[ $list ] as $entry ) {
				$flag    = $entry['regex_flag'] ?? '';
				$pattern = UserAgentParser::pattern( $entry['regex'], 'i' === $flag );
				$this->assertNotFalse( @preg_match( $pattern, '' ), $entry['regex'] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- The assertion reports it.
			}
		}
	}

	/**
	 * Replacements with $1 and the delimiter are handled.
	 */
	public function test_delimiter_is_escaped() {
		$this->assertSame( 1, preg_match( UserAgentParser::pattern( 'a~b', false ), 'xa~by' ) );
		$this->assertSame( 1, preg_match( UserAgentParser::pattern( 'a\\~b', false ), 'xa~by' ) );
		$this->assertSame( 1, preg_match( UserAgentParser::pattern( 'ABC', true ), 'abc' ) );
	}

	/**
	 * The aggregator parses each distinct user agent once: the lookup table holds one row each.
	 */
	public function test_each_agent_is_stored_once() {
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		$first  = \MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups::user_agents( array( Hits::IPAD, Hits::MAC_FIREFOX ) );
		$second = \MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups::user_agents( array( Hits::MAC_FIREFOX, Hits::IPAD ) );

		$this->assertSame( $first[ Hits::IPAD ], $second[ Hits::IPAD ] );
		$this->assertSame( $first[ Hits::MAC_FIREFOX ], $second[ Hits::MAC_FIREFOX ] );
		$this->assertSame( 'tablet', \MonsterInsights\Reports\Sources\Builtin\Storage\Db::value( 'SELECT device_category FROM {user_agents} WHERE id = %d', array( $first[ Hits::IPAD ] ) ) );
	}
}
