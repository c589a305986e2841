<?php
/**
 * A test of reports on the google source against the fake Google server.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeGoogle;

/**
 * One fake server for the class; each test starts with it reset, no stale answer, and the site
 * connected by the fixture's service account to property 300000001 with google as its source.
 */
abstract class GoogleReportTestCase extends FakeGoogleTestCase {

	protected const REQUIRES = 'single-site';

	/**
	 * A reset server and a connected site.
	 */
	protected function set_up() {
		parent::set_up();
		self::connect_fixture_account();
	}

	/**
	 * Acts as an administrator with a licence level.
	 *
	 * @param string $level The level.
	 */
	protected function as_admin_with( string $level ): void {
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => $level );
	}

	/**
	 * A report as the app receives it (JSON), which must answer 200 and match its route's schema.
	 *
	 * @param string               $report The report.
	 * @param array<string, mixed> $params Its query.
	 * @return array<string, mixed>
	 */
	protected function report( string $report, array $params ): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $report, $params );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $report )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, $report ), $report );
		return $data;
	}
}
