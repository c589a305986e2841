<?php
/**
 * Offline licence keys: base64url(payload JSON) . "." . base64url(Ed25519 signature).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * Reads, checks and (for the vendor CLI and the tests) mints licence keys. The payload is
 * `{ key_id, level, network, expires, issued_to }`; the signature is the Ed25519 detached signature
 * of the payload JSON's raw bytes, checked with libsodium against the public key of `key_id`
 * (PublicKeys::KEYS and the `monsterinsights_reports_licence_public_keys` filter). No server is
 * asked.
 *
 * The methods mint(), parse(), check() and the base64url helpers call no WordPress function, so
 * the vendor CLI (bin/licence-key.php) uses them without WordPress.
 *
 * @phpstan-import-type Payload from Verification
 */
final class LicenceKey {

	public const MALFORMED   = 'licence_malformed';
	public const UNKNOWN_KEY = 'licence_unknown_key';
	public const FORGED      = 'licence_forged';
	public const EXPIRED     = 'licence_expired';
	public const NOT_NETWORK = 'licence_not_network';

	/**
	 * Longest key accepted, in bytes (a real key is about 200).
	 */
	public const MAX_LENGTH = 2048;

	/**
	 * Longest key id and issued_to, in bytes.
	 */
	private const MAX_KEY_ID    = 64;
	private const MAX_ISSUED_TO = 200;

	/**
	 * Verifies a key against the site's public keys, now.
	 *
	 * @param string   $key              The key, as typed (surrounding whitespace is ignored).
	 * @param bool     $network_required Whether the key must be a network key.
	 * @param int|null $now              Unix time to check the expiry against; now when null.
	 */
	public static function verify( string $key, bool $network_required = false, ?int $now = null ): Verification {
		list( $error, $payload ) = self::check( $key, self::public_keys(), $now ?? time(), $network_required );
		return new Verification( '' === $error, $error, self::message( $error, $payload ), $payload );
	}

