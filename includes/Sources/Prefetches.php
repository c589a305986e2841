<?php
/**
 * A source that asks a report's queries together before the report is built.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by a source whose answers cost a remote call each (the google source): before a
 * report is built, it is handed the build, learns the report's queries from it and asks them in as
 * few calls as it can, so the build itself finds them answered.
 */
interface Prefetches {

	/**
	 * Asks a report's queries ahead of its build.
	 *
	 * @param callable $build Builds the report with a source.
	 * @phpstan-param callable(Source): mixed $build
	 */
	public function prefetch( callable $build ): void;
}
