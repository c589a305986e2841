<?php
/**
 * Writes the rules the app reads from PHP: the tier table (includes/Licensing/Tiers.php) to
 * src/lib/tiers.json and the date rules (includes/Query/DateRange.php) to src/lib/dates.json, with
 * the presets' ranges for example days in src/lib/test/date-presets.json (a jest test checks the
 * app's own preset arithmetic against them). Run
 * after changing either and commit them: `php bin/export-tiers.php` (`--check` only compares, and
 * exits 1 when a file is stale). PHPUnit fails while they differ.
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
require_once __DIR__ . '/../includes/Query/DateRange.php';

$monsterinsights_reports_tiers_args  = array_slice( $argv, 1 );
$monsterinsights_reports_tiers_files = array(
	'src/lib/tiers.json'             => MonsterInsights\Reports\Licensing\Tiers::export_json(),
	'src/lib/dates.json'             => MonsterInsights\Reports\Query\DateRange::export_json(),
	'src/lib/test/date-presets.json' => MonsterInsights\Reports\Query\DateRange::examples_json(),
);

if ( array( '--check' ) === $monsterinsights_reports_tiers_args ) {
	$monsterinsights_reports_tiers_stale = false;
	foreach ( $monsterinsights_reports_tiers_files as $monsterinsights_reports_tiers_name => $monsterinsights_reports_tiers_json ) {
		$monsterinsights_reports_tiers_path    = dirname( __DIR__ ) . '/' . $monsterinsights_reports_tiers_name;
		$monsterinsights_reports_tiers_current = is_readable( $monsterinsights_reports_tiers_path ) ? (string) file_get_contents( $monsterinsights_reports_tiers_path ) : '';
		if ( $monsterinsights_reports_tiers_current !== $monsterinsights_reports_tiers_json ) {
			fwrite( STDERR, "export-tiers: $monsterinsights_reports_tiers_name is stale. Run: php bin/export-tiers.php\n" );
			$monsterinsights_reports_tiers_stale = true;
		}
	}
	if ( $monsterinsights_reports_tiers_stale ) {
		exit( 1 );
	}
	fwrite( STDOUT, "export-tiers: every exported file is current.\n" );
	exit( 0 );
}
if ( array() !== $monsterinsights_reports_tiers_args ) {
	fwrite( STDERR, "Usage: php bin/export-tiers.php [--check]\n" );
	exit( 2 );
}
foreach ( $monsterinsights_reports_tiers_files as $monsterinsights_reports_tiers_name => $monsterinsights_reports_tiers_json ) {
	if ( false === file_put_contents( dirname( __DIR__ ) . '/' . $monsterinsights_reports_tiers_name, $monsterinsights_reports_tiers_json ) ) {
		fwrite( STDERR, "export-tiers: cannot write $monsterinsights_reports_tiers_name\n" );
		exit( 1 );
	}
	fwrite( STDOUT, "export-tiers: wrote $monsterinsights_reports_tiers_name\n" );
}
exit( 0 );
