<?php
/**
 * The google source's connection: monsterinsights-reports/v1/google and, on a network,
 * /google/network.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Sources\Google\OAuth;
use MonsterInsights\Reports\Sources\Google\Setup;

defined( 'ABSPATH' ) || exit;

/**
 * The settings screen's "Connect Google Analytics" panel:
 *
 * - GET `google`: the connection's settings, never a secret (has_psi_key says whether a PageSpeed
 *   key is stored);
 * - POST `google/service-account` { key }: a pasted service account JSON key, stored only once
 *   Google gave a token for it (else 400 google_key_refused with Google's reason);
 * - POST `google/oauth/start` { client_id, client_secret, return }: the authorize URL of the
 *   consent round trip (Sources\Google\OAuth; the callback is the admin page's load);
 * - GET `google/properties`, GET `google/sites`: what the credentials can read;
 * - POST `google/select` { property, sc_site, psi_key, clear_psi }: the property (one of the
 *   listed ones, with its currency and time zone read from the Admin API), the Search Console
 *   site (one of the listed ones, or none), the PageSpeed key;
 * - POST `google/test`: what each API answers;
 * - DELETE `google`: disconnects (secrets and settings go; the grant is revoked, best effort; an
 *   active google source becomes "not connected").
 *
 * The site's routes need `monsterinsights_save_settings` and `manage_options`; the same routes
 * under `google/network` (multisite only) manage the network's connection, which sub-sites without
 * their own use, and need `manage_network_options`.
 */
final class GoogleController extends Controller {

	/**
	 * Longest pasted key, in characters (a key file is about 2,400).
	 */
	public const MAX_KEY_LENGTH = 20000;

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'google';

	/**
	 * Registers the routes; the network's only on a network.
	 */
	public function register_routes(): void {
		$scopes = array( Secrets::SITE => '' );
		if ( is_multisite() ) {
			$scopes[ Secrets::NETWORK ] = '/network';
		}
		foreach ( $scopes as $scope => $prefix ) {
			$permission = Secrets::NETWORK === $scope ? 'can_connect_network' : 'can_connect';
			$this->add_route(
				$prefix,
				array(
					$this->endpoint( \WP_REST_Server::READABLE, fn() => rest_ensure_response( self::state( new Connection( $scope ) ) ), $permission ),
					$this->endpoint( \WP_REST_Server::DELETABLE, fn() => $this->disconnect( $scope ), $permission ),
				)
			);
			$this->add_route(
				$prefix . '/service-account',
				array(
					$this->endpoint( \WP_REST_Server::CREATABLE, fn( \WP_REST_Request $request ) => $this->service_account( $scope, $request ), $permission, self::key_args() ),
				)
			);
			$this->add_route(
				$prefix . '/oauth/start',
				array(
					$this->endpoint( \WP_REST_Server::CREATABLE, fn( \WP_REST_Request $request ) => $this->oauth_start( $scope, $request ), $permission, self::oauth_args() ),
				),
				'get_start_schema'
			);
			$this->add_route(
				$prefix . '/properties',
				array(
					$this->endpoint( \WP_REST_Server::READABLE, fn() => $this->google( static fn() => ( new Setup( new Connection( $scope ) ) )->properties() ), $permission ),
				),
				'get_properties_schema'
			);
			$this->add_route(
				$prefix . '/sites',
				array(
					$this->endpoint( \WP_REST_Server::READABLE, fn() => $this->google( static fn() => ( new Setup( new Connection( $scope ) ) )->sites() ), $permission ),
				),
				'get_sites_schema'
			);
			$this->add_route(
				$prefix . '/select',
				array(
					$this->endpoint( \WP_REST_Server::CREATABLE, fn( \WP_REST_Request $request ) => $this->select( $scope, $request ), $permission, self::select_args() ),
				)
			);
			$this->add_route(
				$prefix . '/test',
				array(
					$this->endpoint( \WP_REST_Server::CREATABLE, fn() => rest_ensure_response( ( new Setup( new Connection( $scope ) ) )->test() ), $permission ),
				),
				'get_test_schema'
			);
		}
	}

	/**
	 * Permission callback of the site's connection.
	 *
	 * @return true|\WP_Error
	 */
	public function can_connect() {
		if ( OAuth::can_connect( Secrets::SITE ) ) {
			return true;
		}
		return new \WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to connect Google Analytics.', 'monsterinsights-reports' ), array( 'status' => rest_authorization_required_code() ) );
	}

	/**
	 * Permission callback of the network's connection.
	 *
	 * @return true|\WP_Error
	 */
	public function can_connect_network() {
		return $this->require_capability( 'manage_network_options', __( 'Sorry, you are not allowed to connect Google Analytics for the network.', 'monsterinsights-reports' ) );
	}

