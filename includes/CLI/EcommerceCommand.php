<?php
/**
 * WP-CLI commands of the shop capture.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\CLI;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Backfill;

defined( 'ABSPATH' ) || exit;

/**
 * Imports the shop's existing orders into the built-in analytics.
 *
 * Run per site; on a network, add --url=<site>.
 */
final class EcommerceCommand {

	/**
	 * Imports the shop's orders (WooCommerce, or Easy Digital Downloads) created in the last N days,
	 * as the live capture records them. Orders placed before have no known visitor: their
	 * attribution is WooCommerce's own order attribution when they have it, else "(not set)". Safe
	 * to run again: an order is recorded once. An interrupted run goes on where it stopped when run
	 * again with the same --days.
	 *
	 * ## OPTIONS
	 *
	 * [--days=<days>]
	 * : How many days back. Default: 90.
	 *
	 * [--batch=<orders>]
	 * : Orders read per batch. Default: 100.
	 *
	 * [--restart]
	 * : Start over instead of resuming an unfinished run.
	 *
	 * ## EXAMPLES
	 *
	 *     wp monsterinsights-reports ecommerce backfill --days=365
	 *
	 * @param string[]                   $args       Positional arguments.
	 * @param array<string, string|bool> $assoc_args Options.
	 */
	public function backfill( array $args, array $assoc_args ): void { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundBeforeLastUsed -- WP-CLI's command signature.
		$days  = isset( $assoc_args['days'] ) ? (string) $assoc_args['days'] : '90';
		$batch = isset( $assoc_args['batch'] ) ? (string) $assoc_args['batch'] : (string) Backfill::BATCH;
		if ( ! ctype_digit( $days ) || (int) $days < 1 || (int) $days > 3650 ) {
			\WP_CLI::error( '--days must be a whole number from 1 to 3650.' );
			return;
		}
		if ( ! ctype_digit( $batch ) || (int) $batch < 1 || (int) $batch > 1000 ) {
			\WP_CLI::error( '--batch must be a whole number from 1 to 1000.' );
			return;
		}
		try {
			$result = Backfill::run( (int) $days, ! empty( $assoc_args['restart'] ), (int) $batch );
		} catch ( \RuntimeException $error ) {
			\WP_CLI::error( $error->getMessage() );
			return;
		}
		\WP_CLI::success(
			sprintf(
				'%d orders created since %s recorded%s.',
				$result['imported'],
				gmdate( 'Y-m-d H:i', $result['since'] ) . ' UTC',
				$result['resumed'] ? ' (resumed)' : ''
			)
		);
	}
}
