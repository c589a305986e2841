<?php
/**
 * Users across UTC midnight: the visitor key's salt follows the site's days.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * In New York (UTC−4 in March 2025), 23:30 UTC and 01:30 UTC the next day are 19:30 and 21:30 of
 * one local day: one visitor, two sessions, one user — through the collector, the aggregator and
 * the overview report.
 */
class DayBoundaryUsersTest extends BuiltinTestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

	/**
	 * The collector's data dir.
	 *
	 * @var string
	 */
	private string $dir = '';

	/**
	 * New York time, a data dir.
	 */
	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', 'America/New_York' );
		$this->dir = $this->scratch_dir();
	}

	/**
	 * Removes the data dir.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Unix time of a UTC moment.
	 *
	 * @param string $moment E.g. 2025-03-12 23:30:00.
	 */
	private static function utc( string $moment ): int {
		return (int) ( new \DateTimeImmutable( $moment, new \DateTimeZone( 'UTC' ) ) )->format( 'U' );
	}

	/**
	 * Sends a page view through the collector as WordPress configures it.
	 *
	 * @param int    $now  Unix time.
	 * @param string $path The page.
	 */
	private function hit( int $now, string $path ): void {
		$collector = new Collector( ConfigFile::build(), new Buffer( $this->dir ) );
		$status    = $collector->handle(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => '203.0.113.77',
				'HTTP_USER_AGENT'     => self::CHROME,
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
			),
			(string) wp_json_encode(
				array(
					't' => 'pageview',
					'p' => $path,
				)
			),
			(float) $now
		);
		$this->assertSame( 204, $status, $collector->reason() );
	}

	/**
	 * The hit lines the collector wrote, as written.
	 *
	 * @return string[]
	 */
	private function raw_lines(): array {
		$text = (string) file_get_contents( ( new Buffer( $this->dir ) )->path() );
		return array_values( array_filter( explode( "\n", $text ), static fn( string $line ): bool => str_starts_with( $line, '{' ) ) );
	}

	/**
	 * The config carries the site's zone.
	 */
	public function test_config_carries_the_timezone() {
		$this->assertSame( 'America/New_York', ConfigFile::build()->timezone );
	}

	/**
	 * One user for the local day, two sessions.
	 */
	public function test_visitor_across_utc_midnight_is_one_user_of_the_local_day() {
		$this->hit( self::utc( '2025-03-12 23:30:00' ), '/' );
		$this->hit( self::utc( '2025-03-13 01:30:00' ), '/pricing/' );

		$lines = $this->raw_lines();
		$this->assertCount( 2, $lines );

		$this->aggregate( $lines );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/overview',
			array(
				'start' => '2025-03-12',
				'end'   => '2025-03-12',
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$box = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true )['infobox'];
		$this->assertEquals( 2, $box['sessions']['value'] );
		$this->assertEquals( 1, $box['totalusers']['value'] );

		$first  = json_decode( $lines[0], true );
		$second = json_decode( $lines[1], true );
		$this->assertSame( $first['vk'], $second['vk'], 'one salt for the local day' );
		$this->assertSame( array( '2025-03-12' ), ( new Salts( $this->dir, 'America/New_York' ) )->days() );
	}

	/**
	 * The salt changes at the local midnight, and the next day's hits carry the previous key.
	 */
	public function test_salt_changes_at_local_midnight() {
		$this->hit( self::utc( '2025-03-13 03:59:00' ), '/' ); // 23:59 on the 12th in New York.
		$this->hit( self::utc( '2025-03-13 04:01:00' ), '/' ); // 00:01 on the 13th.
		$this->hit( self::utc( '2025-03-14 03:59:00' ), '/' ); // 23:59 on the 13th.
		list( $late, $early, $next ) = array_map( static fn( string $line ) => json_decode( $line, true ), $this->raw_lines() );
		$this->assertNotSame( $late['vk'], $early['vk'] );
		$this->assertSame( $late['vk'], $early['vkp'] );
		$this->assertSame( $early['vk'], $next['vk'] );
		$this->assertSame( array( '2025-03-12', '2025-03-13' ), ( new Salts( $this->dir, 'America/New_York' ) )->days() );

		// Kept 48 hours at most: from the 14th on, the 12th's salt is gone.
		( new Salts( $this->dir, 'America/New_York' ) )->prune( self::utc( '2025-03-14 04:00:00' ) );
		$this->assertSame( array( '2025-03-13' ), ( new Salts( $this->dir, 'America/New_York' ) )->days() );
	}
}
