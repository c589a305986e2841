<?php
/**
 * Plugin Name: MonsterInsights Reports release tests' licence and state
 * Description: Test-only: without a licence key the level is "basic" (through the plugin's licence-level filter), so the release tests can pick the Today range (lite sees whole past days only); the e2e signing key verifies licence keys minted for the tests; and a route reads the plugin's version and database migration state for the upgrade test. bin/serve-release.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\ReleaseTests;

defined( 'ABSPATH' ) || exit;

// No key: basic. A key entered by a test: its own level.
add_filter(
	'monsterinsights_reports_licence_level',
	static fn( string $level ): string => 'lite' === $level ? 'basic' : $level
);

// The e2e tests' licence-signing key (its secret is tests/e2e/licence/test-secret.key, key id
// e2e-test), as on the other e2e site.
add_filter(
	'monsterinsights_reports_licence_public_keys',
	static fn( array $keys ): array => $keys + array( 'e2e-test' => 'X9dASUDw2uoRHzvoqsIvpFSBea3lLvmAsEMp1tZn9bA=' )
);

add_action(
	'rest_api_init',
	static function (): void {
		// GET state: the running plugin's version, the schema version its code needs, the
		// installed one, the migrations that ran and a recorded failure. The classes that keep them
		// are Storage\Tables and Aggregation\Migrations of the built-in source; a release before
		// its parts (the previous release of the upgrade test) has them all on Schema.
		register_rest_route(
			'monsterinsights-reports-release-tests/v1',
			'/state',
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'callback'            => static function (): array {
					$builtin    = '\MonsterInsights\Reports\Sources\Builtin\\';
					$tables     = class_exists( $builtin . 'Storage\Tables' ) ? $builtin . 'Storage\Tables' : $builtin . 'Schema';
					$migrations = class_exists( $builtin . 'Aggregation\Migrations' ) ? $builtin . 'Aggregation\Migrations' : $tables;
					if ( ! defined( 'MONSTERINSIGHTS_REPORTS_VERSION' ) || ! class_exists( $tables ) ) {
						return array( 'plugin' => null );
					}
					return array(
						'plugin'    => MONSTERINSIGHTS_REPORTS_VERSION,
						'code'      => $tables::VERSION,
						'installed' => (int) get_option( $tables::VERSION_OPTION, 0 ),
						'history'   => array_values( (array) get_option( $migrations::HISTORY_OPTION, array() ) ),
						'failure'   => get_option( $migrations::FAILURE_OPTION, null ),
					);
				},
			)
		);
	}
);
