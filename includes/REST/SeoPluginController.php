<?php
/**
 * GET monsterinsights-reports/v1/seo-plugin, POST …/seo-plugin/install and POST
 * …/seo-plugin/activate — the SEO plugin card's install flow.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Promos\SeoPlugin;

defined( 'ABSPATH' ) || exit;

/**
 * The SEO plugin's status (installed, active, basename, what the user may do), its install
 * (`install_plugins`) and its activation on this site (`activate_plugins`); every route also needs
 * `monsterinsights_view_dashboard`. A failed install answers a 500 `installation_failed`, a failed
 * activation a 500 `activation_failed`, with the spec's texts; `data.reason` has what WordPress
 * said.
 */
final class SeoPluginController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'seo-plugin';

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->add_route( '', array( $this->endpoint( \WP_REST_Server::READABLE, 'get_item' ) ) );
		$this->add_route(
			'/install',
			array(
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'install',
					'can_install',
					array(
						'slug' => array(
							'description' => __( 'The SEO plugin’s slug in the plugin directory.', 'monsterinsights-reports' ),
							'type'        => 'string',
							'enum'        => array( SeoPlugin::SLUG ),
							'required'    => true,
						),
					)
				),
			)
		);
		$this->add_route(
			'/activate',
			array(
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'activate',
					'can_activate',
					array(
						'basename' => array(
							'description' => __( 'The SEO plugin’s basename (folder/file.php).', 'monsterinsights-reports' ),
							'type'        => 'string',
							'enum'        => SeoPlugin::BASENAMES,
							'required'    => true,
						),
					)
				),
			)
		);
	}

	/**
	 * Permission callback: the user sees the reports and may install plugins.
	 *
	 * @return true|\WP_Error
	 */
	public function can_install() {
		$view = $this->can_view();
		if ( true !== $view ) {
			return $view;
		}
		return $this->require_capability( 'install_plugins', __( 'Sorry, you are not allowed to install plugins on this site.', 'monsterinsights-reports' ) );
	}

	/**
	 * Permission callback: the user sees the reports and may activate plugins.
	 *
	 * @return true|\WP_Error
	 */
	public function can_activate() {
		$view = $this->can_view();
		if ( true !== $view ) {
			return $view;
		}
		return $this->require_capability( 'activate_plugins', __( 'Sorry, you are not allowed to activate plugins on this site.', 'monsterinsights-reports' ) );
	}

	/**
	 * Answers GET: the plugin's status.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return rest_ensure_response( self::item( false ) );
	}

	/**
	 * Answers POST install: installs the plugin (inactive) and answers its status.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function install( $request ) {
		unset( $request );
		$result = SeoPlugin::install();
		if ( is_wp_error( $result ) ) {
			return self::failed( 'installation_failed', __( 'Installation Failed. Please refresh and try again.', 'monsterinsights-reports' ), $result );
		}
		return rest_ensure_response( self::item( true ) );
	}

	/**
	 * Answers POST activate: activates the plugin on this site and answers its status.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function activate( $request ) {
		$result = SeoPlugin::activate( (string) $request->get_param( 'basename' ) );
		if ( is_wp_error( $result ) ) {
			return self::failed( 'activation_failed', __( 'Activation Failed. Please refresh and try again.', 'monsterinsights-reports' ), $result );
		}
		return rest_ensure_response( self::item( true ) );
	}

	/**
	 * The plugin's status as the routes answer it.
	 *
	 * @param bool $success Whether an install or activation just succeeded (GET: false).
	 * @return array<string, mixed>
	 */
	private static function item( bool $success ): array {
		return array(
			'success' => $success,
			'slug'    => SeoPlugin::SLUG,
			'name'    => SeoPlugin::NAME,
		) + SeoPlugin::status();
	}

	/**
	 * A failed install or activation: a 500 with the spec's text and what WordPress said.
	 *
	 * @param string    $code    The error code.
	 * @param string    $message The spec's text.
	 * @param \WP_Error $reason  What WordPress said.
	 */
	private static function failed( string $code, string $message, \WP_Error $reason ): \WP_Error {
		return new \WP_Error(
			$code,
			$message,
			array(
				'status' => 500,
				'reason' => wp_strip_all_tags( $reason->get_error_message() ),
			)
		);
	}

	/**
	 * The answer's JSON schema; src/reports/queries/promos.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document(
			'seo-plugin',
			array(
				'type'       => 'object',
				'properties' => array(
					'success'      => array(
						'description' => __( 'Whether the install or activation asked for succeeded (false when only read).', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'slug'         => array(
						'description' => __( 'The plugin’s slug in the plugin directory.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'name'         => array(
						'description' => __( 'The plugin’s name.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'installed'    => array(
						'description' => __( 'Whether the plugin is installed.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'active'       => array(
						'description' => __( 'Whether the plugin is active on this site.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'basename'     => array(
						'description' => __( 'The basename to activate.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'can_install'  => array(
						'description' => __( 'Whether the current user may install plugins.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'can_activate' => array(
						'description' => __( 'Whether the current user may activate plugins.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
				),
			)
		);
	}
}
