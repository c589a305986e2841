<?php
/**
 * The fake AI provider's deterministic "analyst": what it answers when no step is scripted.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeAi;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DateTime.RestrictedFunctions -- A test server without WordPress.

/**
 * Answers a chat-completions request from its messages alone (no network, no randomness):
 *
 * - a system prompt starting with REPHRASE: the last user message is a JSON list of sentences; the
 *   answer is the JSON list of the same sentences, each prefixed with "In short: ";
 * - a tool result after the last user message (this turn): a text quoting its totals and first
 *   row (summary()), or "I could not run that query: <error>" for an `{"error": …}` result
 *   (list_names' and get_today's results do not count);
 * - else, when the request offers tools, a run_query call for the four questions the Conversations
 *   screen proposes (question()), or a text listing them.
 *
 * Today is the date of the system prompt's `Today is YYYY-MM-DD` sentence (else the server's UTC date).
 */
class Analyst {

	/**
	 * The start of the insight rephrasing's system prompt.
	 */
	public const REPHRASE = 'Rephrase these analytics insights.';

	/**
	 * The text when the question is none of the four.
	 */
	public const HELP = 'I can answer these questions about your site: how many visits you got last week, how many page views you got last month, what your bounce rate was last week, and what your most popular campaign was last week.';

	/**
	 * Labels of the metrics the analyst asks for, as the sentences say them.
	 */
	private const LABELS = array(
		'sessions'        => 'sessions',
		'screenPageViews' => 'page views',
		'bounceRate'      => 'bounce rate',
	);

	/**
	 * The request's messages.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $messages;

	/**
	 * Whether the request offers tools.
	 *
	 * @var bool
	 */
	private bool $tools;

	/**
	 * Reads a request.
	 *
	 * @param array<string, mixed> $request The chat-completions request.
	 */
	public function __construct( array $request ) {
		$this->messages = array_values( array_filter( is_array( $request['messages'] ?? null ) ? $request['messages'] : array(), 'is_array' ) );
		$this->tools    = is_array( $request['tools'] ?? null ) && array() !== $request['tools'];
	}

	/**
	 * The answer: a text, or a tool call (`{name, arguments}`) with no text.
	 *
	 * @return array{text: string|null, tool_call: array{name: string, arguments: array<string, mixed>}|null}
	 */
	public function answer(): array {
		$system = $this->system();
		if ( str_starts_with( ltrim( $system ), self::REPHRASE ) ) {
			return self::text( $this->rephrased() );
		}
		$last_user = null;
		foreach ( $this->messages as $index => $message ) {
			if ( 'user' === ( $message['role'] ?? '' ) ) {
				$last_user = $index;
			}
		}
		$result = null;
		foreach ( $this->messages as $index => $message ) {
			if ( null !== $last_user && $index > $last_user && 'tool' === ( $message['role'] ?? '' ) && self::is_query_result( self::content( $message ) ) ) {
				$result = self::content( $message );
			}
		}
		if ( null !== $result ) {
			return self::text( self::summary( $result, $this->today() ) );
		}
		$question = null === $last_user ? '' : self::content( $this->messages[ $last_user ] );
		$call     = $this->tools ? self::question( $question, $this->today() ) : null;
		return null === $call ? self::text( self::HELP ) : array(
			'text'      => null,
			'tool_call' => $call,
		);
	}

