<?php
/**
 * Named secrets (API keys, client secrets, tokens), encrypted at rest.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Stores, reads and deletes named secrets — a string or an array (a service-account key, an OAuth
 * client secret, a refresh token, an access token with its expiry) — for the current site (an
 * option) or for the network (a network option, on multisite only). Nothing of this class is ever
 * sent to the browser, exported or logged (docs/security.md#secrets).
 *
 * Each secret is JSON, encrypted with libsodium's `crypto_secretbox` (XSalsa20-Poly1305) under a
 * fresh random nonce on every write, and stored as an envelope: base64 of a version byte, the nonce
 * and the ciphertext. Its key is derived from the site's `AUTH_KEY` and `AUTH_SALT`
 * (`wp_salt( 'auth' )`, through WordPress's `salt` filter): a BLAKE2b hash
 * (`crypto_generichash`) of the salt is the master key, and the secret's key is a BLAKE2b hash,
 * keyed by it, of a context naming the envelope version, the scope and the secret's name — so an
 * envelope moved to another name or scope does not open. When the salts change (or an envelope was
 * altered), nothing opens: reading answers null, as when nothing is stored, and the owner of the
 * secret asks for it again (connects again).
 *
 * A site uses its own secrets when it has any, else (on a network) the network's: a connection is
 * the site's or the network's as a whole, never a mix of both (see scope()). The secrets of the
 * site's other services (the AI provider's API key) are in a scope of their own, SERVICES, with an
 * option of their own: scope() never looks at them, so they never make the site's Google
 * connection its own, and a Google disconnect (delete_all()) leaves them.
 *
 * The options are not autoloaded: they are read only when a secret is.
 */
final class Secrets {

	/**
	 * Option: secret name → envelope, for the site.
	 */
	public const OPTION = 'monsterinsights_reports_secrets';

	/**
	 * Network option on multisite: secret name → envelope, for the network.
	 */
	public const NETWORK_OPTION = 'monsterinsights_reports_network_secrets';

	/**
	 * Option: secret name → envelope, for the site's other services (SERVICES).
	 */
	public const SERVICES_OPTION = 'monsterinsights_reports_service_secrets';

	/**
	 * The site's scope.
	 */
	public const SITE = 'site';

	/**
	 * The scope of the site's other services (the AI provider's key): per site, never scope()'s.
	 */
	public const SERVICES = 'services';

	/**
	 * The network's scope (multisite only).
	 */
	public const NETWORK = 'network';

	/**
	 * The envelope's version: its first byte.
	 */
	private const VERSION = 1;

	/**
	 * Stores a secret, replacing the one of that name.
	 *
	 * @param string                    $name  The secret's name: letters, digits, `_`, `-` and `.`.
	 * @param string|array<mixed,mixed> $value The secret.
	 * @param string                    $scope self::SITE, self::NETWORK or self::SERVICES.
	 * @return bool Whether it is stored (false for a bad name or scope, a value JSON cannot hold, or
	 *              the network scope on a single site).
	 */
	public static function set( string $name, $value, string $scope = self::SITE ): bool {
		if ( ! self::valid( $name, $scope ) ) {
			return false;
		}
		$plain = wp_json_encode( $value );
		if ( ! is_string( $plain ) ) {
			return false;
		}
		$key   = self::key( $scope, $name );
		$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- Binary envelope stored as text.
		$envelope = base64_encode( chr( self::VERSION ) . $nonce . sodium_crypto_secretbox( $plain, $nonce, $key ) );
		self::wipe( $plain );
		self::wipe( $key );

		$all          = self::stored( $scope );
		$all[ $name ] = $envelope;
		return self::save( $scope, $all );
	}

	/**
	 * A secret, from the given scope or, without one, from the scope the site uses (scope()).
	 *
	 * @param string      $name  The secret's name.
	 * @param string|null $scope self::SITE, self::NETWORK, self::SERVICES, or null for scope().
	 * @return string|array<mixed,mixed>|null Null when none is stored, or it does not open (salts
	 *                                        changed, envelope altered).
	 */
	public static function get( string $name, ?string $scope = null ) {
		$scope = $scope ?? self::scope();
		if ( null === $scope || ! self::valid( $name, $scope ) ) {
			return null;
		}
		$envelope = self::stored( $scope )[ $name ] ?? null;
		return is_string( $envelope ) ? self::open( $envelope, $scope, $name ) : null;
	}

	/**
	 * The scope whose secrets the current site uses: its own when it has any, else the network's
	 * when that has any (multisite), else null.
	 */
	public static function scope(): ?string {
		if ( array() !== self::stored( self::SITE ) ) {
			return self::SITE;
		}
		if ( is_multisite() && array() !== self::stored( self::NETWORK ) ) {
			return self::NETWORK;
		}
		return null;
	}

	/**
	 * Deletes a secret.
	 *
	 * @param string $name  The secret's name.
	 * @param string $scope self::SITE, self::NETWORK or self::SERVICES.
	 * @return bool Whether one was deleted.
	 */
	public static function delete( string $name, string $scope = self::SITE ): bool {
		if ( ! self::valid( $name, $scope ) ) {
			return false;
		}
		$all = self::stored( $scope );
		if ( ! array_key_exists( $name, $all ) ) {
			return false;
		}
		unset( $all[ $name ] );
		return self::save( $scope, $all );
	}

