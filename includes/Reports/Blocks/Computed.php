<?php
/**
 * A part of a payload computed from the source's answers by the report itself.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A block whose part a closure computes (from the queries it asks the source) and whose schema the
 * report gives: for a payload shape no shared block has (the Cart Abandonment report's lists, the
 * eCommerce Funnel's steps).
 */
final class Computed implements Block {

	/**
	 * Makes the block.
	 *
	 * @param \Closure             $part   (Source, ReportRequest) → the part.
	 * @param array<string, mixed> $schema The part's schema.
	 * @phpstan-param \Closure( Source, ReportRequest ): array<int|string, mixed> $part
	 */
	public function __construct( private \Closure $part, private array $schema ) {}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<int|string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		return ( $this->part )( $source, $request );
	}

	/**
	 * The part's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return $this->schema;
	}
}
