<?php
/**
 * The error a route answers for something the licence does not unlock.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * 403 `upgrade_required` with the level needed and the feature, which the app turns into the
 * feature's upsell.
 */
final class Upgrade {

	/**
	 * The error for a feature or report of the tier table.
	 *
	 * @param string      $name    A report or feature name.
	 * @param string|null $message The message; a default for the feature when null.
	 */
	public static function required( string $name, ?string $message = null ): \WP_Error {
		$feature = Tiers::feature_of( $name ) ?? $name;
		$level   = Tiers::level_needed( $name );
		return new \WP_Error(
			'upgrade_required',
			$message ?? self::message( $feature, $level ),
			array(
				'status'  => 403,
				'level'   => $level,
				'feature' => $feature,
			)
		);
	}

	/**
	 * The default message of a feature: its lock text (docs/product-rules.md#upsells) where it has
	 * one.
	 *
	 * @param string $feature The feature.
	 * @param string $level   The level it needs.
	 */
	public static function message( string $feature, string $level ): string {
		switch ( $feature ) {
			case 'custom_date_range':
				return __( 'You can customize your date range only in the PRO version.', 'monsterinsights-reports' );
			case 'compare':
				return __( 'You can compare date ranges only in the PRO version.', 'monsterinsights-reports' );
			case 'ecommerce':
				return __( 'You can view this only in the PRO version', 'monsterinsights-reports' );
		}
		return sprintf(
			/* translators: %s: a licence level name, such as Plus or Agency. */
			__( 'This report needs the %s licence or higher. Upgrade to view it.', 'monsterinsights-reports' ),
			self::label( $level )
		);
	}

	/**
	 * A level's name as users read it.
	 *
	 * @param string $level The level.
	 */
	public static function label( string $level ): string {
		$labels = array(
			'lite'   => __( 'Lite', 'monsterinsights-reports' ),
			'basic'  => __( 'Basic', 'monsterinsights-reports' ),
			'plus'   => __( 'Plus', 'monsterinsights-reports' ),
			'pro'    => __( 'Pro', 'monsterinsights-reports' ),
			'agency' => __( 'Agency', 'monsterinsights-reports' ),
		);
		return $labels[ $level ] ?? $level;
	}
}
