<?php
/**
 * The Country report (spec 3 "Country Report", §3 "Country").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The chart and the country table: name (in the user's language), sessions, engaged sessions,
 * bounce rate and purchases; each row carries its ISO code for the flag.
 */
final class CountriesReport extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'countries';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'     => new Chart(),
			'countries' => new Table(
				array(
					new Column( 'name', __( 'Country', 'monsterinsights-reports' ), Column::TEXT ),
					new Column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
					new Column( 'engagedSessions', __( 'Engaged Sessions', 'monsterinsights-reports' ) ),
					new Column( 'bounceRate', __( 'Bounce Rate', 'monsterinsights-reports' ), Column::PERCENT ),
					new Column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
				),
				static function ( Source $source, ReportRequest $request ): array {
					$metrics = array( Metric::SESSIONS, Metric::ENGAGED_SESSIONS, Metric::BOUNCE_RATE, Metric::ECOMMERCE_PURCHASES );
					$rows    = array();
					foreach ( Rows::of( $source, $request, array( Dimension::COUNTRY_ID, Dimension::COUNTRY ), $metrics ) as $row ) {
						$rows[] = array(
							'name'            => $row['dimensions'][ Dimension::COUNTRY ] ?? '',
							'iso'             => $row['dimensions'][ Dimension::COUNTRY_ID ] ?? '',
							'sessions'        => $row['metrics'][ Metric::SESSIONS ] ?? 0,
							'engagedSessions' => $row['metrics'][ Metric::ENGAGED_SESSIONS ] ?? 0,
							'bounceRate'      => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
							'purchases'       => $row['metrics'][ Metric::ECOMMERCE_PURCHASES ] ?? 0,
						);
					}
					return $rows;
				},
				'sessions'
			),
		);
	}
}
