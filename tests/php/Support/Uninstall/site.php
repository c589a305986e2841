<?php
/**
 * The uninstall test's own WordPress, beside the tests' in the same database under the table
 * prefix WP_TESTS_TABLE_PREFIX and with a content folder of its own (WP_TESTS_CONTENT_DIR), both set
 * by the test. Installed by tests/php/install.php; this script then works on it in two steps, each
 * a process of its own as WordPress's requests are:
 *
 * - `use`: the plugin used for real on every site (on a network: network-activated, a second site
 *   made): settings, 14 days of seeded traffic aggregated, the cron events' work, every report and
 *   table opened (their caches fill), notes and categories, metrics, notifications dismissed,
 *   feature feedback, a licence, a site speed audit, a data source's secrets; on a network also the
 *   network settings, licence and secrets. Then the plugin is deactivated, as before a deletion.
 *   Prints what each request answered, as JSON.
 * - `uninstall`: with the plugin inactive, lists what of the plugin the database and the content
 *   folder hold, uninstalls as wp-admin's Delete does (uninstall_plugin()), and lists again. Prints
 *   { before, after } as JSON.
 *
 * Usage: php site.php use|uninstall [--multisite]
 *
 * @package MonsterInsights\Reports\Tests
 */

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.AlternativeFunctions -- A test script reading its own database and folders.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$mir_step      = $argv[1] ?? '';
$mir_multisite = in_array( '--multisite', $argv, true );

require dirname( __DIR__, 2 ) . '/config.php';
// A temporary folder of its own (the seeder stages its hits there), not shared with other runs.
define( 'WP_TEMP_DIR', WP_CONTENT_DIR . '/tmp/' );

if ( $mir_multisite ) {
	define( 'MULTISITE', true );
	define( 'SUBDOMAIN_INSTALL', false );
	define( 'DOMAIN_CURRENT_SITE', WP_TESTS_DOMAIN );
	define( 'PATH_CURRENT_SITE', '/' );
	define( 'SITE_ID_CURRENT_SITE', 1 );
	define( 'BLOG_ID_CURRENT_SITE', 1 );
}
if ( 'uninstall' === $mir_step ) {
	define( 'WP_ADMIN', true );
}

// Core's own deprecations while it loads (see bootstrap.php) are not the plugin's.
set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
	static function ( $errno, $errstr, $errfile ) {
		return E_DEPRECATED === $errno && str_starts_with( (string) $errfile, ABSPATH );
	}
);
require ABSPATH . 'wp-settings.php';
restore_error_handler();
require_once ABSPATH . 'wp-admin/includes/admin.php';

const MIR_PLUGIN = 'monsterinsights-reports/monsterinsights-reports.php';

// No request leaves the machine: the speed audit's fetch of the front page answers at once.
add_filter(
	'pre_http_request',
	static fn(): array => array(
		'headers'  => array(),
		'body'     => '<html></html>',
		'response' => array(
			'code'    => 200,
			'message' => 'OK',
		),
		'cookies'  => array(),
		'filename' => null,
	)
);

/**
 * Sends a REST request as the current user; returns "METHOD path: status".
 *
 * @param string               $method The method.
 * @param string               $path   The path below the plugin's namespace.
 * @param array<string, mixed> $params Query (GET) or JSON body parameters.
 */
function mir_rest( string $method, string $path, array $params = array() ): string {
	$request = new WP_REST_Request( $method, '/monsterinsights-reports/v1' . $path );
	if ( 'GET' === $method ) {
		$request->set_query_params( $params );
	} else {
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( (string) wp_json_encode( (object) $params ) );
	}
	$response = rest_do_request( $request );
	$data     = $response->get_data();
	if ( $response->get_status() >= 300 && 'GET' !== $method ) {
		return "$method $path: " . $response->get_status() . ' ' . wp_json_encode( $data );
	}
	return "$method $path: " . $response->get_status();
}

/**
 * Uses the plugin on the current site as its administrator would; returns what each request
 * answered.
 *
 * @param string $licence A licence key of the agency level.
 * @return string[]
 */
