<?php
/**
 * `wp monsterinsights-reports seed` refuses to mix fake visits into a site's real data unless told.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\CLI\Command;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Cli\CliExit;

require_once dirname( __DIR__, 2 ) . '/Support/Cli/WpCli.php';

/**
 * The plugin's command class, run as WP-CLI runs it (its method with the positional and
 * associative arguments), with WP-CLI's output API recorded (Support/Cli/WpCli.php).
 */
class SeedCommandTest extends BuiltinTestCase {

	/**
	 * An empty data dir (no buffered hits), nothing said yet.
	 */
	protected function set_up() {
		parent::set_up();
		$this->empty_data_dir();
		\WP_CLI::$said = array();
	}

	/**
	 * Leaves no buffered hit to other tests.
	 */
	protected function tear_down() {
		$this->empty_data_dir();
		parent::tear_down();
	}

	/**
	 * Deletes the site's live and claimed buffer files.
	 */
	private function empty_data_dir(): void {
		$dir = (string) DataDir::ensure();
		foreach ( array_merge( array( $dir . '/' . Buffer::FILE ), (array) glob( $dir . '/claimed-*.php' ) ) as $file ) {
			if ( is_file( (string) $file ) ) {
				unlink( (string) $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
			}
		}
	}

	/**
	 * Runs `wp monsterinsights-reports seed` with options; returns what it said, the error's
	 * message last when it refused.
	 *
	 * @param array<string, string|bool> $assoc_args Options (a flag is true).
	 * @return array<int, array{0: string, 1: string}>
	 */
	private function seed( array $assoc_args ): array {
		\WP_CLI::$said = array();
		try {
			( new Command() )->seed( array(), $assoc_args );
		} catch ( CliExit $exit ) {
			$this->assertSame( 'error', end( \WP_CLI::$said )[0] );
		}
		return \WP_CLI::$said;
	}

	/**
	 * Page views and events stored.
	 */
	private function stored_hits(): int {
		return (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) + (int) Db::value( 'SELECT COUNT(*) FROM {events}' );
	}

	/**
	 * A real visit, aggregated: one page view, one session, one day of totals.
	 *
	 * @param string $visitor The visitor.
	 */
	private function real_visit( string $visitor ): void {
		Hits::reset();
		$this->aggregate( array( Hits::pageview( $visitor, gmdate( 'Y-m-d 10:00:00', time() - DAY_IN_SECONDS ), '/pricing/' ) ) );
	}

	/**
	 * The refusal's text for a description of the real data.
	 *
	 * @param string $real What the site holds.
	 */
	private static function refusal( string $real ): string {
		return 'This site has real analytics data (' . $real . '). Seeding adds fake visits that cannot be told apart from real ones or removed afterwards, so nothing was sent. Seed a fresh or test site, or run again with --mix-with-real-data to mix them in anyway.';
	}

	/**
	 * Asserts a seeding succeeded and stored what it says; returns the hits it stored.
	 *
	 * @param array<int, array{0: string, 1: string}> $said  What the command said.
	 * @param int                                     $added Hits stored before it.
	 */
	private function assert_seeded( array $said, int $added ): int {
		$this->assertCount( 1, $said, (string) wp_json_encode( $said ) );
		$this->assertSame( 'success', $said[0][0] );
		$this->assertMatchesRegularExpression( '/^(\d+) sessions, (\d+) hits sent \(0 refused\), (\d+) stored\.$/', $said[0][1] );
		preg_match( '/(\d+) stored\.$/', $said[0][1], $match );
		$stored = (int) $match[1];
		$this->assertGreaterThan( 0, $stored );
		$this->assertSame( $added + $stored, $this->stored_hits() );
		return $stored;
	}

	/**
	 * A fresh site is seeded; seeding again adds to the seeded data; a real visit after it stops the
	 * next seeding.
	 */
	public function test_a_fresh_site_is_seeded_and_a_later_real_visit_stops_seeding(): void {
		$this->assertNull( Seeder::real_data() );
		$first = $this->assert_seeded( $this->seed( array( 'days' => '1' ) ), 0 );
		$this->assertSame(
			array(
				'pageviews' => (int) Db::value( 'SELECT MAX(id) FROM {pageviews}' ),
				'events'    => (int) Db::value( 'SELECT MAX(id) FROM {events}' ),
				'real'      => false,
			),
			array_intersect_key( (array) get_option( Seeder::MARKER_OPTION ), array_flip( array( 'pageviews', 'events', 'real' ) ) )
		);

		// Seeded data only: seeding again needs no flag.
		$second = $this->assert_seeded( $this->seed( array( 'days' => '1' ) ), $first );

		$this->real_visit( 'someone' );
		$said = $this->seed( array( 'days' => '1' ) );
		$this->assertSame( array( array( 'error', self::refusal( '1 page views and events stored since the last seeding' ) ) ), $said );
		$this->assertSame( $first + $second + 1, $this->stored_hits() );
	}

	/**
	 * A site with real data and no mark of a seeding: refused, nothing sent; with
	 * --mix-with-real-data it is seeded, and later seedings are refused again.
	 */
	public function test_a_site_with_real_data_is_refused_unless_the_flag_says_to_mix(): void {
		$this->real_visit( 'first' );
		$said = $this->seed( array( 'days' => '1' ) );
		$this->assertSame( array( array( 'error', self::refusal( '1 page views, 0 events, 1 sessions and 1 days of totals, and no mark of an earlier seeding' ) ) ), $said );
		$this->assertSame( 1, $this->stored_hits() );
		$this->assertFalse( get_option( Seeder::MARKER_OPTION ) );

		// --no-mix-with-real-data is WP-CLI's false.
		$said = $this->seed(
			array(
				'days'               => '1',
				'mix-with-real-data' => false,
			)
		);
		$this->assertSame( 'error', $said[0][0] );
		$this->assertSame( 1, $this->stored_hits() );

		$stored = $this->assert_seeded(
			$this->seed(
				array(
					'days'               => '1',
					'mix-with-real-data' => true,
				)
			),
			1
		);
		$this->assertTrue( ( (array) get_option( Seeder::MARKER_OPTION ) )['real'] );

		$said = $this->seed( array( 'days' => '1' ) );
		$this->assertSame( array( array( 'error', self::refusal( 'data of its own, which an earlier seeding was mixed into' ) ) ), $said );
		$this->assertSame( 1 + $stored, $this->stored_hits() );
	}

	/**
	 * Visits the collector buffered but no aggregation stored yet are real data too.
	 */
	public function test_buffered_visits_are_real_data(): void {
		$buffer = new Buffer( (string) DataDir::ensure() );
		$this->assertTrue( $buffer->append( json_decode( Hits::pageview( 'waiting', gmdate( 'Y-m-d H:i:s' ), '/' ), true ) ) );
		$said = $this->seed( array( 'days' => '1' ) );
		$this->assertSame( array( array( 'error', self::refusal( 'visits waiting in the collector\'s buffer' ) ) ), $said );
		$this->assertSame( 0, $this->stored_hits() );
	}

	/**
	 * The help text (WP-CLI's synopsis and description come from the docblock) names the flag and
	 * says why it is needed.
	 */
	public function test_the_help_names_the_flag(): void {
		$doc = (string) ( new \ReflectionMethod( Command::class, 'seed' ) )->getDocComment();
		$this->assertStringContainsString( "\t * [--mix-with-real-data]\n\t * : Seed even though the site has real analytics data: the fake visits are added to its real\n\t * numbers for good.\n", $doc );
		$this->assertStringContainsString( 'So the command refuses on a site with analytics data that no earlier', $doc );
		$this->assertStringContainsString( 'wp monsterinsights-reports seed --days=30 --mix-with-real-data', $doc );
	}
}
