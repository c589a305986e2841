<?php
/**
 * What the backfill asks of a shop adapter.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * A shop plugin's adapter (WooCommerce, Edd) as the backfill uses it: whether it records, the ids
 * of the orders created in a window, and an order written as the live capture writes it.
 */
interface Adapter {

	/**
	 * Whether orders are recorded: the eCommerce module is on and the shop plugin is active.
	 */
	public static function is_on(): bool;

	/**
	 * One page of the ids of the orders created since a moment, oldest id first: orders created
	 * later land on later pages, so a page read once stays read.
	 *
	 * @param int $since Created at or after this Unix time.
	 * @param int $page  The page, from 1.
	 * @param int $size  Ids per page.
	 * @return int[]
	 */
	public static function order_ids( int $since, int $page, int $size ): array;

	/**
	 * Writes an order as the shop plugin has it now (no visitor known).
	 *
	 * @param int $order_id The order.
	 */
	public static function import( int $order_id ): void;
}
