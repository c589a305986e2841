<?php
/**
 * The end of a command by WP_CLI::error() in tests (see WpCli.php).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Cli;

/**
 * Thrown where WP-CLI would end the process.
 */
class CliExit extends \RuntimeException {
}
