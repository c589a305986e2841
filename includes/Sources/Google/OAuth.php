<?php
/**
 * The OAuth consent round trip of the google source: its start (state and PKCE) and its callback
 * on the site's own settings screen.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Settings\Secrets;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * The round trip. start() keeps the OAuth client (its id in the connection's settings, its secret encrypted in
 * Connection::SECRET_OAUTH), makes a random `state` and a PKCE code verifier, keeps both for the
 * current user in a transient of ten minutes, and answers Google's authorize URL. Google sends the
 * browser back to the redirect URI, the plugin's admin page (admin.php?page=monsterinsights_reports;
 * network admin for the network's connection), with `code` and `state`, or `error`. On that page's
 * load, callback() takes the transient (once: it is deleted whatever happens), refuses a state
 * that is missing, expired or not the one it made, and only then exchanges the code with the
 * verifier at the token endpoint; the refresh token goes to SECRET_OAUTH, the access token to
 * SECRET_TOKEN. The browser is then sent to the settings screen without the code in its URL, and
 * a refusal is shown as an admin notice there, with nothing stored.
 */
final class OAuth {

	/**
	 * Transient of a user's round trip (followed by the user id): state, verifier, scope, return.
	 */
	public const TRANSIENT = 'monsterinsights_reports_google_oauth_';

	/**
	 * Transient of the notice shown after a refused round trip (followed by the user id).
	 */
	public const NOTICE_TRANSIENT = 'monsterinsights_reports_google_notice_';

	/**
	 * Seconds a round trip may take.
	 */
	public const TTL = 600;

	/**
	 * The screens a round trip may return to.
	 */
	public const RETURNS = array( 'settings', 'setup-wizard' );

	/**
	 * The redirect URI of a scope: the plugin's admin page, where the settings screen is. This is
	 * the URI to register with the OAuth client.
	 *
	 * @param string $scope Secrets::SITE or Secrets::NETWORK.
	 */
	public static function redirect_uri( string $scope ): string {
		$path = 'admin.php?page=monsterinsights_reports';
		return Secrets::NETWORK === $scope ? network_admin_url( $path ) : admin_url( $path );
	}

	/**
	 * Starts a round trip: keeps the client, remembers state and verifier for the current user,
	 * and answers the URL to send the browser to.
	 *
	 * @param Connection $connection    The connection.
	 * @param string     $client_id     The OAuth client's id.
	 * @param string     $client_secret Its secret; empty keeps the one stored for the same client.
	 * @param string     $back          The screen to return to: settings or setup-wizard.
	 * @throws GoogleError NOT_CONFIGURED when no secret is given and none is stored for the client.
	 */
	public static function start( Connection $connection, string $client_id, string $client_secret, string $back = 'settings' ): string {
		$stored = $connection->secret( Connection::SECRET_OAUTH );
		$stored = is_array( $stored ) ? $stored : array();
		$same   = $client_id === $connection->get()['client_id'];
		if ( '' === $client_secret ) {
			$client_secret = $same && is_string( $stored['client_secret'] ?? null ) ? $stored['client_secret'] : '';
			if ( '' === $client_secret ) {
				throw GoogleError::because( GoogleError::NOT_CONFIGURED, __( 'Enter the OAuth client’s secret.', 'monsterinsights-reports' ) );
			}
		}
		// A refresh token of the same client stays until a new one replaces it: an abandoned
		// round trip does not break a working connection.
		$oauth = array( 'client_secret' => $client_secret );
		if ( $same && is_string( $stored['refresh_token'] ?? null ) ) {
			$oauth['refresh_token'] = $stored['refresh_token'];
		}
		$connection->store_secret( Connection::SECRET_OAUTH, $oauth );
		if ( ! $same ) {
			$connection->update( array( 'client_id' => $client_id ) );
		}

		$state    = self::random( 24 );
		$verifier = self::random( 48 );
		set_transient(
			self::TRANSIENT . get_current_user_id(),
			array(
				'state'    => $state,
				'verifier' => $verifier,
				'scope'    => $connection->scope,
				'return'   => in_array( $back, self::RETURNS, true ) ? $back : 'settings',
			),
			self::TTL
		);

		return add_query_arg(
			array_map(
				'rawurlencode',
				array(
					'client_id'             => $client_id,
					'redirect_uri'          => self::redirect_uri( $connection->scope ),
					'response_type'         => 'code',
					'scope'                 => Endpoints::SCOPES,
					'access_type'           => 'offline',
					'prompt'                => 'consent',
					'state'                 => $state,
					'code_challenge'        => self::challenge( $verifier ),
					'code_challenge_method' => 'S256',
				)
			),
			Endpoints::url( 'authorize', '/o/oauth2/v2/auth' )
		);
	}

