<?php
/**
 * A report whose payload is never cached.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * For a Report whose numbers change between two requests (the last minutes, deletions).
 */
trait Uncached {

	/**
	 * Never cached.
	 */
	public function cache_ttl(): int {
		return 0;
	}
}
