<?php
/**
 * The shop (Settings\Shop) and the eCommerce columns of the traffic and country tables.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Neither WooCommerce nor Easy Digital Downloads is loaded in this suite, so the real detection
 * finds no shop. A shop is faked only through the `monsterinsights_reports_shop` filter, which
 * sees the detected value (null here) and may replace it; nothing is installed. The real plugins
 * are tested end to end (tests/e2e/specs/shop.spec.ts, WooCommerce 9.4 on the e2e site).
 *
 * Two visits on 10 March 2025 (Berlin): a from www.facebook.com (DE), b direct (US).
 */
class ShopColumnsTest extends BuiltinTestCase {

	use FakeShop;

	/**
	 * A shop selling in euros, as WooCommerce describes one (an HTML entity for the symbol).
	 */
	private const EURO_SHOP = array(
		'platform' => 'woocommerce',
		'currency' => array(
			'code'     => 'EUR',
			'symbol'   => '&euro;',
			'decimals' => 2,
			'position' => 'right_space',
		),
	);

	/**
	 * The tables that have eCommerce columns: report, table, its columns without a shop, with one.
	 */
	private const TABLES = array(
		array( 'traffic_overview', 'channels', array( 'channel', 'sessions', 'engaged_sessions', 'pages_per_sessions' ), array( 'channel', 'sessions', 'engaged_sessions', 'pages_per_sessions', 'purchases', 'conversion_rate', 'revenue' ) ),
		array( 'traffic_landing_pages', 'landing_pages', array( 'landing_page', 'sessions', 'engaged_sessions', 'pages_per_sessions' ), array( 'landing_page', 'sessions', 'engaged_sessions', 'pages_per_sessions', 'purchases', 'conversion_rate', 'revenue' ) ),
		array( 'traffic_source_medium', 'source_medium', array( 'source_medium', 'sessions', 'engaged_sessions', 'pages_per_sessions' ), array( 'source_medium', 'sessions', 'engaged_sessions', 'pages_per_sessions', 'purchases', 'conversion_rate', 'revenue' ) ),
		array( 'traffic_social', 'social', array( 'network', 'sessions', 'engaged_sessions', 'bounce_rate' ), array( 'network', 'sessions', 'engaged_sessions', 'bounce_rate', 'purchases', 'revenue', 'conversion_rate' ) ),
		array( 'countries', 'countries', array( 'name', 'sessions', 'engagedSessions', 'bounceRate' ), array( 'name', 'sessions', 'engagedSessions', 'bounceRate', 'purchases' ) ),
	);

	/**
	 * Aggregates two visits; the builtin source, an administrator with a plus licence.
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
						'r'  => 'https://www.facebook.com/',
						'cc' => 'DE',
					)
				),
				Hits::pageview( 'b', '2025-03-10 10:00:00', '/about/', array( 'cc' => 'US' ) ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
	}

	/**
	 * A table's CSV header line.
	 *
	 * @param string $name  Report.
	 * @param string $table Table.
	 */
	private function csv_header( string $name, string $table ): string {
		$csv = $this->rest( 'GET', "/monsterinsights-reports/v1/reports/{$name}/tables/{$table}/csv", self::REPORT_RANGE );
		$this->assertInstanceOf( CsvResponse::class, $csv );
		return trim( explode( "\n", ltrim( $csv->to_csv(), "\u{FEFF}" ) )[0] );
	}

	/**
	 * Without WooCommerce or Easy Digital Downloads there is no shop, even with the eCommerce module
	 * on; the boot data says null.
	 */
	public function test_no_shop_plugin_no_shop(): void {
		$this->assertSame( '', Shop::platform() );
		$this->assertNull( Shop::current() );
		Modules::set( 'woocommerce', true );
		$this->assertNull( Shop::current() );
		$this->assertFalse( Shop::active() );
		$this->assertNull( BootData::build( array( 'shop' ) )['shop'] );
	}

	/**
	 * Without a shop, every table with eCommerce columns leaves them out: its columns, the exact
	 * keys of every row (and of a country's regions) and its CSV header.
	 */
	public function test_no_shop_no_ecommerce_columns(): void {
		$this->fake_shop_as( null );
		foreach ( self::TABLES as list( $name, $table, $columns ) ) {
			$page = $this->report_payload( $name )[ $table ];
			$this->assertSame( $columns, array_column( $page['columns'], 'id' ), $name );
			$this->assertNotEmpty( $page['rows'], $name );
			foreach ( $page['rows'] as $row ) {
				$this->assertEqualsCanonicalizing( $columns, array_values( array_intersect( array_keys( $row ), $columns ) ), $name );
				$this->assertSame( array(), array_intersect( array_keys( $row ), array( 'purchases', 'conversion_rate', 'revenue' ) ), $name );
			}
			$this->assertStringNotContainsString( 'Purchases', $this->csv_header( $name, $table ), $name );
			$this->assertStringNotContainsString( 'Revenue', $this->csv_header( $name, $table ), $name );
		}
		$this->assertSame(
			array( 'channel', 'sessions', 'engaged_sessions', 'pages_per_sessions' ),
			array_keys( $this->report_payload( 'traffic_overview' )['channels']['rows'][0] )
		);
		$this->assertSame( 'Channel,Sessions,"Engaged Sessions","Pages / Session"', $this->csv_header( 'traffic_overview', 'channels' ) );
	}

