<?php
/**
 * Offline verification of licence keys.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Licensing;

use MonsterInsights\Reports\Licensing\LicenceKey;
use MonsterInsights\Reports\Licensing\PublicKeys;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Valid, expired, forged, tampered, unknown and malformed keys, against key pairs made at run time.
 */
class LicenceKeyTest extends TestCase {

	use LicenceKeys;

	/**
	 * A fixed clock for expiry checks.
	 */
	private const NOW = 1900000000;

	/**
	 * A valid key verifies, with its payload.
	 */
	public function test_a_valid_key_verifies(): void {
		$key    = $this->mint(
			'pro',
			array(
				'expires'   => self::NOW + 1,
				'issued_to' => 'Acme GmbH – Zürich',
			)
		);
		$result = LicenceKey::verify( $key, false, self::NOW );

		$this->assertTrue( $result->valid );
		$this->assertSame( '', $result->error );
		$this->assertSame( 'valid', $result->status() );
		$this->assertSame( 'pro', $result->level() );
		$this->assertSame(
			array(
				'key_id'    => 'test-key',
				'level'     => 'pro',
				'network'   => false,
				'expires'   => self::NOW + 1,
				'issued_to' => 'Acme GmbH – Zürich',
			),
			$result->payload
		);
		$this->assertNotEmpty( $result->message );
		$this->assertTrue( LicenceKey::verify( "  \n" . $key . " \n", false, self::NOW )->valid, 'surrounding whitespace is ignored' );
	}

	/**
	 * Every keyed level verifies; a key that never expires verifies at any time.
	 */
	public function test_every_level_and_never_expiring_keys(): void {
		foreach ( array( 'basic', 'plus', 'pro', 'agency' ) as $level ) {
			$result = LicenceKey::verify( $this->mint( $level ), false, PHP_INT_MAX );
			$this->assertTrue( $result->valid, $level );
			$this->assertSame( $level, $result->level() );
		}
	}

	/**
	 * A key expires at its expiry second.
	 */
	public function test_expired_keys_are_refused(): void {
		$key = $this->mint( 'plus', array( 'expires' => self::NOW ) );

		$this->assertTrue( LicenceKey::verify( $key, false, self::NOW - 1 )->valid );
		foreach ( array( self::NOW, self::NOW + 86400 ) as $now ) {
			$result = LicenceKey::verify( $key, false, $now );
			$this->assertFalse( $result->valid );
			$this->assertSame( LicenceKey::EXPIRED, $result->error );
			$this->assertSame( 'expired', $result->status() );
			$this->assertSame( 'lite', $result->level(), 'an expired key unlocks nothing' );
			$this->assertSame( 'plus', $result->payload['level'] ?? null, 'its payload is still shown' );
		}
		$this->assertSame( LicenceKey::EXPIRED, LicenceKey::verify( $this->mint( 'pro', array( 'expires' => time() - 60 ) ) )->error, 'checked against now by default' );
	}

	/**
	 * A key signed by another secret under a trusted key id is forged.
	 */
	public function test_a_forged_signature_is_refused(): void {
		$this->new_signing_key( 'test-key' );
		$other  = sodium_crypto_sign_secretkey( sodium_crypto_sign_keypair() );
		$forged = LicenceKey::mint(
			array(
				'key_id'    => 'test-key',
				'level'     => 'agency',
				'network'   => true,
				'expires'   => null,
				'issued_to' => 'Mallory',
			),
			$other
		);
		$result = LicenceKey::verify( $forged, false, self::NOW );
		$this->assertFalse( $result->valid );
		$this->assertSame( LicenceKey::FORGED, $result->error );
		$this->assertSame( 'invalid', $result->status() );
		$this->assertSame( 'lite', $result->level() );
	}

	/**
	 * A payload changed after signing, or a changed signature, no longer verifies.
	 */
	public function test_tampered_keys_are_refused(): void {
		$key                   = $this->mint( 'basic' );
		list( $payload, $sig ) = explode( '.', $key );

		$json     = (string) LicenceKey::base64url_decode( $payload );
		$tampered = LicenceKey::base64url_encode( str_replace( '"basic"', '"agency"', $json ) ) . '.' . $sig;
		$this->assertNotSame( $key, $tampered );
		$this->assertSame( LicenceKey::FORGED, LicenceKey::verify( $tampered, false, self::NOW )->error, 'payload changed' );

		$raw     = (string) LicenceKey::base64url_decode( $sig );
		$raw[10] = chr( ord( $raw[10] ) ^ 1 );
		$flipped = $payload . '.' . LicenceKey::base64url_encode( $raw );
		$this->assertSame( LicenceKey::FORGED, LicenceKey::verify( $flipped, false, self::NOW )->error, 'signature changed' );

		$other_key = $this->mint( 'basic', array( 'issued_to' => 'Someone else' ) );
		$swapped   = $payload . '.' . explode( '.', $other_key )[1];
		$this->assertSame( LicenceKey::FORGED, LicenceKey::verify( $swapped, false, self::NOW )->error, 'signature of another key' );
	}

	/**
	 * A key id the site does not trust is refused, even when the signature is sound.
	 */
	public function test_unknown_key_ids_are_refused(): void {
		$this->new_signing_key( 'untrusted', false );
		$result = LicenceKey::verify( $this->mint( 'pro', array(), 'untrusted' ), false, self::NOW );
		$this->assertFalse( $result->valid );
		$this->assertSame( LicenceKey::UNKNOWN_KEY, $result->error );
		$this->assertSame( 'untrusted', $result->payload['key_id'] ?? null );

		// Trusted key, but the payload names another id: the key of that id is looked up, not found.
		$this->assertSame( LicenceKey::UNKNOWN_KEY, LicenceKey::verify( $this->mint( 'pro', array( 'key_id' => 'nobody' ) ), false, self::NOW )->error );
	}

