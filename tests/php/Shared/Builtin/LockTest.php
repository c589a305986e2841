<?php
/**
 * The expiring lock.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Lock;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * One holder at a time; a dead holder's lock is taken over once it expired.
 */
class LockTest extends TestCase {

	private const NAME = 'monsterinsights_reports_test_lock';

	/**
	 * The stored expiry, or null.
	 */
	private function stored(): ?string {
		global $wpdb;
		return $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::NAME ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- The lock bypasses the cache.
	}

	/**
	 * A second lock waits; released, it can be taken.
	 */
	public function test_one_holder_at_a_time() {
		$first  = new Lock( self::NAME, 60 );
		$second = new Lock( self::NAME, 60 );

		$this->assertTrue( $first->acquire() );
		$this->assertFalse( $second->acquire() );
		$this->assertFalse( $second->is_held() );

		$second->release();
		$this->assertNotNull( $this->stored(), 'a lock it does not hold is not released' );

		$first->release();
		$this->assertNull( $this->stored() );
		$this->assertTrue( $second->acquire() );
		$second->release();
	}

	/**
	 * An expired lock is taken over, and the old holder's release does not free the new one.
	 */
	public function test_an_expired_lock_is_taken_over() {
		global $wpdb;
		$dead = new Lock( self::NAME, 60 );
		$this->assertTrue( $dead->acquire() );
		$wpdb->update( $wpdb->options, array( 'option_value' => (string) ( time() - 5 ) ), array( 'option_name' => self::NAME ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Ages the lock.

		$next = new Lock( self::NAME, 60 );
		$this->assertTrue( $next->acquire() );

		$dead->release();
		$this->assertNotNull( $this->stored() );
		$this->assertFalse( ( new Lock( self::NAME, 60 ) )->acquire() );
		$next->release();
		$this->assertNull( $this->stored() );
	}
}
