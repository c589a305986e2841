<?php
/**
 * PHP's built-in web server in front of the test content dir, to request collect.php for real.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Tracking;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- A local web server and HTTP client for the tests.

/**
 * Serves dirname( WP_CONTENT_DIR ) on a free loopback port, so collect.php runs as the web server
 * runs it: without WordPress, reaching the plugin through its symlink in the content dir.
 */
trait CollectServer {

	/**
	 * The server process.
	 *
	 * @var resource|null
	 */
	private static $collect_server = null;

	/**
	 * Its port.
	 *
	 * @var int
	 */
	private static int $collect_port = 0;

	/**
	 * Starts the server; waits (a bounded number of tries) until it accepts connections.
	 *
	 * @throws \RuntimeException When it cannot be started.
	 */
	protected static function start_collect_server(): void {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		if ( false === $probe ) {
			throw new \RuntimeException( 'no free port' );
		}
		$name = (string) stream_socket_get_name( $probe, false );
		fclose( $probe );
		self::$collect_port = (int) substr( $name, strrpos( $name, ':' ) + 1 );

		$null                 = array( 'file', '/dev/null', 'w' );
		self::$collect_server = proc_open(
			array( PHP_BINARY, '-S', '127.0.0.1:' . self::$collect_port, '-t', dirname( WP_CONTENT_DIR ) ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => $null,
				2 => $null,
			),
			$pipes
		);
		if ( ! is_resource( self::$collect_server ) ) {
			throw new \RuntimeException( 'cannot start php -S' );
		}
		for ( $try = 0; $try < 200; $try++ ) {
			$socket = @fsockopen( '127.0.0.1', self::$collect_port, $errno, $errstr, 0.1 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Not up yet.
			if ( false !== $socket ) {
				fclose( $socket );
				return;
			}
			usleep( 25000 );
		}
		throw new \RuntimeException( 'php -S did not start' );
	}

	/**
	 * Stops the server.
	 */
	protected static function stop_collect_server(): void {
		if ( is_resource( self::$collect_server ) ) {
			proc_terminate( self::$collect_server );
			proc_close( self::$collect_server );
		}
		self::$collect_server = null;
	}

	/**
	 * The URL path of collect.php under the served dir.
	 *
	 * @param string $query The query string, without "?".
	 */
	protected static function collect_path( string $query ): string {
		return '/' . basename( WP_CONTENT_DIR ) . '/plugins/monsterinsights-reports/collect.php' . ( '' === $query ? '' : '?' . $query );
	}

	/**
	 * Sends one HTTP/1.0 request.
	 *
	 * @param string                $method  The method.
	 * @param string                $path    Path and query.
	 * @param string                $body    The body.
	 * @param array<string, string> $headers Headers.
	 * @return array{status: int, headers: string, body: string}
	 * @throws \RuntimeException When it cannot connect.
	 */
	protected static function http( string $method, string $path, string $body = '', array $headers = array() ): array {
		$socket = fsockopen( '127.0.0.1', self::$collect_port, $errno, $errstr, 5 );
		if ( false === $socket ) {
			throw new \RuntimeException( 'cannot connect: ' . $errstr );
		}
		stream_set_timeout( $socket, 10 );
		$request = $method . ' ' . $path . " HTTP/1.0\r\nHost: 127.0.0.1:" . self::$collect_port . "\r\n";
		foreach ( $headers as $name => $value ) {
			$request .= $name . ': ' . $value . "\r\n";
		}
		$request .= 'Content-Length: ' . strlen( $body ) . "\r\n\r\n" . $body;
		fwrite( $socket, $request );
		$response = (string) stream_get_contents( $socket );
		fclose( $socket );
		list( $head, $content ) = array_pad( explode( "\r\n\r\n", $response, 2 ), 2, '' );
		preg_match( '#^HTTP/\d\.\d (\d{3})#', $head, $match );
		return array(
			'status'  => (int) ( $match[1] ?? 0 ),
			'headers' => $head,
			'body'    => $content,
		);
	}
}
