<?php
/**
 * The Country report's regions: with a city-level database, and without one.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Geo;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Tracking\TinyMmdb;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Berlin time, 10–12 March 2025, one page view a visitor (every session a bounce):
 * DE: a Bavaria (10th), b Bavaria (11th), c Berlin (10th); US: d Texas (12th), e unknown (12th);
 * FR: f unknown (11th). So DE 3 sessions (Bavaria 2, Berlin 1), US 2 ((not set) 1, Texas 1),
 * FR 1 ((not set) 1).
 */
class CountryRegionsTest extends BuiltinTestCase {

	/**
	 * The test's database files.
	 *
	 * @var string[]
	 */
	private array $mmdbs = array();

	/**
	 * Aggregates the script; the builtin source; a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$hit = static fn( string $visitor, string $day, string $cc, string $region ): string => Hits::pageview(
			$visitor,
			$day . ' 12:00:00',
			'/',
			array(
				'cc' => $cc,
				'rg' => $region,
			)
		);
		$this->aggregate(
			array(
				$hit( 'a', '2025-03-10', 'DE', 'Bavaria' ),
				$hit( 'b', '2025-03-11', 'DE', 'Bavaria' ),
				$hit( 'c', '2025-03-10', 'DE', 'Berlin' ),
				$hit( 'd', '2025-03-12', 'US', 'Texas' ),
				$hit( 'e', '2025-03-12', 'US', '' ),
				$hit( 'f', '2025-03-11', 'FR', '' ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
		$this->with_report();
	}

	/**
	 * Removes the database files.
	 */
	protected function tear_down() {
		foreach ( $this->mmdbs as $file ) {
			wp_delete_file( $file );
		}
		global $wp_rest_server;
		\MonsterInsights\Reports\Plugin::instance()->reports()->reset();
		$wp_rest_server = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Back to the registry's routes.
		parent::tear_down();
	}

	/**
	 * The countries route even while the registry does not list it yet (its screen comes separately).
	 */
	private function with_report(): void {
		global $wp_rest_server;
		add_filter( 'monsterinsights_reports_reports', static fn( array $all ): array => array_merge( $all, array( new \MonsterInsights\Reports\Reports\CountriesReport() ) ) );
		\MonsterInsights\Reports\Plugin::instance()->reports()->reset();
		$wp_rest_server = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A fresh server registers the routes again.
	}

	/**
	 * Configures a database of a type.
	 *
	 * @param string $type Its database type.
	 */
	private function use_database( string $type ): string {
		$file          = wp_tempnam( 'mir-mmdb' );
		$this->mmdbs[] = $file;
		TinyMmdb::write(
			$file,
			array(
				'203.0.113.7' => array(
					'country'      => array( 'iso_code' => 'DE' ),
					'subdivisions' => array( array( 'names' => array( 'en' => 'Bavaria' ) ) ),
					'city'         => array( 'names' => array( 'en' => 'Munich' ) ),
				),
			),
			$type
		);
		update_option( Settings::OPTION, array( 'country_mmdb' => $file ) + Settings::get() );
		return $file;
	}

	/**
	 * The report's payload.
	 *
	 * @return array<string, mixed>
	 */
	private function report(): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/countries', self::REPORT_RANGE );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		return $data;
	}

	/**
	 * A row's name, sessions and bounce rate, children likewise.
	 *
	 * @param array<string, mixed> $row A row.
	 * @return array<int|string, mixed>
	 */
	private static function brief( array $row ): array {
		$out = array( $row['name'], (int) $row['sessions'], (float) $row['bounceRate'] );
		if ( isset( $row['children'] ) ) {
			$out['children'] = array_map( array( self::class, 'brief' ), $row['children'] );
		}
		return $out;
	}

	/**
	 * The collector reads regions from a city database (the tiny one plays it).
	 */
	public function test_geo_reads_the_region_of_a_city_database(): void {
		$file = $this->use_database( 'Tiny-City' );
		$geo  = new Geo( $file, '' );
		$this->assertTrue( $geo->has_regions() );
		$this->assertSame(
			array(
				'cc' => 'DE',
				'rg' => 'Bavaria',
				'ci' => 'Munich',
			),
			$geo->locate( '203.0.113.7', array() )
		);
		$this->assertFalse( ( new Geo( $this->use_database( 'Tiny-Country' ), '' ) )->has_regions() );
	}

	/**
	 * With a city database: each country's regions, most sessions first; the CSV lists them after
	 * their country.
	 */
	public function test_regions_with_a_city_database(): void {
		$this->use_database( 'Tiny-City' );
		$data = $this->report();
		$this->assertTrue( $data['regions']['available'] );
		$this->assertSame(
			array(
				array(
					'Germany',
					3,
					100.0,
					'children' => array( array( 'Bavaria', 2, 100.0 ), array( 'Berlin', 1, 100.0 ) ),
				),
				array(
					'United States',
					2,
					100.0,
					'children' => array( array( '(not set)', 1, 100.0 ), array( 'Texas', 1, 100.0 ) ),
				),
				array(
					'France',
					1,
					100.0,
					'children' => array( array( '(not set)', 1, 100.0 ) ),
				),
			),
			array_map( array( self::class, 'brief' ), $data['countries']['rows'] )
		);

		$csv = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/countries/tables/countries/csv', self::REPORT_RANGE );
		$this->assertInstanceOf( CsvResponse::class, $csv );
		$this->assertSame(
			// No shop: no Purchases column.
			array( 'Germany,3,0,100', 'Bavaria,2,0,100', 'Berlin,1,0,100', '"United States",2,0,100', '"(not set)",1,0,100', 'Texas,1,0,100', 'France,1,0,100', '"(not set)",1,0,100' ),
			array_slice( explode( "\n", trim( $csv->to_csv() ) ), 1 )
		);
	}

	/**
	 * Without one (none, or a country-level database): no regions, and the payload says why.
	 */
	public function test_no_regions_without_a_city_database(): void {
		$data = $this->report();
		$this->assertFalse( $data['regions']['available'] );
		$this->assertSame( array( array( 'Germany', 3, 100.0 ), array( 'United States', 2, 100.0 ), array( 'France', 1, 100.0 ) ), array_map( array( self::class, 'brief' ), $data['countries']['rows'] ) );

		$this->use_database( 'Tiny-Country' );
		BuiltinSource::bump_data_version();
		$this->assertFalse( $this->report()['regions']['available'] );
	}

	/**
	 * The upgrade to version 4 computes the regions of the days that still have raw rows.
	 */
	public function test_upgrade_computes_regions(): void {
		Db::query( 'DELETE FROM {rollup_regions} WHERE day >= %s', array( '2000-01-01' ) );
		Db::query( 'DELETE FROM {rollup_regions_m} WHERE day >= %s', array( '2000-01-01' ) );
		update_option( Tables::VERSION_OPTION, 3, false );
		Migrations::migrate();
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertSame( 6, (int) Db::value( 'SELECT SUM(sessions) FROM {rollup_regions} WHERE day >= %s', array( '2000-01-01' ) ) );
		$this->assertSame( 2, (int) Db::value( 'SELECT sessions FROM {rollup_regions_m} WHERE country = %s AND region = %s', array( 'DE', 'Bavaria' ) ) );
	}
}
