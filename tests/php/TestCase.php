<?php
/**
 * Base class of the integration tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests;

use Yoast\PHPUnitPolyfills\TestCases\TestCase as PolyfillTestCase;

/**
 * Runs each test inside a database transaction that is rolled back afterwards, and resets the
 * WordPress state a test may change: hooks, object cache, roles, current user, switched site,
 * REST server, current screen, scripts and styles.
 *
 * Schema changes would commit the transaction, so CREATE TABLE and DROP TABLE are turned into
 * their TEMPORARY forms while a test runs (creating a site on a network creates its tables).
 */
abstract class TestCase extends PolyfillTestCase {

	/**
	 * Which install the class needs: 'single-site', 'multisite', or '' for both. A class run against
	 * the wrong one errors: it never passes, nor is it skipped, without running.
	 */
	protected const REQUIRES = '';

	/**
	 * Counter that keeps user logins and site paths unique.
	 *
	 * @var int
	 */
	private static int $sequence = 0;

	/**
	 * The hooks as they were before the test.
	 *
	 * @var array<string, \WP_Hook>
	 */
	private array $hooks = array();

	/**
	 * Refuses to run a class against an install it was not written for.
	 *
	 * @throws \LogicException When the install does not match.
	 */
	public static function set_up_before_class() {
		parent::set_up_before_class();
		if ( '' === static::REQUIRES ) {
			return;
		}
		if ( ( 'multisite' === static::REQUIRES ) !== is_multisite() ) {
			throw new \LogicException( static::class . ' needs a ' . static::REQUIRES . ' install: run bin/test-php.sh, or phpunit --testsuite ' . static::REQUIRES . ' with WP_TESTS_MULTISITE=' . ( is_multisite() ? '0' : '1' ) . '.' );
		}
	}

	/**
	 * Opens the transaction and starts from a clean state.
	 */
	protected function set_up() {
		parent::set_up();
		global $wpdb;

		foreach ( $GLOBALS['wp_filter'] as $name => $hook ) {
			$this->hooks[ $name ] = clone $hook;
		}

		$wpdb->suppress_errors( false );
		$wpdb->show_errors( true );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- Test isolation.
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		add_filter( 'query', array( self::class, 'temporary_tables' ) );

		wp_cache_flush();
		wp_set_current_user( 0 );
		$this->reset_globals();
	}

	/**
	 * Rolls the transaction back and restores what the test changed.
	 */
	protected function tear_down() {
		global $wpdb;

		if ( is_multisite() ) {
			while ( ms_is_switched() ) {
				restore_current_blog();
			}
		}

		$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Test isolation.

		$GLOBALS['wp_filter'] = $this->hooks; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Restores the hooks.
		$this->hooks          = array();

		wp_cache_flush();
		wp_roles()->for_site();
		wp_set_current_user( 0 );
		$this->reset_globals();
		parent::tear_down();
	}

	/**
	 * Forgets the request-scoped objects WordPress builds on demand.
	 */
	private function reset_globals(): void {
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- Each is rebuilt on first use.
		$GLOBALS['wp_rest_server'] = null;
		$GLOBALS['wp_scripts']     = null;
		$GLOBALS['wp_styles']      = null;
		$GLOBALS['current_screen'] = null;
		// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
		$_GET     = array();
		$_POST    = array();
		$_REQUEST = array();
		// Each test is a request of its own to the shop capture: what an earlier one wrote is rolled back.
		\MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Adapter::reset_request();
	}

	/**
	 * `query` filter: makes CREATE TABLE and DROP TABLE temporary, so they do not commit.
	 *
	 * @param string $query The SQL query.
	 * @return string
	 */
	public static function temporary_tables( $query ) {
		$query = (string) $query;
		if ( preg_match( '/^\s*CREATE\s+TABLE\b/i', $query ) ) {
			return (string) preg_replace( '/^\s*CREATE\s+TABLE\b/i', 'CREATE TEMPORARY TABLE', $query );
		}
		if ( preg_match( '/^\s*DROP\s+TABLE\b/i', $query ) ) {
			return (string) preg_replace( '/^\s*DROP\s+TABLE\b/i', 'DROP TEMPORARY TABLE', $query );
		}
		return $query;
	}

	/**
	 * Creates a user with a role on the current site.
	 *
	 * @param string $role The role.
	 * @return int The user id.
	 */
	protected function create_user( string $role ): int {
		$n  = ++self::$sequence;
		$id = wp_insert_user(
			array(
				'user_login' => 'mir_user_' . $n,
				'user_email' => 'mir_user_' . $n . '@' . WP_TESTS_DOMAIN,
				'user_pass'  => 'password',
				'role'       => $role,
			)
		);
		if ( is_wp_error( $id ) ) {
			$this->fail( 'create_user: ' . $id->get_error_message() );
		}
		return (int) $id;
	}

	/**
	 * Creates a user with a role and makes them the current user.
	 *
	 * @param string $role The role.
	 * @return int The user id.
	 */
	protected function act_as( string $role ): int {
		$id = $this->create_user( $role );
		wp_set_current_user( $id );
		return $id;
	}

	/**
	 * Creates a site in a subdirectory of a network's domain.
	 *
	 * @param int $admin_id   A user to make its administrator; none when 0.
	 * @param int $network_id The network; the current one when 0.
	 * @return int The site id.
	 */
	protected function create_site( int $admin_id = 0, int $network_id = 0 ): int {
		$n       = ++self::$sequence;
		$network = get_network( 0 === $network_id ? null : $network_id );
		$this->assertInstanceOf( \WP_Network::class, $network );
		$args = array(
			'domain'     => $network->domain,
			'path'       => '/site-' . $n . '/',
			'title'      => 'Site ' . $n,
			'network_id' => (int) $network->id,
		);
		if ( 0 !== $admin_id ) {
			$args['user_id'] = $admin_id;
		}
		$id = wp_insert_site( $args );
		if ( is_wp_error( $id ) ) {
			$this->fail( 'create_site: ' . $id->get_error_message() );
		}
		return (int) $id;
	}

	/**
	 * Dispatches a REST request through the server, as the current user.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $route  Route, starting with a slash.
	 * @param array<string, mixed> $params Query parameters for GET, body parameters otherwise.
	 * @return \WP_REST_Response
	 */
	protected function rest( string $method, string $route, array $params = array() ): \WP_REST_Response {
		$request = new \WP_REST_Request( $method, $route );
		if ( 'GET' === $method || 'OPTIONS' === $method ) {
			$request->set_query_params( $params );
		} else {
			$request->set_body_params( $params );
		}
		return rest_do_request( $request );
	}

	/**
	 * Makes wp_die() throw a WPDieException instead of printing a page and exiting.
	 */
	protected function throw_on_wp_die(): void {
		$handler = static function ( $message, $title = '', $args = array() ) {
			$args = (array) $args;
			throw new WPDieException( (string) ( is_string( $message ) ? $message : wp_json_encode( $message ) ), (int) ( $args['response'] ?? 500 ) );
		};
		add_filter(
			'wp_die_handler',
			static function () use ( $handler ) {
				return $handler;
			}
		);
	}
}
