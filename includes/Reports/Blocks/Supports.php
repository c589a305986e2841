<?php
/**
 * Whether the source knows a dimension, for a screen that explains what it cannot show.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `{ available: bool }`: e.g. the Country report's regions, which the builtin source knows only
 * with a city-level database.
 */
final class Supports implements Block {

	/**
	 * Builds the block.
	 *
	 * @param string $dimension The dimension.
	 */
	public function __construct( private string $dimension ) {}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array{available: bool}
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		return array( 'available' => $source->supports( $this->dimension ) );
	}

	/**
	 * The block's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object( array( 'available' => array( 'type' => 'boolean' ) ) );
	}
}
