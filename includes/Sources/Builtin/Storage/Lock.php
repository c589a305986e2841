<?php
/**
 * A lock that expires, held in the options table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

defined( 'ABSPATH' ) || exit;

/**
 * Keeps two runs of the same job from overlapping, across processes and web servers. Like
 * WP_Upgrader::create_lock(): the option row is created with INSERT IGNORE (atomic), and a lock
 * whose holder died is taken over once it has expired, with a compare-and-set UPDATE. The row
 * bypasses the options cache on purpose.
 */
final class Lock {

	/**
	 * The value this process wrote ("expiry:token"), while it holds the lock; '' otherwise. The
	 * token makes it unique, so a holder presumed dead cannot release its successor's lock.
	 *
	 * @var string
	 */
	private string $held = '';

	/**
	 * A lock.
	 *
	 * @param string $name Option name.
	 * @param int    $ttl  Seconds after which a holder that did not refresh is presumed dead.
	 */
	public function __construct( private string $name, private int $ttl ) {
	}

	/**
	 * Takes the lock, or returns false at once when a live holder has it.
	 */
	public function acquire(): bool {
		global $wpdb;
		$value = $this->value();
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- A lock must bypass the options cache.
		$created = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $this->name, $value ) );
		if ( 1 === $created ) {
			$this->held = $value;
			return true;
		}
		$current = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $this->name ) );
		if ( null !== $current && (int) $current >= time() ) {
			return false;
		}
		// Expired (or deleted since): take it over unless another process just did.
		$taken = null === $current
			? $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $this->name, $value ) )
			: $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", $value, $this->name, $current ) );
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		if ( 1 === $taken ) {
			$this->held = $value;
			return true;
		}
		return false;
	}

	/**
	 * Pushes the expiry back while a long run goes on.
	 */
	public function refresh(): void {
		global $wpdb;
		$expires = time() + $this->ttl;
		if ( '' === $this->held || (int) $this->held === $expires ) {
			return;
		}
		$value = $this->value();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- A lock must bypass the options cache.
		if ( 1 === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", $value, $this->name, $this->held ) ) ) {
			$this->held = $value;
		}
	}

	/**
	 * Lets go of the lock, if this process holds it.
	 */
	public function release(): void {
		global $wpdb;
		if ( '' === $this->held ) {
			return;
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- A lock must bypass the options cache.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $this->name, $this->held ) );
		$this->held = '';
	}

	/**
	 * Whether this process holds the lock.
	 */
	public function is_held(): bool {
		return '' !== $this->held;
	}

	/**
	 * A new value: the expiry, then a random token.
	 */
	private function value(): string {
		return ( time() + $this->ttl ) . ':' . bin2hex( random_bytes( 8 ) );
	}
}
