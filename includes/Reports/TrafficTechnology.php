<?php
/**
 * Technology: shares of sessions by browser and by device category.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Shares;

defined( 'ABSPATH' ) || exit;

/**
 * Technology: shares of sessions by browser and by device category (no chart).
 */
final class TrafficTechnology extends ComposedReport {

	use RegistryName;

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'browser_breakdown' => new Shares( Dimension::BROWSER ),
			'device_breakdown'  => new Shares( Dimension::DEVICE_CATEGORY, self::device( ... ) ),
		);
	}

	/**
	 * A device category's label.
	 *
	 * @param string $device desktop, tablet, mobile or ''.
	 */
	public static function device( string $device ): string {
		return match ( $device ) {
			'desktop' => __( 'Desktop', 'monsterinsights-reports' ),
			'tablet'  => __( 'Tablet', 'monsterinsights-reports' ),
			'mobile'  => __( 'Mobile', 'monsterinsights-reports' ),
			default   => '' === $device ? __( '(not set)', 'monsterinsights-reports' ) : $device,
		};
	}
}
