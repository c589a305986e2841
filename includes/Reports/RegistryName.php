<?php
/**
 * A report's name, as the Registry declares it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A report class serves one report: its name is the one Registry::REPORTS gives its class, so the
 * name is declared once.
 */
trait RegistryName {

	/**
	 * The report's name in the REST route.
	 */
	public function name(): string {
		return Registry::name_of( static::class );
	}
}
