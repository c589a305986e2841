<?php
/**
 * The fake AI provider (tests/fake-ai) for a test class.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeAi;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- A local server process.

/**
 * Starts tests/fake-ai/router.php for the class (PHP's built-in server), on the first
 * free port of WP_TESTS_FAKE_AI_PORTS ("9731-9739") or else on any free port, and talks to its
 * control endpoints (docs/development.md, "The fake AI provider"). Its URL uses "localhost": the
 * test config's WP_HTTP_BLOCK_EXTERNAL lets that through, not 127.0.0.1.
 */
trait FakeAiServer {

	/**
	 * The provider's base URL (with /v1, no trailing slash); '' while none runs.
	 *
	 * @var string
	 */
	protected static string $fake_ai_url = '';

	/**
	 * Its port.
	 *
	 * @var int
	 */
	protected static int $fake_ai_port = 0;

	/**
	 * The process.
	 *
	 * @var resource|null
	 */
	private static $fake_ai_process = null;

	/**
	 * Starts the server and waits (a bounded number of tries) until it answers.
	 *
	 * @throws \RuntimeException When it cannot be started.
	 */
	protected static function start_fake_ai(): void {
		if ( is_resource( self::$fake_ai_process ) ) {
			self::fake_ai_reset();
			return;
		}
		// Another PHPUnit process may take the same free port at the same time: the server that
		// answers must be this one (its pid), else the next port.
		for ( $attempt = 0; $attempt < 10; $attempt++ ) {
			if ( self::start_on( self::free_port( $attempt ) ) ) {
				// The process holds the test database's lock (inherited): never leave it behind.
				register_shutdown_function( array( self::class, 'stop_fake_ai' ) );
				return;
			}
		}
		throw new \RuntimeException( 'the fake AI provider did not start' );
	}

	/**
	 * Starts the server on a port; whether it is this one that answers there.
	 *
	 * @param int $port The port.
	 * @throws \RuntimeException When php -S cannot be started.
	 */
	private static function start_on( int $port ): bool {
		self::$fake_ai_port    = $port;
		$null                  = array( 'file', '/dev/null', 'w' );
		self::$fake_ai_process = proc_open(
			array( PHP_BINARY, '-S', '127.0.0.1:' . $port, dirname( __DIR__, 3 ) . '/fake-ai/router.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => $null,
				2 => $null,
			),
			$pipes
		);
		if ( ! is_resource( self::$fake_ai_process ) ) {
			throw new \RuntimeException( 'cannot start php -S for the fake AI provider' );
		}
		$pid               = (int) proc_get_status( self::$fake_ai_process )['pid'];
		self::$fake_ai_url = 'http://localhost:' . $port . '/v1';
		for ( $try = 0; $try < 200; $try++ ) {
			if ( ! proc_get_status( self::$fake_ai_process )['running'] ) {
				break;
			}
			$response = wp_remote_post( self::fake_ai_root() . '/__reset', array( 'timeout' => 1 ) );
			$answer   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
			if ( 200 === wp_remote_retrieve_response_code( $response ) && is_array( $answer ) ) {
				if ( ( $answer['pid'] ?? 0 ) === $pid ) {
					return true;
				}
				break;
			}
			usleep( 25000 );
		}
		proc_terminate( self::$fake_ai_process );
		proc_close( self::$fake_ai_process );
		self::$fake_ai_process = null;
		self::$fake_ai_url     = '';
		return false;
	}

	/**
	 * Stops it and removes its state folder (tests/fake-ai/lib/State.php).
	 */
	public static function stop_fake_ai(): void {
		if ( is_resource( self::$fake_ai_process ) ) {
			proc_terminate( self::$fake_ai_process );
			proc_close( self::$fake_ai_process );
		}
		self::$fake_ai_process = null;
		self::$fake_ai_url     = '';
		$dir                   = rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-ai-' . self::$fake_ai_port;
		if ( self::$fake_ai_port > 0 && is_dir( $dir ) ) {
			array_map( 'unlink', (array) glob( $dir . '/*' ) );
			rmdir( $dir );
		}
	}

	/**
	 * Forgets the queued steps and the requests.
	 */
	protected static function fake_ai_reset(): void {
		self::fake_ai_post( '/__reset', null );
	}

	/**
	 * Queues steps (see docs/development.md): `{text}`, `{tool_calls}`, `{status, body?}`, `{delay_ms}`, `{malformed}`.
	 *
	 * @param array<int, array<string, mixed>> $steps The steps.
	 */
	protected static function fake_ai_script( array $steps ): void {
		self::fake_ai_post( '/__script', array( 'steps' => $steps ) );
	}

	/**
	 * Every completion request body the server received since its reset, oldest first.
	 *
	 * @return array<int, mixed>
	 */
	protected static function fake_ai_requests(): array {
		$answer = json_decode( (string) wp_remote_retrieve_body( wp_remote_get( self::fake_ai_root() . '/__requests', array( 'timeout' => 5 ) ) ), true );
		return is_array( $answer ) ? $answer : array();
	}

	/**
	 * A port nothing listens on (for a refused connection).
	 *
	 * @throws \RuntimeException When no socket can be opened.
	 */
	protected static function closed_port(): int {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		if ( false === $probe ) {
			throw new \RuntimeException( 'cannot open a probe socket' );
		}
		$name = (string) stream_socket_get_name( $probe, false );
		fclose( $probe );
		return (int) substr( $name, strrpos( $name, ':' ) + 1 );
	}

	/**
	 * The server's root URL (the control endpoints).
	 */
	private static function fake_ai_root(): string {
		return substr( self::$fake_ai_url, 0, -strlen( '/v1' ) );
	}

	/**
	 * POSTs to a control endpoint.
	 *
	 * @param string                    $path The path.
	 * @param array<string, mixed>|null $body The JSON body.
	 * @throws \RuntimeException When it refuses.
	 */
	private static function fake_ai_post( string $path, ?array $body ): void {
		$response = wp_remote_post(
			self::fake_ai_root() . $path,
			array(
				'timeout' => 10,
				'body'    => null === $body ? '' : (string) wp_json_encode( $body ),
			)
		);
		if ( 200 !== wp_remote_retrieve_response_code( $response ) ) {
			throw new \RuntimeException( 'the fake AI provider refused ' . $path . ': ' . wp_remote_retrieve_body( $response ) );
		}
	}

	/**
	 * A free port of WP_TESTS_FAKE_AI_PORTS ("FROM-TO"), from the $skip-th one on, else any free one.
	 *
	 * @param int $skip Ports of the range not to try (taken by another process meanwhile).
	 */
	private static function free_port( int $skip ): int {
		$range = (string) getenv( 'WP_TESTS_FAKE_AI_PORTS' );
		if ( 1 === preg_match( '/^(\d+)-(\d+)$/', $range, $match ) ) {
			for ( $port = (int) $match[1] + $skip; $port <= (int) $match[2]; $port++ ) {
				$socket = @stream_socket_server( 'tcp://127.0.0.1:' . $port ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A taken port is the expected failure.
				if ( false !== $socket ) {
					fclose( $socket );
					return $port;
				}
			}
		}
		return self::closed_port();
	}
}
