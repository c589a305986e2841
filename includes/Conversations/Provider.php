<?php
/**
 * The AI provider the site owner connects: an OpenAI-compatible chat-completions endpoint.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

use MonsterInsights\Reports\Settings\Secrets;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A ProviderError is never printed: the REST routes answer its code and text as JSON (ProviderError::to_wp_error()).

/**
 * The site's AI provider: a base URL (requests go to `{base_url}/chat/completions`), a model and an
 * API key. The base URL and the model are a non-autoloaded option of the site (OPTION); the key is
 * a secret of the site's services (Settings\Secrets::SERVICES, encrypted at rest), never sent to the
 * browser, exported or logged. Uninstalling removes both.
 *
 * Its complete() asks for one chat completion (non-streaming) through WordPress's HTTP API — not the
 * "safe" variant: the owner may point it at a server of their own network — and turns every
 * failure into a ProviderError.
 */
final class Provider {

	/**
	 * The option: `{base_url, model}`.
	 */
	public const OPTION = 'monsterinsights_reports_ai_provider';

	/**
	 * The API key's name among the services' secrets.
	 */
	public const SECRET = 'ai_provider_key';

	/**
	 * Longest model name.
	 */
	public const MAX_MODEL = 100;

	/**
	 * Longest provider message kept in an error's reason.
	 */
	private const MAX_REASON = 300;

	/**
	 * A provider.
	 *
	 * @param string $base_url The base URL, without a trailing slash.
	 * @param string $model    The model.
	 * @param string $api_key  The API key.
	 */
	public function __construct( private string $base_url, private string $model, private string $api_key ) {
		$this->base_url = untrailingslashit( $base_url );
	}

	/**
	 * Whether the base URL, the model and the key are all set.
	 */
	public static function configured(): bool {
		$settings = self::settings();
		return '' !== $settings['base_url'] && '' !== $settings['model'] && $settings['has_key'];
	}

