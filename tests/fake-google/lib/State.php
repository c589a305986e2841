<?php
/**
 * The fake Google's state between requests: a folder per port in the system temp folder.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeGoogle;

// phpcs:disable WordPress.WP.AlternativeFunctions -- A test server without WordPress.

/**
 * The fault and the spikes set by /__control, issued tokens, codes and quota counters (state.json, under a lock),
 * and the request log (requests.jsonl). The fake AI provider's state (tests/fake-ai) is one too, with a
 * state of its own (empty_state()).
 */
class State {

	/**
	 * The folder.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * The state folder of the server on that port.
	 *
	 * @param int $port The port.
	 */
	public static function dir_for_port( int $port ): string {
		return rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-google-' . $port;
	}

	/**
	 * Opens (creates) the folder.
	 *
	 * @param string $dir The folder.
	 */
	public function __construct( string $dir ) {
		$this->dir = $dir;
		if ( ! is_dir( $dir ) ) {
			mkdir( $dir, 0700, true );
		}
	}

	/**
	 * Reads, changes and writes the state under an exclusive lock.
	 *
	 * @param callable $change Takes the state array by reference; its return value is returned.
	 * @return mixed
	 * @throws \RuntimeException When the state file cannot be opened.
	 */
	public function update( callable $change ) {
		$handle = fopen( $this->dir . '/state.json', 'c+' );
		if ( false === $handle ) {
			throw new \RuntimeException( 'cannot open the state' );
		}
		flock( $handle, LOCK_EX );
		$text  = stream_get_contents( $handle );
		$state = is_string( $text ) && '' !== $text ? json_decode( $text, true ) : null;
		if ( ! is_array( $state ) ) {
			$state = static::empty_state();
		}
		$result = $change( $state );
		ftruncate( $handle, 0 );
		rewind( $handle );
		fwrite( $handle, (string) json_encode( $state ) );
		fflush( $handle );
		flock( $handle, LOCK_UN );
		fclose( $handle );
		return $result;
	}

	/**
	 * The state as it is.
	 *
	 * @return array<string, mixed>
	 */
	public function read(): array {
		return $this->update(
			static function ( array $state ): array {
				return $state;
			}
		);
	}

	/**
	 * A fresh state.
	 *
	 * @return array<string, mixed>
	 */
	public static function empty_state(): array {
		return array(
			'fault'    => null,
			'scope'    => 'all',
			'times'    => null,
			'delay'    => 3.0,
			'today'    => null,
			'spikes'   => array(),
			'steady'   => false,
			'sequence' => 0,
			'tokens'   => array(),
			'refresh'  => array(),
			'codes'    => array(),
			// Tokens spent, by category:property:day and category:property:hour (UTC).
			'quota'    => array(),
			// Tokens counted as spent already, before any request (POST /__control quota_used).
			'used'     => 0,
		);
	}

	/**
	 * Forgets everything: the fault, tokens, codes, counters and the request log.
	 */
	public function reset(): void {
		$this->update(
			static function ( array &$state ): void {
				$state = static::empty_state();
			}
		);
		if ( file_exists( $this->dir . '/requests.jsonl' ) ) {
			unlink( $this->dir . '/requests.jsonl' );
		}
	}

	/**
	 * Appends a request to the log.
	 *
	 * @param array<string, mixed> $entry The request.
	 */
	public function log( array $entry ): void {
		file_put_contents( $this->dir . '/requests.jsonl', json_encode( $entry, JSON_UNESCAPED_SLASHES ) . "\n", FILE_APPEND | LOCK_EX );
	}

	/**
	 * The logged requests, oldest first.
	 *
	 * @return array<int, mixed>
	 */
	public function requests(): array {
		$file = $this->dir . '/requests.jsonl';
		if ( ! file_exists( $file ) ) {
			return array();
		}
		$lines = file( $file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES );
		return array_map(
			static function ( string $line ) {
				return json_decode( $line, true );
			},
			false === $lines ? array() : $lines
		);
	}
}
