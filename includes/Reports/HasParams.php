<?php
/**
 * A report whose route takes parameters beyond the dates.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * The REST route of such a report validates these parameters too (a bad value is a 400
 * rest_invalid_param); ReportRequest carries `page` and `per_page` to the report.
 */
interface HasParams {

	/**
	 * The parameters' JSON schemas, as a route's args.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function params(): array;
}
