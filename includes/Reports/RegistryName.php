<?php
/**
 * A report's name, as the Registry declares it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * For a report class that serves one report: its name is the one Registry::REPORTS gives its
 * class, so the name is declared once. (A class that serves several reports, Traffic, is made with
 * the name and answers it itself.)
 */
trait RegistryName {

	/**
	 * The report's name in the REST route.
	 */
	public function name(): string {
		return Registry::name_of( static::class );
	}
}
