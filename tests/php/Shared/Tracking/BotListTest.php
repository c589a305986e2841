<?php
/**
 * The bot test of the collector: isbot's pattern, compiled at build time, with its pre-filter.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\BotList;
use MonsterInsights\Reports\Sources\Builtin\Demo\Mix;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * The answers are isbot's own, for every crawler and browser user agent at hand, and the pre-filter
 * changes none of them.
 */
class BotListTest extends TestCase {

	/**
	 * The compiled list.
	 */
	private const FILE = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php';

	/**
	 * The bot list of the build.
	 */
	private static function bots(): BotList {
		return new BotList( self::FILE );
	}

	/**
	 * Every user agent of the corpus: crawler-user-agents' examples (bots, and a few in-app
	 * browsers isbot counts as people), the browsers of tests/php/Support/Tracking/browsers.txt and
	 * the seeder's.
	 *
	 * @return string[]
	 */
	private static function corpus(): array {
		$agents = array();
		$list   = json_decode( (string) file_get_contents( MONSTERINSIGHTS_REPORTS_DIR . 'node_modules/crawler-user-agents/crawler-user-agents.json' ), true );
		foreach ( (array) $list as $entry ) {
			foreach ( (array) ( $entry['instances'] ?? array() ) as $instance ) {
				$agents[] = (string) $instance;
			}
		}
		foreach ( (array) file( dirname( __DIR__, 2 ) . '/Support/Tracking/browsers.txt', FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) as $line ) {
			$agents[] = (string) $line;
		}
		foreach ( ( new \ReflectionClassConstant( Mix::class, 'USER_AGENTS' ) )->getValue() as $group ) {
			foreach ( (array) $group as $agent ) {
				$agents[] = (string) $agent;
			}
		}
		return array_values( array_unique( $agents ) );
	}

	/**
	 * The list is the build's, not the fallback.
	 */
	public function test_the_build_compiled_isbot() {
		$this->assertFileExists( self::FILE, 'npm run build writes it' );
		$package = json_decode( (string) file_get_contents( MONSTERINSIGHTS_REPORTS_DIR . 'node_modules/isbot/package.json' ), true );
		$this->assertSame( $package['version'], self::bots()->version() );
		$data = include self::FILE;
		$this->assertStringEndsWith( '~i', $data['full'], 'case-insensitive' );
		$this->assertStringEndsWith( '~i', $data['fast'], 'case-insensitive' );
	}

	/**
	 * Case does not matter.
	 *
	 * @dataProvider bots_in_any_case
	 *
	 * @param string $agent A bot's user agent.
	 */
	public function test_bots_in_any_case( string $agent ) {
		$this->assertTrue( self::bots()->is_bot( $agent ) );
		$this->assertTrue( self::bots()->matches( $agent ) );
	}

	/**
	 * Bots.
	 *
	 * @return array<string, array{string}>
	 */
	public function bots_in_any_case(): array {
		return array(
			'upper case'            => array( 'GOOGLEBOT/2.1' ),
			'lower case'            => array( 'googlebot' ),
			'Googlebot'             => array( 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' ),
			'AdSense'               => array( 'Mediapartners-Google' ),
			'curl'                  => array( 'curl/8.5.0' ),
			'headless Chrome'       => array( 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36' ),
			'python in upper case'  => array( 'PYTHON-REQUESTS/2.32.3' ),
			'ending in a semicolon' => array( 'Opera/9.80 (Windows NT 6.1; U; en;' ),
		);
	}

	/**
	 * Browsers are not bots.
	 */
	public function test_browsers_are_not_bots() {
		foreach ( (array) file( dirname( __DIR__, 2 ) . '/Support/Tracking/browsers.txt', FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) as $agent ) {
			$this->assertFalse( self::bots()->is_bot( (string) $agent ), (string) $agent );
		}
	}

	/**
	 * The pre-filter then the pattern answer what the pattern alone answers, on the whole corpus;
	 * and the pre-filter sends nearly every browser away without the whole pattern.
	 */
	public function test_pre_filter_changes_no_answer() {
		$bots   = self::bots();
		$data   = include self::FILE;
		$gated  = 0;
		$agents = self::corpus();
		$this->assertGreaterThan( 2000, count( $agents ) );
		foreach ( $agents as $agent ) {
			$this->assertSame( $bots->matches_full_pattern( $agent ), $bots->matches( $agent ), $agent );
			if ( 1 === preg_match( $data['fast'], $agent, $match ) && isset( $match['MARK'] ) && ! $bots->matches_full_pattern( $agent ) ) {
				++$gated;
			}
		}
		// Browsers whose gate opened but the pattern did not match: the pre-filter's only waste.
		$this->assertLessThan( 20, $gated );
	}

	/**
	 * PHP answers what isbot answers in JavaScript, for every user agent of the corpus (the pattern
	 * is translated from JavaScript's syntax to PCRE's).
	 */
	public function test_same_answers_as_isbot_in_javascript() {
		$agents  = self::corpus();
		$script  = 'const { isbot } = require( "isbot" ); let input = ""; process.stdin.on( "data", ( d ) => ( input += d ) ); process.stdin.on( "end", () => process.stdout.write( JSON.stringify( JSON.parse( input ).map( ( ua ) => isbot( ua ) ) ) ) );';
		$process = proc_open( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- Asks isbot itself, in Node.
			array( 'node', '-e', $script ),
			array(
				0 => array( 'pipe', 'r' ),
				1 => array( 'pipe', 'w' ),
				2 => array( 'pipe', 'w' ),
			),
			$pipes,
			MONSTERINSIGHTS_REPORTS_DIR
		);
		$this->assertIsResource( $process );
		fwrite( $pipes[0], (string) wp_json_encode( $agents ) );
		fclose( $pipes[0] );
		$output = (string) stream_get_contents( $pipes[1] );
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		$this->assertSame( 0, proc_close( $process ) );
		$expected = json_decode( $output, true );
		$this->assertIsArray( $expected );
		$this->assertCount( count( $agents ), $expected );
		$bots = self::bots();
		foreach ( $agents as $i => $agent ) {
			$this->assertSame( $expected[ $i ], $bots->matches( $agent ), $agent );
		}
	}

	/**
	 * A missing list falls back to a short pattern rather than letting every bot in.
	 */
	public function test_missing_list_falls_back() {
		$bots = new BotList( '/nonexistent/bots.php' );
		$this->assertSame( '', $bots->version() );
		$this->assertTrue( $bots->is_bot( 'SomeCrawler/1.0' ) );
		$this->assertFalse( $bots->is_bot( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' ) );
	}
}
