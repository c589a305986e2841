<?php
/**
 * Where the aggregator gets its hits from.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * Claimed buffer files, one JSON hit a line after an exit guard line (which readers skip).
 * BufferFiles reads the collector's Buffer; tests use a folder of their own.
 */
interface HitFiles {

	/**
	 * Files claimed by earlier runs that did not finish them (a crash, a time budget), oldest first.
	 *
	 * @return string[] Paths.
	 */
	public function claimed(): array;

	/**
	 * Atomically takes the live buffer for processing.
	 *
	 * @return string|null The claimed file's path, or null when there is nothing to take.
	 */
	public function claim(): ?string;

	/**
	 * Deletes a claimed file once every line of it is committed.
	 *
	 * @param string $path The claimed file.
	 */
	public function release( string $path ): void;
}
