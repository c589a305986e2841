<?php
/**
 * GET and POST monsterinsights-reports/v1/metrics.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * The user's included metrics: permissions, the selection rules (docs/product-rules.md#metrics),
 * per-user storage and the payload's agreement with the route's schema.
 */
class MetricsRouteTest extends TestCase {

	use FakeShop;

	private const ROUTE = '/monsterinsights-reports/v1/metrics';

	/**
	 * Every metric id in order (docs/product-rules.md#metrics).
	 */
	private const SPEC_ORDER = array(
		'sessions',
		'pageviews',
		'totalusers',
		'pageviews_per_user',
		'average_session_duration',
		'bounce_rate',
		'revenue_sales',
		'average_revenue_per_user',
		'average_revenue_per_session',
		'new_users',
		'ecommerce_purchases',
		'engagement_rate',
		'sessions_per_user',
	);

	/**
	 * Sends a request as the current user and returns the status and the data as JSON would carry it.
	 *
	 * @param string               $method HTTP method.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * POSTs a selection.
	 *
	 * @param string $selected Comma-separated ids.
	 * @return array{0: int, 1: mixed}
	 */
	private function save( string $selected ): array {
		return $this->call( 'POST', array( 'selected_metrics' => $selected ) );
	}

	/**
	 * The checked ids of a GET or POST answer's list.
	 *
	 * @param array<int, array<string, mixed>> $metrics The list.
	 * @return string[]
	 */
	private function checked( array $metrics ): array {
		return array_values( array_map( static fn( $m ) => $m['id'], array_filter( $metrics, static fn( $m ) => $m['checked'] ) ) );
	}

	/**
	 * The current user's checked ids, as GET answers them.
	 *
	 * @return string[]
	 */
	private function checked_now(): array {
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		return $this->checked( $data );
	}

	/**
	 * Sets the licence level.
	 *
	 * @param string $level The level.
	 */
	private function licence( string $level ): void {
		add_filter( 'monsterinsights_reports_licence_level', static fn() => $level );
	}

	/**
	 * Without a shop the revenue and purchase metrics are refused (400 no_shop, nothing saved); a
	 * selection saved then keeps those the user had checked with a shop, up to seven in all.
	 */
	public function test_revenue_metrics_need_a_shop(): void {
		$id = $this->act_as( 'administrator' );
		$this->licence( 'pro' );
		update_user_meta( $id, MetricsController::META, array( 'sessions', 'revenue_sales', 'ecommerce_purchases' ) );
		list( $status, $data ) = $this->save( 'pageviews,revenue_sales' );
		$this->assertSame( 400, $status );
		$this->assertSame( 'no_shop', $data['code'] );
		$this->assertSame( array( 'sessions', 'revenue_sales', 'ecommerce_purchases' ), get_user_meta( $id, MetricsController::META, true ) );

		list( $status ) = $this->save( 'pageviews,totalusers' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'pageviews', 'totalusers', 'revenue_sales', 'ecommerce_purchases' ), get_user_meta( $id, MetricsController::META, true ) );

