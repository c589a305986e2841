<?php
/**
 * The modules ("addons" in the REST API) built into the plugin and whether each is on.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * The addons of the REST API are modules of this plugin (docs/product-rules.md#modules), switched
 * on and off in settings. The map the app reads keeps the addons shape `{ key: { installed: true,
 * active, basename } }`; "Install addon" never applies, "Activate addon" turns the module on.
 *
 * @phpstan-type Addon array{installed: bool, active: bool, basename: string, title: string, description: string, requirement: string, requirement_met: bool}
 */
final class Modules {

	/**
	 * Option: module key → bool (on), for the keys a site has changed.
	 */
	public const OPTION = 'monsterinsights_reports_modules';

	/**
	 * Site option on multisite: the network's defaults, same shape.
	 */
	public const NETWORK_OPTION = 'monsterinsights_reports_network_modules';

	/**
	 * The module keys, in display order.
	 */
	public const KEYS = array( 'dimensions', 'woocommerce', 'forms', 'media', 'user-journey' );

	/**
	 * Translated title and description of each module.
	 *
	 * @return array<string, array{title: string, description: string}>
	 */
	public static function labels(): array {
		return array(
			'dimensions'   => array(
				'title'       => __( 'Dimensions', 'monsterinsights-reports' ),
				'description' => __( 'Authors, categories, tags and post types of the pages people read; fills the Most Popular Categories card.', 'monsterinsights-reports' ),
			),
			'woocommerce'  => array(
				'title'       => __( 'eCommerce', 'monsterinsights-reports' ),
				'description' => __( 'Revenue, products, coupons, cart abandonment and the purchase funnel of WooCommerce or Easy Digital Downloads stores.', 'monsterinsights-reports' ),
			),
			'forms'        => array(
				'title'       => __( 'Forms', 'monsterinsights-reports' ),
				'description' => __( 'Impressions, conversions and conversion rates of the forms on your site.', 'monsterinsights-reports' ),
			),
			'media'        => array(
				'title'       => __( 'Media', 'monsterinsights-reports' ),
				'description' => __( 'Plays, watch time and completion of the videos and audio on your site.', 'monsterinsights-reports' ),
			),
			'user-journey' => array(
				'title'       => __( 'User Journey', 'monsterinsights-reports' ),
				'description' => __( 'The pages each customer visited before buying.', 'monsterinsights-reports' ),
			),
		);
	}

	/**
	 * Whether a string is a module key.
	 *
	 * @param mixed $key Anything.
	 */
	public static function is_key( $key ): bool {
		return is_string( $key ) && in_array( $key, self::KEYS, true );
	}

	/**
	 * The network's defaults (all off unless the network admin turned some on).
	 *
	 * @return array<string, bool>
	 */
	public static function network_defaults(): array {
		$defaults = array_fill_keys( self::KEYS, false );
		if ( ! is_multisite() ) {
			return $defaults;
		}
		return self::merge( $defaults, get_site_option( self::NETWORK_OPTION, array() ) );
	}

	/**
	 * Which modules are on for the current site: its own choices over the network's defaults.
	 *
	 * @return array<string, bool>
	 */
	public static function states(): array {
		return self::merge( self::network_defaults(), get_option( self::OPTION, array() ) );
	}

	/**
	 * Whether a module is on for the current site.
	 *
	 * @param string $key The module key.
	 */
	public static function is_active( string $key ): bool {
		return self::states()[ $key ] ?? false;
	}

	/**
	 * Turns a module on or off for the current site.
	 *
	 * @param string $key    The module key.
	 * @param bool   $active On or off.
	 */
	public static function set( string $key, bool $active ): void {
		$stored         = get_option( self::OPTION, array() );
		$stored         = is_array( $stored ) ? $stored : array();
		$stored[ $key ] = $active;
		update_option( self::OPTION, array_intersect_key( $stored, array_flip( self::KEYS ) ) );
	}

	/**
	 * Sets the network's defaults.
	 *
	 * @param array<string, bool> $states Module key → on.
	 */
	public static function set_network_defaults( array $states ): void {
		update_site_option( self::NETWORK_OPTION, self::merge( self::network_defaults(), $states ) );
	}

	/**
	 * The addons map, with what the settings screen shows of each module.
	 *
	 * @return array<string, array<string, mixed>>
	 * @phpstan-return array<string, Addon>
	 */
	public static function addons(): array {
		$states = self::states();
		$labels = self::labels();
		$map    = array();
		foreach ( self::KEYS as $key ) {
			$requirement = '';
			$met         = true;
			if ( 'woocommerce' === $key ) {
				$requirement = __( 'Needs WooCommerce or Easy Digital Downloads to be active.', 'monsterinsights-reports' );
				$met         = class_exists( 'WooCommerce' ) || class_exists( 'Easy_Digital_Downloads' ) || function_exists( 'EDD' );
			}
			$map[ $key ] = array(
				'installed'       => true,
				'active'          => $states[ $key ],
				'basename'        => 'monsterinsights-reports/modules/' . $key,
				'title'           => $labels[ $key ]['title'],
				'description'     => $labels[ $key ]['description'],
				'requirement'     => $requirement,
				'requirement_met' => $met,
			);
		}
		return $map;
	}

	/**
	 * Report payloads depend on which modules are on (the categories card): their state is part
	 * of the report cache key (filter `monsterinsights_reports_cache_version`).
	 *
	 * @param mixed $version The version so far.
	 */
	public static function cache_version( $version ): string {
		$on = array_keys( array_filter( self::states() ) );
		return (string) $version . '|modules:' . implode( ',', $on );
	}

	/**
	 * Booleans of `$changes` for known keys over `$base`.
	 *
	 * @param array<string, bool> $base    Known states.
	 * @param mixed               $changes Stored or requested states.
	 * @return array<string, bool>
	 */
	private static function merge( array $base, $changes ): array {
		if ( is_array( $changes ) ) {
			foreach ( self::KEYS as $key ) {
				if ( isset( $changes[ $key ] ) && is_scalar( $changes[ $key ] ) ) {
					$base[ $key ] = (bool) $changes[ $key ];
				}
			}
		}
		return $base;
	}
}
