<?php
/**
 * The demo traffic fills every Traffic screen: every default channel, several campaigns and
 * social networks.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Channels;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Two weeks of seed 3, aggregated.
 */
class SeederChannelsTest extends BuiltinTestCase {

	/**
	 * An empty buffer before.
	 */
	protected function set_up() {
		parent::set_up();
		$this->empty_data_dir();
	}

	/**
	 * An empty buffer after.
	 */
	protected function tear_down() {
		$this->empty_data_dir();
		parent::tear_down();
	}

	/**
	 * Removes the buffer and claimed chunks.
	 */
	private function empty_data_dir(): void {
		$dir = DataDir::ensure();
		$this->assertNotNull( $dir );
		foreach ( array_merge( array( $dir . '/' . Buffer::FILE ), (array) glob( $dir . '/claimed-*.php' ) ) as $file ) {
			if ( is_file( (string) $file ) ) {
				unlink( (string) $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
			}
		}
	}

	/**
	 * The first column of every row of a report's table over the seeded days.
	 *
	 * @param string $report The report.
	 * @param string $table  Its table.
	 * @return string[]
	 */
	private function names( string $report, string $table ): array {
		$today    = wp_date( 'Y-m-d' );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/' . $report . '/tables/' . $table,
			array(
				'start'    => gmdate( 'Y-m-d', (int) strtotime( $today . ' -14 days' ) ),
				'end'      => $today,
				'per_page' => 100,
			)
		);
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		$first = $data['columns'][0]['id'];
		return array_map( static fn( array $row ): string => (string) $row[ $first ], $data['rows'] );
	}

	/**
	 * Every channel of GA4's default grouping has sessions, and so do the campaigns and the
	 * social networks the seeder sends.
	 */
	public function test_every_channel_campaign_and_network_has_sessions(): void {
		Seeder::seed_current_site( 14, 3 );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );

		$this->assertEqualsCanonicalizing( Channels::all(), $this->names( 'traffic_overview', 'channels' ) );
		$this->assertEqualsCanonicalizing(
			array( 'monthly-digest', 'product-launch', 'brand', 'spring-sale', 'retargeting', 'partners', 'flash-sale', 'sponsorship', 'print-qr' ),
			$this->names( 'traffic_campaign', 'campaigns' )
		);
		// GA4's list of social sites counts Hacker News among them (a referral arrival of the seeder).
		// One row per network: utm_source facebook and facebook.com are Facebook, x.com is Twitter
		// as the referrer list names it.
		$this->assertEqualsCanonicalizing(
			array( 'Facebook', 'Hacker News', 'Twitter', 'LinkedIn', 'Reddit', 'Instagram', 'Pinterest', 'Threads' ),
			$this->names( 'traffic_social', 'social' )
		);
	}
}
