<?php
/**
 * Imports the shop's existing orders (WooCommerce or Easy Digital Downloads), resumably.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * Writes every order the site's shop plugin created in the last N days as the live capture writes
 * it (the shop's Adapter: WooCommerce or Edd, whichever records; the same upsert, so an order
 * already recorded is rewritten, never counted twice). No visitor is known for an order placed
 * before: its attribution is WooCommerce's own order attribution when the order has it, else
 * "(not set)" (Easy Digital Downloads keeps none).
 *
 * Resumable: the run's start, its window and the batches done are kept in an option after every
 * batch, so an interrupted run (a time limit, Ctrl-C) goes on where it stopped when run again with
 * the same window; a finished run removes the option.
 *
 * @phpstan-type State array{days: int, since: int, page: int, imported: int}
 */
final class Backfill {

	/**
	 * Option holding an unfinished run's state.
	 */
	public const OPTION = 'monsterinsights_reports_shop_backfill';

	/**
	 * Orders read per batch by default.
	 */
	public const BATCH = 100;

	/**
	 * Imports a window of orders.
	 *
	 * @param int  $days        How many days back from now the orders were created.
	 * @param bool $restart     Start over even when an unfinished run of the same window is kept.
	 * @param int  $batch       Orders per batch.
	 * @param int  $max_batches Stop after this many batches (0: none), keeping the state.
	 * @param int  $now         The current Unix time.
	 * @return array{imported: int, batches: int, done: bool, resumed: bool, since: int}
	 * @throws \RuntimeException When the shop capture is off (the module, or no shop plugin).
	 */
	public static function run( int $days, bool $restart = false, int $batch = self::BATCH, int $max_batches = 0, int $now = 0 ): array {
		$shop = self::adapter();
		if ( null === $shop ) {
			throw new \RuntimeException( 'The eCommerce module is off, or neither WooCommerce nor Easy Digital Downloads is active.' );
		}
		$days  = max( 1, $days );
		$batch = max( 1, $batch );
		$now   = $now > 0 ? $now : time();
		$state = self::state();

		$resumed = ! $restart && null !== $state && $state['days'] === $days;
		if ( ! $resumed ) {
			$state = array(
				'days'     => $days,
				'since'    => $now - $days * DAY_IN_SECONDS,
				'page'     => 0,
				'imported' => 0,
			);
		}

		$batches = 0;
		while ( 0 === $max_batches || $batches < $max_batches ) {
			$ids = $shop::order_ids( $state['since'], $state['page'] + 1, $batch );
			foreach ( $ids as $id ) {
				$shop::import( $id );
			}
			++$batches;
			$state['page']     += 1;
			$state['imported'] += count( $ids );
			if ( count( $ids ) < $batch ) {
				delete_option( self::OPTION );
				return array(
					'imported' => $state['imported'],
					'batches'  => $batches,
					'done'     => true,
					'resumed'  => $resumed,
					'since'    => $state['since'],
				);
			}
			update_option( self::OPTION, $state, false );
		}
		return array(
			'imported' => $state['imported'],
			'batches'  => $batches,
			'done'     => false,
			'resumed'  => $resumed,
			'since'    => $state['since'],
		);
	}

	/**
	 * An unfinished run's state; null without one (or an unreadable one).
	 *
	 * @return array<string, int>|null
	 * @phpstan-return State|null
	 */
	public static function state(): ?array {
		$state = get_option( self::OPTION );
		if ( ! is_array( $state ) ) {
			return null;
		}
		foreach ( array( 'days', 'since', 'page', 'imported' ) as $key ) {
			if ( ! isset( $state[ $key ] ) || ! is_int( $state[ $key ] ) ) {
				return null;
			}
		}
		return array(
			'days'     => $state['days'],
			'since'    => $state['since'],
			'page'     => $state['page'],
			'imported' => $state['imported'],
		);
	}

	/**
	 * The adapter of the shop that records now, or null.
	 *
	 * @return class-string<Adapter>|null
	 */
	private static function adapter(): ?string {
		foreach ( array( WooCommerce::class, Edd::class ) as $shop ) {
			if ( $shop::is_on() ) {
				return $shop;
			}
		}
		return null;
	}
}
