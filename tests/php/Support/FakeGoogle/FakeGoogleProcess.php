<?php
/**
 * The fake Google server's process, one per PHPUnit run.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeGoogle;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- A local server process.

/**
 * Starts tests/fake-google/router.php once, on the port of MONSTERINSIGHTS_REPORTS_GOOGLE_BASE, and
 * stops it (removing its state folder) when PHPUnit exits.
 */
final class FakeGoogleProcess {

	/**
	 * The process.
	 *
	 * @var resource|null
	 */
	private static $process = null;

	/**
	 * Starts it unless it runs; waits (a bounded number of tries) until it answers.
	 *
	 * @return string Its base URL.
	 * @throws \RuntimeException When it cannot be started.
	 */
	public static function start(): string {
		if ( ! defined( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE' ) ) {
			throw new \RuntimeException( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE is not defined (tests/php/config.php)' );
		}
		$url = (string) MONSTERINSIGHTS_REPORTS_GOOGLE_BASE;
		if ( is_resource( self::$process ) ) {
			return $url;
		}
		$port          = (int) substr( $url, strrpos( $url, ':' ) + 1 );
		$null          = array( 'file', '/dev/null', 'w' );
		self::$process = proc_open(
			array( PHP_BINARY, '-S', '127.0.0.1:' . $port, dirname( __DIR__, 3 ) . '/fake-google/router.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => $null,
				2 => $null,
			),
			$pipes
		);
		if ( ! is_resource( self::$process ) ) {
			throw new \RuntimeException( 'cannot start php -S' );
		}
		register_shutdown_function( array( self::class, 'stop' ) );
		for ( $try = 0; $try < 200; $try++ ) {
			$response = wp_remote_post( $url . '/__reset', array( 'timeout' => 1 ) );
			if ( 200 === wp_remote_retrieve_response_code( $response ) ) {
				return $url;
			}
			usleep( 25000 );
		}
		// The process holds the test database's lock (inherited): never leave it behind.
		self::stop();
		throw new \RuntimeException( 'the fake Google server did not start' );
	}

	/**
	 * Stops it and removes its state folder (tests/fake-google/lib/State.php).
	 */
	public static function stop(): void {
		if ( is_resource( self::$process ) ) {
			proc_terminate( self::$process );
			proc_close( self::$process );
		}
		self::$process = null;
		$url           = defined( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE' ) ? (string) MONSTERINSIGHTS_REPORTS_GOOGLE_BASE : '';
		$port          = (int) substr( $url, (int) strrpos( $url, ':' ) + 1 );
		$dir           = rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-google-' . $port;
		if ( $port > 0 && is_dir( $dir ) ) {
			array_map( 'unlink', (array) glob( $dir . '/*' ) );
			rmdir( $dir );
		}
	}
}
