<?php
/**
 * GET and POST monsterinsights-reports/v1/settings — the settings the reports app reads and writes.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

defined( 'ABSPATH' ) || exit;

/**
 * Reads need `monsterinsights_view_dashboard`, writes `monsterinsights_save_settings`. The settings
 * live in one option (an array), so settings added later keep their neighbours.
 */
final class SettingsController extends Controller {

	/**
	 * The option holding the settings.
	 */
	public const OPTION = 'monsterinsights_reports_settings';

	/**
	 * Every setting of this route with its default.
	 */
	public const DEFAULTS = array(
		'pdf_reports_header_image' => '',
	);

	/**
	 * Sets the route base.
	 */
	public function __construct() {
		parent::__construct();
		$this->rest_base = 'settings';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => \WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'can_view' ),
					'args'                => array(),
				),
				array(
					'methods'             => \WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => array(
						'pdf_reports_header_image' => array(
							'description'       => __( 'URL of the image printed at the top of PDF reports; empty for none.', 'monsterinsights-reports' ),
							'type'              => 'string',
							'validate_callback' => array( self::class, 'validate_image_url' ),
							'sanitize_callback' => array( self::class, 'sanitize_image_url' ),
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * The stored settings, completed with the defaults; unknown keys are left out.
	 *
	 * @return array{pdf_reports_header_image: string}
	 */
	public static function get(): array {
		$stored   = get_option( self::OPTION, array() );
		$stored   = is_array( $stored ) ? $stored : array();
		$settings = self::DEFAULTS;
		foreach ( array_keys( self::DEFAULTS ) as $key ) {
			if ( isset( $stored[ $key ] ) && is_string( $stored[ $key ] ) ) {
				$settings[ $key ] = $stored[ $key ];
			}
		}
		return $settings;
	}

	/**
	 * Answers GET: the settings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return rest_ensure_response( self::get() );
	}

	/**
	 * Answers POST: stores the settings the request carries (validated and sanitised by the args
	 * schema) and returns every setting.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function update_item( $request ) {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		foreach ( array_keys( self::DEFAULTS ) as $key ) {
			if ( $request->has_param( $key ) ) {
				$stored[ $key ] = (string) $request->get_param( $key );
			}
		}
		update_option( self::OPTION, $stored );
		return rest_ensure_response( self::get() );
	}

	/**
	 * Validates the header image: a string that is empty or an http(s) URL with a host.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_image_url( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$url = trim( (string) $value );
		if ( '' === $url || self::is_http_url( $url ) ) {
			return true;
		}
		return new \WP_Error(
			'rest_invalid_url',
			/* translators: %s: the parameter's name. */
			sprintf( __( '%s must be empty or an http:// or https:// URL.', 'monsterinsights-reports' ), $param ),
			array( 'status' => 400 )
		);
	}

	/**
	 * Sanitises the header image URL; empty stays empty.
	 *
	 * @param mixed $value The validated value.
	 */
	public static function sanitize_image_url( $value ): string {
		$url = trim( (string) $value );
		return '' === $url ? '' : esc_url_raw( $url, array( 'http', 'https' ) );
	}

	/**
	 * Whether a string is an absolute http(s) URL with a host and no whitespace.
	 *
	 * @param string $url The string.
	 */
	private static function is_http_url( string $url ): bool {
		if ( preg_match( '/[\s\x00-\x1f\x7f]/', $url ) ) {
			return false;
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return false;
		}
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		return in_array( $scheme, array( 'http', 'https' ), true ) && '' !== esc_url_raw( $url, array( 'http', 'https' ) );
	}

	/**
	 * The payload's JSON schema; src/store/settings/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'monsterinsights-reports-settings',
			'type'       => 'object',
			'properties' => array(
				'pdf_reports_header_image' => array(
					'description' => __( 'URL of the image printed at the top of PDF reports; empty for none.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'context'     => array( 'view', 'edit' ),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
