<?php
/**
 * A report that needs more than the licence: a module, a shop plugin.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Its route answers the error this gives (a 400 with a code and a message) after the licence gate,
 * instead of a payload.
 */
interface Unavailable {

	/**
	 * Why the report cannot be shown now, or null when it can.
	 */
	public function unavailable(): ?\WP_Error;
}
