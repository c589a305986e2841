<?php
/**
 * Plugin Name: MonsterInsights Reports e2e helpers
 * Description: Test-only REST routes for the end-to-end tests: choose the data source, run the aggregation now, seed demo traffic, set the licence level, list the private data dir's files and reset all of it. bin/serve-e2e.sh mounts this folder as wp-content/mu-plugins of the e2e site; it is never shipped nor loaded by `npm start`.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;

defined( 'ABSPATH' ) || exit;

/**
 * The routes' namespace: apart from the plugin's own, so nothing mistakes them for product routes.
 */
const REST_NAMESPACE = 'monsterinsights-reports-e2e/v1';

/**
 * The option holding the licence level the tests chose; absent means the plugin's own (lite).
 */
const LEVEL_OPTION = 'monsterinsights_reports_e2e_level';

// The licence level the tests chose, through the filter the licensing module will use.
add_filter(
	'monsterinsights_reports_licence_level',
	static function ( string $level ): string {
		$chosen = (string) get_option( LEVEL_OPTION, '' );
		return '' !== $chosen ? $chosen : $level;
	}
);

// The e2e tests' licence-signing key (its secret is tests/e2e/licence/test-secret.key, key id
// e2e-test): keys minted with it verify on the e2e site only.
add_filter(
	'monsterinsights_reports_licence_public_keys',
	static fn( array $keys ): array => $keys + array( 'e2e-test' => 'X9dASUDw2uoRHzvoqsIvpFSBea3lLvmAsEMp1tZn9bA=' )
);

// The visual tests' site (bin/serve-e2e.sh with E2E_FAKETIME): the reports' "now" stands at the
// instant the site's clock started from, so Real-Time's last 30 minutes are the same on every run.
if ( false !== getenv( 'MONSTERINSIGHTS_REPORTS_E2E_NOW' ) ) {
	add_filter(
		'monsterinsights_reports_now',
		static fn(): int => (int) getenv( 'MONSTERINSIGHTS_REPORTS_E2E_NOW' )
	);
}

/**
 * Empties the built-in source's tables (lookups, raw rows, rollups, exceptions) and its buffered hits, and bumps the data version,
 * so no cached report of the old data is served.
 */