		// Six others leave room for one of the two.
		list( $status ) = $this->save( 'sessions,pageviews,totalusers,pageviews_per_user,average_session_duration,bounce_rate' );
		$this->assertSame( 200, $status );
		$this->assertCount( 7, (array) get_user_meta( $id, MetricsController::META, true ) );
		$this->assertContains( 'revenue_sales', (array) get_user_meta( $id, MetricsController::META, true ) );
	}

	/**
	 * A visitor who is not logged in gets 401; a subscriber 403.
	 */
	public function test_permissions(): void {
		foreach ( array( 'GET', 'POST' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'selected_metrics' => 'sessions' ) );
			$this->assertSame( 401, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$id = $this->act_as( 'subscriber' );
		foreach ( array( 'GET', 'POST' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'selected_metrics' => 'sessions' ) );
			$this->assertSame( 403, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$this->assertSame( '', get_user_meta( $id, MetricsController::META, true ) );
	}

	/**
	 * Anyone who may view the reports chooses their own metrics; changing settings is not needed.
	 */
	public function test_a_viewer_saves_their_own_metrics(): void {
		$this->act_as( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW );
		list( $status, $data ) = $this->save( 'bounce_rate' );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['success'] );
		$this->assertSame( array( 'bounce_rate' ), $this->checked( $data['metrics'] ) );
	}

	/**
	 * GET lists every metric in order with its label and pro flag; a user who never chose
	 * has sessions and pageviews checked.
	 */
	public function test_get_lists_every_metric_in_spec_order(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET' );

		$this->assertSame( 200, $status );
		$this->assertSame( self::SPEC_ORDER, array_column( $data, 'id' ) );
		$this->assertSame( self::SPEC_ORDER, array_keys( Metrics::IDS ) );
		$this->assertSame( array( 'sessions', 'pageviews' ), $this->checked( $data ) );
		$this->assertSame(
			array( 'revenue_sales', 'average_revenue_per_user', 'average_revenue_per_session', 'ecommerce_purchases' ),
			array_values( array_column( array_filter( $data, static fn( $m ) => $m['isPro'] ), 'id' ) )
		);
		$this->assertSame(
			array(
				'id'      => 'average_session_duration',
				'name'    => 'Avg. Session Duration',
				'checked' => false,
				'isPro'   => false,
			),
			$data[4]
		);
		$this->assertSame( array_values( MetricsController::labels() ), array_column( $data, 'name' ) );
	}

	/**
	 * POST saves the selection in the user's meta (in order, without duplicates or
	 * blanks) and answers { success, metrics }; GET then shows it.
	 */
	public function test_post_saves_the_selection(): void {
		$id = $this->act_as( 'administrator' );

		list( $status, $data ) = $this->save( ' bounce_rate , sessions,,sessions,new_users ' );

		$this->assertSame( 200, $status );
		$this->assertSame( array( 'success', 'metrics' ), array_keys( $data ) );
		$this->assertTrue( $data['success'] );
		$this->assertSame( self::SPEC_ORDER, array_column( $data['metrics'], 'id' ) );
		$this->assertSame( array( 'sessions', 'bounce_rate', 'new_users' ), $this->checked( $data['metrics'] ) );
		$this->assertSame( array( 'sessions', 'bounce_rate', 'new_users' ), get_user_meta( $id, MetricsController::META, true ) );
		$this->assertSame( array( 'sessions', 'bounce_rate', 'new_users' ), $this->checked_now() );
	}

	/**
	 * None checked saves sessions.
	 */
	public function test_none_checked_saves_sessions(): void {
		$id = $this->act_as( 'administrator' );
		foreach ( array( '', ' , ' ) as $selected ) {
			list( $status, $data ) = $this->save( $selected );
			$this->assertSame( 200, $status );
			$this->assertSame( array( 'sessions' ), $this->checked( $data['metrics'] ) );
			$this->assertSame( array( 'sessions' ), get_user_meta( $id, MetricsController::META, true ) );
		}
	}

	/**
	 * The parameter selected_metrics is required and a string.
	 */
	public function test_selected_metrics_is_required(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'POST' );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_missing_callback_param', $data['code'] );

		list( $status, $data ) = $this->call( 'POST', array( 'selected_metrics' => array( 'sessions' ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
	}

	/**
	 * Unknown ids are refused and nothing is saved.
	 */
	public function test_unknown_ids_are_refused(): void {
		$id                    = $this->act_as( 'administrator' );
		list( $status, $data ) = $this->save( 'sessions,visits,screenPageViews' );
		$this->assertSame( 400, $status );
		$this->assertSame( 'unknown_metric', $data['code'] );
		$this->assertSame( array( 'status' => 400 ), $data['data'] );
		$this->assertSame( 'Unknown metric. Valid metrics: ' . implode( ', ', array_keys( Metrics::IDS ) ) . '.', $data['message'] );

		// Nothing the request sent comes back, not even markup.
		list( $status, $data ) = $this->save( 'sessions,<script>alert(1)</script>' );
		$this->assertSame( 400, $status );
		$this->assertStringNotContainsString( 'script', (string) wp_json_encode( $data ) );
		$this->assertSame( '', get_user_meta( $id, MetricsController::META, true ) );
	}

	/**
	 * Seven metrics save; eight are refused with the limit's text.
	 */
	public function test_at_most_seven(): void {
		$id    = $this->act_as( 'administrator' );
		$free  = array_values( array_diff( self::SPEC_ORDER, Metrics::PRO ) );
		$seven = array_slice( $free, 0, 7 );
		$this->assertCount( 9, $free );

		list( $status, $data ) = $this->save( implode( ',', $seven ) );
		$this->assertSame( 200, $status );
		$this->assertSame( $seven, $this->checked( $data['metrics'] ) );

		list( $status, $data ) = $this->save( implode( ',', array_slice( $free, 0, 8 ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'too_many_metrics', $data['code'] );
		$this->assertSame( 'Select up to 7 metrics', $data['message'] );
		$this->assertSame( $seven, get_user_meta( $id, MetricsController::META, true ), 'the earlier selection stays' );
	}

	/**
	 * Pro-only metrics need a pro or agency licence: below, 403 upgrade_required with level pro.
	 */
	public function test_pro_metrics_need_pro(): void {
		$id = $this->act_as( 'administrator' );
		foreach ( array( 'lite', 'basic', 'plus' ) as $level ) {
			$this->licence( $level );
			foreach ( Metrics::PRO as $pro_metric ) {
				list( $status, $data ) = $this->save( 'sessions,' . $pro_metric );
				$this->assertSame( 403, $status, "$level $pro_metric" );
				$this->assertSame( 'upgrade_required', $data['code'] );
				$this->assertSame( 'pro', $data['data']['level'] );
				$this->assertStringContainsString( MetricsController::labels()[ $pro_metric ], $data['message'] );
			}
		}
		$this->assertSame( '', get_user_meta( $id, MetricsController::META, true ) );

		$this->fake_shop();
		foreach ( array( 'pro', 'agency' ) as $level ) {
			$this->licence( $level );
			list( $status, $data ) = $this->save( 'revenue_sales,ecommerce_purchases' );
			$this->assertSame( 200, $status, $level );
			$this->assertSame( array( 'revenue_sales', 'ecommerce_purchases' ), $this->checked( $data['metrics'] ) );
		}
	}

	/**
	 * Pro-only metrics saved under a pro licence read as unchecked once the licence is lower; when
	 * nothing else is left, sessions.
	 */
	public function test_pro_metrics_read_unchecked_without_pro(): void {
		$id = $this->act_as( 'administrator' );
		update_user_meta( $id, MetricsController::META, array( 'pageviews', 'revenue_sales' ) );
		$this->assertSame( array( 'pageviews' ), $this->checked_now() );

		update_user_meta( $id, MetricsController::META, array( 'revenue_sales' ) );
		$this->assertSame( array( 'sessions' ), $this->checked_now() );

		$this->licence( 'pro' );
		$this->assertSame( array( 'revenue_sales' ), $this->checked_now() );
	}

	/**
	 * Stored ids the plugin no longer knows, or a damaged meta value, are ignored.
	 */
	public function test_damaged_meta(): void {
		$id = $this->act_as( 'administrator' );
		update_user_meta( $id, MetricsController::META, array( 'visits', 'bounce_rate' ) );
		$this->assertSame( array( 'bounce_rate' ), $this->checked_now() );

		update_user_meta( $id, MetricsController::META, array( 'visits' ) );
		$this->assertSame( array( 'sessions' ), $this->checked_now() );

		update_user_meta( $id, MetricsController::META, 'sessions,pageviews' );
		$this->assertSame( array( 'sessions', 'pageviews' ), $this->checked_now(), 'not an array: the defaults' );
	}

	/**
	 * Each user reads and writes only their own selection.
	 */
	public function test_users_see_only_their_own_metrics(): void {
		$first = $this->act_as( 'administrator' );
		$this->save( 'bounce_rate' );

		$second = $this->act_as( 'administrator' );
		$this->assertSame( array( 'sessions', 'pageviews' ), $this->checked_now() );
		$this->save( 'new_users,engagement_rate' );

		wp_set_current_user( $first );
		$this->assertSame( array( 'bounce_rate' ), $this->checked_now() );
		$this->assertSame( array( 'bounce_rate' ), get_user_meta( $first, MetricsController::META, true ) );
		$this->assertSame( array( 'new_users', 'engagement_rate' ), get_user_meta( $second, MetricsController::META, true ) );
	}

	/**
	 * The GET payload validates against the route's schema, which declares the same item
	 * properties; POST's list is the same list.
	 */
	public function test_payload_matches_schema(): void {
		$this->act_as( 'administrator' );
		$schema = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		$this->assertSame( 'monsterinsights-reports-metrics', $schema['title'] );

		list( , $data ) = $this->call( 'GET' );
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'metrics' ) );
		foreach ( $data as $item ) {
			$this->assertSame( array_keys( $schema['items']['properties'] ), array_keys( $item ) );
		}
		$this->assertSame( self::SPEC_ORDER, $schema['items']['properties']['id']['enum'] );

		list( , $saved ) = $this->save( 'sessions' );
		$this->assertTrue( rest_validate_value_from_schema( $saved['metrics'], $schema, 'metrics' ) );
	}
}
