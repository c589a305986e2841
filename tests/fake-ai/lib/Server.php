<?php
/**
 * The fake AI provider's routes: OpenAI's chat completions and models, and the control endpoints.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeAi;

// phpcs:disable WordPress.Security.ValidatedSanitizedInput, WordPress.Security.NonceVerification, WordPress.Security.EscapeOutput -- A test server without WordPress: it reads raw requests and writes JSON.
// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- Same.

/**
 * Handles one request of PHP's built-in server.
 */
class Server {

	/**
	 * The one model it knows.
	 */
	public const MODEL = 'fake-analyst';

	/**
	 * Words per chunk of a streamed text.
	 */
	public const STREAM_WORDS = 3;

	/**
	 * The state.
	 *
	 * @var State
	 */
	private State $state;

	/**
	 * Sets up.
	 *
	 * @param State $state The state.
	 */
	public function __construct( State $state ) {
		$this->state = $state;
	}

	/**
	 * Answers the current request.
	 */
	public function handle(): void {
		$method = (string) ( $_SERVER['REQUEST_METHOD'] ?? 'GET' );
		$path   = rtrim( (string) strtok( (string) ( $_SERVER['REQUEST_URI'] ?? '/' ), '?' ), '/' );
		$body   = (string) file_get_contents( 'php://input' );

		if ( str_starts_with( $path, '/__' ) ) {
			$this->control( $method, $path, $body );
			return;
		}
		$headers = function_exists( 'getallheaders' ) ? array_change_key_case( (array) getallheaders(), CASE_LOWER ) : array();
		$auth    = (string) ( $headers['authorization'] ?? '' );
		if ( '/v1/models' === $path && 'GET' === $method ) {
			if ( $this->authorized( $auth ) ) {
				$this->json(
					200,
					array(
						'object' => 'list',
						'data'   => array(
							array(
								'id'       => self::MODEL,
								'object'   => 'model',
								'owned_by' => 'fake-ai',
							),
						),
					)
				);
			}
			return;
		}
		if ( '/v1/chat/completions' !== $path ) {
			$this->error( 404, 'Unknown request URL: ' . $method . ' ' . $path . '.', 'invalid_request_error', 'unknown_url' );
			return;
		}
		if ( 'POST' !== $method ) {
			$this->error( 405, 'Method not allowed.', 'invalid_request_error', 'method_not_allowed' );
			return;
		}
		$request = json_decode( $body, true );
		$this->state->log( array( 'body' => $body ) );
		if ( ! $this->authorized( $auth ) ) {
			return;
		}
		if ( ! is_array( $request ) ) {
			$this->error( 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null );
			return;
		}
		$model = is_string( $request['model'] ?? null ) ? $request['model'] : '';
		if ( self::MODEL !== $model ) {
			$this->error( 404, 'The model `' . $model . '` does not exist.', 'invalid_request_error', 'model_not_found' );
			return;
		}
		$taken = $this->state->next_step();
		$step  = $taken['step'] ?? array();
		if ( isset( $step['delay_ms'] ) ) {
			usleep( max( 0, (int) $step['delay_ms'] ) * 1000 );
		}
		if ( isset( $step['status'] ) ) {
			$status = (int) $step['status'];
			if ( is_array( $step['body'] ?? null ) ) {
				$this->json( $status, $step['body'] );
				return;
			}
			$this->error( $status, self::status_message( $status ), $status >= 500 ? 'server_error' : 'invalid_request_error', 429 === $status ? 'rate_limit_exceeded' : null );
			return;
		}
		if ( ! empty( $step['malformed'] ) ) {
			http_response_code( 200 );
			header( 'Content-Type: application/json' );
			echo '{"id": "chatcmpl-broken", "choices": [ this is not JSON';
			return;
		}
		$stream = true === ( $request['stream'] ?? false );
		$answer = $this->stream_options( $step );
		if ( array_key_exists( 'tool_calls', $step ) && is_array( $step['tool_calls'] ) ) {
			$this->answer( $stream, $answer, $taken['call'], is_string( $step['text'] ?? null ) ? $step['text'] : null, self::tool_calls( $step['tool_calls'], $taken['call'] ) );
			return;
		}
		if ( is_string( $step['text'] ?? null ) ) {
			$this->answer( $stream, $answer, $taken['call'], $step['text'], array() );
			return;
		}
		$reply = ( new Analyst( $request ) )->answer();
		$this->answer( $stream, $answer, $taken['call'], $reply['text'], null === $reply['tool_call'] ? array() : self::tool_calls( array( $reply['tool_call'] ), $taken['call'] ) );
	}

	/**
	 * The stream options of a step: `stream_delay_ms` (between chunks) and `stream_cut` (chunks
	 * sent before the stream stops without its end).
	 *
	 * @param array<string, mixed> $step The step.
	 * @return array{delay_ms: int, cut: int|null}
	 */
	private function stream_options( array $step ): array {
		return array(
			'delay_ms' => max( 0, (int) ( $step['stream_delay_ms'] ?? 0 ) ),
			'cut'      => isset( $step['stream_cut'] ) ? max( 0, (int) $step['stream_cut'] ) : null,
		);
	}

