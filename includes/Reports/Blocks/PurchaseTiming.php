<?php
/**
 * The eCommerce report's time to purchase and sessions to purchase.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `days` or `sessions`: the range's paid orders that are tied to a session, in buckets of how long
 * they took from the visitor's first session (whole days, or sessions counting the one of the
 * order): each bucket's name ("0", "2-3", "31+"), its orders and their share in percent. Every
 * bucket is listed, in order; no bucket when no order's timing is known.
 */
final class PurchaseTiming implements Block {

	/**
	 * The day buckets: their lowest value by name (each runs to the next one's lowest).
	 */
	public const DAYS = array(
		'0'     => 0,
		'1'     => 1,
		'2-3'   => 2,
		'4-7'   => 4,
		'8-14'  => 8,
		'15-30' => 15,
		'31+'   => 31,
	);

	/**
	 * The session buckets.
	 */
	public const SESSIONS = array(
		'1'    => 1,
		'2'    => 2,
		'3-5'  => 3,
		'6-10' => 6,
		'11+'  => 11,
	);

	/**
	 * Builds the block.
	 *
	 * @param string                 $dimension Dimension::DAYS_TO_PURCHASE or SESSIONS_TO_PURCHASE.
	 * @param array<int|string, int> $buckets   DAYS or SESSIONS (numeric names are int keys).
	 */
	public function __construct( private string $dimension, private array $buckets ) {}

	/**
	 * The buckets' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array{name: string, transactions: int, percent: float}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$result = $source->run( new Query( array( Metric::ECOMMERCE_PURCHASES ), array( $this->dimension ), $request->range ) );
		$counts = array_fill_keys( array_map( 'strval', array_keys( $this->buckets ) ), 0 );
		foreach ( $result->rows as $row ) {
			$value = (string) ( $row['dimensions'][ $this->dimension ] ?? '' );
			if ( '' === $value || ! is_numeric( $value ) ) {
				continue; // An order tied to no session.
			}
			$counts[ $this->bucket( (int) $value ) ] += (int) ( $row['metrics'][ Metric::ECOMMERCE_PURCHASES ] ?? 0 );
		}
		$total = array_sum( $counts );
		if ( 0 === $total ) {
			return array();
		}
		$out = array();
		foreach ( $counts as $name => $orders ) {
			$out[] = array(
				'name'         => (string) $name,
				'transactions' => $orders,
				'percent'      => Metrics::percent( $orders, $total ),
			);
		}
		return $out;
	}

	/**
	 * The bucket of a value: the last whose lowest value it reaches.
	 *
	 * @param int $value Days or sessions.
	 */
	private function bucket( int $value ): string {
		$name = (string) array_key_first( $this->buckets );
		foreach ( $this->buckets as $bucket => $lowest ) {
			if ( $value >= $lowest ) {
				$name = (string) $bucket;
			}
		}
		return $name;
	}

	/**
	 * The buckets' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of(
			Schema::object(
				array(
					'name'         => Schema::text(),
					'transactions' => array( 'type' => 'integer' ),
					'percent'      => Schema::number(),
				)
			)
		);
	}
}
