<?php
/**
 * A test of the AI provider itself against the fake.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeAi;

use MonsterInsights\Reports\Conversations\Provider;

/**
 * The fake's provider, a question's messages with a system prompt the analyst reads today from,
 * and a run_query tool definition.
 */
abstract class ProviderTestCase extends FakeAiTestCase {

	/**
	 * The system prompt of the tests (the analyst reads today from it).
	 */
	protected const SYSTEM = 'You answer questions about Test Blog. Today is 2026-12-05 (Saturday) in the site\'s time zone Europe/Paris.';

	/**
	 * A run_query tool definition.
	 */
	protected const TOOLS = array(
		array(
			'type'     => 'function',
			'function' => array(
				'name'        => 'run_query',
				'description' => 'Runs a query.',
				'parameters'  => array(
					'type'       => 'object',
					'properties' => array(),
				),
			),
		),
	);

	/**
	 * The provider of the fake.
	 *
	 * @param string $key   The key.
	 * @param string $model The model.
	 */
	protected static function provider( string $key = self::KEY, string $model = self::MODEL ): Provider {
		return new Provider( self::$fake_ai_url, $model, $key );
	}

	/**
	 * A question's messages.
	 *
	 * @param string $question The question.
	 * @return array<int, array<string, string>>
	 */
	protected static function messages( string $question ): array {
		return array(
			array(
				'role'    => 'system',
				'content' => self::SYSTEM,
			),
			array(
				'role'    => 'user',
				'content' => $question,
			),
		);
	}
}
