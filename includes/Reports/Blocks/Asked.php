<?php
/**
 * The answers of one request, for blocks that share a query.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Runs a query once per source while the report builds: the blocks made with the same Asked get
 * one answer for the same query (the overview's graph, its compare graph and the chart overlay read
 * one series). The report forgets the answers before and after each build, since it outlives a
 * request and new data must be read anew.
 */
final class Asked {

	/**
	 * Results by source and query key.
	 *
	 * @var array<string, Result>
	 */
	private array $results = array();

	/**
	 * The result of a query, asked once.
	 *
	 * @param Source $source The source.
	 * @param Query  $query  The query.
	 */
	public function run( Source $source, Query $query ): Result {
		$key = spl_object_id( $source ) . ':' . $query->key();
		if ( ! isset( $this->results[ $key ] ) ) {
			$this->results[ $key ] = $source->run( $query );
		}
		return $this->results[ $key ];
	}

	/**
	 * Forgets every answer.
	 */
	public function forget(): void {
		$this->results = array();
	}
}
