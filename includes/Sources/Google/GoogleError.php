<?php
/**
 * A failed call to Google, by what the site owner can do about it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

/**
 * Each kind maps to one state of the app: REAUTH (the grant was revoked or expired:
 * invalid_grant, a deleted key) → the re-auth notice and modal; FORBIDDEN (403 on the property or
 * site) → the not-connected screen with Google's reason; QUOTA (429, RESOURCE_EXHAUSTED) → the last
 * cached answer with a notice, or this notice; UNAVAILABLE (timeouts, 5xx) → a notice with retry;
 * MALFORMED (an answer that is not the JSON expected, or a request Google refused: then its
 * reason is the notice) → logged, a notice; NOT_CONFIGURED (no
 * connection yet); SEARCH_CONSOLE_FORBIDDEN (403 on the Search Console site alone: the GA4 reports
 * still work) → the Search Console report's notice.
 */
final class GoogleError extends \RuntimeException {

	public const REAUTH         = 'google_reauth';
	public const FORBIDDEN      = 'google_forbidden';
	public const QUOTA          = 'google_quota';
	public const UNAVAILABLE    = 'google_unavailable';
	public const MALFORMED      = 'google_malformed';
	public const NOT_CONFIGURED = 'not_connected';

	public const SEARCH_CONSOLE_FORBIDDEN = 'no_search_console_access';

	/**
	 * The HTTP status the plugin's REST routes answer with, by kind.
	 */
	private const STATUS = array(
		self::REAUTH                   => 401,
		self::FORBIDDEN                => 403,
		self::QUOTA                    => 429,
		self::UNAVAILABLE              => 503,
		self::MALFORMED                => 502,
		self::NOT_CONFIGURED           => 409,
		self::SEARCH_CONSOLE_FORBIDDEN => 400,
	);

	/**
	 * Builds one.
	 *
	 * @param string $kind   One of the constants.
	 * @param string $reason Google's own message, when it gave one (shown with the state).
	 */
	public function __construct( public readonly string $kind, public readonly string $reason = '' ) {
		parent::__construct( $kind . ( '' !== $reason ? ': ' . $reason : '' ) );
	}

	/**
	 * Builds one (the REST routes answer its message as JSON; it is never printed as HTML).
	 *
	 * @param string $kind   One of the constants.
	 * @param string $reason Google's own message.
	 */
	public static function because( string $kind, string $reason = '' ): self {
		return new self( $kind, $reason );
	}

	/**
	 * The error as the plugin's REST routes answer it: its code, a message the screen shows, the
	 * status, and Google's reason.
	 */
	public function to_wp_error(): \WP_Error {
		return new \WP_Error(
			$this->kind,
			$this->message_text(),
			array(
				'status' => self::STATUS[ $this->kind ] ?? 502,
				'reason' => $this->reason,
			)
		);
	}

	/**
	 * The sentence the screen shows.
	 */
	public function message_text(): string {
		switch ( $this->kind ) {
			case self::REAUTH:
				return __( 'Google no longer accepts this site’s credentials (the access was revoked or has expired). Reconnect Google Analytics in the settings to see your reports again.', 'monsterinsights-reports' );
			case self::FORBIDDEN:
				return __( 'Google refused access to the selected property or site. Check that the connected account has access to it, or choose another one in the settings.', 'monsterinsights-reports' );
			case self::QUOTA:
				return __( 'Google Analytics’ request quota for this property is used up for now. Try again in an hour.', 'monsterinsights-reports' );
			case self::UNAVAILABLE:
				return __( 'Google did not answer in time. Try again in a moment.', 'monsterinsights-reports' );
			case self::MALFORMED:
				if ( '' !== $this->reason ) {
					// A request Google refused with its reason (a PageSpeed key it does not accept, say):
					// trying again would not help, the reason says what to change.
					/* translators: %s: Google's own message, e.g. "API key not valid. Please pass a valid API key." */
					return sprintf( __( 'Google refused the request: %s', 'monsterinsights-reports' ), $this->reason );
				}
				return __( 'Google sent an answer that could not be read. It was logged; try again in a moment.', 'monsterinsights-reports' );
			case self::SEARCH_CONSOLE_FORBIDDEN:
				return __( 'Google refused access to the chosen Search Console site. Add the connected Google account as a user of the site in Search Console, or choose another site in the Google connection settings.', 'monsterinsights-reports' );
			default:
				return __( 'Connect a data source before viewing reports.', 'monsterinsights-reports' );
		}
	}
}
