<?php
/**
 * The requests the google source sends for Publishers, Forms, Media, Dimensions, Site Speed and
 * Exceptions, against golden files.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The golden files.

/**
 * Each report of a range (1–30 November 2026, compared with October's last 30 days for the
 * reports that compare) goes out as the requests of tests/php/golden/google/<report>.json: method,
 * path, query (PageSpeed's) and JSON body, in order, the token request left out. A change of a
 * request shows as a diff of its golden file; `MIR_WRITE_GOLDEN=1` rewrites them.
 */
class GoogleExtrasGoldenTest extends GoogleReportTestCase {

	/**
	 * Each test: the PageSpeed key, the modules on, agency.
	 */
	protected function set_up() {
		parent::set_up();
		$key = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/api-key.json' ), true )['key'];
		( new Connection() )->store_secret( Connection::SECRET_PSI, $key );
		foreach ( array( 'dimensions', 'forms', 'media' ) as $module ) {
			Modules::set( $module, true );
		}
		$this->as_admin_with( 'agency' );
	}

	/**
	 * The reports and their parameters.
	 *
	 * @return array<string, array{0: string, 1: array<string, string>}>
	 */
	public function reports(): array {
		$range   = array(
			'start' => '2026-11-01',
			'end'   => '2026-11-30',
		);
		$compare = $range + array(
			'compare'       => '1',
			'compare_start' => '2026-10-02',
			'compare_end'   => '2026-10-31',
		);
		return array(
			'publisher'  => array( 'publisher', $compare ),
			'forms'      => array( 'forms', $range ),
			'media'      => array( 'media', $compare ),
			'dimensions' => array( 'dimensions', $range ),
			'sitespeed'  => array( 'sitespeed', $range ),
			'exceptions' => array( 'exceptions', $range ),
		);
	}

	/**
	 * A report's requests are its golden file's.
	 *
	 * @dataProvider reports
	 * @param string                $report The report.
	 * @param array<string, string> $params Its parameters.
	 */
	public function test_requests_match_the_golden_file( string $report, array $params ): void {
		// The days Exceptions asks depend on today (its lookback, the complete days): 1 December.
		add_filter( 'monsterinsights_reports_now', static fn(): int => (int) strtotime( '2026-12-01 12:00:00 UTC' ) );
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $report, $params );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$requests = array();
		foreach ( self::fake_google_requests() as $request ) {
			if ( '/token' === $request['path'] ) {
				continue;
			}
			$body       = json_decode( (string) $request['body'], true );
			$requests[] = array(
				'method' => $request['method'],
				'path'   => $request['path'],
				'query'  => $request['query'],
				'body'   => $body,
			);
		}
		$file = dirname( __DIR__, 2 ) . '/golden/google/' . $report . '.json';
		$json = (string) wp_json_encode( $requests, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
		if ( getenv( 'MIR_WRITE_GOLDEN' ) ) {
			wp_mkdir_p( dirname( $file ) );
			file_put_contents( $file, $json );
		}
		$this->assertFileExists( $file, 'Run: MIR_WRITE_GOLDEN=1 bash bin/test-php.sh --filter GoogleExtrasGolden' );
		$this->assertSame( (string) file_get_contents( $file ), $json, $report . ': the requests differ from ' . $file );
	}
}