	/**
	 * The run_query call for a question, or null when it is none of the four.
	 *
	 * @param string $question The question.
	 * @param string $today    Today, YYYY-MM-DD.
	 * @return array{name: string, arguments: array<string, mixed>}|null
	 */
	public static function question( string $question, string $today ): ?array {
		$q         = strtolower( $question );
		$last_week = array(
			'start_date' => self::day( $today, -7 ),
			'end_date'   => self::day( $today, -1 ),
		);
		if ( str_contains( $q, 'campaign' ) ) {
			$arguments = array(
				'metrics'    => array( 'sessions' ),
				'dimensions' => array( 'sessionCampaignName' ),
			) + $last_week + array(
				'order_by' => 'sessions',
				'limit'    => 5,
				'chart'    => 'bar',
			);
		} elseif ( ( str_contains( $q, 'visits' ) || str_contains( $q, 'sessions' ) ) && str_contains( $q, 'last week' ) ) {
			$arguments = array(
				'metrics'    => array( 'sessions' ),
				'dimensions' => array( 'sessionDefaultChannelGroup' ),
			) + $last_week + array( 'chart' => 'pie' );
		} elseif ( str_contains( $q, 'page views' ) && str_contains( $q, 'last month' ) ) {
			$arguments = array(
				'metrics'    => array( 'screenPageViews' ),
				'dimensions' => array( 'deviceCategory' ),
				'start_date' => self::day( $today, -30 ),
				'end_date'   => self::day( $today, -1 ),
				'chart'      => 'donut',
			);
		} elseif ( str_contains( $q, 'bounce rate' ) && str_contains( $q, 'last week' ) ) {
			$arguments = array(
				'metrics'    => array( 'bounceRate' ),
				'dimensions' => array( 'deviceCategory' ),
			) + $last_week + array( 'chart' => 'bar' );
		} else {
			return null;
		}
		return array(
			'name'      => 'run_query',
			'arguments' => $arguments,
		);
	}

	/**
	 * The text answer of a tool result.
	 *
	 * Sessions or page views: "You had {total} {label} {period} ({start} – {end}). Most came from
	 * {first row's dimensions}: {its value}." Bounce rate: "Your bounce rate was {total} {period}
	 * ({start} – {end}). The first row is {dimensions}: {value}." A campaign question (dimension
	 * sessionCampaignName): "Your most popular campaign {period} ({start} – {end}) was {name} with
	 * {value} sessions. In total: {total} sessions." Without rows the second sentence is left out
	 * (a campaign question then says "You had no campaign sessions {period} ({start} – {end}).").
	 * {period} is "last week" for 7 days ending yesterday, "last month" for 30 days ending
	 * yesterday, else "in that period". Numbers: number(); dimensions joined with " / ".
	 *
	 * @param string $content The tool message's content.
	 * @param string $today   Today, YYYY-MM-DD.
	 */
	public static function summary( string $content, string $today ): string {
		$result = json_decode( $content, true );
		if ( ! is_array( $result ) ) {
			return 'I could not run that query: the tool answered something that is not JSON.';
		}
		if ( array_key_exists( 'error', $result ) ) {
			return 'I could not run that query: ' . ( is_string( $result['error'] ) ? $result['error'] : json_encode( $result['error'] ) );
		}
		$start       = (string) ( $result['start_date'] ?? '' );
		$end         = (string) ( $result['end_date'] ?? '' );
		$totals      = is_array( $result['totals'] ?? null ) ? $result['totals'] : array();
		$metric      = (string) ( array_key_first( $totals ) ?? '' );
		$total       = self::number( $totals[ $metric ] ?? 0 );
		$label       = self::LABELS[ $metric ] ?? $metric;
		$period      = self::period( $start, $end, $today );
		$dates       = '(' . $start . ' – ' . $end . ')';
		$rows        = is_array( $result['rows'] ?? null ) ? array_values( $result['rows'] ) : array();
		$first       = is_array( $rows[0] ?? null ) ? $rows[0] : null;
		$name        = null;
		$value       = null;
		$is_campaign = false;
		if ( null !== $first ) {
			$dimensions  = is_array( $first['dimensions'] ?? null ) ? $first['dimensions'] : array();
			$is_campaign = array_key_exists( 'sessionCampaignName', $dimensions );
			$name        = implode( ' / ', array_map( 'strval', $dimensions ) );
			$metrics     = is_array( $first['metrics'] ?? null ) ? $first['metrics'] : array();
			$value       = self::number( $metrics[ $metric ] ?? 0 );
		}
		if ( $is_campaign ) {
			return 'Your most popular campaign ' . $period . ' ' . $dates . ' was ' . $name . ' with ' . $value . ' ' . $label . '. In total: ' . $total . ' ' . $label . '.';
		}
		if ( 'bounceRate' === $metric ) {
			$text = 'Your bounce rate was ' . $total . ' ' . $period . ' ' . $dates . '.';
			return null === $first ? $text : $text . ' The first row is ' . $name . ': ' . $value . '.';
		}
		$text = 'You had ' . $total . ' ' . $label . ' ' . $period . ' ' . $dates . '.';
		return null === $first ? $text : $text . ' Most came from ' . $name . ': ' . $value . '.';
	}

