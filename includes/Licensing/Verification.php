<?php
/**
 * The result of verifying a licence key.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * Valid, or the error code and message saying why not. The payload is the decoded one whenever the
 * key is well formed, even when it is refused (an expired key still says who it was issued to);
 * only a valid key's payload may be trusted.
 *
 * @phpstan-type Payload array{key_id: string, level: string, network: bool, expires: int|null, issued_to: string}
 */
final class Verification {

	/**
	 * Builds the result.
	 *
	 * @param bool                 $valid   Whether the key is valid.
	 * @param string               $error   The error code; empty when valid.
	 * @param string               $message A readable, translated message.
	 * @param array<string, mixed> $payload The decoded payload; null when the key is malformed.
	 * @phpstan-param Payload|null $payload
	 */
	public function __construct(
		public readonly bool $valid,
		public readonly string $error,
		public readonly string $message,
		public readonly ?array $payload
	) {}

	/**
	 * The status the licence routes show: valid, expired or invalid.
	 */
	public function status(): string {
		if ( $this->valid ) {
			return 'valid';
		}
		return LicenceKey::EXPIRED === $this->error ? 'expired' : 'invalid';
	}

	/**
	 * The level the key unlocks: its payload's level when valid, else lite.
	 */
	public function level(): string {
		return $this->valid && null !== $this->payload ? $this->payload['level'] : Levels::LOWEST;
	}
}
