<?php
/**
 * Bot user agents, from the maintained crawler-user-agents list.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * Matches a user agent against the patterns of the npm package crawler-user-agents, which
 * `npm run build` copies to build/data/crawlers.json (an array of regular expressions, case
 * sensitive as the package intends). The patterns are joined into one expression; PCRE keeps it
 * compiled for the life of the PHP worker.
 */
final class BotList {

	/**
	 * Used when the list file is missing or unreadable (a build without build/data).
	 */
	private const FALLBACK = '~bot|crawl|spider|slurp|curl/|wget|python|java/|http|headless|phantomjs|lighthouse~i';

	/**
	 * The joined expressions, by list file.
	 *
	 * @var array<string, string>
	 */
	private static array $compiled = array();

	/**
	 * The list file.
	 *
	 * @var string
	 */
	private string $file;

	/**
	 * Sets the list file.
	 *
	 * @param string $file Path of crawlers.json.
	 */
	public function __construct( string $file ) {
		$this->file = $file;
	}

	/**
	 * Whether a user agent is a bot's.
	 *
	 * @param string $user_agent The user agent.
	 */
	public function is_bot( string $user_agent ): bool {
		return 1 === preg_match( $this->expression(), $user_agent );
	}

	/**
	 * The list joined into one expression.
	 */
	private function expression(): string {
		if ( isset( self::$compiled[ $this->file ] ) ) {
			return self::$compiled[ $this->file ];
		}
		$expression = self::FALLBACK;
		$json       = '' === $this->file ? false : @file_get_contents( $this->file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Falls back when missing.
		$patterns   = false === $json ? null : json_decode( $json, true );
		if ( is_array( $patterns ) ) {
			$parts = array();
			foreach ( $patterns as $pattern ) {
				if ( is_string( $pattern ) && '' !== $pattern ) {
					$parts[] = '(?:' . str_replace( '~', '\\~', $pattern ) . ')';
				}
			}
			$joined = '~' . implode( '|', $parts ) . '~';
			if ( array() !== $parts && false !== @preg_match( $joined, '' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- An invalid list falls back.
				$expression = $joined;
			}
		}
		self::$compiled[ $this->file ] = $expression;
		return $expression;
	}
}
