<?php
/**
 * The tier table and its export to the app.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Licensing;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Licensing\Levels;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Levels, the table of docs/product-rules.md#licence-levels, and src/lib/tiers.json being its
 * current export.
 */
class TiersTest extends TestCase {

	/**
	 * The committed export is the table: regenerate it with `php bin/export-tiers.php`.
	 */
	public function test_the_committed_json_is_the_export(): void {
		$file = MONSTERINSIGHTS_REPORTS_DIR . 'src/lib/tiers.json';
		$this->assertFileExists( $file );
		$text = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		$this->assertSame( Tiers::export(), json_decode( $text, true ), 'src/lib/tiers.json is stale: run php bin/export-tiers.php' );
		$this->assertSame( Tiers::export_json(), $text, 'src/lib/tiers.json is not formatted as bin/export-tiers.php writes it' );
	}

	/**
	 * The export script writes the same text, and --check agrees.
	 */
	public function test_the_export_script(): void {
		$script = escapeshellarg( MONSTERINSIGHTS_REPORTS_DIR . 'bin/export-tiers.php' );
		exec( escapeshellarg( PHP_BINARY ) . ' ' . $script . ' --check 2>&1', $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- Runs the CLI as a user would.
		$this->assertSame( 0, $status, implode( "\n", $output ) );
		exec( escapeshellarg( PHP_BINARY ) . ' ' . $script . ' --bogus 2>&1', $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- Runs the CLI as a user would.
		$this->assertSame( 2, $status );
	}

	/**
	 * Levels rank lite < basic < plus < pro < agency.
	 */
	public function test_levels(): void {
		$this->assertSame( array( 'lite', 'basic', 'plus', 'pro', 'agency' ), Levels::ALL );
		$this->assertSame( Levels::ALL, BootData::LEVELS );
		foreach ( Levels::ALL as $i => $level ) {
			$this->assertSame( $i, Levels::rank( $level ) );
			$this->assertTrue( Levels::is_level( $level ) );
			foreach ( Levels::ALL as $j => $needed ) {
				$this->assertSame( $i >= $j, Levels::at_least( $level, $needed ), "$level vs $needed" );
			}
		}
		$this->assertFalse( Levels::is_level( 'platinum' ) );
		$this->assertFalse( Levels::is_level( null ) );
		$this->assertSame( 0, Levels::rank( 'platinum' ) );
	}

	/**
	 * The rows of the licence table.
	 */
	public function test_the_table_of_decisions(): void {
		$rows     = array(
			'lite'   => array( 'overview', 'site_summary', 'site_notes' ),
			'basic'  => array( 'custom_date_range', 'compare', 'pdf_export', 'most_popular_page' ),
			'plus'   => array( 'publisher', 'engagement_pages', 'countries', 'queries', 'realtime', 'dimensions', 'forms', 'media', 'sitespeed', 'traffic', 'yearinreview', 'traffic_overview' ),
			'pro'    => array( 'ecommerce', 'userjourney', 'ai_insights', 'ai_chat', 'pro_metrics' ),
			'agency' => array( 'exceptions' ),
		);
		$expected = array();
		foreach ( $rows as $level => $features ) {
			foreach ( $features as $feature ) {
				$expected[ $feature ] = $level;
				$this->assertSame( $level, Tiers::level_needed( $feature ), $feature );
			}
		}
		ksort( $expected );
		$actual = Tiers::FEATURES;
		ksort( $actual );
		$this->assertSame( $expected, $actual );

		$this->assertFalse( Tiers::allows( 'basic', 'traffic_overview' ), 'basic sees the traffic overview upsell' );
		$this->assertTrue( Tiers::allows( 'plus', 'traffic_overview' ) );
		$this->assertFalse( Tiers::allows( 'pro', 'exceptions' ) );
		$this->assertTrue( Tiers::allows( 'agency', 'exceptions' ) );
	}

	/**
	 * Report names map to features of the table; unknown names need agency.
	 */
	public function test_report_names(): void {
		foreach ( Tiers::reports() as $report => $feature ) {
			$this->assertArrayHasKey( $feature, Tiers::FEATURES, $report );
			$this->assertTrue( Tiers::is_report( $report ) );
			$this->assertSame( Tiers::FEATURES[ $feature ], Tiers::level_needed( $report ) );
		}
		$this->assertSame( 'plus', Tiers::level_needed( 'publisher' ) );
		$this->assertSame( 'plus', Tiers::level_needed( 'queries' ) );
		$this->assertSame( 'pro', Tiers::level_needed( 'cart_abandonment' ) );
		$this->assertSame( 'pro', Tiers::level_needed( 'ai_chat' ) );
		$this->assertSame( 'ecommerce', Tiers::feature_of( 'ecommerce_funnel' ) );
		$this->assertNull( Tiers::feature_of( 'nonsense' ) );
		$this->assertFalse( Tiers::is_report( 'pdf_export' ), 'a feature is not a report' );
		$this->assertSame( 'agency', Tiers::level_needed( 'nonsense' ) );
		$this->assertFalse( Tiers::allows( 'pro', 'nonsense' ) );
		$this->assertTrue( Tiers::allows( 'agency', 'nonsense' ) );
	}
}
