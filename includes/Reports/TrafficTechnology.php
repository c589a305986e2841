<?php
/**
 * Technology (spec 3 "Traffic reports", §3 "Technology").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Shares;

defined( 'ABSPATH' ) || exit;

/**
 * Browser Breakdown and Device Breakdown: shares of sessions.
 */
final class TrafficTechnology extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_technology';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'browser_breakdown' => new Shares( Dimension::BROWSER ),
			'device_breakdown'  => new Shares(
				Dimension::DEVICE_CATEGORY,
				static fn( string $device ): string => match ( $device ) {
					'desktop' => __( 'Desktop', 'monsterinsights-reports' ),
					'tablet'  => __( 'Tablet', 'monsterinsights-reports' ),
					'mobile'  => __( 'Mobile', 'monsterinsights-reports' ),
					default   => '' === $device ? __( '(not set)', 'monsterinsights-reports' ) : $device,
				}
			),
		);
	}
}