	/**
	 * The stored settings, without the key.
	 *
	 * @return array{base_url: string, model: string, has_key: bool}
	 */
	public static function settings(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'base_url' => is_string( $stored['base_url'] ?? null ) ? $stored['base_url'] : '',
			'model'    => is_string( $stored['model'] ?? null ) ? $stored['model'] : '',
			'has_key'  => '' !== self::key(),
		);
	}

	/**
	 * The configured provider, or null when something is missing.
	 */
	public static function from_settings(): ?self {
		$settings = self::settings();
		$key      = self::key();
		if ( '' === $settings['base_url'] || '' === $settings['model'] || '' === $key ) {
			return null;
		}
		return new self( $settings['base_url'], $settings['model'], $key );
	}

	/**
	 * Stores the settings. An empty key keeps the stored one.
	 *
	 * @param string $base_url The base URL (valid_base_url()).
	 * @param string $model    The model (1 to MAX_MODEL characters).
	 * @param string $api_key  The API key; '' keeps the stored one.
	 * @return bool Whether they are stored (false for a bad URL or model, or a key that could not be stored).
	 */
	public static function save( string $base_url, string $model, string $api_key = '' ): bool {
		$model = trim( $model );
		if ( ! self::valid_base_url( $base_url ) || '' === $model || mb_strlen( $model ) > self::MAX_MODEL ) {
			return false;
		}
		$api_key = trim( $api_key );
		if ( '' !== $api_key && ! Secrets::set( self::SECRET, $api_key, Secrets::SERVICES ) ) {
			return false;
		}
		update_option(
			self::OPTION,
			array(
				'base_url' => untrailingslashit( trim( $base_url ) ),
				'model'    => $model,
			),
			false
		);
		return true;
	}

	/**
	 * Forgets the base URL, the model and the key.
	 */
	public static function forget(): void {
		delete_option( self::OPTION );
		Secrets::delete( self::SECRET, Secrets::SERVICES );
	}

	/**
	 * Whether a base URL can be used: an http or https URL with a host, no credentials, query or fragment.
	 *
	 * @param string $url The URL.
	 */
	public static function valid_base_url( string $url ): bool {
		$url = trim( $url );
		if ( '' === $url || strlen( $url ) > 2000 || 1 === preg_match( '/\s/', $url ) ) {
			return false;
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) || '' === (string) ( $parts['host'] ?? '' ) ) {
			return false;
		}
		return ! isset( $parts['user'] ) && ! isset( $parts['pass'] ) && ! isset( $parts['query'] ) && ! isset( $parts['fragment'] );
	}

	/**
	 * The model.
	 */
	public function model(): string {
		return $this->model;
	}

	/**
	 * One chat completion (non-streaming).
	 *
	 * @param array<int, array<string, mixed>> $messages OpenAI chat messages (role system|user|assistant|tool,
	 *                                                   content, tool_calls, tool_call_id).
	 * @param array<int, array<string, mixed>> $tools    OpenAI tool definitions ({type: function,
	 *                                                   function: {name, description, parameters}}).
	 * @param int                              $timeout  Seconds to wait for the answer.
	 * @return array{content: string, tool_calls: array<int, array{id: string, name: string, arguments: string}>}
	 * @throws ProviderError When the provider cannot be reached, refuses, or answers something unreadable.
	 */
	public function complete( array $messages, array $tools = array(), int $timeout = 30 ): array {
		$response = $this->post( $this->body( $messages, $tools ), 'application/json', $timeout );
		if ( is_wp_error( $response ) ) {
			throw ProviderError::unreachable();
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$text   = (string) wp_remote_retrieve_body( $response );
		$json   = json_decode( $text, true );
		if ( $status < 200 || $status >= 300 ) {
			throw $this->refusal( $status, is_array( $json ) ? $json : array() );
		}
		if ( ! is_array( $json ) || ! is_array( $json['choices'][0]['message'] ?? null ) ) {
			throw ProviderError::bad_response();
		}
		return self::answer( $json['choices'][0]['message'] );
	}

	/**
	 * One chat completion streamed (`stream: true`, OpenAI's server-sent events
	 * `data: {choices: [{delta: {content | tool_calls}}]}` … `data: [DONE]`): $on_delta gets each piece
	 * of the answer's text as it arrives; the answer is then returned as complete() returns it (the
	 * whole text and the tool calls assembled from their pieces).
	 *
	 * The request goes through WordPress's HTTP API; with its cURL transport the body is read as it
	 * arrives (the `http_api_curl` action sets cURL's write function), with another transport it is
	 * read once whole. Failures before the answer's first byte are those of complete(); a stream
	 * that stops before its end (no `[DONE]` nor finish reason) is ai_provider_bad_response. A
	 * provider that answers JSON instead of a stream is read as complete() reads it.
	 *
	 * @param array<int, array<string, mixed>> $messages The messages (complete()).
	 * @param array<int, array<string, mixed>> $tools    The tool definitions (complete()).
	 * @param callable(string): void           $on_delta Gets each piece of text, in order.
	 * @param int                              $timeout  Seconds to wait for the whole answer.
	 * @return array{content: string, tool_calls: array<int, array{id: string, name: string, arguments: string}>}
	 * @throws ProviderError When the provider cannot be reached, refuses, or its answer cannot be read or stops.
	 */
	public function stream( array $messages, array $tools, callable $on_delta, int $timeout = 30 ): array {
		$url    = $this->base_url . '/chat/completions';
		$events = new ProviderStream( $on_delta );
		$hook   = static function ( $handle, $request, $hook_url ) use ( $url, $events ): void {
			unset( $request );
			if ( $hook_url !== $url || ! ( $handle instanceof \CurlHandle ) ) {
				return;
			}
			// phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt -- WordPress's own cURL handle, read as it arrives.
			curl_setopt(
				$handle,
				CURLOPT_WRITEFUNCTION,
				static function ( $curl, string $data ) use ( $events ): int {
					// phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_getinfo -- Same handle.
					$events->receive( $data, (int) curl_getinfo( $curl, CURLINFO_RESPONSE_CODE ) );
					return strlen( $data );
				}
			);
		};
		add_action( 'http_api_curl', $hook, 10, 3 );
		try {
			$response = $this->post( $this->body( $messages, $tools ) + array( 'stream' => true ), 'text/event-stream', $timeout );
		} finally {
			remove_action( 'http_api_curl', $hook, 10 );
		}
		if ( is_wp_error( $response ) ) {
			// Cut after the answer began: unreadable; before: no answer.
			throw $events->started() ? ProviderError::bad_response() : ProviderError::unreachable();
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( ! $events->received() ) {
			// Another transport than cURL: the whole body at once.
			$events->receive( (string) wp_remote_retrieve_body( $response ), $status );
		}
		if ( $status < 200 || $status >= 300 ) {
			$json = json_decode( $events->raw(), true );
			throw $this->refusal( $status, is_array( $json ) ? $json : array() );
		}
		$json = $events->json();
		if ( null !== $json ) {
			// JSON instead of a stream.
			if ( ! is_array( $json['choices'][0]['message'] ?? null ) ) {
				throw ProviderError::bad_response();
			}
			$answer = self::answer( $json['choices'][0]['message'] );
			if ( '' !== $answer['content'] ) {
				$on_delta( $answer['content'] );
			}
			return $answer;
		}
		return self::answer( $events->message() );
	}

	/**
	 * Posts a completion request.
	 *
	 * @param array<string, mixed> $body    The request's body.
	 * @param string               $accept  The answer's media type.
	 * @param int                  $timeout Seconds to wait for the whole answer.
	 * @return array<string, mixed>|\WP_Error What wp_remote_post() answers.
	 */
	private function post( array $body, string $accept, int $timeout ) {
		return wp_remote_post(
			$this->base_url . '/chat/completions',
			array(
				'timeout'     => max( 1, $timeout ),
				'redirection' => 0,
				'headers'     => array(
					'Authorization' => 'Bearer ' . $this->api_key,
					'Content-Type'  => 'application/json',
					'Accept'        => $accept,
				),
				'body'        => (string) wp_json_encode( $body ),
			)
		);
	}

	/**
	 * The body of a completion request.
	 *
	 * @param array<int, array<string, mixed>> $messages The messages.
	 * @param array<int, array<string, mixed>> $tools    The tool definitions.
	 * @return array<string, mixed>
	 */
	private function body( array $messages, array $tools ): array {
		$body = array(
			'model'       => $this->model,
			'messages'    => array_values( $messages ),
			'temperature' => 0,
		);
		if ( array() !== $tools ) {
			$body['tools']       = array_values( $tools );
			$body['tool_choice'] = 'auto';
		}
		return $body;
	}

	/**
	 * The error of a refusal.
	 *
	 * @param int                 $status The provider's HTTP status.
	 * @param array<mixed, mixed> $json   Its body, when JSON.
	 */
	private function refusal( int $status, array $json ): ProviderError {
		$reason = $this->reason( $json );
		if ( 401 === $status || 403 === $status ) {
			return ProviderError::unauthorized( $reason );
		}
		if ( 404 === $status ) {
			return ProviderError::model( $this->model, $reason );
		}
		if ( 429 === $status ) {
			return ProviderError::rate_limited( $reason );
		}
		return ProviderError::failed( $status, $reason );
	}

	/**
	 * The provider's own message of an error (OpenAI's `{error: {message}}`), plain text, short,
	 * and never with the key.
	 *
	 * @param array<mixed, mixed> $json The error's body.
	 */
	private function reason( array $json ): string {
		$error   = $json['error'] ?? null;
		$message = is_array( $error ) ? ( $error['message'] ?? '' ) : $error;
		if ( ! is_string( $message ) ) {
			return '';
		}
		if ( '' !== $this->api_key ) {
			$message = str_replace( $this->api_key, '***', $message );
		}
		return mb_substr( trim( wp_strip_all_tags( $message ) ), 0, self::MAX_REASON );
	}

	/**
	 * The answer of a choice's message.
	 *
	 * @param array<mixed, mixed> $message The message.
	 * @return array{content: string, tool_calls: array<int, array{id: string, name: string, arguments: string}>}
	 * @throws ProviderError When a tool call has no name.
	 */
	private static function answer( array $message ): array {
		$calls = array();
		foreach ( is_array( $message['tool_calls'] ?? null ) ? $message['tool_calls'] : array() as $index => $call ) {
			$function = is_array( $call ) && is_array( $call['function'] ?? null ) ? $call['function'] : null;
			if ( null === $function || ! is_string( $function['name'] ?? null ) || '' === $function['name'] ) {
				throw ProviderError::bad_response();
			}
			$arguments = $function['arguments'] ?? '';
			$calls[]   = array(
				'id'        => is_string( $call['id'] ?? null ) && '' !== $call['id'] ? $call['id'] : 'call_' . $index,
				'name'      => $function['name'],
				'arguments' => is_string( $arguments ) ? $arguments : (string) wp_json_encode( $arguments ),
			);
		}
		$content = $message['content'] ?? '';
		return array(
			'content'    => is_string( $content ) ? $content : '',
			'tool_calls' => $calls,
		);
	}

	/**
	 * The stored key ('' when none, or it does not open).
	 */
	private static function key(): string {
		$key = Secrets::get( self::SECRET, Secrets::SERVICES );
		return is_string( $key ) ? $key : '';
	}
}
