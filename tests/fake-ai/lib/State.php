<?php
/**
 * The fake AI provider's state between requests: a folder per port in the system temp folder.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeAi;

// phpcs:disable WordPress.WP.AlternativeFunctions -- A test server without WordPress.

/**
 * The queued steps of /__script (state.json, under a lock) and the completion requests received
 * (requests.jsonl).
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
		return rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-ai-' . $port;
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
			$state = self::empty_state();
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
	 * A fresh state.
	 *
	 * @return array{steps: array<int, array<string, mixed>>, calls: int}
	 */
	public static function empty_state(): array {
		return array(
			'steps' => array(),
			'calls' => 0,
		);
	}

	/**
	 * Queues steps.
	 *
	 * @param array<int, array<string, mixed>> $steps The steps.
	 * @return int How many are queued now.
	 */
	public function queue( array $steps ): int {
		return (int) $this->update(
			static function ( array &$state ) use ( $steps ): int {
				$state['steps'] = array_merge( $state['steps'], $steps );
				return count( $state['steps'] );
			}
		);
	}

	/**
	 * Takes the next step (null: none queued) and counts the completion request.
	 *
	 * @return array{step: array<string, mixed>|null, call: int}
	 */
	public function next_step(): array {
		return $this->update(
			static function ( array &$state ): array {
				++$state['calls'];
				$step = array_shift( $state['steps'] );
				return array(
					'step' => is_array( $step ) ? $step : null,
					'call' => (int) $state['calls'],
				);
			}
		);
	}

	/**
	 * Forgets the steps and the request log.
	 */
	public function reset(): void {
		$this->update(
			static function ( array &$state ): void {
				$state = self::empty_state();
			}
		);
		if ( file_exists( $this->dir . '/requests.jsonl' ) ) {
			unlink( $this->dir . '/requests.jsonl' );
		}
	}

	/**
	 * Appends a completion request's body to the log.
	 *
	 * @param mixed $body The body, decoded (or the raw text when it is not JSON).
	 */
	public function log( $body ): void {
		file_put_contents( $this->dir . '/requests.jsonl', json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n", FILE_APPEND | LOCK_EX );
	}

	/**
	 * The logged bodies, oldest first.
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