function mir_use_site( string $licence ): array {
	$log   = array();
	$log[] = mir_rest(
		'POST',
		'/settings',
		array(
			'source'                   => 'builtin',
			'pdf_reports_header_image' => 'https://example.org/logo.png',
			'referral_favicons'        => false,
		)
	);
	$log[] = mir_rest( 'POST', '/licence', array( 'key' => $licence ) );
	$log[] = mir_rest( 'POST', '/addons/forms', array( 'active' => true ) );
	// The User Journey needs its module, the eCommerce module and a shop (faked: no shop plugin here).
	$log[] = mir_rest( 'POST', '/addons/woocommerce', array( 'active' => true ) );
	$log[] = mir_rest( 'POST', '/addons/user-journey', array( 'active' => true ) );
	add_filter(
		'monsterinsights_reports_shop',
		static fn() => array(
			'platform' => 'woocommerce',
			'currency' => array(
				'code'     => 'EUR',
				'symbol'   => '€',
				'decimals' => 2,
				'position' => 'right_space',
			),
		)
	);

	$stats = MonsterInsights\Reports\Sources\Builtin\Demo\Seeder::seed_current_site( 14, 1 );
	$log[] = 'seeded: ' . $stats['stored'];
	// What the site's cron events do.
	foreach ( array( 'monsterinsights_reports_aggregate', 'monsterinsights_reports_prune', 'monsterinsights_reports_find_exceptions', 'monsterinsights_reports_tracking_cleanup' ) as $hook ) {
		do_action( $hook );
	}
	MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction::run( time() + 400 * DAY_IN_SECONDS );
	$log[] = 'vitals rate: ' . MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\VitalsScript::rate();

	// Every report and table, as the app opens them: their payloads are cached. The eCommerce
	// reports answer with a shop (faked through the detection's filter; no shop plugin is loaded).
	add_filter(
		'monsterinsights_reports_shop',
		static fn() => array(
			'platform' => 'woocommerce',
			'currency' => array(
				'code'     => 'USD',
				'symbol'   => '$',
				'decimals' => 2,
				'position' => 'left',
			),
		)
	);
	$range = array(
		'start' => gmdate( 'Y-m-d', time() - 13 * DAY_IN_SECONDS ),
		'end'   => gmdate( 'Y-m-d' ),
	);
	foreach ( array_keys( rest_get_server()->get_routes( 'monsterinsights-reports/v1' ) ) as $route ) {
		if ( preg_match( '#^/monsterinsights-reports/v1(/reports/[a-z0-9_-]+(?:/tables/[a-z0-9_-]+)?)$#', $route, $match ) ) {
			$log[] = mir_rest( 'GET', $match[1], $range );
		}
	}
	$log[] = mir_rest( 'GET', '/boot' );

	$log[]      = mir_rest( 'POST', '/note-categories', array( 'name' => 'Launches' ) );
	$categories = rest_do_request( new WP_REST_Request( 'GET', '/monsterinsights-reports/v1/note-categories' ) )->get_data();
	$log[]      = mir_rest(
		'POST',
		'/notes',
		array(
			'note_title' => 'New pricing page',
			'note_date'  => gmdate( 'Y-m-d' ),
			'category'   => (int) ( $categories['items'][0]['id'] ?? 0 ),
		)
	);
	$notes      = rest_do_request( new WP_REST_Request( 'GET', '/monsterinsights-reports/v1/notes' ) )->get_data();
	$log[]      = mir_rest( 'POST', '/notes/' . (int) ( $notes['items'][0]['id'] ?? 0 ) . '/important', array( 'important' => true ) );
	$log[]      = mir_rest( 'POST', '/metrics', array( 'selected_metrics' => 'sessions,pageviews,bounce_rate' ) );
	$log[]      = mir_rest( 'GET', '/notifications' );
	$log[]      = mir_rest( 'POST', '/notifications/dismiss-all' );
	$log[]      = mir_rest(
		'POST',
		'/feedback',
		array(
			'feature_key' => 'exceptions',
			'rating'      => 4,
			'message'     => 'Handy.',
		)
	);
	$log[]      = mir_rest( 'POST', '/site-speed/audit', array( 'device' => 'mobile' ) );
	$log[]      = mir_rest(
		'POST',
		'/ai-provider',
		array(
			'base_url' => 'https://ai.example.test/v1',
			'model'    => 'fake-analyst',
			'api_key'  => 'uninstall-test-ai-key',
		)
	);
	// A Conversations AI chat (the provider above answers nothing: stored as the chat routes store one), pinned.
	$chat = MonsterInsights\Reports\Conversations\Chats::create( get_current_user_id() );
	if ( is_int( $chat ) ) {
		MonsterInsights\Reports\Conversations\Chats::append( $chat, MonsterInsights\Reports\Conversations\Chats::message( 'user', 'How many visits did I get last week?' ) );
		MonsterInsights\Reports\Conversations\Chats::pin( $chat, true );
	}
	mir_store_secrets( MonsterInsights\Reports\Settings\Secrets::SITE );
	return $log;
}

/**
 * Stores a data source's secrets (as its connection will) in a scope; exits when one is not stored.
 *
 * @param string $scope The scope.
 */
function mir_store_secrets( string $scope ): void {
	$stored = MonsterInsights\Reports\Settings\Secrets::set( 'client_secret', 'uninstall-test-secret', $scope )
		&& MonsterInsights\Reports\Settings\Secrets::set(
			'access_token',
			array(
				'access_token' => 'uninstall-test-token',
				'expires'      => time() + HOUR_IN_SECONDS,
			),
			$scope
		);
	if ( ! $stored ) {
		fwrite( STDERR, "secrets not stored ($scope)\n" );
		exit( 1 );
	}
}

