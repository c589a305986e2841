<?php
/**
 * Conversations AI: one answer of the model, with its tools.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

defined( 'ABSPATH' ) || exit;

/**
 * The loop of one answer: the system prompt and the chat so far go to the provider with the tools;
 * each tool call the model makes is run (Tools) and its result sent back, at most MAX_ROUNDS
 * provider requests per user message; the answer is the model's text. When a run_query call with
 * a `chart` ran in this answer, the answer carries the chart of that call's rows (the last such
 * call wins), built from the result, never from the model's text.
 *
 * Only what the tools answer leaves the site: aggregated numbers of Queries, the names of the
 * Query model, the date. No raw hit, address, visitor hash, user id or email is ever sent.
 */
final class Agent {

	/**
	 * Provider requests per user message.
	 */
	public const MAX_ROUNDS = 6;

	/**
	 * Messages of the chat sent as its history (the latest ones).
	 */
	public const MAX_HISTORY = 20;

	/**
	 * Seconds to wait for one provider answer (the `monsterinsights_reports_ai_timeout` filter).
	 */
	public const TIMEOUT = 30;

	/**
	 * The loop.
	 *
	 * @param Provider $provider The AI provider.
	 * @param Tools    $tools    The tools over the active source.
	 */
	public function __construct( private Provider $provider, private Tools $tools ) {
	}

	/**
	 * The system prompt.
	 *
	 * @param \DateTimeImmutable $now The current time in the site's time zone.
	 */
	public static function system_prompt( \DateTimeImmutable $now ): string {
		$site = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		return implode(
			"\n",
			array(
				sprintf( 'You are the analytics assistant of the WordPress site "%s". You answer questions about its visitors, traffic and sales.', '' === $site ? home_url() : $site ),
				sprintf( 'Today is %s (%s) in the site\'s time zone %s.', $now->format( 'Y-m-d' ), $now->format( 'l' ), $now->getTimezone()->getName() ),
				'Get every number from the tools: call run_query with the metrics, dimensions and dates the question needs (list_names lists the names). Never guess or invent a number; quote the numbers exactly as the tools answer them, with their date range.',
				'Dates are YYYY-MM-DD in the site\'s time zone, end_date included and not after today. "Last week" is the last 7 complete days, "last month" the last 30 complete days, unless the user says otherwise.',
				'To show the user a chart, set run_query\'s chart argument (pie, donut or bar) on the query whose rows it should show; never draw a chart in text.',
				'If a tool answers an error, correct the call and try again. Answer briefly, in the language of the question.',
			)
		);
	}

	/**
	 * The site's now, at the `monsterinsights_reports_now` filter's time (the current time).
	 */
	public static function now(): \DateTimeImmutable {
		return ( new \DateTimeImmutable( '@' . (int) apply_filters( 'monsterinsights_reports_now', time() ) ) )->setTimezone( wp_timezone() );
	}

	/**
	 * The model's answer to the last user message of a chat.
	 *
	 * With $on_delta the provider's answers are streamed (Provider::stream()) and $on_delta gets
	 * each piece of text as it arrives, with `$reset` true when the text shown so far is to be
	 * dropped first: the text of a round that turned out to call tools is not the answer (the
	 * final text is the answer's content, which the caller stores).
	 *
	 * @param \DateTimeImmutable                  $now      The current time in the site's time zone.
	 * @param array<int, array<string, mixed>>    $history  The chat's messages (Chats), the last one the user's.
	 * @param (callable(string, bool): void)|null $on_delta Gets each piece of text (streaming), or null.
	 * @return array{content: string, chart: array{type: string, seriesName: string, data: list<array{value: int|float, label: string}>}|null}
	 * @throws ProviderError When the provider fails.
	 */
	public function answer( \DateTimeImmutable $now, array $history, ?callable $on_delta = null ): array {
		$messages = array(
			array(
				'role'    => 'system',
				'content' => self::system_prompt( $now ),
			),
		);
		foreach ( array_slice( array_values( $history ), -self::MAX_HISTORY ) as $message ) {
			$messages[] = array(
				'role'    => 'assistant' === $message['role'] ? 'assistant' : 'user',
				'content' => (string) $message['content'],
			);
		}
		/**
		 * Filters the seconds to wait for one answer of the AI provider.
		 *
		 * @param int $timeout The seconds.
		 */
		$timeout     = (int) apply_filters( 'monsterinsights_reports_ai_timeout', self::TIMEOUT );
		$definitions = Tools::definitions();
		$chart       = null;
		$content     = '';
		$shown       = false;
		$reset       = false;
		$forward     = static function ( string $text ) use ( $on_delta, &$shown, &$reset ): void {
			if ( null === $on_delta ) {
				return;
			}
			$on_delta( $text, $reset );
			$shown = true;
			$reset = false;
		};
		for ( $round = 1; $round <= self::MAX_ROUNDS; $round++ ) {
			$reply   = null === $on_delta
				? $this->provider->complete( $messages, $definitions, $timeout )
				: $this->provider->stream( $messages, $definitions, $forward, $timeout );
			$content = trim( $reply['content'] );
			if ( array() === $reply['tool_calls'] ) {
				break;
			}
			if ( $shown ) {
				// That text went with tool calls: the next round's text replaces it.
				$reset = true;
				$shown = false;
			}
			$messages[] = array(
				'role'       => 'assistant',
				'content'    => '' === $content ? null : $content,
				'tool_calls' => array_map(
					static fn( array $call ): array => array(
						'id'       => $call['id'],
						'type'     => 'function',
						'function' => array(
							'name'      => $call['name'],
							'arguments' => $call['arguments'],
						),
					),
					$reply['tool_calls']
				),
			);
			foreach ( $reply['tool_calls'] as $call ) {
				$result     = $this->tools->call( $call['name'], $call['arguments'] );
				$messages[] = array(
					'role'         => 'tool',
					'tool_call_id' => $call['id'],
					'content'      => $result['content'],
				);
				if ( null !== $result['chart'] ) {
					$chart = $result['chart'];
				}
			}
		}
		if ( '' === $content ) {
			$content = __( 'Sorry, I could not find an answer to this question. Please try asking it another way.', 'monsterinsights-reports' );
		}
		return array(
			'content' => $content,
			'chart'   => $chart,
		);
	}
}
