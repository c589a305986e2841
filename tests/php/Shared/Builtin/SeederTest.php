<?php
/**
 * The demo traffic seeder.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Sources\Builtin\Demo\Visits;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Traffic goes through the collector into the buffer, aggregation turns it into believable
 * reports, and the same seed gives the same numbers.
 */
class SeederTest extends BuiltinTestCase {

	/**
	 * Starts from an empty buffer in the site's data folder.
	 */
	protected function set_up() {
		parent::set_up();
		$this->empty_data_dir();
	}

	/**
	 * Leaves no buffer behind for other tests.
	 */
	protected function tear_down() {
		$this->empty_data_dir();
		parent::tear_down();
	}

	/**
	 * Deletes the live and claimed buffers of the site.
	 */
	private function empty_data_dir(): void {
		$dir = DataDir::ensure();
		$this->assertNotNull( $dir );
		foreach ( array_merge( array( $dir . '/' . Buffer::FILE ), (array) glob( $dir . '/claimed-*.php' ) ) as $file ) {
			if ( ! is_file( (string) $file ) ) {
				continue;
			}
			unlink( (string) $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
		}
	}

	/**
	 * The rollups, by table, in a stable order.
	 *
	 * @return array<string, array<int, array<string, string|null>>>
	 */
	private function rollups(): array {
		$out = array();
		// Rollups keyed by lookup ids are left out: ids grow across runs.
		foreach ( array( 'rollup_site', 'rollup_hours', 'rollup_countries', 'rollup_devices', 'rollup_events' ) as $table ) {
			$rows = Db::rows( 'SELECT * FROM {' . $table . '}' );
			usort( $rows, static fn( $a, $b ) => strcmp( (string) wp_json_encode( $a ), (string) wp_json_encode( $b ) ) );
			$out[ $table ] = $rows;
		}
		return $out;
	}

	/**
	 * Seeding sends hits through the collector and nothing reaches the tables before aggregation.
	 */
	public function test_hits_go_through_the_collector_into_the_buffer(): void {
		$dir       = (string) DataDir::ensure();
		$collector = Seeder::collector( \MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile::build(), new \MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer( $dir ) );
		$stats     = ( new Visits( $collector, 5 ) )->run( 2, new \DateTimeImmutable( 'today', wp_timezone() ), time() );

		$this->assertGreaterThan( 0, $stats['hits'] );
		$this->assertSame( 0, $stats['refused'] );
		$lines = file( $dir . '/' . Buffer::FILE, FILE_IGNORE_NEW_LINES );
		$this->assertIsArray( $lines );
		$this->assertSame( '<?php exit; ?>', array_shift( $lines ) );
		$this->assertCount( $stats['hits'], $lines );
		$hit = json_decode( (string) $lines[0], true );
		$this->assertSame( 1, $hit['v'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $hit['vk'] );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
	}

	/**
	 * After aggregation the sessions and the mix are what was sent.
	 */
	public function test_seeded_traffic_is_believable(): void {
		$stats = Seeder::seed_current_site( 14, 3 );
		$this->assertSame( $stats['hits'], $stats['stored'], 'every hit sent is stored' );
		$this->assertSame( (string) $stats['sessions'], Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' ) );
		$this->assertGreaterThanOrEqual( 14, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' ), 'a row for every day' );

		$channels = Db::col( 'SELECT DISTINCT channel FROM {rollup_sources}' );
		foreach ( array( 'Direct', 'Organic Search', 'Organic Social', 'Referral', 'Email', 'Paid Search', 'AI Assistants', 'Organic Video' ) as $channel ) {
			$this->assertContains( $channel, $channels );
		}
		$this->assertEqualsCanonicalizing( array( 'desktop', 'mobile', 'tablet' ), Db::col( 'SELECT DISTINCT device_category FROM {rollup_devices}' ) );
		$this->assertGreaterThanOrEqual( 10, count( Db::col( 'SELECT DISTINCT country FROM {rollup_countries}' ) ) );

		$site     = Db::rows( 'SELECT SUM(sessions) AS s, SUM(bounces) AS b, SUM(new_sessions) AS n FROM {rollup_site}' )[0];
		$bounce   = (int) $site['b'] / (int) $site['s'];
		$returned = 1 - (int) $site['n'] / (int) $site['s'];
		$this->assertGreaterThan( 0.2, $bounce );
		$this->assertLessThan( 0.8, $bounce );
		$this->assertGreaterThan( 0.02, $returned, 'some visitors come back the same day' );

		// Some page views are logged in, with every seeded role; most are not.
		$roles = array();
		foreach ( Db::rows( 'SELECT role, SUM(pageviews) AS views FROM {rollup_roles} GROUP BY role' ) as $row ) {
			$roles[ (string) $row['role'] ] = (int) $row['views'];
		}
		$this->assertEqualsCanonicalizing( array( '', 'subscriber', 'author', 'contributor', 'editor', '-' ), array_keys( $roles ) );
		$this->assertSame( (int) Db::value( 'SELECT SUM(pageviews) FROM {rollup_site}' ), array_sum( $roles ), 'every page view has its login state' );
		$this->assertGreaterThan( array_sum( $roles ) / 2, $roles[''] );

		// Core Web Vitals for every device category; every event carries TTFB, so its histograms
		// count the events; the Site Speed report has every field metric on both devices, phones
		// and tablets slower than desktops.
		$this->assertEqualsCanonicalizing( array( 'desktop', 'mobile', 'tablet' ), Db::col( 'SELECT DISTINCT device_category FROM {rollup_vitals}' ) );
		$this->assertEqualsCanonicalizing( array( 'cls', 'fcp', 'inp', 'lcp', 'ttfb' ), Db::col( 'SELECT DISTINCT metric FROM {rollup_vitals}' ) );
		$events = (int) Db::value( "SELECT COUNT(*) FROM {events} WHERE name = 'web_vitals'" );
		$this->assertSame( $events, (int) Db::value( "SELECT SUM(samples) FROM {rollup_vitals} WHERE metric = 'ttfb'" ) );
		$today  = new \DateTimeImmutable( 'today', wp_timezone() );
		$vitals = ( new BuiltinSource() )->vitals( new DateRange( $today->modify( '-20 days' ), $today ) );
		$this->assertSame( $events, $vitals['desktop']['samples'] + $vitals['mobile']['samples'] );
		foreach ( array( 'desktop', 'mobile' ) as $device ) {
			foreach ( array( 'lcp', 'fcp', 'ttfb', 'inp', 'cls' ) as $metric ) {
				$this->assertNotNull( $vitals[ $device ][ $metric ], "$device $metric" );
			}
		}
		$this->assertLessThan( $vitals['mobile']['lcp'], $vitals['desktop']['lcp'] );
	}

	/**
	 * The same seed gives the same reports; another seed other ones.
	 */
	public function test_the_same_seed_gives_the_same_traffic(): void {
		Seeder::seed_current_site( 5, 11 );
		$first = $this->rollups();
		foreach ( Tables::TABLES as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		Seeder::seed_current_site( 5, 11 );
		$this->assertSame( $first, $this->rollups() );

		foreach ( Tables::TABLES as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		Seeder::seed_current_site( 5, 12 );
		$this->assertNotSame( $first['rollup_site'], $this->rollups()['rollup_site'] );
	}
}
