<?php
/**
 * Bot user agents, from the maintained isbot pattern.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * Matches a user agent against the pattern of the npm package isbot, which `npm run build`
 * compiles into build/data/bots.php (bin/build-data.mjs): the pattern itself (`full`, case
 * insensitive) and a pre-filter (`fast`) that matches every user agent `full` matches. Nearly every
 * browser fails the pre-filter in a few microseconds; a pre-filter match outside a gate is a match
 * of the pattern itself; only a gate's match (a literal some alternative of the pattern cannot
 * match without, marked `(*MARK:g)`) asks the whole pattern. The answer is exactly the pattern's.
 *
 * The file is a PHP file returning the two expressions, so opcache keeps it and PCRE (with its
 * JIT) keeps them compiled for the life of the PHP worker. The last answers are remembered for
 * the life of the object's class in the worker.
 */
final class BotList {

	/**
	 * Used when the list file is missing or unreadable (a build without build/data).
	 */
	public const FALLBACK = '~bot|crawl|spider|slurp|curl/|wget|python|java/|http|headless|phantomjs|lighthouse~i';

	/**
	 * How many answers are remembered.
	 */
	private const MEMORY = 32;

	/**
	 * The expressions, by list file: [ fast, full ].
	 *
	 * @var array<string, array{0: string, 1: string}>
	 */
	private static array $compiled = array();

	/**
	 * The last answers by user agent.
	 *
	 * @var array<string, bool>
	 */
	private static array $memory = array();

	/**
	 * The list file.
	 *
	 * @var string
	 */
	private string $file;

	/**
	 * Sets the list file.
	 *
	 * @param string $file Path of build/data/bots.php.
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
		$key = $this->file . "\n" . $user_agent;
		if ( isset( self::$memory[ $key ] ) ) {
			return self::$memory[ $key ];
		}
		if ( count( self::$memory ) >= self::MEMORY ) {
			self::$memory = array();
		}
		self::$memory[ $key ] = $this->matches( $user_agent );
		return self::$memory[ $key ];
	}

	/**
	 * Whether a user agent matches the pattern, without the memory: the pre-filter, then the whole
	 * pattern when a gate let it through.
	 *
	 * @param string $user_agent The user agent.
	 */
	public function matches( string $user_agent ): bool {
		list( $fast, $full ) = $this->expressions();
		if ( 1 !== preg_match( $fast, $user_agent, $match ) ) {
			return false;
		}
		return ! isset( $match['MARK'] ) || 1 === preg_match( $full, $user_agent );
	}

	/**
	 * The whole pattern alone, for the tests and the bench.
	 *
	 * @param string $user_agent The user agent.
	 */
	public function matches_full_pattern( string $user_agent ): bool {
		return 1 === preg_match( $this->expressions()[1], $user_agent );
	}

	/**
	 * The isbot version the list was built from; '' for the fallback.
	 */
	public function version(): string {
		$data = $this->load();
		return null === $data ? '' : $data['version'];
	}

	/**
	 * The pre-filter and the pattern, checked once per worker.
	 *
	 * @return array{0: string, 1: string}
	 */
	private function expressions(): array {
		if ( ! isset( self::$compiled[ $this->file ] ) ) {
			$data                          = $this->load();
			self::$compiled[ $this->file ] = null === $data ? array( self::FALLBACK, self::FALLBACK ) : array( $data['fast'], $data['full'] );
		}
		return self::$compiled[ $this->file ];
	}

	/**
	 * The list file's expressions, when it has valid ones.
	 *
	 * @return array{version: string, fast: string, full: string}|null
	 */
	private function load(): ?array {
		if ( '' === $this->file || ! str_ends_with( $this->file, '.php' ) || ! is_file( $this->file ) ) {
			return null;
		}
		$data = include $this->file;
		if ( ! is_array( $data ) || ! isset( $data['version'], $data['fast'], $data['full'] ) || ! is_string( $data['version'] ) || ! is_string( $data['fast'] ) || ! is_string( $data['full'] ) ) {
			return null;
		}
		// An expression PCRE refuses falls back rather than failing every request.
		if ( false === @preg_match( $data['fast'], '' ) || false === @preg_match( $data['full'], '' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- An invalid list falls back.
			return null;
		}
		return array(
			'version' => $data['version'],
			'fast'    => $data['fast'],
			'full'    => $data['full'],
		);
	}
}
