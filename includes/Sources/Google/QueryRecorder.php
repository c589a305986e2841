<?php
/**
 * A source that answers every query with no rows and writes the queries down.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * GoogleSource::prefetch() builds a report against it to learn which queries the report asks.
 */
final class QueryRecorder implements Source {

	/**
	 * The queries asked, in order.
	 *
	 * @var list<Query>
	 */
	private array $queries = array();

	/**
	 * Builds it for the source it stands in for.
	 *
	 * @param Source $source The source.
	 */
	public function __construct( private readonly Source $source ) {
	}

	/**
	 * The queries asked.
	 *
	 * @return list<Query>
	 */
	public function queries(): array {
		return $this->queries;
	}

	/**
	 * The source's key.
	 */
	public function key(): string {
		return $this->source->key();
	}

	/**
	 * Connected, as the source.
	 */
	public function is_connected(): bool {
		return true;
	}

	/**
	 * Writes the query down; no rows.
	 *
	 * @param Query $query The query.
	 */
	public function run( Query $query ): Result {
		$this->queries[] = $query;
		$empty           = array_fill_keys( $query->metrics, 0 );
		return new Result( array(), $empty, null !== $query->compare ? new Result( array(), $empty ) : null );
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
	 * As the source.
	 *
	 * @param string $dimension A dimension.
	 */
	public function supports( string $dimension ): bool {
		return $this->source->supports( $dimension );
	}
}
