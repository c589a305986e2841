<?php
/**
 * The builtin tables and their migrations.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Activation (run when the test site was installed) created every table with the indexes the
 * queries need; migrating again changes nothing.
 */
class SchemaTest extends TestCase {

	/**
	 * The indexes of each table: name => columns.
	 */
	private const INDEXES = array(
		'paths'              => array(
			'PRIMARY'   => 'id',
			'hash'      => 'hash',
			'object_id' => 'object_id',
		),
		'sources'            => array(
			'PRIMARY' => 'id',
			'hash'    => 'hash',
		),
		'campaigns'          => array(
			'PRIMARY' => 'id',
			'hash'    => 'hash',
			'name'    => 'name',
		),
		'user_agents'        => array(
			'PRIMARY' => 'id',
			'hash'    => 'hash',
		),
		'links'              => array(
			'PRIMARY' => 'id',
			'hash'    => 'hash',
		),
		'sessions'           => array(
			'PRIMARY' => 'id',
			'visitor' => 'visitor',
			'day'     => 'day',
		),
		'session_next'       => array(
			'PRIMARY'      => 'session_id',
			'visitor_next' => 'visitor_next',
		),
		'pageviews'          => array(
			'PRIMARY' => 'day,id',
			'id'      => 'id',
		),
		'events'             => array(
			'PRIMARY' => 'day,id',
			'id'      => 'id',
		),
		'cursors'            => array( 'PRIMARY' => 'file' ),
		'rollup_site'        => array( 'PRIMARY' => 'day' ),
		'rollup_hours'       => array( 'PRIMARY' => 'day,hour' ),
		'rollup_pages'       => array(
			'PRIMARY'  => 'day,path_id',
			'path_day' => 'path_id,day',
		),
		'rollup_sources'     => array( 'PRIMARY' => 'day,source_id,medium,channel' ),
		'rollup_campaigns'   => array( 'PRIMARY' => 'day,campaign_id' ),
		'rollup_countries'   => array( 'PRIMARY' => 'day,country' ),
		'rollup_regions'     => array( 'PRIMARY' => 'day,country,region' ),
		'rollup_devices'     => array( 'PRIMARY' => 'day,device_category,browser,os' ),
		'rollup_events'      => array( 'PRIMARY' => 'day,name' ),
		'rollup_roles'       => array( 'PRIMARY' => 'day,role' ),
		'rollup_pages_m'     => array(
			'PRIMARY'  => 'day,path_id',
			'path_day' => 'path_id,day',
		),
		'rollup_sources_m'   => array( 'PRIMARY' => 'day,source_id,medium,channel' ),
		'rollup_campaigns_m' => array( 'PRIMARY' => 'day,campaign_id' ),
		'rollup_countries_m' => array( 'PRIMARY' => 'day,country' ),
		'rollup_regions_m'   => array( 'PRIMARY' => 'day,country,region' ),
		'rollup_devices_m'   => array( 'PRIMARY' => 'day,device_category,browser,os' ),
		'rollup_links'       => array( 'PRIMARY' => 'day,kind,link_id' ),
		'rollup_scroll'      => array( 'PRIMARY' => 'day' ),
		'exceptions'         => array(
			'PRIMARY'    => 'id',
			'day'        => 'day',
			'series_day' => 'series_hash,day',
		),
		'rollup_forms'       => array( 'PRIMARY' => 'day,form,source_id,medium,campaign_id' ),
		'rollup_forms_m'     => array( 'PRIMARY' => 'day,form,source_id,medium,campaign_id' ),
		'rollup_media'       => array( 'PRIMARY' => 'day,title' ),
		'rollup_media_m'     => array( 'PRIMARY' => 'day,title' ),
		'rollup_vitals'      => array( 'PRIMARY' => 'day,device_category,metric,value' ),
		'rollup_vitals_m'    => array( 'PRIMARY' => 'day,device_category,metric,value' ),
		'rt_minutes'         => array( 'PRIMARY' => 'kind,minute,ghash' ),
		'rt_sessions'        => array(
			'PRIMARY' => 'session_id',
			'visitor' => 'visitor',
			'last_ts' => 'last_ts',
		),
		'shop_orders'        => array(
			'PRIMARY'      => 'id',
			'shop_order'   => 'shop,order_id',
			'day'          => 'day',
			'visitor'      => 'visitor',
			'visitor_prev' => 'visitor_prev',
			'paid'         => 'shop,cancelled,day,paid_at',
		),
		'shop_order_items'   => array(
			'PRIMARY'    => 'id',
			'order_item' => 'order_ref,item_id',
			'product_id' => 'product_id',
		),
		'shop_order_coupons' => array( 'PRIMARY' => 'order_ref,code' ),
		'shop_events'        => array(
			'PRIMARY' => 'day,id',
			'id'      => 'id',
			'visitor' => 'visitor',
		),
		'rollup_shop_events' => array( 'PRIMARY' => 'day,type,product_id' ),
		'shop_order_steps'   => array( 'PRIMARY' => 'order_ref,seq' ),
		'rollup_shop_days'   => array( 'PRIMARY' => 'day' ),
		'rollup_shop_funnel' => array( 'PRIMARY' => 'day,channel,country' ),
		'rollup_shop_items'  => array( 'PRIMARY' => 'day,name' ),
		'rollup_shop_orders' => array(
			'PRIMARY'  => 'id',
			'day_dims' => 'day,dims',
		),
	);

