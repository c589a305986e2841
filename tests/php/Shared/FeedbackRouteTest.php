<?php
/**
 * POST monsterinsights-reports/v1/feedback, GET …/feedback and GET …/feedback/csv.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Who may send and list feedback, the validation of each field, once per user and feature, per
 * site, the action that forwards an entry, the list's order and pages, the CSV and the boot data
 * (UninstallDataTest and UninstallEverythingTest check the uninstall removes it).
 */
class FeedbackRouteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/feedback';

	/**
	 * Entries the action received.
	 *
	 * @var list<array<string, mixed>>
	 */
	private array $forwarded = array();

	/**
	 * Records the action's entries.
	 */
	protected function set_up() {
		parent::set_up();
		$this->forwarded = array();
		add_action(
			'monsterinsights_reports_feature_feedback',
			function ( $entry ) {
				$this->forwarded[] = $entry;
			}
		);
	}

	/**
	 * Sends a request as the current user; the status and the data as JSON would carry it.
	 *
	 * @param string               $method HTTP method.
	 * @param array<string, mixed> $params Parameters.
	 * @param string               $path   Path after the route.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, array $params = array(), string $path = '' ): array {
		$response = $this->rest( $method, self::ROUTE . $path, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * A valid feedback.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 * @return array<string, mixed>
	 */
	private static function feedback( array $changes = array() ): array {
		return $changes + array(
			'feature_key' => 'exceptions',
			'rating'      => 4,
			'message'     => 'Very useful.',
		);
	}

	/**
	 * The stored user option of a user on the current site.
	 *
	 * @param int $user The user.
	 * @return mixed
	 */
	private static function stored( int $user ) {
		return get_user_option( FeatureFeedback::META, $user );
	}

	/**
	 * A report viewer who may not change settings: an editor with the view capability only.
	 */
	private function act_as_viewer(): int {
		$user = $this->act_as( 'editor' );
		$role = get_role( 'editor' );
		$this->assertNotNull( $role );
		$role->add_cap( Capabilities::VIEW );
		$role->remove_cap( Capabilities::SAVE );
		// The current user's caps are read from the role at set-up.
		wp_set_current_user( 0 );
		wp_set_current_user( $user );
		$this->assertTrue( current_user_can( Capabilities::VIEW ) );
		$this->assertFalse( current_user_can( Capabilities::SAVE ) );
		return $user;
	}

	/**
	 * A viewer posts: 201 with the entry, stored, forwarded once.
	 */
	public function test_a_viewer_sends_feedback(): void {
		$user = $this->act_as_viewer();
		wp_update_user(
			array(
				'ID'           => $user,
				'display_name' => 'Erin Editor',
			)
		);
		$before = time();

		list( $status, $entry ) = $this->call( 'POST', self::feedback( array( 'message' => "  Great <b>report</b>\nThanks  " ) ) );

		$this->assertSame( 201, $status );
		$this->assertSame( $user, $entry['user_id'] );
		$this->assertSame( 'Erin Editor', $entry['user_name'] );
		$this->assertSame( 'exceptions', $entry['feature_key'] );
		$this->assertSame( 'Exceptions', $entry['feature_label'] );
		$this->assertSame( 4, $entry['rating'] );
		$this->assertSame( "Great report\nThanks", $entry['message'], 'tags removed, line breaks kept, trimmed' );
		$this->assertSame( get_current_blog_id(), $entry['site_id'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/', $entry['date'] );
		$this->assertGreaterThanOrEqual( $before, strtotime( $entry['date'] ) );
		$this->assertLessThanOrEqual( time(), strtotime( $entry['date'] ) );

		$this->assertSame(
			array(
				'exceptions' => array(
					'rating'  => 4,
					'message' => "Great report\nThanks",
					'date'    => $entry['date'],
				),
			),
			self::stored( $user )
		);
		$this->assertSame( array( $entry ), $this->forwarded );
		$this->assertSame( array( 'exceptions' ), FeatureFeedback::rated( $user ) );
	}

	/**
	 * A second feedback on the same feature is a 409 that changes nothing; another feature is fine.
	 */
	public function test_a_second_feedback_on_a_feature_is_409(): void {
		$user = $this->act_as_viewer();
		$this->assertSame( 201, $this->call( 'POST', self::feedback() )[0] );
		$stored = self::stored( $user );

		list( $status, $data ) = $this->call(
			'POST',
			self::feedback(
				array(
					'rating'  => 1,
					'message' => 'Changed my mind.',
				)
			)
		);

		$this->assertSame( 409, $status );
		$this->assertSame( 'rest_feedback_already_given', $data['code'] );
		$this->assertSame( 'You have already sent feedback on this feature. Thank you!', $data['message'] );
		$this->assertSame( $stored, self::stored( $user ) );
		$this->assertCount( 1, $this->forwarded );

		$this->assertSame( 201, $this->call( 'POST', self::feedback( array( 'feature_key' => 'sitespeed' ) ) )[0] );
		$this->assertSame( array( 'exceptions', 'sitespeed' ), FeatureFeedback::rated( $user ) );
		$this->assertCount( 2, $this->forwarded );
	}

	/**
	 * Feedback is per user: another user rates the same feature.
	 */
	public function test_feedback_is_per_user(): void {
		$first = $this->act_as_viewer();
		$this->assertSame( 201, $this->call( 'POST', self::feedback() )[0] );
		$second = $this->act_as_viewer();
		$this->assertSame( 201, $this->call( 'POST', self::feedback( array( 'rating' => 2 ) ) )[0] );
		$this->assertSame( 4, self::stored( $first )['exceptions']['rating'] );
		$this->assertSame( 2, self::stored( $second )['exceptions']['rating'] );
	}

	/**
	 * Anonymous: 401; a subscriber without the view capability: 403; nothing stored.
	 */
	public function test_who_may_send(): void {
		wp_set_current_user( 0 );
		list( $status, $data ) = $this->call( 'POST', self::feedback() );
		$this->assertSame( 401, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );

		$user                  = $this->act_as( 'subscriber' );
		list( $status, $data ) = $this->call( 'POST', self::feedback() );
		$this->assertSame( 403, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );
		$this->assertFalse( self::stored( $user ) );
		$this->assertSame( array(), $this->forwarded );
	}

	/**
	 * A viewer may send but not list nor export; an administrator may.
	 */
	public function test_who_may_list(): void {
		$this->act_as_viewer();
		$this->assertSame( 403, $this->call( 'GET' )[0] );
		$this->assertSame( 403, $this->call( 'GET', array(), '/csv' )[0] );
		$this->act_as( 'subscriber' );
		$this->assertSame( 403, $this->call( 'GET' )[0] );

		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'items'      => array(),
				'pagination' => array(
					'total'    => 0,
					'pages'    => 0,
					'page'     => 1,
					'per_page' => 20,
				),
			),
			$data
		);
	}

	/**
	 * Each invalid field is a 400 naming it with its code; nothing is stored or forwarded.
	 */
	public function test_validation(): void {
		$user  = $this->act_as_viewer();
		$cases = array(
			'unknown feature'    => array( array( 'feature_key' => 'overview' ), 'feature_key', 'rest_not_in_enum' ),
			'missing feature'    => array( array( 'feature_key' => null ), 'feature_key', 'rest_missing_callback_param' ),
			'rating 0'           => array( array( 'rating' => 0 ), 'rating', 'rest_out_of_bounds' ),
			'rating 6'           => array( array( 'rating' => 6 ), 'rating', 'rest_out_of_bounds' ),
			'rating 3.5'         => array( array( 'rating' => 3.5 ), 'rating', 'rest_invalid_type' ),
			'rating text'        => array( array( 'rating' => 'five' ), 'rating', 'rest_invalid_type' ),
			'missing rating'     => array( array( 'rating' => null ), 'rating', 'rest_missing_callback_param' ),
			'empty message'      => array( array( 'message' => '' ), 'message', 'rest_too_short' ),
			'blank message'      => array( array( 'message' => " \n " ), 'message', 'rest_feedback_empty_message' ),
			'only tags'          => array( array( 'message' => '<b></b>' ), 'message', 'rest_feedback_empty_message' ),
			'too long'           => array( array( 'message' => str_repeat( 'a', FeatureFeedback::MAX_MESSAGE + 1 ) ), 'message', 'rest_too_long' ),
			'message not a text' => array( array( 'message' => array( 'a' ) ), 'message', 'rest_invalid_type' ),
			'missing message'    => array( array( 'message' => null ), 'message', 'rest_missing_callback_param' ),
		);
		foreach ( $cases as $label => list( $changes, $param, $code ) ) {
			$params = array_filter( self::feedback( $changes ), static fn( $value ): bool => null !== $value );

			list( $status, $data ) = $this->call( 'POST', $params );

			$this->assertSame( 400, $status, $label );
			if ( 'rest_missing_callback_param' === $code ) {
				$this->assertSame( $code, $data['code'], $label );
				$this->assertSame( array( $param ), $data['data']['params'], $label );
			} else {
				$this->assertSame( 'rest_invalid_param', $data['code'], $label );
				$this->assertSame( array( $param ), array_keys( $data['data']['params'] ), $label );
				$this->assertSame( $code, $data['data']['details'][ $param ]['code'], $label );
			}
		}
		$this->assertFalse( self::stored( $user ) );
		$this->assertSame( array(), $this->forwarded );

		// The longest message is accepted.
		$this->assertSame( 201, $this->call( 'POST', self::feedback( array( 'message' => str_repeat( 'é', FeatureFeedback::MAX_MESSAGE ) ) ) )[0] );
	}

	/**
	 * The route's enum is the one list of features, which the boot data carries too.
	 */
	public function test_features_are_listed_once(): void {
		$this->act_as( 'administrator' );
		$options = rest_get_server()->get_routes( 'monsterinsights-reports/v1' )[ self::ROUTE ];
		$post    = array_values( array_filter( $options, static fn( array $handler ): bool => isset( $handler['methods']['POST'] ) ) )[0];
		$this->assertSame( array( 'exceptions', 'sitespeed', 'userjourney', 'yearinreview' ), $post['args']['feature_key']['enum'] );
		$this->assertSame( FeatureFeedback::keys(), $post['args']['feature_key']['enum'] );
		$this->assertSame( 1, $post['args']['rating']['minimum'] );
		$this->assertSame( 5, $post['args']['rating']['maximum'] );
		$this->assertSame( 2000, $post['args']['message']['maxLength'] );
	}

	/**
	 * The boot data lists the features and, once sent, the user's rated ones.
	 */
	public function test_boot_data_lists_rated_features(): void {
		$this->act_as_viewer();
		$boot = BootData::build( array( 'user' ) );
		$this->assertSame(
			array(
				'features' => array( 'exceptions', 'sitespeed', 'userjourney', 'yearinreview' ),
				'rated'    => array(),
			),
			$boot['user']['featureFeedback'] ?? null
		);
		$this->call( 'POST', self::feedback( array( 'feature_key' => 'yearinreview' ) ) );
		$this->call( 'POST', self::feedback( array( 'feature_key' => 'sitespeed' ) ) );
		$boot = BootData::build( array( 'user' ) );
		$this->assertSame( array( 'sitespeed', 'yearinreview' ), $boot['user']['featureFeedback']['rated'] ?? null, 'in the order of the features' );
	}

	/**
	 * Stores three users' entries with fixed dates.
	 *
	 * @return array{0: int, 1: int, 2: int} The users: Ann, Bob, Cy.
	 */
	private function seed(): array {
		$users = array();
		foreach ( array( 'Ann', 'Bob', 'Cy' ) as $name ) {
			$id = $this->create_user( 'editor' );
			wp_update_user(
				array(
					'ID'           => $id,
					'display_name' => $name,
				)
			);
			$users[] = $id;
		}
		$entry = static fn( int $rating, string $message, string $date ): array => array(
			'rating'  => $rating,
			'message' => $message,
			'date'    => $date,
		);
		update_user_option(
			$users[0],
			FeatureFeedback::META,
			array(
				'exceptions' => $entry( 5, 'A1', '2026-03-02T10:00:00Z' ),
				'sitespeed'  => $entry( 3, 'A2', '2026-03-04T08:30:00Z' ),
			)
		);
		update_user_option( $users[1], FeatureFeedback::META, array( 'userjourney' => $entry( 2, 'B1', '2026-03-03T12:00:00Z' ) ) );
		update_user_option(
			$users[2],
			FeatureFeedback::META,
			array(
				'yearinreview' => $entry( 1, '=SUM(A1)', '2026-03-01T09:00:00Z' ),
				'exceptions'   => $entry( 4, "Two\nlines, \"quoted\"", '2026-03-05T07:00:00Z' ),
			)
		);
		return array( $users[0], $users[1], $users[2] );
	}

	/**
	 * Every entry, newest first, a page at a time.
	 */
	public function test_list_order_and_pages(): void {
		list( $ann, $bob, $cy ) = $this->seed();
		$this->act_as( 'administrator' );

		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				array( $cy, 'Cy', 'exceptions', 4, '2026-03-05T07:00:00Z' ),
				array( $ann, 'Ann', 'sitespeed', 3, '2026-03-04T08:30:00Z' ),
				array( $bob, 'Bob', 'userjourney', 2, '2026-03-03T12:00:00Z' ),
				array( $ann, 'Ann', 'exceptions', 5, '2026-03-02T10:00:00Z' ),
				array( $cy, 'Cy', 'yearinreview', 1, '2026-03-01T09:00:00Z' ),
			),
			array_map( static fn( array $e ): array => array( $e['user_id'], $e['user_name'], $e['feature_key'], $e['rating'], $e['date'] ), $data['items'] )
		);
		$this->assertSame( 'Site Speed', $data['items'][1]['feature_label'] );
		$this->assertSame(
			array(
				'total'    => 5,
				'pages'    => 1,
				'page'     => 1,
				'per_page' => 20,
			),
			$data['pagination']
		);

		list( $status, $data ) = $this->call(
			'GET',
			array(
				'page'     => 2,
				'per_page' => 2,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'B1', 'A1' ), array_column( $data['items'], 'message' ) );
		$this->assertSame(
			array(
				'total'    => 5,
				'pages'    => 3,
				'page'     => 2,
				'per_page' => 2,
			),
			$data['pagination']
		);
		$page3 = $this->call(
			'GET',
			array(
				'page'     => 3,
				'per_page' => 2,
			)
		)[1];
		$this->assertSame( array( '=SUM(A1)' ), array_column( $page3['items'], 'message' ) );
		$all = $this->call( 'GET', array( 'per_page' => -1 ) )[1];
		$this->assertCount( 5, $all['items'] );
		$this->assertSame( 1, $all['pagination']['pages'] );
		$this->assertSame( 400, $this->call( 'GET', array( 'per_page' => 101 ) )[0] );
		$this->assertSame( 400, $this->call( 'GET', array( 'page' => 0 ) )[0] );
	}

	/**
	 * The CSV: a header, then every entry newest first, formulas defused.
	 */
	public function test_csv(): void {
		$this->seed();
		$this->act_as( 'administrator' );
		$response = $this->rest( 'GET', self::ROUTE . '/csv' );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertSame( 'text/csv; charset=utf-8', $response->get_headers()['Content-Type'] );
		$this->assertMatchesRegularExpression( '/^monsterinsights-reports-feature-feedback-\d{4}-\d{2}-\d{2}\.csv$/', $response->filename() );
		$this->assertSame(
			"\xEF\xBB\xBF" . implode(
				"\n",
				array(
					'Date,User,Feature,Rating,Message',
					"2026-03-05T07:00:00Z,Cy,Exceptions,4,\"Two\nlines, \"\"quoted\"\"\"",
					'2026-03-04T08:30:00Z,Ann,"Site Speed",3,A2',
					'2026-03-03T12:00:00Z,Bob,"User Journey",2,B1',
					'2026-03-02T10:00:00Z,Ann,Exceptions,5,A1',
					"2026-03-01T09:00:00Z,Cy,\"Year in Review\",1,'=SUM(A1)",
				)
			) . "\n",
			$response->to_csv()
		);
	}

	/**
	 * The list and the answers match the routes' schemas.
	 */
	public function test_answers_match_schemas(): void {
		$this->seed();
		$this->act_as( 'administrator' );
		$options = rest_get_server()->response_to_data( $this->rest( 'OPTIONS', self::ROUTE ), false );
		$schema  = $options['schema'];
		$this->assertSame( 'monsterinsights-reports-feedback-list', $schema['title'] );
		$this->assertTrue( rest_validate_value_from_schema( $this->call( 'GET' )[1], $schema, 'feedback' ) );

		$controller = new \MonsterInsights\Reports\REST\FeedbackController();
		$entry      = $this->call( 'POST', self::feedback() )[1];
		$this->assertTrue( rest_validate_value_from_schema( $entry, $controller->get_item_schema(), 'entry' ) );
	}
}