	/**
	 * Sorting by a hidden column sorts by the table's default.
	 */
	public function test_sorting_by_a_hidden_column_sorts_by_the_default(): void {
		$this->fake_shop_as( null );
		$page = $this->report_payload(
			'traffic_overview',
			array(
				'orderby' => 'revenue',
				'order'   => 'asc',
			)
		)['channels'];
		$this->assertSame( 'sessions', $page['orderby'] );
	}

	/**
	 * With a shop, the tables carry their eCommerce columns, the money one typed money.
	 */
	public function test_with_a_shop_the_ecommerce_columns_show(): void {
		$this->fake_shop_as( self::EURO_SHOP );
		foreach ( self::TABLES as list( $name, $table, , $columns ) ) {
			$page = $this->report_payload( $name )[ $table ];
			$this->assertSame( $columns, array_column( $page['columns'], 'id' ), $name );
			foreach ( $page['rows'] as $row ) {
				$this->assertEqualsCanonicalizing( $columns, array_values( array_intersect( array_keys( $row ), $columns ) ), $name );
			}
			$this->assertStringContainsString( 'Purchases', $this->csv_header( $name, $table ), $name );
		}
		$channels = $this->report_payload( 'traffic_overview' )['channels'];
		$this->assertSame( 'money', array_column( $channels['columns'], 'type', 'id' )['revenue'] );
		$this->assertSame( 'Channel,Sessions,"Engaged Sessions","Pages / Session",Purchases,"Conversion Rate",Revenue', $this->csv_header( 'traffic_overview', 'channels' ) );
	}

	/**
	 * The shop is part of the report cache key: a payload cached without a shop is not served once
	 * there is one, and back.
	 */
	public function test_the_cache_follows_the_shop(): void {
		$this->fake_shop_as( null );
		$this->assertCount( 4, $this->report_payload( 'traffic_overview' )['channels']['columns'] );
		$this->fake_shop_as( self::EURO_SHOP );
		$this->assertCount( 7, $this->report_payload( 'traffic_overview' )['channels']['columns'] );
		$this->fake_shop_as( null );
		$this->assertCount( 4, $this->report_payload( 'traffic_overview' )['channels']['columns'] );
	}

	/**
	 * The boot data's shop: the platform and the currency, its symbol as text.
	 */
	public function test_boot_data_carries_the_shop(): void {
		$this->fake_shop_as( self::EURO_SHOP );
		$this->assertSame(
			array(
				'platform' => 'woocommerce',
				'currency' => array(
					'code'     => 'EUR',
					'symbol'   => '€',
					'decimals' => 2,
					'position' => 'right_space',
				),
			),
			BootData::build( array( 'shop' ) )['shop']
		);
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/boot', array( 'sections' => array( 'shop' ) ) );
		$this->assertSame( 200, $response->get_status() );
		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/boot' )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $response->get_data(), $schema, 'boot' ) );
		$this->assertSame( array( 'platform', 'currency' ), array_keys( $response->get_data()['shop'] ) );
		$this->assertSame( array( 'code', 'symbol', 'decimals', 'position' ), array_keys( $schema['properties']['shop']['properties']['currency']['properties'] ) );

		// The settings screen reads the shop again with ?sections=shop (src/store/app/shop.ts).
		$this->assertSame( array( 'shop' ), array_keys( $this->rest( 'GET', '/monsterinsights-reports/v1/boot', array( 'sections' => 'shop' ) )->get_data() ) );
	}

	/**
	 * What the filter gives is checked: an unknown platform or a code that is not a currency code
	 * is no shop; decimals are kept within 0–4, an unknown position is left, a missing symbol the
	 * code.
	 */
	public function test_a_filtered_shop_is_checked(): void {
		$this->fake_shop_as( array( 'platform' => 'shopify' ) + self::EURO_SHOP );
		$this->assertNull( Shop::current() );
		$this->fake_shop_as(
			array(
				'platform' => 'edd',
				'currency' => array( 'code' => 'euro' ),
			)
		);
		$this->assertNull( Shop::current() );
		$this->fake_shop_as(
			array(
				'platform' => 'edd',
				'currency' => array(
					'code'     => 'jpy',
					'symbol'   => '',
					'decimals' => 9,
					'position' => 'middle',
				),
			)
		);
		$this->assertSame(
			array(
				'platform' => 'edd',
				'currency' => array(
					'code'     => 'JPY',
					'symbol'   => 'JPY',
					'decimals' => 4,
					'position' => 'left',
				),
			),
			Shop::current()
		);
	}
}
