<?php
/**
 * A Site Health result of the plugin's tests, and the sizes they show.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Admin\SiteHealth;

defined( 'ABSPATH' ) || exit;

/**
 * Builds the results the plugin's Site Health tests return.
 */
final class Result {

	/**
	 * A Site Health result.
	 *
	 * @param string $key         The test's key, without the prefix.
	 * @param string $status      good, recommended or critical.
	 * @param string $label       The headline.
	 * @param string $description HTML, escaped by the caller.
	 * @param string $actions     HTML links, escaped by the caller.
	 * @return array<string, mixed>
	 */
	public static function make( string $key, string $status, string $label, string $description, string $actions = '' ): array {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Insights', 'monsterinsights-reports' ),
				'color' => 'good' === $status ? 'blue' : ( 'critical' === $status ? 'red' : 'orange' ),
			),
			'description' => '<p>' . $description . '</p>',
			'actions'     => '' === $actions ? '' : '<p>' . $actions . '</p>',
			'test'        => SiteHealth::PREFIX . $key,
		);
	}

	/**
	 * A byte count as text ("0 B" for none).
	 *
	 * @param int $bytes Bytes.
	 */
	public static function size( int $bytes ): string {
		$text = size_format( $bytes, $bytes < 1024 ? 0 : 1 );
		return false === $text ? '0 B' : $text;
	}
}
