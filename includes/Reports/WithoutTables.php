<?php
/**
 * A report with no table for the tables and CSV routes.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * For a Report built in one piece whose lists are not served page by page.
 */
trait WithoutTables {

	/**
	 * No table for the tables and CSV routes.
	 *
	 * @return array<string, Blocks\Table>
	 */
	public function tables(): array {
		return array();
	}
}
