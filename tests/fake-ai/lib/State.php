<?php
/**
 * The fake AI provider's state between requests: a folder per port in the system temp folder.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeAi;

/**
 * The queued steps of /__script and a count of the completion requests (state.json, under the
 * lock of the fake Google's State, whose file handling this shares), and the completion requests
 * received (requests.jsonl).
 */
class State extends \MonsterInsights\Reports\Tests\FakeGoogle\State {

	/**
	 * The state folder of the server on that port.
	 *
	 * @param int $port The port.
	 */
	public static function dir_for_port( int $port ): string {
		return rtrim( sys_get_temp_dir(), '/' ) . '/mir-fake-ai-' . $port;
	}

	/**
	 * A fresh state.
	 *
	 * @return array{steps: array<int, array<string, mixed>>, calls: int}
	 */
	public static function empty_state(): array {
		return array(
			'steps' => array(),
			'calls' => 0,
		);
	}

	/**
	 * Queues steps.
	 *
	 * @param array<int, array<string, mixed>> $steps The steps.
	 * @return int How many are queued now.
	 */
	public function queue( array $steps ): int {
		return (int) $this->update(
			static function ( array &$state ) use ( $steps ): int {
				$state['steps'] = array_merge( $state['steps'], $steps );
				return count( $state['steps'] );
			}
		);
	}

	/**
	 * Takes the next step (null: none queued) and counts the completion request.
	 *
	 * @return array{step: array<string, mixed>|null, call: int}
	 */
	public function next_step(): array {
		return $this->update(
			static function ( array &$state ): array {
				++$state['calls'];
				$step = array_shift( $state['steps'] );
				return array(
					'step' => is_array( $step ) ? $step : null,
					'call' => (int) $state['calls'],
				);
			}
		);
	}
}
