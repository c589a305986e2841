<?php
/**
 * Licence keys signed at run time, for tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\LicenceKey;

/**
 * Makes Ed25519 key pairs with libsodium, trusts their public keys through the
 * `monsterinsights_reports_licence_public_keys` filter (the test case restores the hooks after each
 * test) and mints keys with them. No secret key is stored anywhere.
 */
trait LicenceKeys {

	/**
	 * Secret keys by key id.
	 *
	 * @var array<string, string>
	 */
	private array $licence_secrets = array();

	/**
	 * Makes a key pair and, unless told otherwise, trusts its public key.
	 *
	 * @param string $key_id The key id.
	 * @param bool   $trust  Whether the site trusts it.
	 * @return string The raw secret key.
	 */
	protected function new_signing_key( string $key_id = 'test-key', bool $trust = true ): string {
		$pair                             = sodium_crypto_sign_keypair();
		$this->licence_secrets[ $key_id ] = sodium_crypto_sign_secretkey( $pair );
		if ( $trust ) {
			$public = base64_encode( sodium_crypto_sign_publickey( $pair ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- Key material.
			add_filter(
				'monsterinsights_reports_licence_public_keys',
				static fn( $keys ) => array_merge( (array) $keys, array( $key_id => $public ) )
			);
		}
		Licence::reset();
		return $this->licence_secrets[ $key_id ];
	}

	/**
	 * Mints a key.
	 *
	 * @param string               $level  The level.
	 * @param array<string, mixed> $fields Payload fields to replace (network, expires, issued_to, key_id).
	 * @param string               $signer The key id whose secret signs; made and trusted when new.
	 */
	protected function mint( string $level, array $fields = array(), string $signer = 'test-key' ): string {
		if ( ! isset( $this->licence_secrets[ $signer ] ) ) {
			$this->new_signing_key( $signer );
		}
		return LicenceKey::mint(
			$fields + array(
				'key_id'    => $signer,
				'level'     => $level,
				'network'   => false,
				'expires'   => null,
				'issued_to' => 'Example Ltd',
			),
			$this->licence_secrets[ $signer ]
		);
	}

	/**
	 * Signs any payload JSON, valid or not, as a key would carry it.
	 *
	 * @param string $json   The payload JSON.
	 * @param string $signer The key id whose secret signs; made and trusted when new.
	 */
	protected function sign_raw( string $json, string $signer = 'test-key' ): string {
		if ( ! isset( $this->licence_secrets[ $signer ] ) ) {
			$this->new_signing_key( $signer );
		}
		return LicenceKey::base64url_encode( $json ) . '.' . LicenceKey::base64url_encode( sodium_crypto_sign_detached( $json, $this->licence_secrets[ $signer ] ) );
	}
}
