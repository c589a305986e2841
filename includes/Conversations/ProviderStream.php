<?php
/**
 * The reader of a streamed chat completion.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A ProviderError is never printed (see Provider).

/**
 * Reads an OpenAI chat-completions stream as its bytes arrive (receive()): server-sent events
 * whose `data:` is `{choices: [{delta: {content?, tool_calls?: [{index, id?, function: {name?,
 * arguments?}}]}, finish_reason}]}`, the last one `[DONE]`. Each piece of text goes to the
 * callback at once; the tool calls are put together from their pieces by index. A body that is not
 * a stream (an error's JSON, a provider that ignored `stream`) is kept whole (raw()).
 */
final class ProviderStream {

	/**
	 * The bytes of a line not ended yet.
	 *
	 * @var string
	 */
	private string $pending = '';

	/**
	 * The body when it is not a stream (a refusal, JSON).
	 *
	 * @var string
	 */
	private string $raw = '';

	/**
	 * Whether the body is a stream: null until its first bytes tell.
	 *
	 * @var bool|null
	 */
	private ?bool $is_stream = null;

	/**
	 * Whether any byte arrived.
	 *
	 * @var bool
	 */
	private bool $received = false;

	/**
	 * Whether the stream said it is over (`[DONE]` or a finish reason).
	 *
	 * @var bool
	 */
	private bool $finished = false;

	/**
	 * Whether an event could not be read.
	 *
	 * @var bool
	 */
	private bool $broken = false;

	/**
	 * The text so far.
	 *
	 * @var string
	 */
	private string $content = '';

	/**
	 * The tool calls so far, by index: `{id, name, arguments}`.
	 *
	 * @var array<int, array{id: string, name: string, arguments: string}>
	 */
	private array $calls = array();

	/**
	 * The callback of the text's pieces.
	 *
	 * @var callable(string): void
	 */
	private $on_delta;

	/**
	 * A reader.
	 *
	 * @param callable(string): void $on_delta Gets each piece of text.
	 */
	public function __construct( callable $on_delta ) {
		$this->on_delta = $on_delta;
	}

	/**
	 * Reads bytes of the body.
	 *
	 * @param string $data   The bytes.
	 * @param int    $status The answer's HTTP status.
	 */
	public function receive( string $data, int $status ): void {
		if ( '' === $data ) {
			return;
		}
		$this->received = true;
		if ( null === $this->is_stream ) {
			$start = ltrim( $this->raw . $data );
			if ( '' === $start ) {
				$this->raw .= $data;
				return;
			}
			$this->is_stream = $status >= 200 && $status < 300 && '{' !== $start[0] && '[' !== $start[0];
			$data            = $this->raw . $data;
			$this->raw       = '';
		}
		if ( ! $this->is_stream ) {
			$this->raw .= $data;
			return;
		}
		$this->pending .= $data;
		while ( false !== ( $end = strpos( $this->pending, "\n" ) ) ) { // phpcs:ignore Generic.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- Each line.
			$line          = rtrim( substr( $this->pending, 0, $end ), "\r" );
			$this->pending = (string) substr( $this->pending, $end + 1 );
			$this->line( $line );
		}
	}

	/**
	 * Whether any byte of the body arrived.
	 */
	public function received(): bool {
		return $this->received;
	}

	/**
	 * Whether a stream began (a byte of it arrived).
	 */
	public function started(): bool {
		return true === $this->is_stream;
	}

	/**
	 * The body when it is not a stream.
	 */
	public function raw(): string {
		return $this->raw;
	}

	/**
	 * The body's JSON when it is not a stream, else null.
	 *
	 * @return array<mixed, mixed>|null
	 * @throws ProviderError When it is neither a stream nor JSON.
	 */
	public function json(): ?array {
		if ( true === $this->is_stream ) {
			return null;
		}
		$json = json_decode( $this->raw, true );
		if ( ! is_array( $json ) ) {
			throw ProviderError::bad_response();
		}
		return $json;
	}

	/**
	 * The streamed answer as a choice's message: `{content, tool_calls}`.
	 *
	 * @return array{content: string, tool_calls: list<array{id: string, type: string, function: array{name: string, arguments: string}}>}
	 * @throws ProviderError When the stream stopped before its end, or an event could not be read.
	 */
	public function message(): array {
		if ( '' !== trim( $this->pending ) ) {
			$this->line( rtrim( $this->pending, "\r" ) );
			$this->pending = '';
		}
		if ( $this->broken || ! $this->finished ) {
			throw ProviderError::bad_response();
		}
		ksort( $this->calls );
		$calls = array();
		foreach ( $this->calls as $index => $call ) {
			$calls[] = array(
				'id'       => '' === $call['id'] ? 'call_' . $index : $call['id'],
				'type'     => 'function',
				'function' => array(
					'name'      => $call['name'],
					'arguments' => $call['arguments'],
				),
			);
		}
		return array(
			'content'    => $this->content,
			'tool_calls' => $calls,
		);
	}

	/**
	 * Reads one line of the stream: `data: …` lines count, comments, other fields and blank lines
	 * do not (each event of a chat completion is one data line).
	 *
	 * @param string $line The line.
	 */
	private function line( string $line ): void {
		if ( ! str_starts_with( $line, 'data:' ) ) {
			return;
		}
		$data = trim( substr( $line, 5 ) );
		if ( '[DONE]' === $data ) {
			$this->finished = true;
			return;
		}
		$event = json_decode( $data, true );
		if ( ! is_array( $event ) ) {
			$this->broken = true;
			return;
		}
		if ( isset( $event['error'] ) ) {
			// An error in the middle of the stream.
			$this->broken = true;
			return;
		}
		$choice = is_array( $event['choices'][0] ?? null ) ? $event['choices'][0] : array();
		$delta  = is_array( $choice['delta'] ?? null ) ? $choice['delta'] : array();
		if ( is_string( $delta['content'] ?? null ) && '' !== $delta['content'] ) {
			$this->content .= $delta['content'];
			( $this->on_delta )( $delta['content'] );
		}
		foreach ( is_array( $delta['tool_calls'] ?? null ) ? $delta['tool_calls'] : array() as $position => $piece ) {
			if ( ! is_array( $piece ) ) {
				continue;
			}
			$index    = is_int( $piece['index'] ?? null ) ? $piece['index'] : (int) $position;
			$function = is_array( $piece['function'] ?? null ) ? $piece['function'] : array();
			$call     = $this->calls[ $index ] ?? array(
				'id'        => '',
				'name'      => '',
				'arguments' => '',
			);
			if ( is_string( $piece['id'] ?? null ) && '' !== $piece['id'] ) {
				$call['id'] = $piece['id'];
			}
			if ( is_string( $function['name'] ?? null ) ) {
				$call['name'] .= $function['name'];
			}
			if ( is_string( $function['arguments'] ?? null ) ) {
				$call['arguments'] .= $function['arguments'];
			}
			$this->calls[ $index ] = $call;
		}
		if ( is_string( $choice['finish_reason'] ?? null ) && '' !== $choice['finish_reason'] ) {
			$this->finished = true;
		}
	}
}
