<?php
/**
 * The builtin source's tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

defined( 'ABSPATH' ) || exit;

/**
 * Table names (per site: they carry $wpdb->prefix), their definitions for dbDelta(), and the
 * version they are at; Aggregation\Migrations brings a site's tables to VERSION.
 *
 * Three kinds of table:
 * - lookups: paths, sources, campaigns, user_agents, links — one row per distinct value, unique hash/name;
 * - raw: sessions, pageviews, events — kept for the raw window (Compaction, 30 days by default);
 *   session_next holds the few sessions' second visitor key (a session that went on past the
 *   salt's midnight), so the sessions table carries no mostly-zero column and index for it;
 * - cursors: where the aggregation of each claimed buffer file stands (crash safety);
 * - rollups: rollup_* — one row per site-local day and key, recomputed from the raw tables for the
 *   days an aggregation touched, read by every unfiltered report, kept for ever (ROLLUPS, computed
 *   by Rollups; rollup_links and rollup_scroll, computed by LinkRollups with them; rollup_forms and
 *   rollup_media, computed by InteractionRollups with them; rollup_vitals, the Core Web Vitals'
 *   histograms, computed by VitalsRollups with them);
 * - exceptions: the days a daily series left its usual range (Exceptions\Runner), one row per
 *   series and day, kept when deleted (flagged) so detection never finds that day again;
 * - rt_minutes, rt_sessions: Real-Time's per-minute summaries of the last hours (RealtimeMinutes),
 *   written by the aggregation with the raw rows;
 * - shop: shop_orders (one row per order of a shop plugin, its figures and its attribution),
 *   shop_order_items, shop_order_coupons (the order's lines, by the order's row id), shop_events
 *   (product views, cart and checkout steps), written by Aggregation\Shop from the shop plugin's
 *   hooks, never from the browser. Money is DECIMAL, in the order's currency unless named _base;
 *   rollup_shop_events keeps, for the days whose shop events the retention deleted, their count and
 *   quantity by type and product (Retention::prune, read by Answers\ShopEventGroups);
 *   shop_order_steps, each order's journey (the pages of its visitor's sessions up to the order,
 *   Shop\Journeys), kept with the order, so the raw rows' compaction does not take it;
 *   rollup_shop_funnel, rollup_shop_items and rollup_shop_orders, the funnel's users, the paid
 *   order lines and the paid orders by each grouping the reports ask (Shop\OrderGroups) of each
 *   complete day, and rollup_shop_days, the days they hold (Shop\DayRollups).
 */
final class Tables {

	/**
	 * The schema version this code needs. Add a migration (Aggregation\Migrations) and bump it to
	 * change the schema.
	 */
	public const VERSION = 16;

	/**
	 * The option that stores the installed version, per site.
	 */
	public const VERSION_OPTION = 'monsterinsights_reports_db_version';

	/**
	 * Prefix of every table name, after $wpdb->prefix.
	 */
	public const PREFIX = 'mir_';

	/**
	 * Every table, in creation order.
	 */
	public const TABLES = array(
		'paths',
		'sources',
		'campaigns',
		'user_agents',
		'links',
		'sessions',
		'session_next',
		'pageviews',
		'events',
		'cursors',
		...self::ROLLUPS,
		'rollup_pages_m',
		'rollup_sources_m',
		'rollup_campaigns_m',
		'rollup_countries_m',
		'rollup_regions_m',
		'rollup_devices_m',
		'rollup_links',
		'rollup_scroll',
		'exceptions',
		'rollup_forms',
		'rollup_forms_m',
		'rollup_media',
		'rollup_media_m',
		'rollup_vitals',
		'rollup_vitals_m',
		'rt_minutes',
		'rt_sessions',
		'shop_orders',
		'shop_order_items',
		'shop_order_coupons',
		'shop_events',
		'rollup_shop_events',
		'shop_order_steps',
		'rollup_shop_days',
		'rollup_shop_funnel',
		'rollup_shop_items',
		'rollup_shop_orders',
	);

