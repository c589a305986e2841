<?php
/**
 * The data the admin app needs to start.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\Reports\YearInReview;
use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\Licensing\Levels;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * Builds the boot payload, shared by the inline script of the reports page and the REST boot route.
 */
final class BootData {

	/**
	 * The sections of the boot payload, in order.
	 */
	public const SECTIONS = array( 'rest', 'user', 'site', 'source', 'licence', 'plugin', 'shop' );

	/**
	 * Licence levels, lowest first.
	 */
	public const LEVELS = Levels::ALL;

	/**
	 * Option holding the active data source key; empty until the setup wizard picks one.
	 */
	public const SOURCE_OPTION = 'monsterinsights_reports_source';

	/**
	 * Builds the requested sections of the boot payload for the current user and site.
	 *
	 * @param string[] $sections Which sections to include; all when empty.
	 * @return array<string, array<string, mixed>|null>
	 */
	public static function build( array $sections = array() ): array {
		$sections = empty( $sections ) ? self::SECTIONS : array_values( array_intersect( self::SECTIONS, $sections ) );
		$data     = array();
		foreach ( $sections as $section ) {
			$data[ $section ] = match ( $section ) {
				'rest'   => self::rest(),
				'user'   => self::user(),
				'site'   => self::site(),
				'source' => self::source(),
				'licence' => self::licence(),
				'plugin' => self::plugin(),
				'shop'   => Shop::current(),
			};
		}
		return $data;
	}

	/**
	 * REST root and nonce, applied as api-fetch middlewares by the app.
	 *
	 * @return array<string, string>
	 */
	private static function rest(): array {
		return array(
			'root'      => esc_url_raw( get_rest_url() ),
			'namespace' => Controller::NAMESPACE,
			'nonce'     => wp_create_nonce( 'wp_rest' ),
		);
	}

	/**
	 * The current user's id, locale, capabilities and feature feedback: the features that ask
	 * for it and those the user already rated on this site (the widget shows on neither again).
	 *
	 * @return array<string, mixed>
	 */
	private static function user(): array {
		return array(
			'id'              => get_current_user_id(),
			'locale'          => get_user_locale(),
			'capabilities'    => array(
				'viewReports'   => current_user_can( Capabilities::VIEW ),
				'saveSettings'  => current_user_can( Capabilities::SAVE ),
				'manageNetwork' => is_multisite() && current_user_can( 'manage_network_options' ),
				// The site notes form offers the media library (loaded on demand) when this is true.
				'uploadFiles'   => current_user_can( 'upload_files' ),
			),
			'featureFeedback' => array(
				'features' => FeatureFeedback::keys(),
				'rated'    => FeatureFeedback::rated( get_current_user_id() ),
			),
		);
	}

	/**
	 * The site's name, timezone, today and network facts.
	 *
	 * @return array<string, mixed>
	 */
	private static function site(): array {
		$timezone = wp_timezone();
		$now      = new \DateTimeImmutable( 'now', $timezone );
		return array(
			'id'              => get_current_blog_id(),
			'name'            => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ),
			'url'             => home_url( '/' ),
			'adminUrl'        => admin_url(),
			'timezone'        => $timezone->getName(),
			'gmtOffset'       => $timezone->getOffset( $now ) / HOUR_IN_SECONDS,
			'today'           => $now->format( 'Y-m-d' ),
			'locale'          => get_locale(),
			'startOfWeek'     => (int) get_option( 'start_of_week', 1 ),
			'isMultisite'     => is_multisite(),
			'isNetworkAdmin'  => is_network_admin(),
			'isNetworkActive' => Activation::is_network_active(),
			'yearInReview'    => YearInReview::state(),
		);
	}

	/**
	 * The active data source. A fresh install has none, so it is not connected.
	 *
	 * @return array<string, mixed>
	 */
	private static function source(): array {
		$active = (string) get_option( self::SOURCE_OPTION, '' );
		$source = ( new Sources() )->active();
		// The google source is connected once it has credentials and a property; Google asking to
		// sign in again (invalid_grant) shows the re-auth notice from the start.
		$google = $source instanceof GoogleSource;
		return array(
			'active'    => $active,
			'connected' => '' !== $active && ( ! $google || $source->is_connected() ),
			'reauth'    => $google && $source->connection()->needs_reauth(),
		);
	}

	/**
	 * The resolved licence level (after the `monsterinsights_reports_licence_level` filter, which
	 * tests and the e2e site use) and where the licence comes from: site, network or none.
	 *
	 * @return array<string, string>
	 */
	private static function licence(): array {
		return array(
			'level'  => Licence::level(),
			'source' => Licence::source(),
		);
	}

	/**
	 * The plugin's version and asset URL.
	 *
	 * @return array<string, string>
	 */
	private static function plugin(): array {
		return array(
			'version'    => MONSTERINSIGHTS_REPORTS_VERSION,
			'assetsUrl'  => MONSTERINSIGHTS_REPORTS_URL . 'build/',
			'reportsUrl' => admin_url( 'admin.php?page=' . ReportsPage::SLUG ),
		);
	}
}
