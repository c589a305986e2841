<?php
/**
 * GET monsterinsights-reports/v1/site-health/{test} — the Site Health tests that make loopback
 * requests, run one at a time by Tools → Site Health's script.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Admin\SiteHealth;

defined( 'ABSPATH' ) || exit;

/**
 * Site Health's asynchronous tests of the plugin (SiteHealth::ASYNC): the Site Health screen loads
 * without them and then asks this route for each, as it does core's own loopback tests
 * (`wp-site-health/v1/tests/…`). Like core's, a route needs `view_site_health_checks`, which the
 * `site_health_test_rest_capability_{test}` filter may change (the test's full name, e.g.
 * `monsterinsights_reports_collector`). The answer is the test's result.
 */
final class SiteHealthController extends Controller {

	/**
	 * The route base.
	 */
	public const BASE = 'site-health';

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = self::BASE;

	/**
	 * Registers a route per asynchronous test.
	 */
	public function register_routes(): void {
		foreach ( SiteHealth::ASYNC as $key => $method ) {
			$this->add_route(
				'/' . SiteHealth::route( $key ),
				array(
					$this->endpoint(
						\WP_REST_Server::READABLE,
						static fn (): \WP_REST_Response => rest_ensure_response( call_user_func( array( SiteHealth::class, $method ) ) ),
						'can_view_' . $key
					),
				)
			);
		}
	}

	/**
	 * Permission callback of the collector test.
	 *
	 * @return true|\WP_Error
	 */
	public function can_view_collector() {
		return $this->can_run( 'collector' );
	}

	/**
	 * Permission callback of the data folder test.
	 *
	 * @return true|\WP_Error
	 */
	public function can_view_data_dir() {
		return $this->can_run( 'data_dir' );
	}

	/**
	 * The user may run a test: `view_site_health_checks`, or what core's filter for the test says.
	 *
	 * @param string $key The test's key, without the prefix.
	 * @return true|\WP_Error
	 */
	private function can_run( string $key ) {
		$test = SiteHealth::PREFIX . $key;
		/** This filter is documented in wp-includes/rest-api/endpoints/class-wp-rest-site-health-controller.php */
		$capability = (string) apply_filters( "site_health_test_rest_capability_{$test}", 'view_site_health_checks', $test ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's filter.
		return $this->require_capability( $capability, __( 'Sorry, you are not allowed to run this Site Health test.', 'monsterinsights-reports' ) );
	}

	/**
	 * A test's result, as Site Health shows it.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document(
			'site-health-test',
			array(
				'type'       => 'object',
				'properties' => array(
					'label'       => array( 'type' => 'string' ),
					'status'      => array(
						'type' => 'string',
						'enum' => array( 'good', 'recommended', 'critical' ),
					),
					'badge'       => array(
						'type'       => 'object',
						'properties' => array(
							'label' => array( 'type' => 'string' ),
							'color' => array( 'type' => 'string' ),
						),
					),
					'description' => array( 'type' => 'string' ),
					'actions'     => array( 'type' => 'string' ),
					'test'        => array( 'type' => 'string' ),
				),
			)
		);
	}
}