	/**
	 * The connection's state as the screen shows it: no secret, only whether a PageSpeed key is set.
	 *
	 * @param Connection $connection The connection.
	 * @return array<string, mixed>
	 */
	public static function state( Connection $connection ): array {
		$settings = $connection->get();
		$psi      = $connection->secret( Connection::SECRET_PSI );
		$network  = is_multisite() && Secrets::SITE === $connection->scope && '' === $settings['auth'] && ( new Connection( Secrets::NETWORK ) )->is_complete();
		return array(
			'scope'         => $connection->scope,
			'auth'          => $settings['auth'],
			'client_email'  => $settings['client_email'],
			'client_id'     => $settings['client_id'],
			'property'      => $settings['property'],
			'property_name' => $settings['property_name'],
			'account_name'  => $settings['account_name'],
			'currency'      => $settings['currency'],
			'time_zone'     => $settings['time_zone'],
			'sc_site'       => $settings['sc_site'],
			'has_psi_key'   => is_string( $psi ) && '' !== $psi,
			'reauth'        => $settings['reauth'],
			'connected'     => $connection->is_complete(),
			'connected_at'  => $settings['connected_at'],
			'uses_network'  => $network,
			'redirect_uri'  => OAuth::redirect_uri( $connection->scope ),
		);
	}

	/**
	 * Runs a call to Google and answers its result, or its GoogleError as a REST error.
	 *
	 * @param callable $call The call.
	 * @phpstan-param callable(): mixed $call
	 * @return \WP_REST_Response|\WP_Error
	 */
	private function google( callable $call ) {
		try {
			return rest_ensure_response( $call() );
		} catch ( GoogleError $e ) {
			return $e->to_wp_error();
		}
	}

