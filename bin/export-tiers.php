<?php
/**
 * Writes the tier table (includes/Licensing/Tiers.php) to src/lib/tiers.json, which the app
 * imports. Run after changing the table and commit both: `php bin/export-tiers.php`
 * (`--check` only compares, and exits 1 when the file is stale). PHPUnit fails while they differ.
 *
 * Exit codes: 0 written or current, 1 stale (--check) or not writable, 2 wrong usage.
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput -- A command-line tool without WordPress: it writes to the terminal and to a file directly.

// WordPress defines ABSPATH: this file must never run inside it.
if ( 'cli' !== PHP_SAPI || defined( 'ABSPATH' ) ) {
	return;
}
// The plugin's class files refuse to load without ABSPATH; this process has no WordPress.
define( 'ABSPATH', dirname( __DIR__ ) . '/' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant, which the class files check.
require_once __DIR__ . '/../includes/Licensing/Levels.php';
require_once __DIR__ . '/../includes/Licensing/Tiers.php';
require_once __DIR__ . '/../includes/Reports/Registry.php';

$monsterinsights_reports_tiers_args = array_slice( $argv, 1 );
$monsterinsights_reports_tiers_file = dirname( __DIR__ ) . '/src/lib/tiers.json';
$monsterinsights_reports_tiers_json = MonsterInsights\Reports\Licensing\Tiers::export_json();

if ( array( '--check' ) === $monsterinsights_reports_tiers_args ) {
	$monsterinsights_reports_tiers_current = is_readable( $monsterinsights_reports_tiers_file ) ? (string) file_get_contents( $monsterinsights_reports_tiers_file ) : '';
	if ( $monsterinsights_reports_tiers_current !== $monsterinsights_reports_tiers_json ) {
		fwrite( STDERR, "export-tiers: src/lib/tiers.json is stale. Run: php bin/export-tiers.php\n" );
		exit( 1 );
	}
	fwrite( STDOUT, "export-tiers: src/lib/tiers.json is current.\n" );
	exit( 0 );
}
if ( array() !== $monsterinsights_reports_tiers_args ) {
	fwrite( STDERR, "Usage: php bin/export-tiers.php [--check]\n" );
	exit( 2 );
}
if ( false === file_put_contents( $monsterinsights_reports_tiers_file, $monsterinsights_reports_tiers_json ) ) {
	fwrite( STDERR, "export-tiers: cannot write $monsterinsights_reports_tiers_file\n" );
	exit( 1 );
}
fwrite( STDOUT, "export-tiers: wrote src/lib/tiers.json\n" );
exit( 0 );
