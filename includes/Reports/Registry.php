<?php
/**
 * The reports the REST route can answer.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Report classes by name; filterable so modules can add theirs.
 */
final class Registry {

	/**
	 * Reports by name.
	 *
	 * @var array<string, Report>|null
	 */
	private ?array $reports = null;

	/**
	 * Every report, by name.
	 *
	 * @return array<string, Report>
	 */
	public function all(): array {
		if ( null === $this->reports ) {
			$reports = array(
				new Overview(),
				new SiteSummary(),
			);
			/**
			 * Filters the report classes.
			 *
			 * @param Report[] $reports The reports.
			 */
			$reports       = (array) apply_filters( 'monsterinsights_reports_reports', $reports );
			$this->reports = array();
			foreach ( $reports as $report ) {
				if ( $report instanceof Report ) {
					$this->reports[ $report->name() ] = $report;
				}
			}
		}
		return $this->reports;
	}

	/**
	 * A report by name.
	 *
	 * @param string $name The name.
	 */
	public function get( string $name ): ?Report {
		return $this->all()[ $name ] ?? null;
	}
}
