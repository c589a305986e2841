<?php
/**
 * The fake Google server (tests/fake-google) for a test class.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeGoogle;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- A local server process.

/**
 * Starts tests/fake-google/router.php on a free loopback port for the class, and talks to its
 * control endpoints. Its URL uses "localhost": the test config's WP_HTTP_BLOCK_EXTERNAL lets that
 * through, not 127.0.0.1.
 */
trait FakeGoogleServer {

	/**
	 * The server process.
	 *
	 * @var resource|null
	 */
	private static $fake_google = null;

	/**
	 * Its base URL, without a trailing slash.
	 *
	 * @var string
	 */
	private static string $fake_google_url = '';

	/**
	 * Starts the server with a fresh state; waits (a bounded number of tries) until it answers.
	 *
	 * @throws \RuntimeException When it cannot be started.
	 */
	protected static function start_fake_google(): void {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		if ( false === $probe ) {
			throw new \RuntimeException( 'no free port' );
		}
		$name = (string) stream_socket_get_name( $probe, false );
		fclose( $probe );
		$port                  = (int) substr( $name, strrpos( $name, ':' ) + 1 );
		self::$fake_google_url = 'http://localhost:' . $port;
		$null                  = array( 'file', '/dev/null', 'w' );
		self::$fake_google     = proc_open(
			array( PHP_BINARY, '-S', '127.0.0.1:' . $port, dirname( __DIR__, 3 ) . '/fake-google/router.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => $null,
				2 => $null,
			),
			$pipes
		);
		if ( ! is_resource( self::$fake_google ) ) {
			throw new \RuntimeException( 'cannot start php -S' );
		}
		for ( $try = 0; $try < 200; $try++ ) {
			$response = wp_remote_post( self::$fake_google_url . '/__reset', array( 'timeout' => 1 ) );
			if ( 200 === wp_remote_retrieve_response_code( $response ) ) {
				return;
			}
			usleep( 25000 );
		}
		// The process holds the test database's lock (inherited): never leave it behind.
		self::stop_fake_google();
		throw new \RuntimeException( 'the fake Google server did not start' );
	}

	/**
	 * Stops the server and removes its state folder (tests/fake-google/lib/State.php).
	 */
	protected static function stop_fake_google(): void {
		if ( is_resource( self::$fake_google ) ) {
			proc_terminate( self::$fake_google );
			proc_close( self::$fake_google );
		}
		self::$fake_google = null;
		$port              = (int) substr( self::$fake_google_url, strrpos( self::$fake_google_url, ':' ) + 1 );
		$dir               = rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-google-' . $port;
		if ( $port > 0 && is_dir( $dir ) ) {
			array_map( 'unlink', (array) glob( $dir . '/*' ) );
			rmdir( $dir );
		}
	}

	/**
	 * POSTs to a control endpoint: /__reset, or /__control with a setting (docs/development.md).
	 *
	 * @param string                    $path    /__reset or /__control.
	 * @param array<string, mixed>|null $setting The JSON body.
	 * @return array<string, mixed> The state it answers.
	 * @throws \RuntimeException When it refuses.
	 */
	protected static function fake_google_control( string $path, ?array $setting = null ): array {
		$response = wp_remote_post(
			self::$fake_google_url . $path,
			array(
				'timeout' => 5,
				'body'    => null === $setting ? '' : (string) wp_json_encode( $setting ),
			)
		);
		$state    = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( 200 !== wp_remote_retrieve_response_code( $response ) || ! is_array( $state ) ) {
			throw new \RuntimeException( 'the fake Google server refused ' . $path . ': ' . wp_remote_retrieve_body( $response ) );
		}
		return $state;
	}

	/**
	 * The requests the server received since its last reset, oldest first.
	 *
	 * @return array<int, array{method: string, path: string, query: array<string, mixed>, authorization: string|null, content_type: string|null, body: string}>
	 */
	protected static function fake_google_requests(): array {
		$answer = json_decode( (string) wp_remote_retrieve_body( wp_remote_get( self::$fake_google_url . '/__requests', array( 'timeout' => 5 ) ) ), true );
		return is_array( $answer ) ? $answer['requests'] : array();
	}
}
