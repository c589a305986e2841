<?php
/**
 * The compare range's parts under one key.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Overview's `compare`: blocks that answer for the compare range (MetricGraph::of_compare(),
 * Percents::COMPARE_RANGE), by key. Left out of the payload without a compare range, or when a
 * part has no answer for it (the parts after it are then not asked).
 */
final class Compare implements Optional {

	/**
	 * Makes the compare parts.
	 *
	 * @param array<string, Block> $parts The parts by key.
	 */
	public function __construct( private array $parts ) {}

	/**
	 * Every part, or nothing.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		if ( null === $request->compare ) {
			return array();
		}
		$data = array();
		foreach ( $this->parts as $key => $part ) {
			$data[ $key ] = $part->payload( $source, $request );
			if ( array() === $data[ $key ] ) {
				return array();
			}
		}
		return $data;
	}

	/**
	 * The parts' schemas.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object( array_map( static fn( Block $part ): array => $part->schema(), $this->parts ) );
	}
}
