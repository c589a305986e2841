<?php
/**
 * A failed call to the AI provider, by what the user can do about it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

defined( 'ABSPATH' ) || exit;

/**
 * One error code per kind of failure, with the HTTP status the plugin's REST routes answer with
 * and whether trying again may help:
 *
 * | provider answer              | error_code               | status | retryable |
 * |------------------------------|--------------------------|--------|-----------|
 * | not configured               | ai_provider_missing      | 409    | no        |
 * | 401/403                      | ai_provider_unauthorized | 502    | no        |
 * | 404 (the model)              | ai_provider_model        | 502    | no        |
 * | 429                          | ai_provider_rate_limited | 503    | yes       |
 * | timeout, connection refused  | ai_provider_unreachable  | 504    | yes       |
 * | 5xx                          | ai_provider_failed       | 502    | yes       |
 * | another 4xx                  | ai_provider_failed       | 502    | no        |
 * | not JSON, no choices         | ai_provider_bad_response | 502    | yes       |
 *
 * The message is a sentence for the user, the same whatever the provider said; the provider's own
 * error message, when it sent one (OpenAI's `{error: {message}}`), is the `reason` of the REST
 * error's data, for the administrator (never the API key: Provider removes it first).
 */
final class ProviderError extends \RuntimeException {

	public const MISSING      = 'ai_provider_missing';
	public const UNAUTHORIZED = 'ai_provider_unauthorized';
	public const MODEL        = 'ai_provider_model';
	public const RATE_LIMITED = 'ai_provider_rate_limited';
	public const UNREACHABLE  = 'ai_provider_unreachable';
	public const FAILED       = 'ai_provider_failed';
	public const BAD_RESPONSE = 'ai_provider_bad_response';

	/**
	 * Builds one; use the named constructors.
	 *
	 * @param string $error_code One of the constants.
	 * @param string $message    The message for the user.
	 * @param int    $status     The HTTP status of the plugin's REST answer.
	 * @param bool   $retryable  Whether trying again may help.
	 * @param string $reason     The provider's own message ('' for none).
	 */
	public function __construct(
		public readonly string $error_code,
		string $message,
		public readonly int $status,
		public readonly bool $retryable,
		public readonly string $reason = ''
	) {
		parent::__construct( $message );
	}

	/**
	 * No provider is configured.
	 */
	public static function missing(): self {
		return new self( self::MISSING, __( 'No AI provider is connected. An administrator can connect one under Settings → Conversations AI.', 'monsterinsights-reports' ), 409, false );
	}

	/**
	 * The provider refused the key (401, 403).
	 *
	 * @param string $reason The provider's own message.
	 */
	public static function unauthorized( string $reason = '' ): self {
		return new self( self::UNAUTHORIZED, __( 'The AI provider refused the API key. Check the key under Settings → Conversations AI.', 'monsterinsights-reports' ), 502, false, $reason );
	}

	/**
	 * The provider does not know the model (404).
	 *
	 * @param string $model  The model.
	 * @param string $reason The provider's own message.
	 */
	public static function model( string $model, string $reason = '' ): self {
		/* translators: %s: the model's name. */
		return new self( self::MODEL, sprintf( __( 'The AI provider does not know the model “%s”.', 'monsterinsights-reports' ), $model ), 502, false, $reason );
	}

	/**
	 * Too many requests (429).
	 *
	 * @param string $reason The provider's own message.
	 */
	public static function rate_limited( string $reason = '' ): self {
		return new self( self::RATE_LIMITED, __( 'The AI provider is busy (too many requests). Please try again in a moment.', 'monsterinsights-reports' ), 503, true, $reason );
	}

	/**
	 * No answer in time, or no connection.
	 */
	public static function unreachable(): self {
		return new self( self::UNREACHABLE, __( 'The AI provider did not answer in time. Please try again.', 'monsterinsights-reports' ), 504, true );
	}

	/**
	 * An error of the provider: a 5xx (retryable) or another refusal.
	 *
	 * @param int    $code   The provider's HTTP status.
	 * @param string $reason The provider's own message.
	 */
	public static function failed( int $code, string $reason = '' ): self {
		/* translators: %d: the HTTP status the AI provider answered with. */
		return new self( self::FAILED, sprintf( __( 'The AI provider had an error (%d). Please try again.', 'monsterinsights-reports' ), $code ), 502, $code >= 500, $reason );
	}

	/**
	 * An answer that is not JSON, or has no choice.
	 */
	public static function bad_response(): self {
		return new self( self::BAD_RESPONSE, __( 'The AI provider sent an answer that could not be read. Please try again.', 'monsterinsights-reports' ), 502, true );
	}

	/**
	 * The error as the plugin's REST routes answer it: its code, its message, and data with the
	 * status, whether it is retryable, the provider's reason when it gave one, and $data.
	 *
	 * @param array<string, mixed> $data Further data (e.g. the chat's id).
	 */
	public function to_wp_error( array $data = array() ): \WP_Error {
		return new \WP_Error(
			$this->error_code,
			$this->getMessage(),
			array(
				'status'    => $this->status,
				'retryable' => $this->retryable,
			) + ( '' === $this->reason ? array() : array( 'reason' => $this->reason ) ) + $data
		);
	}
}
