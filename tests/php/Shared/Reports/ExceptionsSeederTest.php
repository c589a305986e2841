<?php
/**
 * The demo traffic's anomalies reach the Exceptions report.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions\Runner;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The demo's 90 days (seed 1, as blueprint.json seeds them): the detector finds the newsletter
 * blast 23 days ago, the Hacker News burst 9 days ago and the outage 4 days ago, and nothing else.
 */
class ExceptionsSeederTest extends TestCase {

	/**
	 * Empty tables, Berlin time.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		update_option( 'timezone_string', 'Europe/Berlin' );
		foreach ( Tables::TABLES as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		delete_option( Runner::CHECKED_OPTION );
	}

	/**
	 * Seeds the demo, judges its days, and reads what was found.
	 */
	public function test_the_demo_lists_its_injected_anomalies(): void {
		// A fixed today (a Saturday), so the weekdays and the numbers are the same on every run.
		$today = '2026-03-14';
		Seeder::seed_current_site( 90, 1, new \DateTimeImmutable( $today, wp_timezone() ) );
		( new Runner() )->run( $today );

		$back  = static fn( int $days ): string => gmdate( 'Y-m-d', (int) strtotime( $today . ' 12:00:00 UTC' ) - $days * DAY_IN_SECONDS );
		$found = Db::rows( 'SELECT day, category, metric, label, direction, value, expected FROM {exceptions} WHERE id > %d ORDER BY day, id', array( 0 ) );
		$days  = array_values( array_unique( array_column( $found, 'day' ) ) );
		$this->assertSame( array( $back( 23 ), $back( 9 ), $back( 4 ) ), $days );
		$this->assertCount( 6, $found, (string) wp_json_encode( $found ) );

		$of = static fn( string $day ): array => array_values( array_filter( $found, static fn( array $row ): bool => $row['day'] === $day ) );
		// The blast: the product-launch campaign (Marketing) and the Email channel, up.
		$this->assertContains( array( 'marketing', 'campaign_sessions', 'product-launch', '1' ), array_map( static fn( array $row ): array => array( $row['category'], $row['metric'], $row['label'], $row['direction'] ), $of( $back( 23 ) ) ) );
		// Hacker News: Organic Social sessions, up.
		$this->assertContains( array( 'engagement', 'sessions', 'Organic Social', '1' ), array_map( static fn( array $row ): array => array( $row['category'], $row['metric'], $row['label'], $row['direction'] ), $of( $back( 9 ) ) ) );
		// The outage: the site's sessions, down.
		$this->assertContains( array( 'engagement', 'site_sessions', '', '-1' ), array_map( static fn( array $row ): array => array( $row['category'], $row['metric'], $row['label'], $row['direction'] ), $of( $back( 4 ) ) ) );
	}
}
