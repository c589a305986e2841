<?php
/**
 * POST monsterinsights-reports/v1/collect — the collector, through WordPress.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Sources\Builtin\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Tracking\Module;

defined( 'ABSPATH' ) || exit;

/**
 * The fallback of collect.php for sites where that file cannot find the site's data on its own
 * (a non-standard uploads or plugins layout). It runs the same Collector, so the same requests are
 * written or dropped; only the answers for a bad request differ: a WordPress error body here.
 */
final class CollectController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'collect';

	/**
	 * The route, for rest_url().
	 */
	public static function route(): string {
		return self::NAMESPACE . '/collect';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$endpoint = $this->endpoint( \WP_REST_Server::CREATABLE, 'create_item' );
		// Public on purpose: the tracker posts here for every anonymous visitor of the site, who has
		// no account, no cookie and no nonce. Nothing is read back and nothing of a user's is
		// changed; the collector itself validates the body, drops bots, prefetches and excluded
		// addresses, and caps the size.
		$endpoint['permission_callback'] = '__return_true';
		$this->add_route(
			'',
			array( $endpoint ),
			fn() => self::document(
				'collect',
				array(
					'type'        => 'null',
					'description' => __( 'A stored or dropped hit is answered 204 No Content, with no body; a malformed hit is a 400 with an error code and message.', 'monsterinsights-reports' ),
				)
			)
		);
	}

	/**
	 * Collects one hit from the raw body (JSON sent as text/plain).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		$collector = Module::collector();
		if ( null === $collector ) {
			return new \WP_Error( 'monsterinsights_reports_collect_unavailable', __( 'The analytics data folder cannot be written.', 'monsterinsights-reports' ), array( 'status' => 500 ) );
		}
		$status = $collector->handle( self::server( $request ), $request->get_body(), microtime( true ) );
		switch ( $status ) {
			case Collector::STATUS_OK:
				return new \WP_REST_Response( null, 204 );
			case Collector::STATUS_MALFORMED:
				return new \WP_Error(
					'monsterinsights_reports_invalid_hit',
					/* translators: %s: the machine-readable reason, such as malformed_path. */
					sprintf( __( 'The hit is malformed (%s).', 'monsterinsights-reports' ), $collector->reason() ),
					array( 'status' => 400 )
				);
			case Collector::STATUS_TOO_LARGE:
				return new \WP_Error( 'monsterinsights_reports_hit_too_large', __( 'The hit is too large.', 'monsterinsights-reports' ), array( 'status' => 413 ) );
			default:
				return new \WP_Error( 'monsterinsights_reports_collect_failed', __( 'The hit could not be stored.', 'monsterinsights-reports' ), array( 'status' => $status ) );
		}
	}

	/**
	 * The request as the $_SERVER-shaped array Collector reads: the method, the headers as HTTP_*
	 * keys, and the address the request came from.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, string>
	 */
	private static function server( $request ): array {
		$server = array( 'REQUEST_METHOD' => $request->get_method() );
		foreach ( $request->get_headers() as $name => $values ) {
			$key            = strtoupper( (string) $name );
			$key            = in_array( $key, array( 'CONTENT_TYPE', 'CONTENT_LENGTH' ), true ) ? $key : 'HTTP_' . $key;
			$server[ $key ] = implode( ', ', array_map( 'strval', (array) $values ) );
		}
		// Not sanitised: Ip::client() accepts it only when it is a valid IP address.
		$server['REMOTE_ADDR'] = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) wp_unslash( $_SERVER['REMOTE_ADDR'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		return $server;
	}
}