	/**
	 * Unique indexes (besides the primary keys).
	 */
	private const UNIQUE = array( 'paths.hash', 'sources.hash', 'campaigns.hash', 'user_agents.hash', 'links.hash', 'exceptions.series_day', 'shop_orders.shop_order', 'shop_order_items.order_item' );

	/**
	 * Every table exists, per site prefix, with exactly the expected indexes.
	 */
	public function test_tables_and_indexes() {
		global $wpdb;
		$this->assertSame( array_keys( self::INDEXES ), Tables::TABLES );
		foreach ( self::INDEXES as $table => $expected ) {
			$this->assertSame( $wpdb->prefix . 'mir_' . $table, Tables::table( $table ) );
			$indexes = array();
			$unique  = array();
			foreach ( Db::rows( 'SHOW INDEX FROM {' . $table . '}' ) as $row ) {
				$name               = (string) $row['Key_name'];
				$indexes[ $name ][] = (string) $row['Column_name'];
				if ( 'PRIMARY' !== $name && '0' === (string) $row['Non_unique'] ) {
					$unique[] = $table . '.' . $name;
				}
			}
			$indexes = array_map( static fn( array $columns ): string => implode( ',', $columns ), $indexes );
			ksort( $indexes );
			ksort( $expected );
			$this->assertSame( $expected, $indexes, $table );
			foreach ( $unique as $index ) {
				$this->assertContains( $index, self::UNIQUE );
			}
		}
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
	}

	/**
	 * Migrating again issues no CREATE, ALTER or DROP and keeps the version.
	 */
	public function test_migrating_again_changes_nothing() {
		$ddl = array();
		add_filter(
			'query',
			static function ( $query ) use ( &$ddl ) {
				if ( preg_match( '/^\s*(CREATE|ALTER|DROP)\b/i', (string) $query ) ) {
					$ddl[] = $query;
				}
				return $query;
			},
			1
		);

		Migrations::migrate();
		update_option( Tables::VERSION_OPTION, 0 );
		$this->assertTrue( Tables::needs_migration() );
		Migrations::maybe_migrate();

		$this->assertSame( array(), $ddl );
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertFalse( Tables::needs_migration() );
	}

	/**
	 * The statements are in dbDelta's format, one per table, with the site's charset.
	 */
	public function test_definitions_are_for_dbdelta() {
		global $wpdb;
		$definitions = Tables::definitions();
		$this->assertCount( count( Tables::TABLES ), $definitions );
		foreach ( $definitions as $sql ) {
			$this->assertMatchesRegularExpression( '/^CREATE TABLE ' . preg_quote( $wpdb->prefix, '/' ) . 'mir_\w+ \(\n/', $sql );
			$this->assertStringContainsString( 'PRIMARY KEY  (', $sql );
			$this->assertStringEndsWith( $wpdb->get_charset_collate() . ';', $sql );
		}
	}

	/**
	 * An unknown table name is refused.
	 */
	public function test_unknown_table() {
		$this->expectException( \InvalidArgumentException::class );
		Tables::table( 'users' );
	}
}
