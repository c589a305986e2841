<?php
/**
 * WP-CLI commands of the builtin source.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\CLI;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;

defined( 'ABSPATH' ) || exit;

/**
 * Aggregates the built-in analytics buffer, prunes old raw rows, migrates the tables.
 *
 * Run per site; on a network, add --url=<site> (or loop over `wp site list`).
 */
final class Command {

	/**
	 * Processes the hit buffer into the tables and rollups now.
	 *
	 * ## OPTIONS
	 *
	 * [--budget=<seconds>]
	 * : Stop starting new chunks after this many seconds; 0 (the default) for no limit.
	 *
	 * ## EXAMPLES
	 *
	 *     wp monsterinsights-reports aggregate
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function aggregate( array $args, array $assoc_args ): void {
		$result = Aggregator::for_current_site()->run( (float) ( $assoc_args['budget'] ?? 0 ) );
		if ( $result->locked ) {
			\WP_CLI::warning( 'Another aggregation is running; try again in a minute.' );
			return;
		}
		$summary = $result->to_array();
		\WP_CLI::success(
			sprintf(
				'%d lines: %d hits stored, %d already stored, %d malformed, %d too old; %d sessions; %d files; days recomputed: %s%s',
				$summary['lines'],
				$summary['processed'],
				$summary['duplicates'],
				$summary['malformed'],
				$summary['expired'],
				$summary['sessions'],
				$summary['files'],
				array() === $summary['days'] ? 'none' : implode( ', ', $summary['days'] ),
				$summary['complete'] ? '' : ' (budget reached, more to do)'
			)
		);
	}

	/**
	 * Deletes raw page views, events and sessions older than the retention period.
	 *
	 * ## EXAMPLES
	 *
	 *     wp monsterinsights-reports prune
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function prune( array $args, array $assoc_args ): void { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundAfterLastUsed -- WP-CLI's command signature.
		$deleted = Retention::prune( time() );
		\WP_CLI::success( sprintf( 'Older than %d months: %d page views, %d events, %d sessions deleted.', Retention::months(), $deleted['pageviews'] ?? 0, $deleted['events'] ?? 0, $deleted['sessions'] ?? 0 ) );
	}

	/**
	 * Creates or updates the tables.
	 *
	 * ## EXAMPLES
	 *
	 *     wp monsterinsights-reports migrate
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function migrate( array $args, array $assoc_args ): void { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundAfterLastUsed -- WP-CLI's command signature.
		Migrations::migrate();
		\WP_CLI::success( sprintf( 'Schema version %d.', Tables::installed_version() ) );
	}

	/**
	 * Sends realistic, deterministic demo traffic through the collector, then aggregates it.
	 *
	 * For a fresh or test site: the fake visits are stored like real ones and cannot be told apart
	 * or removed afterwards. So the command refuses on a site with analytics data that no earlier
	 * seeding sent (real visits, stored or waiting in the collector's buffer), unless
	 * --mix-with-real-data says to mix the fake visits in.
	 *
	 * ## OPTIONS
	 *
	 * [--days=<days>]
	 * : Days of traffic before today (today's traffic until now is added).
	 * ---
	 * default: 90
	 * ---
	 *
	 * [--seed=<seed>]
	 * : The same seed gives the same traffic.
	 * ---
	 * default: 1
	 * ---
	 *
	 * [--mix-with-real-data]
	 * : Seed even though the site has real analytics data: the fake visits are added to its real
	 * numbers for good.
	 *
	 * ## EXAMPLES
	 *
	 *     wp monsterinsights-reports seed --days=90 --seed=7
	 *
	 *     # On a site that already has real visits (its numbers will include the fake ones):
	 *     wp monsterinsights-reports seed --days=30 --mix-with-real-data
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function seed( array $args, array $assoc_args ): void {
		$days = max( 0, (int) ( $assoc_args['days'] ?? 90 ) );
		$seed = (int) ( $assoc_args['seed'] ?? 1 );
		$real = Seeder::real_data();
		if ( null !== $real && empty( $assoc_args['mix-with-real-data'] ) ) {
			\WP_CLI::error( sprintf( 'This site has real analytics data (%s). Seeding adds fake visits that cannot be told apart from real ones or removed afterwards, so nothing was sent. Seed a fresh or test site, or run again with --mix-with-real-data to mix them in anyway.', $real ) );
			return;
		}
		try {
			$stats = Seeder::seed_current_site( $days, $seed );
		} catch ( \RuntimeException $e ) {
			\WP_CLI::error( $e->getMessage() );
			return;
		}
		\WP_CLI::success( sprintf( '%d sessions, %d hits sent (%d refused), %d stored.', $stats['sessions'], $stats['hits'], $stats['refused'], $stats['stored'] ) );
	}
}
