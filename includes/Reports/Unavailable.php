<?php
/**
 * A report that needs more than the licence: a module, a shop plugin, a source that can answer it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Its route answers the error this gives (a 400 with a code and a message) after the licence gate,
 * instead of a payload.
 */
interface Unavailable {

	/**
	 * Why the report cannot be shown now, or null when it can.
	 *
	 * @param Source $source The active source (a report that needs what only some sources can do
	 *                       asks it by interface, never by name).
	 */
	public function unavailable( Source $source ): ?\WP_Error;
}