if ( 'use' === $mir_step ) {
	wp_set_current_user( 1 );
	// A licence key of a signing key this site trusts.
	$mir_pair   = sodium_crypto_sign_keypair();
	$mir_public = base64_encode( sodium_crypto_sign_publickey( $mir_pair ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- Key material.
	add_filter( 'monsterinsights_reports_licence_public_keys', static fn( $keys ) => array_merge( (array) $keys, array( 'uninstall-test' => $mir_public ) ) );
	$mir_key = static fn( bool $network ): string => MonsterInsights\Reports\Licensing\LicenceKey::mint(
		array(
			'key_id'    => 'uninstall-test',
			'level'     => 'agency',
			'network'   => $network,
			'expires'   => null,
			'issued_to' => 'Example Ltd',
		),
		sodium_crypto_sign_secretkey( $mir_pair )
	);
	$mir_log = array();
	if ( $mir_multisite ) {
		$mir_site = wp_insert_site(
			array(
				'domain'  => WP_TESTS_DOMAIN,
				'path'    => '/second/',
				'title'   => 'Second',
				'user_id' => 1,
			)
		);
		if ( is_wp_error( $mir_site ) ) {
			fwrite( STDERR, $mir_site->get_error_message() );
			exit( 1 );
		}
		$mir_activated = activate_plugin( MIR_PLUGIN, '', true );
		if ( is_wp_error( $mir_activated ) ) {
			fwrite( STDERR, $mir_activated->get_error_message() );
			exit( 1 );
		}
		$mir_log[] = mir_rest( 'POST', '/licence/network', array( 'key' => $mir_key( true ) ) );
		$mir_log[] = mir_rest( 'POST', '/network/settings', array( 'modules' => array( 'dimensions' => true ) ) );
		mir_store_secrets( MonsterInsights\Reports\Settings\Secrets::NETWORK );
		foreach ( get_sites( array( 'fields' => 'ids' ) ) as $mir_id ) {
			switch_to_blog( (int) $mir_id );
			MonsterInsights\Reports\Licensing\Licence::reset();
			$mir_log = array_merge( $mir_log, array( 'site ' . $mir_id ), mir_use_site( $mir_key( false ) ) );
			restore_current_blog();
		}
		deactivate_plugins( MIR_PLUGIN, false, true );
		// The installer activated it on the main site before the network existed.
		deactivate_plugins( MIR_PLUGIN );
	} else {
		$mir_log = mir_use_site( $mir_key( false ) );
		deactivate_plugins( MIR_PLUGIN );
	}
	echo wp_json_encode( $mir_log );
	exit( 0 );
}

/**
 * What of the plugin this install holds: its tables; every row of every table that names it (its
 * option, meta, cron, capability, post type, taxonomy and cache names, and the meta keys of its
 * notes and categories); every file or folder of the content folder that names it.
 *
 * @return string[]
 */
function mir_leftovers(): array {
	global $wpdb, $table_prefix;
	$markers = array( 'monsterinsights_reports', 'monsterinsights_note', 'mir_ai_chat', 'monsterinsights_view_dashboard', 'monsterinsights_save_settings', 'mir_report_' );
	// Keys of the notes' and categories' meta: generic names, so only in those meta tables.
	$meta_keys = array( 'important', 'medias', 'background_color' );
	$found     = array();
	$tables    = $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table_prefix ) . '%' ) );
	foreach ( $tables as $table ) {
		$short = (string) preg_replace( '/^' . preg_quote( $table_prefix, '/' ) . '(\d+_)?/', '', $table );
		if ( str_starts_with( $short, 'mir_' ) ) {
			$found[] = "table $table";
			continue;
		}
		foreach ( $wpdb->get_results( "SELECT * FROM `$table`", ARRAY_A ) as $row ) {
			$text = (string) wp_json_encode( $row );
			$hit  = implode( ',', array_filter( $markers, static fn( string $marker ): bool => str_contains( $text, $marker ) ) );
			if ( '' === $hit && in_array( $short, array( 'postmeta', 'termmeta' ), true ) && in_array( $row['meta_key'], $meta_keys, true ) ) {
				$hit = $row['meta_key'];
			}
			if ( '' !== $hit ) {
				$found[] = "row $table [$hit] " . substr( $text, 0, 160 );
			}
		}
	}
	foreach ( array( WP_CONTENT_DIR . '/uploads', WP_TEMP_DIR ) as $folder ) {
		if ( ! is_dir( $folder ) ) {
			continue;
		}
		$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $folder, FilesystemIterator::SKIP_DOTS ), RecursiveIteratorIterator::SELF_FIRST );
		foreach ( $files as $file ) {
			$path = substr( (string) $file, strlen( WP_CONTENT_DIR ) );
			if ( str_contains( strtolower( $path ), 'monsterinsights' ) ) {
				$found[] = "file $path";
			}
		}
	}
	return $found;
}

if ( 'uninstall' === $mir_step ) {
	if ( is_plugin_active( MIR_PLUGIN ) || ( $mir_multisite && is_plugin_active_for_network( MIR_PLUGIN ) ) ) {
		fwrite( STDERR, "the plugin is still active\n" );
		exit( 1 );
	}
	$mir_before = mir_leftovers();
	uninstall_plugin( MIR_PLUGIN );
	wp_cache_flush();
	echo wp_json_encode(
		array(
			'before' => $mir_before,
			'after'  => mir_leftovers(),
		)
	);
	exit( 0 );
}

fwrite( STDERR, "usage: php site.php use|uninstall [--multisite]\n" );
exit( 1 );