	/**
	 * Public keys from the filter that are not 32 bytes of base64 are ignored; the vendor's key ships.
	 */
	public function test_public_keys(): void {
		$this->assertArrayHasKey( 'mir-2026-1', PublicKeys::KEYS );
		$this->assertSame( 32, strlen( (string) base64_decode( PublicKeys::KEYS['mir-2026-1'], true ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- Key material.
		$this->assertSame( array( 'mir-2026-1' ), array_keys( LicenceKey::public_keys() ) );

		add_filter(
			'monsterinsights_reports_licence_public_keys',
			static fn( $keys ) => $keys + array(
				'short'  => base64_encode( 'too short' ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- Key material.
				'broken' => '!!!',
				'number' => 42,
			)
		);
		$this->assertSame( array( 'mir-2026-1' ), array_keys( LicenceKey::public_keys() ) );

		add_filter( 'monsterinsights_reports_licence_public_keys', static fn() => 'nonsense', 20 );
		$this->assertSame( array(), LicenceKey::public_keys() );
	}

	/**
	 * Strings that are not keys.
	 *
	 * @return array<string, array{0: callable(self): string}>
	 */
	public static function malformed_keys(): array {
		$enc = array( LicenceKey::class, 'base64url_encode' );
		$sig = str_repeat( 'x', SODIUM_CRYPTO_SIGN_BYTES );
		return array(
			'empty'                    => array( static fn() => '' ),
			'whitespace'               => array( static fn() => "  \t" ),
			'no dot'                   => array( static fn() => 'abcdef' ),
			'two dots'                 => array( static fn( self $t ) => $t->mint( 'pro' ) . '.abc' ),
			'empty signature'          => array( static fn( self $t ) => explode( '.', $t->mint( 'pro' ) )[0] . '.' ),
			'empty payload'            => array( static fn( self $t ) => '.' . explode( '.', $t->mint( 'pro' ) )[1] ),
			'standard base64 chars'    => array( static fn( self $t ) => strtr( $t->mint( 'pro' ), '-_', '+/' ) . '+/=' ),
			'padding'                  => array( static fn( self $t ) => str_replace( '.', '==.', $t->mint( 'pro' ) ) ),
			'not base64'               => array( static fn() => 'héllo.wörld' ),
			'short signature'          => array( static fn( self $t ) => explode( '.', $t->mint( 'pro' ) )[0] . '.' . $enc( 'short' ) ),
			'not JSON'                 => array( static fn( self $t ) => $t->sign_raw( 'level=pro' ) ),
			'JSON list'                => array( static fn( self $t ) => $t->sign_raw( '["test-key","pro"]' ) ),
			'missing level'            => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","network":false,"expires":null,"issued_to":""}' ) ),
			'missing expires'          => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"pro","network":false,"issued_to":""}' ) ),
			'lite level'               => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"lite","network":false,"expires":null,"issued_to":""}' ) ),
			'unknown level'            => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"platinum","network":false,"expires":null,"issued_to":""}' ) ),
			'network not a bool'       => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"pro","network":1,"expires":null,"issued_to":""}' ) ),
			'expires as a date string' => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"pro","network":false,"expires":"2030-01-01","issued_to":""}' ) ),
			'expires as a float'       => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"test-key","level":"pro","network":false,"expires":1.9e9,"issued_to":""}' ) ),
			'empty key id'             => array( static fn( self $t ) => $t->sign_raw( '{"key_id":"","level":"pro","network":false,"expires":null,"issued_to":""}' ) ),
			'too long'                 => array( static fn() => $enc( str_repeat( 'a', 2000 ) ) . '.' . $enc( $sig ) ),
		);
	}

	/**
	 * Malformed strings are licence_malformed.
	 *
	 * @dataProvider malformed_keys
	 * @param callable $key Builds the string.
	 */
	public function test_malformed_keys_are_refused( callable $key ): void {
		$result = LicenceKey::verify( $key( $this ), false, self::NOW );
		$this->assertFalse( $result->valid );
		$this->assertSame( LicenceKey::MALFORMED, $result->error );
		$this->assertNull( $result->payload );
		$this->assertSame( 'invalid', $result->status() );
	}

	/**
	 * A lite key cannot be minted either.
	 */
	public function test_lite_keys_cannot_be_minted(): void {
		$this->expectException( \InvalidArgumentException::class );
		$this->mint( 'lite' );
	}

	/**
	 * A network licence must be a network key; a network key is also good for a single site.
	 */
	public function test_network_keys(): void {
		$site    = $this->mint( 'pro' );
		$network = $this->mint( 'pro', array( 'network' => true ) );

		$this->assertSame( LicenceKey::NOT_NETWORK, LicenceKey::verify( $site, true, self::NOW )->error );
		$this->assertTrue( LicenceKey::verify( $network, true, self::NOW )->valid );
		$this->assertTrue( LicenceKey::verify( $network, false, self::NOW )->valid );
	}

	/**
	 * Each error has a message of its own.
	 */
	public function test_each_error_has_its_own_message(): void {
		$messages = array();
		foreach ( array( LicenceKey::MALFORMED, LicenceKey::UNKNOWN_KEY, LicenceKey::FORGED, LicenceKey::EXPIRED, LicenceKey::NOT_NETWORK ) as $code ) {
			$messages[ $code ] = LicenceKey::message( $code );
			$this->assertNotEmpty( $messages[ $code ], $code );
		}
		$this->assertSame( $messages, array_unique( $messages ) );
		$this->assertStringContainsString( 'expired', LicenceKey::message( LicenceKey::EXPIRED, array( 'expires' => self::NOW ) ) );
	}
}