	/**
	 * POST service-account: checks the key with Google, then stores it.
	 *
	 * @param string           $scope   The scope.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	private function service_account( string $scope, \WP_REST_Request $request ) {
		$key        = json_decode( (string) $request->get_param( 'key' ), true );
		$connection = new Connection( $scope );
		try {
			( new Setup( $connection ) )->connect_service_account( (array) $key );
		} catch ( GoogleError $e ) {
			if ( in_array( $e->kind, array( GoogleError::UNAVAILABLE, GoogleError::QUOTA ), true ) ) {
				return $e->to_wp_error();
			}
			return self::refused_arg(
				'google_key_refused',
				/* translators: %s: Google's reason, such as "invalid_grant: Invalid JWT Signature." */
				sprintf( __( 'Google refused this service account key: %s', 'monsterinsights-reports' ), '' !== $e->reason ? $e->reason : $e->message_text() ),
				'key'
			);
		}
		return rest_ensure_response( self::state( $connection ) );
	}

	/**
	 * POST oauth/start: the authorize URL.
	 *
	 * @param string           $scope   The scope.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	private function oauth_start( string $scope, \WP_REST_Request $request ) {
		try {
			$url = OAuth::start( new Connection( $scope ), (string) $request->get_param( 'client_id' ), (string) $request->get_param( 'client_secret' ), (string) $request->get_param( 'return' ) );
		} catch ( GoogleError $e ) {
			return self::refused_arg( 'google_client_secret_missing', $e->reason, 'client_secret' );
		}
		return rest_ensure_response(
			array(
				'url'          => $url,
				'redirect_uri' => OAuth::redirect_uri( $scope ),
			)
		);
	}

	/**
	 * POST select: the property, the Search Console site and the PageSpeed key, each checked
	 * against what the credentials can read now.
	 *
	 * @param string           $scope   The scope.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	private function select( string $scope, \WP_REST_Request $request ) {
		$connection = new Connection( $scope );
		if ( '' === $connection->get()['auth'] ) {
			return GoogleError::because( GoogleError::NOT_CONFIGURED )->to_wp_error();
		}
		$setup = new Setup( $connection );
		try {
			$properties = $setup->properties();
			$site       = (string) $request->get_param( 'sc_site' );
			$sites      = '' === $site ? array() : array_column( $setup->sites(), 'site' );
		} catch ( GoogleError $e ) {
			return $e->to_wp_error();
		}
		$id     = (string) $request->get_param( 'property' );
		$chosen = null;
		foreach ( $properties as $property ) {
			if ( $property['property'] === $id ) {
				$chosen = $property;
				break;
			}
		}
		if ( null === $chosen ) {
			/* translators: %s: a GA4 property id. */
			return self::refused_arg( 'google_unknown_property', sprintf( __( 'property: %s is not one of the GA4 properties these credentials can read.', 'monsterinsights-reports' ), $id ), 'property' );
		}
		if ( '' !== $site && ! in_array( $site, $sites, true ) ) {
			/* translators: %s: a Search Console site. */
			return self::refused_arg( 'google_unknown_site', sprintf( __( 'sc_site: %s is not one of the Search Console sites these credentials can read.', 'monsterinsights-reports' ), $site ), 'sc_site' );
		}

		try {
			$settings = $setup->property_settings( $chosen['property'] );
		} catch ( GoogleError $e ) {
			return $e->to_wp_error();
		}

		$psi = $request->get_param( 'psi_key' );
		if ( is_string( $psi ) && '' !== trim( $psi ) ) {
			$connection->store_secret( Connection::SECRET_PSI, trim( $psi ) );
		} elseif ( true === $request->get_param( 'clear_psi' ) ) {
			$connection->forget_secret( Connection::SECRET_PSI );
		}
		$connection->update(
			array(
				'property'      => $chosen['property'],
				'property_name' => '' !== $chosen['name'] ? $chosen['name'] : sanitize_text_field( (string) $request->get_param( 'property_name' ) ),
				'account_name'  => $chosen['account_name'],
				'currency'      => $settings['currency'],
				'time_zone'     => $settings['time_zone'],
				'sc_site'       => $site,
				'connected_at'  => time(),
				'reauth'        => false,
			)
		);
		return rest_ensure_response( self::state( $connection ) );
	}

	/**
	 * DELETE: disconnects the scope; an active google source of the site becomes "not connected".
	 *
	 * @param string $scope The scope.
	 * @return \WP_REST_Response
	 */
	private function disconnect( string $scope ) {
		$connection = new Connection( $scope );
		( new Setup( $connection ) )->revoke();
		$connection->disconnect();
		if ( Secrets::SITE === $scope && GoogleSource::KEY === get_option( BootData::SOURCE_OPTION, '' ) && ! Connection::current()->is_complete() ) {
			update_option( BootData::SOURCE_OPTION, '' );
			/** This action is documented in includes/REST/SettingsController.php */
			do_action( 'monsterinsights_reports_source_changed', '', GoogleSource::KEY );
		}
		return rest_ensure_response( self::state( $connection ) );
	}

	/**
	 * The args of POST service-account.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function key_args(): array {
		return array(
			'key' => array(
				'description'       => __( 'The service account’s JSON key file, as pasted.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => true,
				'minLength'         => 1,
				'maxLength'         => self::MAX_KEY_LENGTH,
				'validate_callback' => array( self::class, 'validate_key' ),
				'sanitize_callback' => static fn( $value ) => trim( (string) $value ),
			),
		);
	}

	/**
	 * Validates a pasted key: its schema, then JSON of a service account key.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_key( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$problem = Setup::key_problem( json_decode( trim( (string) $value ), true ) );
		return null === $problem ? true : self::refused_arg( 'google_invalid_key', $problem, $param );
	}

	/**
	 * The args of POST oauth/start.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function oauth_args(): array {
		return array(
			'client_id'     => array(
				'description' => __( 'The OAuth client’s id (…apps.googleusercontent.com).', 'monsterinsights-reports' ),
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 255,
				'pattern'     => '^[A-Za-z0-9_.-]+\.apps\.googleusercontent\.com$',
			),
			'client_secret' => array(
				'description' => __( 'The OAuth client’s secret; empty keeps the one stored for the same client.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'default'     => '',
				'maxLength'   => 255,
				'pattern'     => '^[^\s]*$',
			),
			'return'        => array(
				'description' => __( 'The screen Google’s sign-in returns to.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => OAuth::RETURNS,
				'default'     => 'settings',
			),
		);
	}

	/**
	 * The args of POST select.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function select_args(): array {
		return array(
			'property'      => array(
				'description' => __( 'The GA4 property’s numeric id.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'required'    => true,
				'pattern'     => '^[0-9]{1,20}$',
			),
			'property_name' => array(
				'description' => __( 'The property’s name, as listed (Google’s own is kept when it has one).', 'monsterinsights-reports' ),
				'type'        => 'string',
				'default'     => '',
				'maxLength'   => 255,
			),
			'sc_site'       => array(
				'description' => __( 'The Search Console site (https://example.com/ or sc-domain:example.com); empty for none.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'default'     => '',
				'maxLength'   => 2048,
			),
			'psi_key'       => array(
				'description' => __( 'A PageSpeed Insights API key; empty or null keeps the stored one.', 'monsterinsights-reports' ),
				'type'        => array( 'string', 'null' ),
				'default'     => null,
				'maxLength'   => 255,
				'pattern'     => '^[A-Za-z0-9_-]*$',
			),
			'clear_psi'     => array(
				'description' => __( 'Deletes the stored PageSpeed Insights API key (when psi_key is empty).', 'monsterinsights-reports' ),
				'type'        => 'boolean',
				'default'     => false,
			),
		);
	}

	/**
	 * The schema of POST oauth/start's answer.
	 *
	 * @return array<string, mixed>
	 */
	public function get_start_schema(): array {
		return self::document(
			'google-oauth-start',
			array(
				'type'       => 'object',
				'properties' => array(
					'url'          => array(
						'description' => __( 'Google’s authorize URL to send the browser to.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'redirect_uri' => array(
						'description' => __( 'The redirect URI to register with the OAuth client.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
				),
			)
		);
	}

	/**
	 * The schema of GET properties' answer.
	 *
	 * @return array<string, mixed>
	 */
	public function get_properties_schema(): array {
		$string = array( 'type' => 'string' );
		return self::document(
			'google-properties',
			array(
				'description' => __( 'The GA4 properties the credentials can read, in Google’s order.', 'monsterinsights-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type'       => 'object',
					'properties' => array(
						'account'      => $string,
						'account_name' => $string,
						'property'     => $string,
						'name'         => $string,
					),
				),
			)
		);
	}

	/**
	 * The schema of GET sites' answer.
	 *
	 * @return array<string, mixed>
	 */
	public function get_sites_schema(): array {
		return self::document(
			'google-sites',
			array(
				'description' => __( 'The Search Console sites the credentials can read.', 'monsterinsights-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type'       => 'object',
					'properties' => array(
						'site'       => array( 'type' => 'string' ),
						'permission' => array( 'type' => 'string' ),
					),
				),
			)
		);
	}

	/**
	 * The schema of POST test's answer: what each API answered.
	 *
	 * @return array<string, mixed>
	 */
	public function get_test_schema(): array {
		$api = array(
			'type'       => 'object',
			'properties' => array(
				'ok'         => array( 'type' => 'boolean' ),
				'configured' => array( 'type' => 'boolean' ),
				'message'    => array( 'type' => 'string' ),
			),
		);
		return self::document(
			'google-test',
			array(
				'type'       => 'object',
				'properties' => array(
					'analytics'     => $api,
					'searchconsole' => $api,
					'pagespeed'     => $api,
				),
			)
		);
	}

	/**
	 * The connection state's schema.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$string = static fn( string $description ): array => array(
			'description' => $description,
			'type'        => 'string',
		);
		$bool   = static fn( string $description ): array => array(
			'description' => $description,
			'type'        => 'boolean',
		);
		return self::document(
			'google',
			array(
				'type'       => 'object',
				'properties' => array(
					'scope'         => $string( __( 'site or network.', 'monsterinsights-reports' ) ),
					'auth'          => $string( __( 'How it signs in: service_account, oauth, or empty when not connected.', 'monsterinsights-reports' ) ),
					'client_email'  => $string( __( 'The service account’s e-mail address.', 'monsterinsights-reports' ) ),
					'client_id'     => $string( __( 'The OAuth client’s id.', 'monsterinsights-reports' ) ),
					'property'      => $string( __( 'The GA4 property’s numeric id.', 'monsterinsights-reports' ) ),
					'property_name' => $string( __( 'The GA4 property’s name.', 'monsterinsights-reports' ) ),
					'account_name'  => $string( __( 'The Google Analytics account’s name.', 'monsterinsights-reports' ) ),
					'sc_site'       => $string( __( 'The Search Console site; empty for none.', 'monsterinsights-reports' ) ),
					'has_psi_key'   => $bool( __( 'Whether a PageSpeed Insights API key is stored (it is never sent).', 'monsterinsights-reports' ) ),
					'reauth'        => $bool( __( 'Whether Google asked to sign in again.', 'monsterinsights-reports' ) ),
					'connected'     => $bool( __( 'Whether it signs in and has a property.', 'monsterinsights-reports' ) ),
					'connected_at'  => array(
						'description' => __( 'When the property was chosen (Unix time); 0 before.', 'monsterinsights-reports' ),
						'type'        => 'integer',
					),
					'uses_network'  => $bool( __( 'Whether the site has no connection of its own and uses the network’s.', 'monsterinsights-reports' ) ),
					'redirect_uri'  => $string( __( 'The redirect URI to register with an OAuth client.', 'monsterinsights-reports' ) ),
				),
			)
		);
	}
}