	/**
	 * A completion, streamed when the request asked for it.
	 *
	 * @param bool                                $stream  Whether to stream.
	 * @param array{delay_ms: int, cut: int|null} $options The stream's options.
	 * @param int                                 $call    The completion request's number.
	 * @param string|null                         $text    The content (null with tool calls only).
	 * @param array<int, array<string, mixed>>    $calls   The tool calls.
	 */
	private function answer( bool $stream, array $options, int $call, ?string $text, array $calls ): void {
		if ( $stream ) {
			$this->stream( $options, $call, $text, $calls );
			return;
		}
		$this->completion( $call, $text, $calls );
	}

	/**
	 * A completion as OpenAI streams it (server-sent events): the text in chunks of
	 * STREAM_WORDS words, then each tool call (its name and id, then its arguments in two
	 * pieces), then the finish reason and `[DONE]`. With `cut`, only that many chunks are sent and
	 * the stream stops there.
	 *
	 * @param array{delay_ms: int, cut: int|null} $options The stream's options.
	 * @param int                                 $call    The completion request's number.
	 * @param string|null                         $text    The content.
	 * @param array<int, array<string, mixed>>    $calls   The tool calls.
	 */
	private function stream( array $options, int $call, ?string $text, array $calls ): void {
		$deltas = array( array( 'role' => 'assistant' ) );
		if ( null !== $text && '' !== $text ) {
			$words = preg_split( '/(?<= )/', $text );
			foreach ( array_chunk( false === $words ? array( $text ) : $words, self::STREAM_WORDS ) as $chunk ) {
				$deltas[] = array( 'content' => implode( '', $chunk ) );
			}
		}
		foreach ( $calls as $index => $tool_call ) {
			$arguments = (string) $tool_call['function']['arguments'];
			$half      = intdiv( strlen( $arguments ), 2 );
			$deltas[]  = array(
				'tool_calls' => array(
					array(
						'index'    => $index,
						'id'       => $tool_call['id'],
						'type'     => 'function',
						'function' => array(
							'name'      => $tool_call['function']['name'],
							'arguments' => '',
						),
					),
				),
			);
			foreach ( array( substr( $arguments, 0, $half ), substr( $arguments, $half ) ) as $piece ) {
				$deltas[] = array(
					'tool_calls' => array(
						array(
							'index'    => $index,
							'function' => array( 'arguments' => $piece ),
						),
					),
				);
			}
		}
		http_response_code( 200 );
		header( 'Content-Type: text/event-stream' );
		header( 'Cache-Control: no-cache' );
		while ( ob_get_level() > 0 ) {
			ob_end_flush();
		}
		$sent = 0;
		foreach ( $deltas as $delta ) {
			if ( null !== $options['cut'] && $sent >= $options['cut'] ) {
				return;
			}
			if ( $sent > 0 && $options['delay_ms'] > 0 ) {
				usleep( $options['delay_ms'] * 1000 );
			}
			$this->event( $call, $delta, null );
			++$sent;
		}
		if ( null !== $options['cut'] ) {
			return;
		}
		$this->event( $call, array(), array() === $calls ? 'stop' : 'tool_calls' );
		echo "data: [DONE]\n\n";
		flush();
	}

