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
	 * Its base URL, without a trailing slash: the google source's (MONSTERINSIGHTS_REPORTS_GOOGLE_BASE).
	 *
	 * @var string
	 */
	protected static string $fake_google_url = '';

	/**
	 * Starts the server of this PHPUnit process on the port of MONSTERINSIGHTS_REPORTS_GOOGLE_BASE
	 * (tests/php/config.php) unless it runs already (FakeGoogleProcess), and resets its state.
	 */
	protected static function start_fake_google(): void {
		self::$fake_google_url = FakeGoogleProcess::start();
		self::fake_google_control( '/__reset' );
	}

	/**
	 * Resets the server (it stops with the PHPUnit process).
	 */
	protected static function stop_fake_google(): void {
		if ( '' !== self::$fake_google_url ) {
			self::fake_google_control( '/__reset' );
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
