<?php
/**
 * A block that answers only when a condition holds.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The block's part when the condition holds (a licence feature, an active module), else an empty
 * array without asking anything: no real data is sent for a part the site may not show. The key
 * stays in the payload; the schema is the block's.
 */
final class When implements Block {

	/**
	 * Makes the gated block.
	 *
	 * @param \Closure $condition Whether the block answers, asked at each build.
	 * @param Block    $block     The block.
	 * @phpstan-param \Closure(): bool $condition
	 */
	public function __construct( private \Closure $condition, private Block $block ) {}

	/**
	 * The block's part, or an empty array.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<int|string, mixed>|bool
	 */
	public function payload( Source $source, ReportRequest $request ): array|bool {
		return ( $this->condition )() ? $this->block->payload( $source, $request ) : array();
	}

	/**
	 * The block's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return $this->block->schema();
	}
}