	/**
	 * One event of a stream.
	 *
	 * @param int                  $call   The completion request's number.
	 * @param array<string, mixed> $delta  The delta.
	 * @param string|null          $finish The finish reason.
	 */
	private function event( int $call, array $delta, ?string $finish ): void {
		$event = array(
			'id'      => 'chatcmpl-fake-' . $call,
			'object'  => 'chat.completion.chunk',
			'created' => 1764547200,
			'model'   => self::MODEL,
			'choices' => array(
				array(
					'index'         => 0,
					'delta'         => (object) $delta,
					'finish_reason' => $finish,
				),
			),
		);
		echo 'data: ' . json_encode( $event, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n\n";
		flush();
	}

	/**
	 * Whether the Authorization header holds an accepted key; else answers the 401.
	 *
	 * @param string $header The header.
	 */
	private function authorized( string $header ): bool {
		if ( ! str_starts_with( $header, 'Bearer ' ) || '' === trim( substr( $header, 7 ) ) ) {
			$this->error( 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error', null );
			return false;
		}
		if ( str_starts_with( trim( substr( $header, 7 ) ), 'invalid' ) ) {
			$this->error( 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key' );
			return false;
		}
		return true;
	}

	/**
	 * The tool calls of a step, in OpenAI's shape: `{name, arguments: object or raw string}` each.
	 *
	 * @param array<int, mixed> $calls The step's calls.
	 * @param int               $call  The completion request's number.
	 * @return array<int, array<string, mixed>>
	 */
	private static function tool_calls( array $calls, int $call ): array {
		$out = array();
		foreach ( array_values( $calls ) as $index => $tool_call ) {
			if ( ! is_array( $tool_call ) ) {
				continue;
			}
			$arguments = $tool_call['arguments'] ?? array();
			$out[]     = array(
				'id'       => is_string( $tool_call['id'] ?? null ) ? $tool_call['id'] : 'call_' . $call . '_' . ( $index + 1 ),
				'type'     => 'function',
				'function' => array(
					'name'      => (string) ( $tool_call['name'] ?? '' ),
					'arguments' => is_string( $arguments ) ? $arguments : (string) json_encode( (object) $arguments, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ),
				),
			);
		}
		return $out;
	}

	/**
	 * A chat completion with one choice.
	 *
	 * @param int                              $call  The completion request's number.
	 * @param string|null                      $text  The content (null with tool calls only).
	 * @param array<int, array<string, mixed>> $calls The tool calls.
	 */
	private function completion( int $call, ?string $text, array $calls ): void {
		$message = array(
			'role'    => 'assistant',
			'content' => array() === $calls ? (string) $text : $text,
		);
		if ( array() !== $calls ) {
			$message['tool_calls'] = $calls;
		}
		$this->json(
			200,
			array(
				'id'      => 'chatcmpl-fake-' . $call,
				'object'  => 'chat.completion',
				'created' => 1764547200,
				'model'   => self::MODEL,
				'choices' => array(
					array(
						'index'         => 0,
						'message'       => $message,
						'finish_reason' => array() === $calls ? 'stop' : 'tool_calls',
					),
				),
				'usage'   => array(
					'prompt_tokens'     => 0,
					'completion_tokens' => 0,
					'total_tokens'      => 0,
				),
			)
		);
	}

	/**
	 * The control endpoints: POST /__reset, POST /__script {steps}, GET /__requests.
	 *
	 * @param string $method The method.
	 * @param string $path   The path.
	 * @param string $body   The body.
	 */
	private function control( string $method, string $path, string $body ): void {
		if ( '/__reset' === $path && 'POST' === $method ) {
			$this->state->reset();
			$this->json(
				200,
				array(
					'reset' => true,
					'pid'   => getmypid(),
				)
			);
			return;
		}
		if ( '/__script' === $path && 'POST' === $method ) {
			$script = json_decode( $body, true );
			if ( ! is_array( $script ) || ! is_array( $script['steps'] ?? null ) || ! array_is_list( $script['steps'] ) ) {
				$this->json( 400, array( 'error' => 'expected {"steps": [...]}' ) );
				return;
			}
			foreach ( $script['steps'] as $step ) {
				if ( ! is_array( $step ) || array() === $step ) {
					$this->json( 400, array( 'error' => 'each step is an object: text, tool_calls, status (+ body), delay_ms, stream_delay_ms, stream_cut or malformed' ) );
					return;
				}
			}
			$this->json( 200, array( 'queued' => $this->state->queue( $script['steps'] ) ) );
			return;
		}
		if ( '/__requests' === $path && 'GET' === $method ) {
			// Each body as sent (`{}` stays an object), or its text when it is not JSON.
			$bodies = array_map(
				static function ( $entry ) {
					$text = is_array( $entry ) && is_string( $entry['body'] ?? null ) ? $entry['body'] : '';
					$json = json_decode( $text );
					return null === $json ? $text : $json;
				},
				$this->state->requests()
			);
			$this->json( 200, $bodies );
			return;
		}
		$this->json( 404, array( 'error' => 'unknown control endpoint ' . $method . ' ' . $path ) );
	}

	/**
	 * The message of a scripted status without a body.
	 *
	 * @param int $status The status.
	 */
	private static function status_message( int $status ): string {
		switch ( $status ) {
			case 401:
				return 'Incorrect API key provided.';
			case 403:
				return 'You are not allowed to use this model.';
			case 404:
				return 'The model `' . self::MODEL . '` does not exist.';
			case 429:
				return 'Rate limit reached for requests. Please try again in 20s.';
			default:
				return $status >= 500 ? 'The server had an error while processing your request. Sorry about that!' : 'The request was refused.';
		}
	}

	/**
	 * An error in OpenAI's shape.
	 *
	 * @param int         $status  The HTTP status.
	 * @param string      $message The message.
	 * @param string      $type    The type.
	 * @param string|null $code    The code.
	 */
	private function error( int $status, string $message, string $type, ?string $code ): void {
		$this->json(
			$status,
			array(
				'error' => array(
					'message' => $message,
					'type'    => $type,
					'param'   => null,
					'code'    => $code,
				),
			)
		);
	}

	/**
	 * A JSON answer.
	 *
	 * @param int   $status The HTTP status.
	 * @param mixed $data   The data.
	 */
	private function json( int $status, $data ): void {
		http_response_code( $status );
		header( 'Content-Type: application/json' );
		echo json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}
}
