<?php
/**
 * PHP's built-in web server and a minimal HTTP client, for the round-trip figures.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- A local web server and HTTP client, as tests/php/Support/Tracking/CollectServer.php.

/**
 * One `php -S` process on a free loopback port, with opcache on (as on a production server) and
 * one worker, so requests are served one at a time. Requests are HTTP/1.0, one connection each.
 */
final class Server {

	/**
	 * The process.
	 *
	 * @var resource|null
	 */
	private $process = null;

	/**
	 * The port.
	 *
	 * @var int
	 */
	private int $port = 0;

	/**
	 * Starts a server.
	 *
	 * @param string[] $args What follows `php -S 127.0.0.1:<port>`: a document root (-t) and/or a router script.
	 * @throws \RuntimeException When it does not start.
	 */
	public function __construct( array $args ) {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		if ( false === $probe ) {
			throw new \RuntimeException( 'no free port' );
		}
		$name = (string) stream_socket_get_name( $probe, false );
		fclose( $probe );
		$this->port = (int) substr( $name, strrpos( $name, ':' ) + 1 );

		$null          = array( 'file', '/dev/null', 'w' );
		$this->process = proc_open(
			array_merge( array( PHP_BINARY, '-d', 'opcache.enable_cli=1', '-d', 'display_errors=stderr', '-S', '127.0.0.1:' . $this->port ), $args ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => $null,
				2 => $null,
			),
			$pipes
		);
		if ( ! is_resource( $this->process ) ) {
			throw new \RuntimeException( 'cannot start php -S' );
		}
		for ( $try = 0; $try < 200; $try++ ) {
			$socket = @fsockopen( '127.0.0.1', $this->port, $errno, $errstr, 0.1 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Not up yet.
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
	public function stop(): void {
		if ( is_resource( $this->process ) ) {
			proc_terminate( $this->process );
			proc_close( $this->process );
		}
		$this->process = null;
	}

	/**
	 * Sends one request and reads the whole answer.
	 *
	 * @param string                $method  The method.
	 * @param string                $path    Path and query.
	 * @param string                $body    The body.
	 * @param array<string, string> $headers Headers.
	 * @return array{status: int, body: string}
	 * @throws \RuntimeException When it cannot connect.
	 */
	public function request( string $method, string $path, string $body = '', array $headers = array() ): array {
		$socket = fsockopen( '127.0.0.1', $this->port, $errno, $errstr, 5 );
		if ( false === $socket ) {
			throw new \RuntimeException( 'cannot connect: ' . $errstr );
		}
		stream_set_timeout( $socket, 30 );
		$request = $method . ' ' . $path . " HTTP/1.0\r\nHost: 127.0.0.1:" . $this->port . "\r\n";
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
			'status' => (int) ( $match[1] ?? 0 ),
			'body'   => $content,
		);
	}
}