	/**
	 * The public keys the site trusts: PublicKeys::KEYS merged with the filter, raw 32 bytes by key
	 * id. Entries that are not base64 of 32 bytes are left out.
	 *
	 * @return array<string, string>
	 */
	public static function public_keys(): array {
		/**
		 * Filters the licence-signing public keys: key id → base64 Ed25519 public key (32 bytes).
		 *
		 * @param array<string, string> $keys The vendor's keys.
		 */
		$keys = apply_filters( 'monsterinsights_reports_licence_public_keys', PublicKeys::KEYS );
		$out  = array();
		foreach ( is_array( $keys ) ? $keys : array() as $key_id => $public ) {
			if ( ! is_string( $public ) || '' === (string) $key_id ) {
				continue;
			}
			$raw = base64_decode( $public, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- Key material.
			if ( is_string( $raw ) && SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES === strlen( $raw ) ) {
				$out[ (string) $key_id ] = $raw;
			}
		}
		return $out;
	}

	/**
	 * Checks a key against public keys: no WordPress call.
	 *
	 * @param string                $key              The key.
	 * @param array<string, string> $public_keys      Raw 32-byte public keys by key id.
	 * @param int                   $now              Unix time to check the expiry against.
	 * @param bool                  $network_required Whether the key must be a network key.
	 * @return array{0: string, 1: array<string, mixed>|null} The error code ('' when valid) and the
	 *                                                       decoded payload (null when malformed).
	 * @phpstan-return array{0: string, 1: Payload|null}
	 */
	public static function check( string $key, array $public_keys, int $now, bool $network_required = false ): array {
		$parsed = self::parse( $key );
		if ( null === $parsed ) {
			return array( self::MALFORMED, null );
		}
		$payload = $parsed['payload'];
		$public  = $public_keys[ $payload['key_id'] ] ?? null;
		if ( null === $public ) {
			return array( self::UNKNOWN_KEY, $payload );
		}
		if ( ! sodium_crypto_sign_verify_detached( $parsed['signature'], $parsed['json'], $public ) ) {
			return array( self::FORGED, $payload );
		}
		if ( null !== $payload['expires'] && $payload['expires'] <= $now ) {
			return array( self::EXPIRED, $payload );
		}
		if ( $network_required && ! $payload['network'] ) {
			return array( self::NOT_NETWORK, $payload );
		}
		return array( '', $payload );
	}

	/**
	 * Splits and decodes a key without checking its signature; null when it is not a well-formed
	 * key with a well-formed payload.
	 *
	 * @param string $key The key.
	 * @return array{payload: array<string, mixed>, json: string, signature: string}|null
	 * @phpstan-return array{payload: Payload, json: string, signature: string}|null
	 */
	public static function parse( string $key ): ?array {
		$key = trim( $key );
		if ( '' === $key || strlen( $key ) > self::MAX_LENGTH || 1 !== substr_count( $key, '.' ) ) {
			return null;
		}
		$parts     = explode( '.', $key );
		$json      = self::base64url_decode( $parts[0] );
		$signature = self::base64url_decode( $parts[1] ?? '' );
		if ( null === $json || null === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			return null;
		}
		$payload = self::normalize_payload( json_decode( $json, true ) );
		if ( null === $payload ) {
			return null;
		}
		return array(
			'payload'   => $payload,
			'json'      => $json,
			'signature' => $signature,
		);
	}

	/**
	 * The payload with exactly its five fields when each has its type; null otherwise. A key never
	 * carries lite, which needs no key.
	 *
	 * @param mixed $data The decoded JSON.
	 * @return array<string, mixed>|null
	 * @phpstan-return Payload|null
	 */
	public static function normalize_payload( $data ): ?array {
		if ( ! is_array( $data ) ) {
			return null;
		}
		$key_id    = $data['key_id'] ?? null;
		$level     = $data['level'] ?? null;
		$network   = $data['network'] ?? null;
		$expires   = array_key_exists( 'expires', $data ) ? $data['expires'] : false;
		$issued_to = $data['issued_to'] ?? null;
		if (
			! is_string( $key_id ) || '' === $key_id || strlen( $key_id ) > self::MAX_KEY_ID
			|| ! is_string( $level ) || ! in_array( $level, Levels::KEYED, true )
			|| ! is_bool( $network )
			|| ! ( null === $expires || ( is_int( $expires ) && $expires > 0 ) )
			|| ! is_string( $issued_to ) || strlen( $issued_to ) > self::MAX_ISSUED_TO
		) {
			return null;
		}
		return array(
			'key_id'    => $key_id,
			'level'     => $level,
			'network'   => $network,
			'expires'   => $expires,
			'issued_to' => $issued_to,
		);
	}

	/**
	 * Signs a payload into a key (vendor CLI, tests).
	 *
	 * @param array<string, mixed> $payload { key_id, level, network, expires, issued_to }.
	 * @param string               $secret  The raw 64-byte Ed25519 secret key.
	 * @throws \InvalidArgumentException When the payload or the secret key is not valid.
	 */
	public static function mint( array $payload, string $secret ): string {
		$normalized = self::normalize_payload( $payload );
		if ( null === $normalized ) {
			throw new \InvalidArgumentException( 'The payload needs key_id (1-64 bytes), level (basic, plus, pro or agency), network (bool), expires (unix seconds or null) and issued_to (string, up to 200 bytes).' );
		}
		if ( SODIUM_CRYPTO_SIGN_SECRETKEYBYTES !== strlen( $secret ) ) {
			throw new \InvalidArgumentException( 'The secret key must be 64 bytes.' );
		}
		$json = (string) json_encode( $normalized, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- Used without WordPress by the vendor CLI.
		return self::base64url_encode( $json ) . '.' . self::base64url_encode( sodium_crypto_sign_detached( $json, $secret ) );
	}

	/**
	 * URL-safe base64 without padding.
	 *
	 * @param string $bytes Raw bytes.
	 */
	public static function base64url_encode( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- The key format.
	}

	/**
	 * Decodes URL-safe base64 without padding; null unless the text is its canonical encoding.
	 *
	 * @param string $text The text.
	 */
	public static function base64url_decode( string $text ): ?string {
		if ( '' === $text || 1 !== preg_match( '/^[A-Za-z0-9_-]+$/', $text ) ) {
			return null;
		}
		$bytes = base64_decode( strtr( $text, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- The key format.
		if ( ! is_string( $bytes ) || self::base64url_encode( $bytes ) !== $text ) {
			return null;
		}
		return $bytes;
	}

	/**
	 * The translated message of a verification result.
	 *
	 * @param string                    $error   The error code; '' when valid.
	 * @param array<string, mixed>|null $payload The decoded payload.
	 */
	public static function message( string $error, ?array $payload = null ): string {
		return match ( $error ) {
			''                => self::dated(
				$payload,
				__( 'The licence key is valid.', 'monsterinsights-reports' ),
				/* translators: %s: the expiry date. */
				__( 'The licence key is valid until %s.', 'monsterinsights-reports' )
			),
			self::MALFORMED   => __( 'This is not a licence key. Paste the whole key exactly as you received it.', 'monsterinsights-reports' ),
			self::UNKNOWN_KEY => __( 'This licence key was signed with a key this version of the plugin does not know. Update the plugin, or ask for a new licence key.', 'monsterinsights-reports' ),
			self::FORGED      => __( 'This licence key is not genuine: its signature does not match. Paste the whole key exactly as you received it.', 'monsterinsights-reports' ),
			self::EXPIRED     => self::dated(
				$payload,
				__( 'This licence key has expired. Renew your licence to get a new key.', 'monsterinsights-reports' ),
				/* translators: %s: the expiry date. */
				__( 'This licence key expired on %s. Renew your licence to get a new key.', 'monsterinsights-reports' )
			),
			self::NOT_NETWORK => __( 'This licence key is for a single site, not for a network. Enter it on the site it is for, or use a network licence key here.', 'monsterinsights-reports' ),
			default           => __( 'This licence key is not valid.', 'monsterinsights-reports' ),
		};
	}

	/**
	 * A message with the day the payload's key expires, in the site's date format, or without it
	 * when the key never expires.
	 *
	 * @param array<string, mixed>|null $payload The decoded payload.
	 * @param string                    $undated The message without a date.
	 * @param string                    $dated   The message with the date (%s).
	 */
	private static function dated( ?array $payload, string $undated, string $dated ): string {
		$expires = $payload['expires'] ?? null;
		$date    = is_int( $expires ) ? wp_date( (string) get_option( 'date_format', 'Y-m-d' ), $expires ) : false;
		return false === $date ? $undated : sprintf( $dated, $date );
	}
}