	/**
	 * Deletes every secret of a scope (a disconnect).
	 *
	 * @param string $scope self::SITE, self::NETWORK or self::SERVICES.
	 */
	public static function delete_all( string $scope = self::SITE ): void {
		if ( self::SERVICES === $scope ) {
			delete_option( self::SERVICES_OPTION );
			return;
		}
		if ( self::NETWORK === $scope ) {
			if ( is_multisite() ) {
				delete_network_option( null, self::NETWORK_OPTION );
			}
			return;
		}
		delete_option( self::OPTION );
	}

	/**
	 * Whether a name and a scope can be used.
	 *
	 * @param string $name  The secret's name.
	 * @param string $scope The scope.
	 */
	private static function valid( string $name, string $scope ): bool {
		if ( 1 !== preg_match( '/^[a-z0-9_.-]{1,64}$/i', $name ) ) {
			return false;
		}
		return self::SITE === $scope || self::SERVICES === $scope || ( self::NETWORK === $scope && is_multisite() );
	}

	/**
	 * The envelopes stored in a scope.
	 *
	 * @param string $scope The scope.
	 * @return array<string, string>
	 */
	private static function stored( string $scope ): array {
		$all = self::NETWORK === $scope
			? ( is_multisite() ? get_network_option( null, self::NETWORK_OPTION, array() ) : array() )
			: get_option( self::SERVICES === $scope ? self::SERVICES_OPTION : self::OPTION, array() );
		if ( ! is_array( $all ) ) {
			return array();
		}
		return array_filter( $all, static fn( $envelope, $name ): bool => is_string( $name ) && is_string( $envelope ), ARRAY_FILTER_USE_BOTH );
	}

	/**
	 * Writes the envelopes of a scope (deletes the option when none is left).
	 *
	 * @param string                $scope The scope.
	 * @param array<string, string> $all   The envelopes.
	 */
	private static function save( string $scope, array $all ): bool {
		if ( self::NETWORK === $scope ) {
			if ( array() === $all ) {
				return delete_network_option( null, self::NETWORK_OPTION );
			}
			// Network options are never autoloaded: core loads a fixed list of them.
			return update_network_option( null, self::NETWORK_OPTION, $all );
		}
		$option = self::SERVICES === $scope ? self::SERVICES_OPTION : self::OPTION;
		if ( array() === $all ) {
			return delete_option( $option );
		}
		return update_option( $option, $all, false );
	}

	/**
	 * Opens an envelope.
	 *
	 * @param string $envelope The envelope.
	 * @param string $scope    Its scope.
	 * @param string $name     Its name.
	 * @return string|array<mixed,mixed>|null Null when it does not open.
	 */
	private static function open( string $envelope, string $scope, string $name ) {
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- Binary envelope stored as text.
		$bytes = base64_decode( $envelope, true );
		if ( ! is_string( $bytes ) || strlen( $bytes ) < 1 + SODIUM_CRYPTO_SECRETBOX_NONCEBYTES + SODIUM_CRYPTO_SECRETBOX_MACBYTES || self::VERSION !== ord( $bytes[0] ) ) {
			return null;
		}
		$nonce = substr( $bytes, 1, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		$box   = substr( $bytes, 1 + SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		$key   = self::key( $scope, $name );
		try {
			$plain = sodium_crypto_secretbox_open( $box, $nonce, $key );
		} catch ( \SodiumException $e ) {
			$plain = false;
		}
		self::wipe( $key );
		if ( ! is_string( $plain ) ) {
			return null;
		}
		$value = json_decode( $plain, true );
		self::wipe( $plain );
		return is_string( $value ) || is_array( $value ) ? $value : null;
	}

	/**
	 * The key of a secret: BLAKE2b, keyed by the hash of the site's auth salt, of the envelope's
	 * version, scope and name.
	 *
	 * @param string $scope The scope.
	 * @param string $name  The secret's name.
	 */
	private static function key( string $scope, string $name ): string {
		$salt   = wp_salt( 'auth' );
		$master = sodium_crypto_generichash( $salt, '', SODIUM_CRYPTO_GENERICHASH_KEYBYTES );
		$key    = sodium_crypto_generichash( 'monsterinsights-reports/secrets/v' . self::VERSION . '/' . $scope . '/' . $name, $master, SODIUM_CRYPTO_SECRETBOX_KEYBYTES );
		self::wipe( $master );
		return $key;
	}

	/**
	 * Wipes a key or a plaintext once used: sodium_memzero() with PHP's sodium extension. Without it
	 * (WordPress's pure-PHP sodium_compat, as in PHP compiled to WebAssembly) memory cannot be
	 * wiped, and sodium_compat's sodium_memzero() throws; the variable is emptied instead.
	 *
	 * @param string $bytes The bytes, wiped in place.
	 * @param-out string|null $bytes
	 */
	private static function wipe( string &$bytes ): void {
		if ( extension_loaded( 'sodium' ) ) {
			sodium_memzero( $bytes );
			return;
		}
		$bytes = '';
	}
}
