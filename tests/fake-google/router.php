<?php
/**
 * Router of PHP's built-in server for the fake Google: the OAuth token and authorize endpoints, GA4
 * Admin and Data (batch and realtime), Search Console and PageSpeed Insights, in the APIs' documented
 * shapes, from tests/fake-google/fixtures. See docs/development.md, "The fake Google server".
 *
 * Usage: php -S 127.0.0.1:PORT tests/fake-google/router.php   (or bash bin/fake-google.sh PORT)
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeGoogle;

require_once __DIR__ . '/lib/State.php';
require_once __DIR__ . '/lib/Reports.php';
require_once __DIR__ . '/lib/Server.php';

$monsterinsights_reports_port = (int) ( $_SERVER['SERVER_PORT'] ?? 0 ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- An integer.
( new Server( __DIR__ . '/fixtures', new State( State::dir_for_port( $monsterinsights_reports_port ) ) ) )->handle();
