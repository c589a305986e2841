<?php
/**
 * The part of WP-CLI's API the plugin calls, for PHPStan (php-stubs/wp-cli-stubs is not available
 * from the registry this project installs from).
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable

/**
 * WP-CLI's static API.
 */
class WP_CLI {

	/**
	 * Registers a command.
	 *
	 * @param string                $name     Command name.
	 * @param callable|class-string $callable Class or callable.
	 * @param array<string, mixed>  $args     Options.
	 */
	public static function add_command( $name, $callable, $args = array() ): bool {
		return true;
	}

	/**
	 * Prints a success message.
	 *
	 * @param string $message Message.
	 */
	public static function success( $message ): void {
	}

	/**
	 * Prints a warning.
	 *
	 * @param string $message Message.
	 */
	public static function warning( $message ): void {
	}

	/**
	 * Prints an error and exits.
	 *
	 * @param string $message Message.
	 * @param bool   $exit    Whether to exit.
	 */
	public static function error( $message, $exit = true ): void {
	}

	/**
	 * Prints a line.
	 *
	 * @param string $message Message.
	 */
	public static function line( $message = '' ): void {
	}
}
