<?php
/**
 * A report made of blocks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Asked;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Optional;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A report declares its name and its blocks by payload key; the payload, its schema and its
 * tables follow. No SQL and no source name here: blocks ask Queries.
 */
abstract class ComposedReport implements Report {

	/**
	 * The blocks, made once.
	 *
	 * @var array<string, Block>|null
	 */
	private ?array $made = null;

	/**
	 * The answers of the request being built, for blocks that share a query.
	 *
	 * @var Asked|null
	 */
	private ?Asked $asked = null;

	/**
	 * The blocks by payload key.
	 *
	 * @return array<string, Block>
	 */
	abstract protected function blocks(): array;

	/**
	 * A payload is cached for an hour unless the report says otherwise.
	 */
	public function cache_ttl(): int {
		return HOUR_IN_SECONDS;
	}

	/**
	 * Every block's part, in the blocks' order; an Optional block's key only when it has something.
	 * Blocks made with asked() share one answer per query within the build.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request The ranges and table parameters.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		// The report outlives a request: what one build asked is not the next one's.
		$this->asked()->forget();
		try {
			$payload = array();
			foreach ( $this->all_blocks() as $key => $block ) {
				$part = $block->payload( $source, $request );
				if ( $block instanceof Optional && array() === $part ) {
					continue;
				}
				$payload[ $key ] = $part;
			}
			return $payload;
		} finally {
			$this->asked()->forget();
		}
	}

	/**
	 * The answers of the request being built: blocks made with it share a query's result.
	 */
	protected function asked(): Asked {
		if ( null === $this->asked ) {
			$this->asked = new Asked();
		}
		return $this->asked;
	}

	/**
	 * The table blocks.
	 *
	 * @return array<string, Table>
	 */
	public function tables(): array {
		return array_filter( $this->all_blocks(), static fn( Block $block ): bool => $block instanceof Table );
	}

	/**
	 * Every block's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$blocks = $this->all_blocks();
		return Schema::object(
			array_map( static fn( Block $block ): array => $block->schema(), $blocks ),
			array_keys( array_filter( $blocks, static fn( Block $block ): bool => $block instanceof Optional ) )
		);
	}

	/**
	 * The blocks, made on first use.
	 *
	 * @return array<string, Block>
	 */
	private function all_blocks(): array {
		if ( null === $this->made ) {
			$this->made = $this->blocks();
		}
		return $this->made;
	}
}
