<?php
/**
 * The licence routes: monsterinsights-reports/v1/licence and, on a network, /licence/network.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Levels;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\LicenceKey;
use MonsterInsights\Reports\Licensing\Verification;

defined( 'ABSPATH' ) || exit;

/**
 * GET, POST { key } and DELETE the site licence (`monsterinsights_save_settings`), and on a network
 * the network licence (`manage_network_options`; the route does not exist on a single site). Every
 * route answers the same shape: the resolved level, where it comes from, and the site and network
 * licences with their status. A key that does not verify is refused with 400 and its error code
 * (licence_malformed, licence_unknown_key, licence_forged, licence_expired, licence_not_network),
 * and nothing is stored.
 */
final class LicenceController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'licence';

	/**
	 * Registers the routes; the network route only on a network.
	 */
	public function register_routes(): void {
		$scopes = array( 'site' => '' );
		if ( is_multisite() ) {
			$scopes['network'] = '/network';
		}
		foreach ( $scopes as $scope => $path ) {
			$permission = 'network' === $scope ? 'can_manage_network' : 'can_save';
			$key        = array(
				'description'       => 'network' === $scope
					? __( 'The network licence key, exactly as it was issued.', 'monsterinsights-reports' )
					: __( 'The licence key, exactly as it was issued.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => true,
				'minLength'         => 1,
				'maxLength'         => LicenceKey::MAX_LENGTH,
				'validate_callback' => array( self::class, 'validate_key' ),
				'sanitize_callback' => array( self::class, 'sanitize_key' ),
			);
			$this->add_route(
				$path,
				array(
					$this->endpoint( \WP_REST_Server::READABLE, 'get_item', $permission ),
					$this->endpoint( \WP_REST_Server::CREATABLE, fn( \WP_REST_Request $request ) => $this->store( $scope, $request ), $permission, array( 'key' => $key ) ),
					$this->endpoint( \WP_REST_Server::DELETABLE, fn() => $this->clear( $scope ), $permission ),
				)
			);
		}
	}

	/**
	 * Permission callback of the network licence: the user manages the network's options.
	 *
	 * @return true|\WP_Error
	 */
	public function can_manage_network() {
		return $this->require_capability( 'manage_network_options', __( 'Sorry, you are not allowed to change the network licence.', 'monsterinsights-reports' ) );
	}

	/**
	 * Validates the key argument: a string with something in it once trimmed.
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
		if ( '' === trim( (string) $value ) ) {
			/* translators: %s: the parameter's name. */
			return self::refused_arg( 'rest_invalid_param', sprintf( __( '%s: enter a licence key.', 'monsterinsights-reports' ), $param ), $param );
		}
		return true;
	}

	/**
	 * Sanitises the key argument: without surrounding whitespace (keys are pasted).
	 *
	 * @param mixed $value The validated value.
	 */
	public static function sanitize_key( $value ): string {
		return trim( (string) $value );
	}

	/**
	 * Answers GET.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return rest_ensure_response( self::state() );
	}

	/**
	 * Answers POST: verifies the key, stores it only when valid, answers the new state.
	 *
	 * @param string           $scope   site or network.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function store( string $scope, \WP_REST_Request $request ) {
		$key    = (string) $request->get_param( 'key' );
		$result = LicenceKey::verify( $key, 'network' === $scope );
		if ( ! $result->valid ) {
			return self::refused_arg( $result->error, $result->message, 'key' );
		}
		if ( 'network' === $scope ) {
			update_site_option( Licence::NETWORK_OPTION, $key );
		} else {
			update_option( Licence::SITE_OPTION, $key );
		}
		Licence::reset();
		return rest_ensure_response( self::state() );
	}

	/**
	 * Answers DELETE: removes the scope's key, answers the new state.
	 *
	 * @param string $scope site or network.
	 * @return \WP_REST_Response
	 */
	public function clear( string $scope ) {
		if ( 'network' === $scope ) {
			delete_site_option( Licence::NETWORK_OPTION );
		} else {
			delete_option( Licence::SITE_OPTION );
		}
		Licence::reset();
		return rest_ensure_response( self::state() );
	}

	/**
	 * What every route answers.
	 *
	 * @return array{level: string, source: string, site: array<string, mixed>|null, network: array<string, mixed>|null, can_manage_network: bool}
	 */
	public static function state(): array {
		return array(
			'level'              => Licence::level(),
			'source'             => Licence::source(),
			'site'               => self::info( Licence::stored( 'site' ), Licence::check( 'site' ) ),
			'network'            => is_multisite() ? self::info( Licence::stored( 'network' ), Licence::check( 'network' ) ) : null,
			'can_manage_network' => is_multisite() && current_user_can( 'manage_network_options' ),
		);
	}

	/**
	 * A stored licence as the routes show it; null when none is stored.
	 *
	 * @param string            $key    The stored key.
	 * @param Verification|null $result Its verification.
	 * @return array<string, mixed>|null
	 */
	private static function info( string $key, ?Verification $result ): ?array {
		if ( '' === $key || null === $result ) {
			return null;
		}
		$payload = $result->payload;
		return array(
			'key_masked' => self::mask( $key ),
			'key_id'     => $payload['key_id'] ?? '',
			'level'      => $payload['level'] ?? null,
			'issued_to'  => $payload['issued_to'] ?? '',
			'expires'    => $payload['expires'] ?? null,
			'network'    => $payload['network'] ?? false,
			'status'     => $result->status(),
			'message'    => $result->message,
		);
	}

	/**
	 * A key shown without most of it: the first 6 characters, an ellipsis, the last 4.
	 *
	 * @param string $key The key.
	 */
	public static function mask( string $key ): string {
		$length = mb_strlen( $key, 'UTF-8' );
		if ( $length <= 10 ) {
			return '…';
		}
		return mb_substr( $key, 0, 6, 'UTF-8' ) . '…' . mb_substr( $key, -4, null, 'UTF-8' );
	}

	/**
	 * The payload's JSON schema; every route answers it.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$info = array(
			'type'       => array( 'object', 'null' ),
			'properties' => array(
				'key_masked' => array(
					'description' => __( 'The stored key with most of it hidden.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'key_id'     => array(
					'description' => __( 'The id of the vendor key that signed it; empty when the key cannot be read.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'level'      => array(
					'description' => __( 'The level the key carries; null when the key cannot be read.', 'monsterinsights-reports' ),
					'type'        => array( 'string', 'null' ),
					'enum'        => array_merge( Levels::KEYED, array( null ) ),
				),
				'issued_to'  => array(
					'description' => __( 'Who the key was issued to.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'expires'    => array(
					'description' => __( 'When the key expires (Unix seconds); null for never.', 'monsterinsights-reports' ),
					'type'        => array( 'integer', 'null' ),
				),
				'network'    => array(
					'description' => __( 'Whether it is a network licence key.', 'monsterinsights-reports' ),
					'type'        => 'boolean',
				),
				'status'     => array(
					'description' => __( 'Whether the stored key is valid; an expired or invalid key counts as none.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'enum'        => array( 'valid', 'expired', 'invalid' ),
				),
				'message'    => array(
					'description' => __( 'The status, in words.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
			),
		);

		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'level'              => array(
					'description' => __( 'The licence level in force.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'enum'        => Levels::ALL,
				),
				'source'             => array(
					'description' => __( 'Where the level comes from: the site licence, the network licence, or none (lite).', 'monsterinsights-reports' ),
					'type'        => 'string',
					'enum'        => Licence::SOURCES,
				),
				'site'               => array( 'description' => __( 'The site licence; null when none is stored.', 'monsterinsights-reports' ) ) + $info,
				'network'            => array( 'description' => __( 'The network licence; null on a single site or when none is stored.', 'monsterinsights-reports' ) ) + $info,
				'can_manage_network' => array(
					'description' => __( 'Whether the user may change the network licence.', 'monsterinsights-reports' ),
					'type'        => 'boolean',
				),
			),
		);
		return self::document( 'licence', $schema );
	}
}
