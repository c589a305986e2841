<?php
/**
 * Plugin Name: MonsterInsights Reports demo licence key
 * Description: For the `npm start` demo site only: trusts the test key pair of tests/e2e/licence, so keys minted with `php bin/licence-key.php mint --secret tests/e2e/licence/test-secret.key --level pro` unlock the paid tiers there. `LEVEL=pro npm start` mints one and writes it into the site folder's .demo-licence.json; this plugin activates it once, as the licence panel would, and renames the file. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'monsterinsights_reports_licence_public_keys',
	static fn( array $keys ): array => $keys + array( 'e2e-test' => 'X9dASUDw2uoRHzvoqsIvpFSBea3lLvmAsEMp1tZn9bA=' )
);

/**
 * Activates the key bin/start.sh left in the file, once: the site's licence is then that key, and
 * the file is renamed so a key the owner enters later in the licence panel stays.
 *
 * @param string $file The file bin/start.sh writes ({"key": "…"}).
 * @return string The key activated, or '' without one.
 */
function monsterinsights_reports_demo_licence( string $file = ABSPATH . '.demo-licence.json' ): string {
	if ( ! is_readable( $file ) ) {
		return '';
	}
	$demo = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
	$key  = is_array( $demo ) && is_string( $demo['key'] ?? null ) ? trim( $demo['key'] ) : '';
	if ( '' !== $key ) {
		update_option( \MonsterInsights\Reports\Licensing\Licence::SITE_OPTION, $key );
	}
	rename( $file, $file . '.done' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- A local file.
	return $key;
}

// Not before the plugin is active: on a new site the blueprint's first steps run without it, and
// the file waits for a request that has it.
add_action( 'init', static fn() => class_exists( \MonsterInsights\Reports\Licensing\Licence::class ) ? monsterinsights_reports_demo_licence() : '' );
