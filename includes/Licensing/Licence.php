<?php
/**
 * Which licence applies to the current request, and at what level.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * Resolves the licence (docs/product-rules.md#licence-levels): a site licence key in the option
 * `monsterinsights_reports_licence`, a network licence key in the site option
 * `monsterinsights_reports_network_licence`. In the network admin the network licence is used; on a
 * sub-site its own valid licence, else the network licence; on a single site its own. A stored key
 * that is not valid (expired, forged, unknown key id, damaged) counts as none, and its status is
 * reported by the licence routes.
 *
 * Keys are verified on every resolution; the verification results are kept for the request
 * (keyed by the key text and the trusted public keys, and dropped whenever either option changes).
 * The level is passed through `monsterinsights_reports_licence_level` last, uncached.
 */
final class Licence {

	/**
	 * Option holding the site licence key.
	 */
	public const SITE_OPTION = 'monsterinsights_reports_licence';

	/**
	 * Site option (network-wide) holding the network licence key.
	 */
	public const NETWORK_OPTION = 'monsterinsights_reports_network_licence';

	/**
	 * Where the resolved level comes from.
	 */
	public const SOURCES = array( 'site', 'network', 'none' );

	/**
	 * Verification results of this request, by scope, key and public keys.
	 *
	 * @var array<string, Verification>
	 */
	private static array $verified = array();

	/**
	 * Drops the cached results when a licence option changes.
	 */
	public static function register(): void {
		foreach ( array( 'add_option_', 'update_option_', 'delete_option_' ) as $hook ) {
			add_action( $hook . self::SITE_OPTION, array( self::class, 'reset' ) );
		}
		foreach ( array( 'add_site_option_', 'update_site_option_', 'delete_site_option_' ) as $hook ) {
			add_action( $hook . self::NETWORK_OPTION, array( self::class, 'reset' ) );
		}
		add_filter( 'monsterinsights_reports_notifications', array( self::class, 'notification' ) );
	}

	/**
	 * Adds an error notification while the site's stored key is expired or invalid (the site then
	 * runs as lite, or on the network licence).
	 *
	 * @param mixed $notifications The notifications so far.
	 * @return array<mixed>
	 */
	public static function notification( $notifications ): array {
		$notifications = is_array( $notifications ) ? $notifications : array();
		$check         = self::check( 'site' );
		if ( null === $check || $check->valid ) {
			return $notifications;
		}
		$actions = array();
		if ( current_user_can( \MonsterInsights\Reports\Capabilities::SAVE ) ) {
			$actions[] = array(
				'label'   => __( 'Update Licence Key', 'monsterinsights-reports' ),
				'url'     => admin_url( 'admin.php?page=monsterinsights_reports#/settings' ),
				'primary' => true,
			);
		}
		$notifications[] = array(
			'id'      => 'licence-invalid',
			'type'    => 'error',
			'title'   => 'licence_expired' === $check->error
				? __( 'Your licence key has expired', 'monsterinsights-reports' )
				: __( 'Your licence key is not valid', 'monsterinsights-reports' ),
			'content' => $check->message . ' ' . __( 'Paid reports and features are locked until a valid key is entered.', 'monsterinsights-reports' ),
			'date'    => time(),
			'actions' => $actions,
		);
		return $notifications;
	}

	/**
	 * Forgets every cached verification.
	 */
	public static function reset(): void {
		self::$verified = array();
	}

	/**
	 * The stored key of a scope; empty when none (or on a single site for the network scope).
	 *
	 * @param string $scope site or network.
	 */
	public static function stored( string $scope ): string {
		if ( 'network' === $scope ) {
			$key = is_multisite() ? get_site_option( self::NETWORK_OPTION, '' ) : '';
		} else {
			$key = get_option( self::SITE_OPTION, '' );
		}
		return is_string( $key ) ? trim( $key ) : '';
	}

	/**
	 * The verification of a scope's stored key; null when none is stored. A network licence must be
	 * a network key.
	 *
	 * @param string $scope site or network.
	 */
	public static function check( string $scope ): ?Verification {
		$key = self::stored( $scope );
		if ( '' === $key ) {
			return null;
		}
		$network = 'network' === $scope;
		$memo    = md5( $scope . "\0" . $key . "\0" . serialize( LicenceKey::public_keys() ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- A cache key of plain strings.
		if ( ! isset( self::$verified[ $memo ] ) ) {
			self::$verified[ $memo ] = LicenceKey::verify( $key, $network );
		}
		return self::$verified[ $memo ];
	}

	/**
	 * The level and where it comes from, before the level filter.
	 *
	 * @return array{level: string, source: string}
	 */
	public static function resolve(): array {
		$network_admin = is_multisite() && is_network_admin();
		if ( ! $network_admin ) {
			$site = self::check( 'site' );
			if ( null !== $site && $site->valid ) {
				return array(
					'level'  => $site->level(),
					'source' => 'site',
				);
			}
		}
		if ( is_multisite() ) {
			$network = self::check( 'network' );
			if ( null !== $network && $network->valid ) {
				return array(
					'level'  => $network->level(),
					'source' => 'network',
				);
			}
		}
		return array(
			'level'  => Levels::LOWEST,
			'source' => 'none',
		);
	}

	/**
	 * The licence level of the current request: resolved, then filtered. A filtered value that is
	 * not a level counts as lite.
	 */
	public static function level(): string {
		/**
		 * Filters the licence level (the e2e site and the tests set it here). Applied last, to the
		 * level the licence keys resolve to.
		 *
		 * @param string $level One of lite, basic, plus, pro, agency.
		 */
		$level = apply_filters( 'monsterinsights_reports_licence_level', self::resolve()['level'] );
		return Levels::is_level( $level ) ? (string) $level : Levels::LOWEST;
	}

	/**
	 * Where the resolved level comes from: site, network or none.
	 */
	public static function source(): string {
		return self::resolve()['source'];
	}

	/**
	 * Whether the current licence unlocks a report or feature of the tier table.
	 *
	 * @param string $name A report or feature name.
	 */
	public static function allows( string $name ): bool {
		return Tiers::allows( self::level(), $name );
	}
}
