<?php
/**
 * What wp_die() throws in tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests;

/**
 * Thrown by the wp_die handler of TestCase::throw_on_wp_die(); the code is the HTTP status.
 */
class WPDieException extends \RuntimeException {
}
