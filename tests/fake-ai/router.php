<?php
/**
 * Router of PHP's built-in server for the fake AI provider: an OpenAI-compatible chat-completions
 * endpoint with scripted steps and a deterministic "analyst". See docs/development.md, "The fake AI
 * provider".
 *
 * Usage: php -S 127.0.0.1:PORT tests/fake-ai/router.php   (or bash bin/fake-ai.sh PORT)
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeAi;

require_once dirname( __DIR__ ) . '/fake-google/lib/State.php';
require_once __DIR__ . '/lib/State.php';
require_once __DIR__ . '/lib/Analyst.php';
require_once __DIR__ . '/lib/Server.php';

$monsterinsights_reports_port = (int) ( $_SERVER['SERVER_PORT'] ?? 0 ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- An integer.
( new Server( new State( State::dir_for_port( $monsterinsights_reports_port ) ) ) )->handle();
