<?php
/**
 * Why the collector turned a request away.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * Thrown inside Collector::handle() and caught there, never shown to anyone: the message is a
 * machine-readable reason (`bot`, `prefetch`, `malformed_body`, …), and the code the HTTP status it
 * answers, which follows from the reason.
 */
final class Rejection extends \RuntimeException {

	/**
	 * The reasons whose status is not 204 (the request is fine, its hit is just not recorded).
	 * Every `malformed_*` reason answers 400.
	 */
	private const STATUSES = array(
		'method'    => Collector::STATUS_METHOD,
		'too_large' => Collector::STATUS_TOO_LARGE,
		'no_salt'   => Collector::STATUS_FAILED,
	);

	/**
	 * A rejection for a reason; its code is the reason's status.
	 *
	 * @param string $reason The machine-readable reason.
	 */
	public function __construct( string $reason ) {
		parent::__construct( $reason, self::status_of( $reason ) );
	}

	/**
	 * The HTTP status the collector answers for a reason.
	 *
	 * @param string $reason The machine-readable reason.
	 */
	public static function status_of( string $reason ): int {
		if ( str_starts_with( $reason, 'malformed_' ) ) {
			return Collector::STATUS_MALFORMED;
		}
		return self::STATUSES[ $reason ] ?? Collector::STATUS_OK;
	}
}
