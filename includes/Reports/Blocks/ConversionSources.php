<?php
/**
 * The eCommerce report's top conversion sources.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `conversions`: the TOP sources of the range's paid orders (the source of the session each order
 * is tied to; "(not set)" for orders tied to none), by orders then revenue: the source (`url`),
 * its sessions, its orders (`transactions`), its share of all paid orders in percent and its
 * revenue. Sources without an order are left out.
 */
final class ConversionSources implements Block {

	public const TOP = 10;

	/**
	 * The sources' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array{url: string, sessions: int, transactions: int, percent: float, revenue: float}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		return RankedRows::of(
			$source,
			$request,
			array( Metric::SESSIONS, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE ),
			Dimension::SESSION_SOURCE,
			Metric::ECOMMERCE_PURCHASES,
			Metric::TOTAL_REVENUE,
			self::TOP,
			static fn( array $row, int $orders, float $percent ): array => array(
				'url'          => (string) ( $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '' ),
				'sessions'     => (int) ( $row['metrics'][ Metric::SESSIONS ] ?? 0 ),
				'transactions' => $orders,
				'percent'      => $percent,
				'revenue'      => round( (float) ( $row['metrics'][ Metric::TOTAL_REVENUE ] ?? 0 ), 2 ),
			)
		);
	}

	/**
	 * The sources' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of(
			Schema::object(
				array(
					'url'          => Schema::text(),
					'sessions'     => array( 'type' => 'integer' ),
					'transactions' => array( 'type' => 'integer' ),
					'percent'      => Schema::number(),
					'revenue'      => Schema::number(),
				)
			)
		);
	}
}