	/**
	 * The rollup tables that have a monthly twin (`<table>_m`: the same columns, `day` the first day
	 * of the month, each row the sum of the month's daily rows), by their key columns beside the day
	 * and their counters. A long range reads whole months from the twin (Rollups::from()).
	 */
	public const MONTHLY = array(
		'rollup_pages'     => array(
			'keys'     => array( 'path_id' ),
			'counters' => array( 'pageviews', 'visitors', 'entrances', 'entrance_visitors', 'bounces', 'engaged_sessions', 'duration_sum', 'exits', 'entrance_pageviews', 'new_entrances' ),
		),
		'rollup_sources'   => array(
			'keys'     => array( 'source_id', 'medium', 'channel' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_campaigns' => array(
			'keys'     => array( 'campaign_id' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_countries' => array(
			'keys'     => array( 'country' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_regions'   => array(
			'keys'     => array( 'country', 'region' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_devices'   => array(
			'keys'     => array( 'device_category', 'browser', 'os' ),
			'counters' => self::SESSION_COUNTERS,
		),
		'rollup_forms'     => array(
			'keys'     => array( 'form', 'source_id', 'medium', 'campaign_id' ),
			'counters' => array( 'impressions', 'conversions' ),
		),
		'rollup_media'     => array(
			'keys'     => array( 'title' ),
			'counters' => array( 'plays', 'watch_seconds', 'views', 'percent_sum', 'completions' ),
		),
		'rollup_vitals'    => array(
			'keys'     => array( 'device_category', 'metric', 'value' ),
			'counters' => array( 'samples' ),
		),
	);

	/**
	 * The session counters of the rollups by session attributes.
	 */
	public const SESSION_COUNTERS = array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum' );

	/**
	 * The rollup tables.
	 */
	public const ROLLUPS = array(
		'rollup_site',
		'rollup_hours',
		'rollup_pages',
		'rollup_sources',
		'rollup_campaigns',
		'rollup_countries',
		'rollup_regions',
		'rollup_devices',
		'rollup_events',
		'rollup_roles',
	);

	/**
	 * The `role` of a page view recorded before schema version 6, when page views did not say
	 * whether the visitor was logged in: counted in no row of rollup_roles.
	 */
	public const ROLE_UNKNOWN = '?';

	/**
	 * The full name of a table on the current site.
	 *
	 * @param string $name One of TABLES.
	 * @throws \InvalidArgumentException For an unknown table.
	 */
	public static function table( string $name ): string {
		global $wpdb;
		if ( ! in_array( $name, self::TABLES, true ) ) {
			throw new \InvalidArgumentException( esc_html( 'Unknown table: ' . $name ) );
		}
		return $wpdb->prefix . self::PREFIX . $name;
	}

	/**
	 * The installed schema version of the current site (0 when none).
	 */
	public static function installed_version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}

	/**
	 * Whether the current site's schema is older than the code.
	 */
	public static function needs_migration(): bool {
		return self::installed_version() < self::VERSION;
	}

	/**
	 * Drops every table of the current site and forgets the version.
	 */
	public static function drop(): void {
		foreach ( array_reverse( self::TABLES ) as $name ) {
			Db::query( 'DROP TABLE IF EXISTS {' . $name . '}' );
		}
		delete_option( self::VERSION_OPTION );
	}

	/**
	 * The CREATE TABLE statements, in dbDelta's format (two spaces after PRIMARY KEY, one column or
	 * key a line). Dates are site-local (wp_timezone()); timestamps are Unix seconds.
	 *
	 * @return string[]
	 */
	public static function definitions(): array {
		global $wpdb;
		$collate = $wpdb->get_charset_collate();
		$tables  = array();
		$columns = self::columns();
		foreach ( array_keys( self::MONTHLY ) as $daily ) {
			$columns[ $daily . '_m' ] = $columns[ $daily ];
		}
		foreach ( $columns as $name => $body ) {
			$tables[] = 'CREATE TABLE ' . self::table( $name ) . " (\n" . $body . "\n) " . $collate . ';';
		}
		return $tables;
	}

	/**
	 * The body of each CREATE TABLE.
	 *
	 * Indexes follow the queries: lookups are found by their unique hash/name; sessions by visitor
	 * key while open (visitor; a second key through session_next) and by day for rollups and
	 * pruning; raw hits by their
	 * unique hit id (a re-processed hit is skipped), by session, and by day; every rollup is read by
	 * a day range, so the day leads its primary key, and pages are also read for one path.
	 *
	 * @return array<string, string>
	 */
	private static function columns(): array {
		$id      = 'id bigint(20) unsigned NOT NULL AUTO_INCREMENT';
		$counts  = "sessions int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "visitors int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "new_visitors int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "pageviews int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "bounces int(10) unsigned NOT NULL DEFAULT 0,\n"
			. "engaged_sessions int(10) unsigned NOT NULL DEFAULT 0,\n"
			. 'duration_sum bigint(20) unsigned NOT NULL DEFAULT 0,';
		$day     = 'day date NOT NULL,';
		$counter = 'int(10) unsigned NOT NULL DEFAULT 0';
		// Where a session came from, as the sessions table keeps it (Real-Time's rt_sessions copies it).
		$place = "country char(2) NOT NULL DEFAULT '',\nregion varchar(64) NOT NULL DEFAULT '',\ncity varchar(128) NOT NULL DEFAULT '',";
		// A lookup table: values stored once, found by the md5 of the value (Lookups).
		$lookup = static fn( string $columns, string $key = '' ): string => "$id,\nhash char(32) NOT NULL,\n{$columns}\nPRIMARY KEY  (id),\nUNIQUE KEY hash (hash)" . ( '' === $key ? '' : ",\n" . $key );
		// An amount of money: exact, four decimals (shops keep at most four).
		$money = 'decimal(19,4) NOT NULL DEFAULT 0';

		return array(
			'paths'              => $lookup(
				"path varchar(2048) NOT NULL DEFAULT '',
object_id bigint(20) unsigned NOT NULL DEFAULT 0,",
				'KEY object_id (object_id)'
			),
			'sources'            => $lookup(
				"name varchar(191) NOT NULL DEFAULT '',
category varchar(16) NOT NULL DEFAULT '',"
			),
			'campaigns'          => $lookup(
				"name varchar(191) NOT NULL DEFAULT '',
source varchar(191) NOT NULL DEFAULT '',
medium varchar(100) NOT NULL DEFAULT '',
term varchar(191) NOT NULL DEFAULT '',
content varchar(191) NOT NULL DEFAULT '',",
				'KEY name (name)'
			),
			'user_agents'        => $lookup(
				"browser varchar(64) NOT NULL DEFAULT '',
browser_version varchar(32) NOT NULL DEFAULT '',
os varchar(64) NOT NULL DEFAULT '',
os_version varchar(32) NOT NULL DEFAULT '',
device_category varchar(16) NOT NULL DEFAULT '',"
			),
			'links'              => $lookup(
				"url varchar(2048) NOT NULL DEFAULT '',"
			),
			'sessions'           => "id int(10) unsigned NOT NULL,
visitor bigint(20) unsigned NOT NULL,
started_at int(10) unsigned NOT NULL,
last_seen_at int(10) unsigned NOT NULL,
$day
hour tinyint(3) unsigned NOT NULL DEFAULT 0,
landing_path_id int(10) unsigned NOT NULL DEFAULT 0,
exit_path_id int(10) unsigned NOT NULL DEFAULT 0,
pageviews int(10) unsigned NOT NULL DEFAULT 0,
events int(10) unsigned NOT NULL DEFAULT 0,
interactive int(10) unsigned NOT NULL DEFAULT 0,
duration int(10) unsigned NOT NULL DEFAULT 0,
bounced tinyint(1) unsigned NOT NULL DEFAULT 0,
engaged tinyint(1) unsigned NOT NULL DEFAULT 0,
is_new tinyint(1) unsigned NOT NULL DEFAULT 0,
source_id int(10) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
channel varchar(32) NOT NULL DEFAULT '',
click varchar(8) NOT NULL DEFAULT '',
ua_id int(10) unsigned NOT NULL DEFAULT 0,
$place
PRIMARY KEY  (id),
KEY visitor (visitor),
KEY day (day)",
			'session_next'       => 'session_id int(10) unsigned NOT NULL,
visitor_next bigint(20) unsigned NOT NULL,
PRIMARY KEY  (session_id),
KEY visitor_next (visitor_next)',
			'pageviews'          => "id int(10) unsigned NOT NULL AUTO_INCREMENT,
session_id int(10) unsigned NOT NULL,
ts int(10) unsigned NOT NULL,
$day
hour tinyint(3) unsigned NOT NULL DEFAULT 0,
path_id int(10) unsigned NOT NULL,
role varchar(64) NOT NULL DEFAULT '?',
PRIMARY KEY  (day,id),
KEY id (id)",
			'events'             => "id int(10) unsigned NOT NULL AUTO_INCREMENT,
session_id int(10) unsigned NOT NULL,
ts int(10) unsigned NOT NULL,
$day
name varchar(64) NOT NULL,
path_id int(10) unsigned NOT NULL DEFAULT 0,
props text NOT NULL,
PRIMARY KEY  (day,id),
KEY id (id)",
			'cursors'            => 'file varchar(191) NOT NULL,
position bigint(20) unsigned NOT NULL DEFAULT 0,
days text NOT NULL,
PRIMARY KEY  (file)',
			'rollup_site'        => "$day
$counts
new_sessions $counter,
events $counter,
PRIMARY KEY  (day)",
			'rollup_hours'       => "$day
hour tinyint(3) unsigned NOT NULL,
pageviews $counter,
sessions $counter,
PRIMARY KEY  (day,hour)",
			'rollup_pages'       => "$day
path_id bigint(20) unsigned NOT NULL,
pageviews $counter,
visitors $counter,
entrances $counter,
entrance_visitors $counter,
bounces $counter,
engaged_sessions $counter,
duration_sum bigint(20) unsigned NOT NULL DEFAULT 0,
exits $counter,
entrance_pageviews $counter,
new_entrances $counter,
PRIMARY KEY  (day,path_id),
KEY path_day (path_id,day)",
			'rollup_sources'     => "$day
source_id bigint(20) unsigned NOT NULL,
medium varchar(100) NOT NULL DEFAULT '',
channel varchar(32) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,source_id,medium,channel)",
			'rollup_campaigns'   => "$day
campaign_id bigint(20) unsigned NOT NULL,
$counts
PRIMARY KEY  (day,campaign_id)",
			'rollup_countries'   => "$day
country char(2) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,country)",
			'rollup_regions'     => "$day
country char(2) NOT NULL DEFAULT '',
region varchar(64) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,country,region)",
			'rollup_devices'     => "$day
device_category varchar(16) NOT NULL DEFAULT '',
browser varchar(64) NOT NULL DEFAULT '',
os varchar(64) NOT NULL DEFAULT '',
$counts
PRIMARY KEY  (day,device_category,browser,os)",
			'rollup_events'      => "$day
name varchar(64) NOT NULL,
events $counter,
sessions $counter,
visitors $counter,
PRIMARY KEY  (day,name)",
			'rollup_links'       => "$day
kind varchar(16) NOT NULL,
link_id bigint(20) unsigned NOT NULL,
clicks $counter,
sessions $counter,
PRIMARY KEY  (day,kind,link_id)",
			'rollup_scroll'      => "$day
views $counter,
depth_sum bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day)",
			'rollup_roles'       => "$day
role varchar(64) NOT NULL DEFAULT '',
pageviews $counter,
PRIMARY KEY  (day,role)",
			'rollup_forms'       => "$day
form varchar(191) NOT NULL DEFAULT '',
source_id bigint(20) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id bigint(20) unsigned NOT NULL DEFAULT 0,
impressions $counter,
conversions $counter,
PRIMARY KEY  (day,form,source_id,medium,campaign_id)",
			'rollup_media'       => "$day
title varchar(191) NOT NULL DEFAULT '',
plays $counter,
watch_seconds bigint(20) unsigned NOT NULL DEFAULT 0,
views $counter,
percent_sum bigint(20) unsigned NOT NULL DEFAULT 0,
completions $counter,
PRIMARY KEY  (day,title)",
			'exceptions'         => "$id,
series_hash char(32) NOT NULL,
$day
direction tinyint(1) NOT NULL DEFAULT 1,
category varchar(16) NOT NULL DEFAULT '',
metric varchar(32) NOT NULL DEFAULT '',
label varchar(2048) NOT NULL DEFAULT '',
value double NOT NULL DEFAULT 0,
expected double NOT NULL DEFAULT 0,
recurring tinyint(1) unsigned NOT NULL DEFAULT 0,
deleted tinyint(1) unsigned NOT NULL DEFAULT 0,
found_at int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (id),
UNIQUE KEY series_day (series_hash,day),
KEY day (day)",
			'rollup_vitals'      => "$day
device_category varchar(16) NOT NULL DEFAULT '',
metric varchar(8) NOT NULL,
value int(10) unsigned NOT NULL,
samples $counter,
PRIMARY KEY  (day,device_category,metric,value)",
			'rt_minutes'         => "kind tinyint(3) unsigned NOT NULL,
minute int(10) unsigned NOT NULL,
ghash char(32) NOT NULL,
gkey varchar(255) NOT NULL DEFAULT '',
total int(11) NOT NULL DEFAULT 0,
seconds text NOT NULL,
PRIMARY KEY  (kind,minute,ghash)",
			'rt_sessions'        => "session_id int(10) unsigned NOT NULL,
visitor bigint(20) unsigned NOT NULL,
last_ts int(10) unsigned NOT NULL,
source_id int(10) unsigned NOT NULL DEFAULT 0,
landing_path_id int(10) unsigned NOT NULL DEFAULT 0,
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
$place
PRIMARY KEY  (session_id),
KEY visitor (visitor),
KEY last_ts (last_ts)",
			'shop_orders'        => "$id,
shop varchar(32) NOT NULL,
order_id bigint(20) unsigned NOT NULL,
created_at int(10) unsigned NOT NULL DEFAULT 0,
paid_at int(10) unsigned NOT NULL DEFAULT 0,
$day
status varchar(32) NOT NULL DEFAULT '',
currency char(3) NOT NULL DEFAULT '',
total $money,
tax $money,
shipping $money,
discount $money,
total_base decimal(19,4) DEFAULT NULL,
is_new tinyint(1) unsigned NOT NULL DEFAULT 1,
refunded $money,
cancelled tinyint(1) unsigned NOT NULL DEFAULT 0,
visitor bigint(20) unsigned NOT NULL DEFAULT 0,
visitor_prev bigint(20) unsigned NOT NULL DEFAULT 0,
session_id int(10) unsigned NOT NULL DEFAULT 0,
attribution varchar(16) NOT NULL DEFAULT '',
source_id int(10) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
channel varchar(32) NOT NULL DEFAULT '',
landing_path_id int(10) unsigned NOT NULL DEFAULT 0,
country char(2) NOT NULL DEFAULT '',
seconds_to_purchase int(10) unsigned NOT NULL DEFAULT 0,
sessions_to_purchase int(10) unsigned NOT NULL DEFAULT 0,
journey_at int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (id),
UNIQUE KEY shop_order (shop,order_id),
KEY day (day),
KEY visitor (visitor),
KEY visitor_prev (visitor_prev),
KEY paid (shop,cancelled,day,paid_at)",
			'shop_order_items'   => "$id,
order_ref bigint(20) unsigned NOT NULL,
item_id bigint(20) unsigned NOT NULL,
product_id bigint(20) unsigned NOT NULL DEFAULT 0,
variation_id bigint(20) unsigned NOT NULL DEFAULT 0,
name varchar(191) NOT NULL DEFAULT '',
category varchar(191) NOT NULL DEFAULT '',
quantity int(10) unsigned NOT NULL DEFAULT 0,
price $money,
total $money,
refunded_quantity int(10) unsigned NOT NULL DEFAULT 0,
refunded $money,
PRIMARY KEY  (id),
UNIQUE KEY order_item (order_ref,item_id),
KEY product_id (product_id)",
			'shop_order_coupons' => "order_ref bigint(20) unsigned NOT NULL,
code varchar(191) NOT NULL,
discount $money,
PRIMARY KEY  (order_ref,code)",
			'shop_events'        => "id int(10) unsigned NOT NULL AUTO_INCREMENT,
$day
ts int(10) unsigned NOT NULL,
shop varchar(32) NOT NULL DEFAULT '',
session_id int(10) unsigned NOT NULL DEFAULT 0,
visitor bigint(20) unsigned NOT NULL DEFAULT 0,
type varchar(20) NOT NULL,
product_id bigint(20) unsigned NOT NULL DEFAULT 0,
quantity int(10) unsigned NOT NULL DEFAULT 0,
value $money,
PRIMARY KEY  (day,id),
KEY id (id),
KEY visitor (visitor)",
			'rollup_shop_events' => "$day
type varchar(20) NOT NULL,
product_id bigint(20) unsigned NOT NULL DEFAULT 0,
events $counter,
quantity $counter,
PRIMARY KEY  (day,type,product_id)",
			'shop_order_steps'   => "order_ref bigint(20) unsigned NOT NULL,
seq smallint(5) unsigned NOT NULL,
ts int(10) unsigned NOT NULL,
session_id int(10) unsigned NOT NULL DEFAULT 0,
path_id int(10) unsigned NOT NULL DEFAULT 0,
seconds int(10) unsigned NOT NULL DEFAULT 0,
source_id int(10) unsigned NOT NULL DEFAULT 0,
medium varchar(100) NOT NULL DEFAULT '',
campaign_id int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (order_ref,seq)",
			'rollup_shop_days'   => "$day
rolled_at int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day)",
			'rollup_shop_funnel' => "$day
channel varchar(32) NOT NULL DEFAULT '',
country char(2) NOT NULL DEFAULT '',
viewers $counter,
adders $counter,
buyers $counter,
PRIMARY KEY  (day,channel,country)",
			'rollup_shop_items'  => "$day
name varchar(191) NOT NULL DEFAULT '',
items $counter,
item_revenue decimal(34,12) NOT NULL DEFAULT 0,
PRIMARY KEY  (day,name)",
			'rollup_shop_orders' => "id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
$day
dims varchar(32) NOT NULL DEFAULT '',
v1 varchar(191) NOT NULL DEFAULT '',
v2 varchar(191) NOT NULL DEFAULT '',
purchases $counter,
new_purchases $counter,
revenue decimal(34,12) NOT NULL DEFAULT 0,
PRIMARY KEY  (id),
KEY day_dims (day,dims)",
		);
	}
}
