<?php
/**
 * A part the product has no data for yet.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Always an empty list, declared with the schema it will have (the site summary's popular products,
 * until a store integration answers them).
 */
final class Nothing implements Block {

	/**
	 * Makes the block.
	 *
	 * @param array<string, mixed> $schema The part's schema.
	 */
	public function __construct( private array $schema ) {}

	/**
	 * An empty list.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array{}
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		return array();
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
