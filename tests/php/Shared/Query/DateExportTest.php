<?php
/**
 * The date rules the app reads are DateRange's current export.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Query;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The files src/lib/dates.json (the earliest day, the presets, the default, the presets the
 * Queries report hides) and src/lib/test/date-presets.json (each preset's ranges for example days,
 * which jest compares with the app's own arithmetic) are what bin/export-tiers.php writes from
 * DateRange.
 */
class DateExportTest extends TestCase {

	/**
	 * A committed file's text.
	 *
	 * @param string $relative Its path in the plugin.
	 */
	private static function committed( string $relative ): string {
		$file = MONSTERINSIGHTS_REPORTS_DIR . $relative;
		return is_readable( $file ) ? (string) file_get_contents( $file ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
	}

	/**
	 * The rules and the examples are current.
	 */
	public function test_the_committed_files_are_the_export(): void {
		$this->assertSame( DateRange::export_json(), self::committed( 'src/lib/dates.json' ), 'src/lib/dates.json is stale: run php bin/export-tiers.php' );
		$this->assertSame( DateRange::examples_json(), self::committed( 'src/lib/test/date-presets.json' ), 'src/lib/test/date-presets.json is stale: run php bin/export-tiers.php' );
		$rules = json_decode( self::committed( 'src/lib/dates.json' ), true );
		$this->assertSame( '2005-01-01', $rules['earliest'] );
		$this->assertSame( 'last30days', $rules['default'] );
	}

	/**
	 * The examples hold every preset for every start of the week on each example day, and the
	 * default range of a known day is the 30 days before it.
	 */
	public function test_the_examples(): void {
		$examples = DateRange::examples();
		$this->assertCount( 13 * 7 * count( DateRange::PRESETS ), $examples );
		$this->assertContains( array( '2026-11-22', 1, 'last30days', '2026-10-23', '2026-11-21', '2026-09-23', '2026-10-22' ), $examples );
		// Sunday 2026-11-22, weeks starting on Monday: last week is 9 … 15 November.
		$this->assertContains( array( '2026-11-22', 1, 'lastweek', '2026-11-09', '2026-11-15', '2026-11-02', '2026-11-08' ), $examples );
	}
}
