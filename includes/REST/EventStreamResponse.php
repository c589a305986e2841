<?php
/**
 * An answer written as server-sent events while it is worked out.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

defined( 'ABSPATH' ) || exit;

/**
 * A `text/event-stream` answer: serve() writes each event (`event: NAME`, `data: JSON`, a blank
 * line) to the client and flushes it at once, while its producer runs, instead of WordPress's JSON.
 * The route's checks (permission, arguments, licence, …) are done before it is made: a refusal is
 * an ordinary JSON error. Output buffers are closed and proxies told not to buffer
 * (`X-Accel-Buffering: no`), so events get through PHP's built-in server, php-fpm and nginx as
 * they are written. The producer runs to its end when the client goes away (what it stores is
 * then there when the page is opened again).
 *
 * Tests read the events with events().
 */
final class EventStreamResponse extends \WP_REST_Response {

	/**
	 * The producer: gets an emitter `fn( string $event, array $data )`.
	 *
	 * @var \Closure(callable(string, array<string, mixed>): void): void
	 */
	private \Closure $producer;

	/**
	 * Builds the answer.
	 *
	 * @param \Closure $producer Writes the events through the emitter it gets.
	 * @phpstan-param \Closure(callable(string, array<string, mixed>): void): void $producer
	 */
	public function __construct( \Closure $producer ) {
		parent::__construct( null, 200 );
		$this->producer = $producer;
		$this->header( 'Content-Type', 'text/event-stream; charset=utf-8' );
		$this->header( 'Cache-Control', 'no-cache, no-store' );
		$this->header( 'X-Accel-Buffering', 'no' );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
	}

	/**
	 * Hooks the writer into the REST server: registered once by the plugin.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'maybe_serve' ), 10, 2 );
	}

	/**
	 * Writes an EventStreamResponse instead of JSON.
	 *
	 * @param bool              $served Whether the request was served already.
	 * @param \WP_HTTP_Response $result The result.
	 */
	public static function maybe_serve( $served, $result ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		ignore_user_abort( true );
		@ini_set( 'zlib.output_compression', '0' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.PHP.IniSet.Risky -- Compression would hold the events back.
		while ( ob_get_level() > 0 && @ob_end_flush() ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A buffer that cannot be closed stays.
			continue;
		}
		// A comment first: some proxies wait for a first chunk before they pass anything on.
		echo ': ' . str_repeat( ' ', 2048 ) . "\n\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Spaces.
		flush();
		$result->run(
			static function ( string $event, array $data ): void {
				echo self::format( $event, $data ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON of an event stream, not HTML.
				flush();
			}
		);
		return true;
	}

	/**
	 * One event as written: `event: NAME`, `data: JSON`, a blank line.
	 *
	 * @param string               $event The event's name.
	 * @param array<string, mixed> $data  Its data.
	 */
	public static function format( string $event, array $data ): string {
		return 'event: ' . $event . "\ndata: " . wp_json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n\n";
	}

	/**
	 * Runs the producer.
	 *
	 * @param callable $emit Gets each event.
	 * @phpstan-param callable(string, array<string, mixed>): void $emit
	 */
	public function run( callable $emit ): void {
		( $this->producer )( $emit );
	}

	/**
	 * Runs the producer and answers its events, in order (tests).
	 *
	 * @return list<array{event: string, data: array<string, mixed>}>
	 */
	public function events(): array {
		$events = array();
		$this->run(
			static function ( string $event, array $data ) use ( &$events ): void {
				$events[] = array(
					'event' => $event,
					'data'  => $data,
				);
			}
		);
		return $events;
	}
}
