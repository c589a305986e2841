<?php
/**
 * Feature feedback on a network: per site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The feedback routes of tests/php/Shared/FeedbackRouteTest.php on two sites of a network.
 */
class FeedbackPerSiteTest extends TestCase {

	protected const REQUIRES = 'multisite';

	private const ROUTE = '/monsterinsights-reports/v1/feedback';

	/**
	 * A route's status and JSON answer.
	 *
	 * @param string               $method The method.
	 * @param array<string, mixed> $params The parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * A valid feedback.
	 *
	 * @param array<string, mixed> $changes Fields to replace.
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
	 * Entries are per site: a network's other site has its own, and lists only its own.
	 */
	public function test_feedback_is_per_site(): void {
		$user = $this->act_as( 'administrator' );
		grant_super_admin( $user );
		$this->assertSame( 201, $this->call( 'POST', self::feedback() )[0] );
		$main = get_current_blog_id();

		$site = $this->create_site( $user );
		switch_to_blog( $site );
		Capabilities::grant();
		$this->assertFalse( self::stored( $user ) );
		$this->assertSame( array(), FeatureFeedback::rated( $user ) );
		$this->assertSame( 0, $this->call( 'GET' )[1]['pagination']['total'] );
		list( $status, $entry ) = $this->call( 'POST', self::feedback( array( 'rating' => 2 ) ) );
		$this->assertSame( 201, $status, 'the same feature again, on another site' );
		$this->assertSame( $site, $entry['site_id'] );
		$this->assertSame( array( 2 ), array_column( $this->call( 'GET' )[1]['items'], 'rating' ) );
		restore_current_blog();

		$this->assertSame( $main, get_current_blog_id() );
		$this->assertSame( array( 4 ), array_column( $this->call( 'GET' )[1]['items'], 'rating' ) );
		$this->assertSame( 4, self::stored( $user )['exceptions']['rating'] );
	}
}
