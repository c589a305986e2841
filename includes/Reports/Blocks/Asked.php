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
 * one series), and once() keeps any other shared work (the site summary's candidate posts). The
 * report forgets the answers before and after each build, since it outlives a request and new data
 * must be read anew.
 */
final class Asked {

	/**
	 * Results by source and query key.
	 *
	 * @var array<string, Result>
	 */
	private array $results = array();

	/**
	 * What once() made, by key.
	 *
	 * @var array<string, mixed>
	 */
	private array $made = array();

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
	 * What $make returns, made once per key.
	 *
	 * @template T
	 * @param string   $key  The key.
	 * @param \Closure $make Makes it.
	 * @phpstan-param \Closure(): T $make
	 * @return T
	 */
	public function once( string $key, \Closure $make ): mixed {
		if ( ! array_key_exists( $key, $this->made ) ) {
			$this->made[ $key ] = $make();
		}
		return $this->made[ $key ];
	}

	/**
	 * Forgets every answer.
	 */
	public function forget(): void {
		$this->results = array();
		$this->made    = array();
	}
}
