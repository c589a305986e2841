<?php
/**
 * The vendor's licence-signing public keys.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * Ed25519 public keys (base64 of 32 bytes) by key id. Only public keys ship; the secret keys stay
 * with the vendor (bin/licence-key.php keygen makes a pair and prints the line to add here). To
 * rotate, add the new key id beside the old one and keep the old one as long as its keys are sold.
 * The filter `monsterinsights_reports_licence_public_keys` adds or removes keys (the tests and the
 * e2e site add their own).
 */
final class PublicKeys {

	/**
	 * Key id → base64 public key.
	 */
	public const KEYS = array(
		'mir-2026-1' => 'D+9sV1mryFkc0kKu0o0ujoFJpWH9/hkz+4cTkSNDVKk=',
	);
}