	/**
	 * Whether a tool message is a run_query result (`totals`), an error (`error`) or no JSON
	 * object at all; list_names' and get_today's answers are not.
	 *
	 * @param string $content The tool message's content.
	 */
	private static function is_query_result( string $content ): bool {
		$result = json_decode( $content, true );
		return ! is_array( $result ) || array_key_exists( 'totals', $result ) || array_key_exists( 'error', $result );
	}

	/**
	 * A number as the sentences write it: a whole number with "," between thousands (1,234), any
	 * other as JSON writes it (0.4567).
	 *
	 * @param mixed $value The value.
	 */
	public static function number( $value ): string {
		if ( is_int( $value ) || ( is_float( $value ) && floor( $value ) === $value && abs( $value ) < 1e15 ) ) {
			return number_format( (float) $value );
		}
		if ( is_float( $value ) ) {
			return (string) json_encode( $value );
		}
		return is_string( $value ) ? $value : (string) json_encode( $value );
	}

	/**
	 * The period's words.
	 *
	 * @param string $start The first day.
	 * @param string $end   The last day.
	 * @param string $today Today.
	 */
	private static function period( string $start, string $end, string $today ): string {
		if ( self::day( $today, -1 ) === $end && self::day( $today, -7 ) === $start ) {
			return 'last week';
		}
		if ( self::day( $today, -1 ) === $end && self::day( $today, -30 ) === $start ) {
			return 'last month';
		}
		return 'in that period';
	}

	/**
	 * The rephrased sentences: the last user message's JSON list, each prefixed.
	 */
	private function rephrased(): string {
		$sentences = array();
		foreach ( $this->messages as $message ) {
			if ( 'user' === ( $message['role'] ?? '' ) ) {
				$sentences = json_decode( self::content( $message ), true );
			}
		}
		$out = array();
		foreach ( is_array( $sentences ) ? $sentences : array() as $sentence ) {
			$out[] = 'In short: ' . ( is_string( $sentence ) ? $sentence : json_encode( $sentence ) );
		}
		return (string) json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * The first system message's text.
	 */
	private function system(): string {
		foreach ( $this->messages as $message ) {
			if ( 'system' === ( $message['role'] ?? '' ) ) {
				return self::content( $message );
			}
		}
		return '';
	}

	/**
	 * Today: the system prompt's `Today is YYYY-MM-DD`, else the UTC date.
	 */
	private function today(): string {
		if ( 1 === preg_match( '/Today is (\d{4}-\d{2}-\d{2})/', $this->system(), $match ) ) {
			return $match[1];
		}
		return gmdate( 'Y-m-d' );
	}

	/**
	 * A message's text (a string, or OpenAI's list of `{type: text, text}` parts).
	 *
	 * @param array<string, mixed> $message The message.
	 */
	private static function content( array $message ): string {
		$content = $message['content'] ?? '';
		if ( is_string( $content ) ) {
			return $content;
		}
		$text = '';
		foreach ( is_array( $content ) ? $content : array() as $part ) {
			if ( is_array( $part ) && is_string( $part['text'] ?? null ) ) {
				$text .= $part['text'];
			}
		}
		return $text;
	}

	/**
	 * A day some days from another.
	 *
	 * @param string $day  YYYY-MM-DD.
	 * @param int    $days Days to add (negative: before).
	 */
	private static function day( string $day, int $days ): string {
		$date = \DateTimeImmutable::createFromFormat( '!Y-m-d', $day, new \DateTimeZone( 'UTC' ) );
		if ( false === $date ) {
			return $day;
		}
		return $date->modify( sprintf( '%+d days', $days ) )->format( 'Y-m-d' );
	}

	/**
	 * A text answer.
	 *
	 * @param string $text The text.
	 * @return array{text: string, tool_call: null}
	 */
	private static function text( string $text ): array {
		return array(
			'text'      => $text,
			'tool_call' => null,
		);
	}
}
