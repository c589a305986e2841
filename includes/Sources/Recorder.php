<?php
/**
 * A source that only notes the queries asked of it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * Stands for a source while a report's blocks are built once to learn their queries (for a source
 * that Prefetches): each query is noted and answered without rows; what the blocks ask of the
 * source itself (its key, what it supports, its links) the real source answers. Queries that
 * depend on another's rows are learned as they are asked without them.
 */
final class Recorder implements Source {

	/**
	 * The queries asked, in order.
	 *
	 * @var Query[]
	 */
	public array $queries = array();

	/**
	 * Tells a source that Prefetches the queries a build asks: the build runs once on a Recorder
	 * (a build that cannot go on without rows ends what is learned), then the source asks them
	 * together. Nothing for other sources.
	 *
	 * @param Source   $source The source.
	 * @param callable $build  Builds on the source it is given.
	 * @phpstan-param callable(Source): mixed $build
	 */
	public static function prefetch( Source $source, callable $build ): void {
		if ( ! $source instanceof Prefetches ) {
			return;
		}
		$recorder = new self( $source );
		try {
			$build( $recorder );
		} catch ( \Exception $error ) {
			unset( $error ); // The queries learned so far are still worth asking together.
		}
		$source->prefetch( $recorder->queries );
	}

	/**
	 * Builds it.
	 *
	 * @param Source $source The source it stands for.
	 */
	public function __construct( private Source $source ) {
	}

	/**
	 * The source's key.
	 */
	public function key(): string {
		return $this->source->key();
	}

	/**
	 * Whether the source is connected.
	 */
	public function is_connected(): bool {
		return $this->source->is_connected();
	}

	/**
	 * Notes a query; no rows.
	 *
	 * @param Query $query The query.
	 */
	public function run( Query $query ): Result {
		$this->queries[] = $query;
		$zeros           = array_fill_keys( $query->metrics, 0 );
		return new Result( array(), $zeros, null === $query->compare ? null : new Result( array(), $zeros ) );
	}

	/**
	 * No rows.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run_realtime( RealtimeQuery $query ): Result {
		return new Result( array(), array_fill_keys( $query->metrics, 0 ) );
	}

	/**
	 * The source's links.
	 *
	 * @param string $report The report.
	 * @return array<string, string>
	 */
	public function links( string $report ): array {
		return $this->source->links( $report );
	}

	/**
	 * The source's data version.
	 */
	public function data_version(): string {
		return $this->source->data_version();
	}

	/**
	 * Whether the source knows a dimension.
	 *
	 * @param string $dimension The dimension.
	 */
	public function supports( string $dimension ): bool {
		return $this->source->supports( $dimension );
	}
}