function clear_builtin_data(): void {
	if ( ! Tables::needs_migration() ) {
		foreach ( array_reverse( Tables::TABLES ) as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
	}
	// The hits no aggregation stored yet go too: a later run would bring an earlier test's visit
	// into the next test's numbers.
	$buffer = BufferFiles::for_current_site();
	$buffer->claim();
	foreach ( $buffer->claimed() as $claimed ) {
		$buffer->release( $claimed );
	}
	// The exceptions went with the tables: the days they were found on are to be judged again.
	delete_option( \MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions\Runner::CHECKED_OPTION );
	// Site Speed: the last audits, and the automatic sample rate of the old traffic.
	delete_option( \MonsterInsights\Reports\Sources\Builtin\Answers\SpeedAudit::OPTION );
	delete_transient( \MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\VitalsScript::RATE_TRANSIENT );
	BuiltinSource::bump_data_version();
}

add_action(
	'rest_api_init',
	static function (): void {
		$admin_only = static fn(): bool => current_user_can( 'manage_options' );

		// POST source {source: '' | 'builtin'}: sets the active source; answers the previous one.
		register_rest_route(
			REST_NAMESPACE,
			'/source',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'source' => array(
						'type'     => 'string',
						'enum'     => array( '', 'builtin' ),
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					$previous = (string) get_option( BootData::SOURCE_OPTION, '' );
					update_option( BootData::SOURCE_OPTION, (string) $request->get_param( 'source' ) );
					return array(
						'previous' => $previous,
						'source'   => (string) get_option( BootData::SOURCE_OPTION, '' ),
					);
				},
			)
		);

		// POST aggregate: moves the whole buffer into the tables now, as the minutely cron event
		// would (the run bumps the data version the report cache keys on).
		register_rest_route(
			REST_NAMESPACE,
			'/aggregate',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'callback'            => static function () {
					$processed = 0;
					$runs      = 0;
					do {
						$result     = Aggregator::for_current_site()->run();
						$processed += $result->processed;
						++$runs;
					} while ( ! $result->complete && ! $result->locked && $runs < 20 );
					if ( $result->locked ) {
						return new \WP_Error( 'locked', 'Another aggregation run holds the lock.', array( 'status' => 409 ) );
					}
					return array(
						'processed'   => $processed,
						'runs'        => $runs,
						'dataVersion' => ( new BuiltinSource() )->data_version(),
					);
				},
			)
		);

		// POST seed {days, seed}: empties the built-in tables, then sends the seeder's demo traffic
		// through the collector and aggregates it (Seeder::seed_current_site, as `wp
		// monsterinsights-reports seed` does). Deterministic for a seed and a day; 30 days take
		// about 30–40 s in Playground.
		register_rest_route(
			REST_NAMESPACE,
			'/seed',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'days' => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 120,
						'default' => 30,
					),
					'seed'  => array(
						'type'    => 'integer',
						'minimum' => 0,
						'default' => 1,
					),
					// The last day seeded (site time, up to its noon); today (up to now) by default.
					'today' => array(
						'type'    => 'string',
						'format'  => 'date',
						'pattern' => '^\\d{4}-\\d{2}-\\d{2}$',
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					if ( function_exists( 'set_time_limit' ) ) {
						set_time_limit( 0 );
					}
					Migrations::maybe_migrate();
					clear_builtin_data();
					try {
						$today = $request->get_param( 'today' );
						$stats = Seeder::seed_current_site(
							(int) $request->get_param( 'days' ),
							(int) $request->get_param( 'seed' ),
							is_string( $today ) ? new \DateTimeImmutable( $today, wp_timezone() ) : null
						);
					} catch ( \RuntimeException $e ) {
						return new \WP_Error( 'seed_failed', $e->getMessage(), array( 'status' => 500 ) );
					}
					return $stats + array( 'dataVersion' => ( new BuiltinSource() )->data_version() );
				},
			)
		);

		// POST level {level: '' | lite | basic | plus | pro | agency}: the licence level the boot
		// data reports from now on; '' gives the plugin's own back. Answers the previous choice.
		register_rest_route(
			REST_NAMESPACE,
			'/level',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'level' => array(
						'type'     => 'string',
						'enum'     => array_merge( array( '' ), BootData::LEVELS ),
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					$previous = (string) get_option( LEVEL_OPTION, '' );
					$level    = (string) $request->get_param( 'level' );
					if ( '' === $level ) {
						delete_option( LEVEL_OPTION );
					} else {
						update_option( LEVEL_OPTION, $level, false );
					}
					return array(
						'previous' => $previous,
						'level'    => BootData::build( array( 'licence' ) )['licence']['level'],
					);
				},
			)
		);

		// POST aggregation-hold {hold}: holds the aggregation's own lock (Aggregator::LOCK) for ten
		// minutes, so no run (WP-Cron's included) claims the buffer meanwhile; false lets it go.
		register_rest_route(
			REST_NAMESPACE,
			'/aggregation-hold',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'hold' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					delete_option( Aggregator::LOCK );
					if ( (bool) $request->get_param( 'hold' ) ) {
						add_option( Aggregator::LOCK, ( time() + 600 ) . ':e2e-hold', '', false );
					}
					return array( 'held' => false !== get_option( Aggregator::LOCK ) );
				},
			)
		);

		// GET data-files: every file of the site's private data dir (DataDir), as paths relative to
		// the site root (ABSPATH) with their contents (base64), so the privacy spec can request each one
		// over HTTP as an anonymous visitor and look for its contents in the answer.
		register_rest_route(
			REST_NAMESPACE,
			'/data-files',
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'permission_callback' => $admin_only,
				'callback'            => static function () {
					$root = wp_normalize_path( ABSPATH );
					$dir  = wp_normalize_path( DataDir::path() );
					if ( ! str_starts_with( $dir, $root ) ) {
						return new \WP_Error( 'outside', 'The data dir is not under the site root.', array( 'status' => 500 ) );
					}
					$files = array();
					foreach ( DataDir::files() as $file ) {
						$files[] = array(
							'path'    => substr( wp_normalize_path( $file ), strlen( $root ) ),
							// Base64: some files are binary (the rate limiter's table).
							'content' => base64_encode( (string) file_get_contents( $file ) ), // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- A local file, sent binary-safe.
						);
					}
					return array(
						'dir'   => substr( $dir, strlen( $root ) ),
						'files' => $files,
					);
				},
			)
		);

		// POST reset: the e2e site as bin/serve-e2e.sh made it — no data source, no site licence
		// key and the plugin's own licence level, empty built-in tables (and a new data version, so
		// no cached report of the seeded data is served), every user's metric selection back to
		// the default, no user's feature feedback, no AI provider and no Conversations AI chat.
		register_rest_route(
			REST_NAMESPACE,
			'/reset',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'callback'            => static function (): array {
					update_option( BootData::SOURCE_OPTION, '' );
					( new \MonsterInsights\Reports\Sources\Google\Connection() )->disconnect();
					delete_option( LEVEL_OPTION );
					delete_option( \MonsterInsights\Reports\Licensing\Licence::SITE_OPTION );
					clear_builtin_data();
					delete_metadata( 'user', 0, MetricsController::META, '', true );
					delete_metadata( 'user', 0, $GLOBALS['wpdb']->get_blog_prefix() . \MonsterInsights\Reports\Feedback\FeatureFeedback::META, '', true );
					\MonsterInsights\Reports\Conversations\Provider::forget();
					\MonsterInsights\Reports\Conversations\Chats::uninstall_site();
					return array(
						'source'      => (string) get_option( BootData::SOURCE_OPTION, '' ),
						'level'       => BootData::build( array( 'licence' ) )['licence']['level'],
						'dataVersion' => ( new BuiltinSource() )->data_version(),
					);
				},
			)
		);
	}
);
