<?php
/**
 * Seeding through a staged buffer.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Seeder::seed_current_site() sends its hits through the collector into a private staged buffer
 * and aggregates that one: the site's live buffer (real visits) is neither read nor written, and
 * the staging folder is gone afterwards.
 */
class SeederStagingTest extends BuiltinTestCase {

	/**
	 * Deletes the live and claimed buffers of the site.
	 */
	private function empty_data_dir(): void {
		$dir = (string) DataDir::ensure();
		foreach ( array_merge( array( $dir . '/' . Buffer::FILE ), (array) glob( $dir . '/claimed-*' ) ) as $file ) {
			if ( is_file( (string) $file ) ) {
				unlink( (string) $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
			}
		}
	}

	/**
	 * Starts and ends without buffers.
	 */
	protected function set_up() {
		parent::set_up();
		$this->empty_data_dir();
	}

	/**
	 * Leaves no buffer behind for other tests.
	 */
	protected function tear_down() {
		$this->empty_data_dir();
		parent::tear_down();
	}

	/**
	 * A visit waiting in the live buffer stays there, apart from the seeded traffic, until the
	 * site's own aggregation takes it.
	 */
	public function test_the_live_buffer_is_left_alone_and_the_stage_removed(): void {
		$stages = array();
		add_action(
			'monsterinsights_reports_chunk_committed',
			static function ( int $index, string $path ) use ( &$stages ): void {
				unset( $index );
				$stages[ dirname( $path ) ] = true;
			},
			10,
			2
		);
		$live      = new Buffer( (string) DataDir::ensure() );
		$collector = Seeder::collector( ConfigFile::build(), $live );
		$status    = $collector->handle(
			array(
				'REQUEST_METHOD'  => 'POST',
				'REMOTE_ADDR'     => '192.0.2.77',
				'HTTP_USER_AGENT' => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
				'CONTENT_TYPE'    => 'text/plain;charset=UTF-8',
			),
			(string) wp_json_encode(
				array(
					't' => 'pageview',
					'p' => '/',
					'o' => 0,
				)
			),
			(float) ( time() - 60 )
		);
		$this->assertSame( Collector::STATUS_OK, $status );
		$this->assertSame( '', $collector->reason(), 'the live hit was accepted' );
		$this->assertFileExists( $live->path() );
		$live_bytes = (string) file_get_contents( $live->path() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents

		$stats = Seeder::seed_current_site( 3, 7 );

		$this->assertSame( 0, $stats['refused'] );
		$this->assertSame( $stats['hits'], $stats['stored'], 'every seeded hit is stored' );
		$this->assertSame( (string) $stats['sessions'], Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' ), 'the seeded sessions, and not the live visit' );
		$this->assertSame( $live_bytes, (string) file_get_contents( $live->path() ), 'the live buffer is untouched' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		// The aggregator read the hits from one staging folder in the temporary folder, now gone.
		$this->assertCount( 1, $stages );
		$stage = (string) array_key_first( $stages );
		$this->assertStringStartsWith( get_temp_dir() . 'monsterinsights-reports-seed-', $stage );
		$this->assertDirectoryDoesNotExist( $stage );

		// The site's own aggregation then takes the live visit: one session more.
		$result = Aggregator::for_current_site()->run();
		$this->assertSame( 1, $result->processed );
		$this->assertSame( (string) ( $stats['sessions'] + 1 ), Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' ) );
	}
}
