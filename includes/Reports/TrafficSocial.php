<?php
/**
 * Social Media (spec 3 "Traffic reports", §3 "Social rows").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Acquisition;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The chart and the Report Details table of social networks: the sessions of the Organic Social
 * and Paid Social channels (GA4's default channel grouping, whose social sites come from the
 * source's list of social referrer hosts) by source.
 */
final class TrafficSocial extends ComposedReport {

	public const CHANNELS = array( 'Organic Social', 'Paid Social' );

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_social';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'  => new Chart(),
			'social' => new Table(
				array(
					new Column( 'network', __( 'Social Network', 'monsterinsights-reports' ), Column::TEXT ),
					new Column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
					new Column( 'engaged_sessions', __( 'Engaged Sessions', 'monsterinsights-reports' ) ),
					new Column( 'bounce_rate', __( 'Bounce Rate', 'monsterinsights-reports' ), Column::PERCENT ),
					new Column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
					new Column( 'revenue', __( 'Revenue', 'monsterinsights-reports' ), Column::MONEY ),
					new Column( 'conversion_rate', __( 'Conversion Rate', 'monsterinsights-reports' ), Column::PERCENT ),
				),
				static function ( Source $source, ReportRequest $request ): array {
					$filters = array( new Filter( Dimension::SESSION_CHANNEL, Filter::IN_LIST, self::CHANNELS ) );
					$metrics = array_merge( Acquisition::METRICS, array( Metric::BOUNCE_RATE ) );
					$rows    = array();
					foreach ( Rows::of( $source, $request, array( Dimension::SESSION_SOURCE ), $metrics, $filters ) as $row ) {
						$network = $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '';
						$cells   = Acquisition::cells( $row['metrics'] );
						$rows[]  = array(
							'network'          => $network,
							'sessions'         => $cells['sessions'],
							'engaged_sessions' => $cells['engaged_sessions'],
							'bounce_rate'      => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
							'purchases'        => $cells['purchases'],
							'revenue'          => $cells['revenue'],
							'conversion_rate'  => $cells['conversion_rate'],
							// A host gets its site's icon in the app.
							'icon'             => str_contains( $network, '.' ) ? $network : '',
						);
					}
					return $rows;
				},
				'sessions'
			),
		);
	}
}
