<?php
/**
 * WP-CLI's output API for tests of the plugin's command class in the PHPUnit process (WP-CLI is not
 * a dependency of the project): what a command says is recorded, and error() ends the command by
 * throwing, as WP-CLI's own error() ends the process (its ExitException when it captures exits).
 *
 * @package MonsterInsights\Reports\Tests
 */

// phpcs:disable Squiz.Commenting.FunctionComment.Missing -- WP-CLI's own signatures.

if ( ! class_exists( 'WP_CLI', false ) ) {
	/**
	 * The static API the plugin's commands call.
	 */
	class WP_CLI {

		/**
		 * What was said, in order: [ kind, message ].
		 *
		 * @var array<int, array{0: string, 1: string}>
		 */
		public static array $said = array();

		public static function add_command( $name, $callable, $args = array() ): bool {
			return true;
		}

		public static function success( $message ): void {
			self::$said[] = array( 'success', (string) $message );
		}

		public static function warning( $message ): void {
			self::$said[] = array( 'warning', (string) $message );
		}

		public static function line( $message = '' ): void {
			self::$said[] = array( 'line', (string) $message );
		}

		public static function error( $message, $exit = true ): void {
			self::$said[] = array( 'error', (string) $message );
			if ( $exit ) {
				throw new \MonsterInsights\Reports\Tests\Support\Cli\CliExit( (string) $message );
			}
		}
	}
}