	/**
	 * The PKCE S256 challenge of a verifier: base64url of its SHA-256, without padding.
	 *
	 * @param string $verifier The verifier.
	 */
	public static function challenge( string $verifier ): string {
		return self::base64url( hash( 'sha256', $verifier, true ) );
	}

	/**
	 * `load-toplevel_page_monsterinsights_reports`: finishes a round trip whose answer the page's
	 * URL carries, then sends the browser on; shows the notice of an earlier refused one.
	 */
	public static function on_page_load(): void {
		add_action( is_network_admin() ? 'network_admin_notices' : 'admin_notices', array( self::class, 'print_notice' ) );
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- Google's redirect: the state is checked against the user's own transient.
		if ( ! isset( $_GET['state'] ) && ! isset( $_GET['code'] ) && ! isset( $_GET['error'] ) ) {
			return;
		}
		$query = array();
		foreach ( array( 'state', 'code', 'error' ) as $name ) {
			if ( isset( $_GET[ $name ] ) && is_string( $_GET[ $name ] ) ) {
				$query[ $name ] = sanitize_text_field( wp_unslash( $_GET[ $name ] ) );
			}
		}
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$scope = is_network_admin() ? Secrets::NETWORK : Secrets::SITE;
		if ( ! self::can_connect( $scope ) ) {
			return;
		}
		$outcome = self::callback( $query, $scope );
		if ( null !== $outcome['notice'] ) {
			set_transient( self::NOTICE_TRANSIENT . get_current_user_id(), $outcome['notice'], 60 );
		}
		wp_safe_redirect( $outcome['location'] );
		exit;
	}

	/**
	 * Whether the current user may connect a scope: the site's needs the plugin's settings
	 * capability and manage_options, the network's manage_network_options.
	 *
	 * @param string $scope Secrets::SITE or Secrets::NETWORK.
	 */
	public static function can_connect( string $scope ): bool {
		if ( Secrets::NETWORK === $scope ) {
			return is_multisite() && current_user_can( 'manage_network_options' );
		}
		return current_user_can( Capabilities::SAVE ) && current_user_can( 'manage_options' );
	}

