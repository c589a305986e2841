<?php
/**
 * Base of every REST controller of the plugin.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * Shared namespace and permission callbacks. Every route of the plugin has a permission callback
 * and an args schema; WordPress validates and sanitises the args against it before the callback.
 */
abstract class Controller extends \WP_REST_Controller {

	public const NAMESPACE = 'monsterinsights-reports/v1';

	/**
	 * Sets the namespace for every subclass.
	 */
	public function __construct() {
		$this->namespace = self::NAMESPACE;
	}

	/**
	 * Permission callback: the user may see the reports.
	 *
	 * @return true|\WP_Error
	 */
	public function can_view() {
		return $this->require_capability( Capabilities::VIEW, __( 'Sorry, you are not allowed to view these reports.', 'monsterinsights-reports' ) );
	}

	/**
	 * Permission callback: the user may change settings.
	 *
	 * @return true|\WP_Error
	 */
	public function can_save() {
		return $this->require_capability( Capabilities::SAVE, __( 'Sorry, you are not allowed to change these settings.', 'monsterinsights-reports' ) );
	}

	/**
	 * True, or a 401/403 error with a readable message.
	 *
	 * @param string $capability The capability to check.
	 * @param string $message    The message when the check fails.
	 * @return true|\WP_Error
	 */
	protected function require_capability( string $capability, string $message ) {
		if ( current_user_can( $capability ) ) {
			return true;
		}
		return new \WP_Error( 'rest_forbidden', $message, array( 'status' => rest_authorization_required_code() ) );
	}
}
