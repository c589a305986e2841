<?php
/**
 * Activation and capabilities.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Who holds the plugin's capabilities, and how they are granted and revoked.
 */
class CapabilitiesTest extends TestCase {

	/**
	 * Asserts which of the plugin's capabilities a role holds.
	 *
	 * @param string $role     Role name.
	 * @param bool   $expected Whether it holds both.
	 */
	private function assert_role_caps( string $role, bool $expected ): void {
		$object = get_role( $role );
		$this->assertNotNull( $object, "role $role exists" );
		foreach ( Capabilities::all() as $cap ) {
			$this->assertSame( $expected, $object->has_cap( $cap ), "$role has $cap" );
		}
	}

	/**
	 * The plugin declares exactly these two capabilities.
	 */
	public function test_capabilities_are_view_and_save() {
		$this->assertSame( array( 'monsterinsights_view_dashboard', 'monsterinsights_save_settings' ), Capabilities::all() );
	}

	/**
	 * Activation (run by activate_plugin() when the test site was installed) granted administrators
	 * the capabilities, through the activation hook, and recorded it.
	 */
	public function test_activation_granted_administrators() {
		$this->assert_role_caps( 'administrator', true );
		$this->assertSame( Capabilities::GRANTS_VERSION, get_option( Capabilities::OPTION ) );

		$admin = $this->create_user( 'administrator' );
		foreach ( Capabilities::all() as $cap ) {
			$this->assertTrue( user_can( $admin, $cap ), $cap );
		}
	}

	/**
	 * Editors and subscribers get nothing.
	 */
	public function test_other_roles_are_not_granted() {
		foreach ( array( 'editor', 'author', 'contributor', 'subscriber' ) as $role ) {
			$this->assert_role_caps( $role, false );
			$user = $this->create_user( $role );
			foreach ( Capabilities::all() as $cap ) {
				$this->assertFalse( user_can( $user, $cap ), "$role user has $cap" );
			}
		}
	}

	/**
	 * The roles filter adds roles; unknown roles and non-strings are ignored.
	 */
	public function test_roles_filter_adds_roles() {
		add_filter(
			'monsterinsights_reports_capability_roles',
			static function ( $roles ) {
				$roles[] = 'editor';
				$roles[] = 'no_such_role';
				$roles[] = 42;
				return $roles;
			}
		);
		$this->assertSame( array( 'administrator', 'editor', 'no_such_role' ), Capabilities::roles() );

		Capabilities::grant();

		$this->assert_role_caps( 'administrator', true );
		$this->assert_role_caps( 'editor', true );
		$this->assert_role_caps( 'subscriber', false );
		$this->assertTrue( user_can( $this->create_user( 'editor' ), Capabilities::VIEW ) );
	}

	/**
	 * Revoking removes the capabilities from every role that holds them, and forgets the grant.
	 */
	public function test_revoke_removes_from_every_role() {
		get_role( 'editor' )->add_cap( Capabilities::VIEW );

		Capabilities::revoke();

		$this->assert_role_caps( 'administrator', false );
		$this->assert_role_caps( 'editor', false );
		$this->assertFalse( get_option( Capabilities::OPTION ) );
		$this->assertFalse( user_can( $this->create_user( 'administrator' ), Capabilities::VIEW ) );
	}

	/**
	 * The roles are stored: a fresh load of them from the database agrees.
	 */
	public function test_grants_are_stored() {
		Capabilities::revoke();
		wp_roles()->for_site();
		$this->assert_role_caps( 'administrator', false );

		Capabilities::grant();
		wp_cache_flush();
		wp_roles()->for_site();
		$this->assert_role_caps( 'administrator', true );
	}

	/**
	 * Maybe-grant grants again when the record of the grant is missing.
	 */
	public function test_maybe_grant_regrants_when_option_missing() {
		Capabilities::revoke();

		Capabilities::maybe_grant();

		$this->assert_role_caps( 'administrator', true );
		$this->assertSame( Capabilities::GRANTS_VERSION, get_option( Capabilities::OPTION ) );
	}

	/**
	 * Maybe-grant leaves the roles alone when this version of the grant is recorded, so that an
	 * administrator's removal of a capability sticks.
	 */
	public function test_maybe_grant_respects_recorded_grant() {
		get_role( 'administrator' )->remove_cap( Capabilities::SAVE );

		Capabilities::maybe_grant();

		$this->assertFalse( get_role( 'administrator' )->has_cap( Capabilities::SAVE ) );
		$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::VIEW ) );
	}

	/**
	 * Maybe-grant runs on admin_init, and activation is hooked to the plugin's activation hook.
	 */
	public function test_hooks_are_wired() {
		$this->assertSame( 10, has_action( 'admin_init', array( Capabilities::class, 'maybe_grant' ) ) );
		$hook = 'activate_' . plugin_basename( MONSTERINSIGHTS_REPORTS_FILE );
		$this->assertSame( 'activate_monsterinsights-reports/monsterinsights-reports.php', $hook );
		$this->assertSame( 10, has_action( $hook, array( Activation::class, 'activate' ) ) );

		Capabilities::revoke();
		do_action( $hook, false ); // phpcs:ignore WordPress.NamingConventions.ValidHookName -- WordPress names activation hooks after the plugin file.
		$this->assert_role_caps( 'administrator', true );
	}
}