	/**
	 * Finishes a round trip from the query Google sent back.
	 *
	 * @param array<string, string> $query state, code or error.
	 * @param string                $scope The scope of the admin page it arrived on.
	 * @return array{connected: bool, notice: string|null, location: string}
	 */
	public static function callback( array $query, string $scope ): array {
		$key     = self::TRANSIENT . get_current_user_id();
		$started = get_transient( $key );
		delete_transient( $key );
		$started = is_array( $started ) ? $started : array();
		$back    = in_array( $started['return'] ?? '', self::RETURNS, true ) ? (string) $started['return'] : 'settings';
		$refuse  = static fn( string $notice ): array => array(
			'connected' => false,
			'notice'    => $notice,
			'location'  => self::redirect_uri( $scope ) . '#/' . $back . '?google=failed',
		);

		$state = (string) ( $query['state'] ?? '' );
		if ( ! is_string( $started['state'] ?? null ) || '' === $state || ! hash_equals( $started['state'], $state ) || ( $started['scope'] ?? '' ) !== $scope ) {
			return $refuse( __( 'The Google sign-in could not be completed: it expired or did not start on this screen. Nothing was saved; sign in with Google again.', 'monsterinsights-reports' ) );
		}
		$error = (string) ( $query['error'] ?? '' );
		if ( '' !== $error ) {
			return $refuse(
				'access_denied' === $error
					? __( 'Google sign-in was cancelled: access to Google Analytics was not granted. Nothing was saved.', 'monsterinsights-reports' )
					/* translators: %s: the error code Google sent. */
					: sprintf( __( 'Google refused the sign-in (%s). Nothing was saved.', 'monsterinsights-reports' ), $error )
			);
		}
		$code = (string) ( $query['code'] ?? '' );
		if ( '' === $code ) {
			return $refuse( __( 'Google sent no authorization code. Nothing was saved; sign in with Google again.', 'monsterinsights-reports' ) );
		}

		$connection = new Connection( $scope );
		$oauth      = $connection->secret( Connection::SECRET_OAUTH );
		$oauth      = is_array( $oauth ) ? $oauth : array();
		try {
			$answer = Http::post_form(
				Endpoints::token(),
				array(
					'grant_type'    => 'authorization_code',
					'code'          => $code,
					'client_id'     => $connection->get()['client_id'],
					'client_secret' => (string) ( $oauth['client_secret'] ?? '' ),
					'redirect_uri'  => self::redirect_uri( $scope ),
					'code_verifier' => (string) ( $started['verifier'] ?? '' ),
				)
			);
		} catch ( GoogleError $e ) {
			return $refuse(
				/* translators: %s: Google's reason. */
				sprintf( __( 'Google refused the sign-in: %s. Nothing was saved.', 'monsterinsights-reports' ), '' !== $e->reason ? $e->reason : $e->message_text() )
			);
		}
		$access  = $answer['access_token'] ?? null;
		$refresh = $answer['refresh_token'] ?? ( $oauth['refresh_token'] ?? null );
		if ( ! is_string( $access ) || '' === $access || ! is_string( $refresh ) || '' === $refresh ) {
			return $refuse( __( 'Google sent no refresh token, so the site could not stay signed in. Nothing was saved; sign in with Google again.', 'monsterinsights-reports' ) );
		}

		// The connection signs in with this client from now on: a service account's key goes.
		$connection->forget_secret( Connection::SECRET_KEY );
		$connection->store_secret(
			Connection::SECRET_OAUTH,
			array(
				'client_secret' => (string) ( $oauth['client_secret'] ?? '' ),
				'refresh_token' => $refresh,
			)
		);
		$connection->store_secret(
			Connection::SECRET_TOKEN,
			array(
				'access_token' => $access,
				'expires'      => time() + (int) ( $answer['expires_in'] ?? 3600 ),
			)
		);
		$connection->update(
			array(
				'auth'         => Connection::OAUTH,
				'client_email' => '',
				'reauth'       => false,
			)
		);
		return array(
			'connected' => true,
			'notice'    => null,
			'location'  => self::redirect_uri( $scope ) . '#/' . $back . '?google=connected',
		);
	}

	/**
	 * `admin_notices`: the notice of a refused round trip, once.
	 */
	public static function print_notice(): void {
		$key    = self::NOTICE_TRANSIENT . get_current_user_id();
		$notice = get_transient( $key );
		if ( ! is_string( $notice ) || '' === $notice ) {
			return;
		}
		delete_transient( $key );
		echo '<div class="notice notice-error is-dismissible monsterinsights-reports-google-notice"><p>' . esc_html( $notice ) . '</p></div>';
	}

	/**
	 * Random URL-safe text from $bytes random bytes.
	 *
	 * @param int $bytes How many.
	 */
	private static function random( int $bytes ): string {
		return self::base64url( random_bytes( $bytes ) );
	}

	/**
	 * Base64url without padding.
	 *
	 * @param string $bytes The bytes.
	 */
	private static function base64url( string $bytes ): string {
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- PKCE's encoding (RFC 7636).
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
	}
}
