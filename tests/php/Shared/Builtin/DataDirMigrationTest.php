<?php
/**
 * Upgrading from the `<uploads>/monsterinsights-reports` folder loses no buffered hit.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDirMigration;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- Test fixtures on the local disk, and writer processes.

/**
 * The folder of version 1.0 as its code left it: `buffer.jsonl` (one JSON hit a line, no guard),
 * `claimed-<time>-<hex>.jsonl` files, salts.php, salts.lock, config.php, index.php, .htaccess.
 */
class DataDirMigrationTest extends BuiltinTestCase {

	use Files;

	/**
	 * The scratch uploads basedir.
	 *
	 * @var string
	 */
	private string $uploads = '';

	/**
	 * Scratch uploads with no data dir yet.
	 */
	protected function set_up() {
		parent::set_up();
		$this->uploads = $this->scratch_uploads();
		delete_option( DataDir::OPTION );
		Hits::reset();
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Writes $count page view lines of a day to a file, as version 1.0 did (no guard).
	 *
	 * @param string $file  The file.
	 * @param int    $count Lines.
	 * @param string $day   Local day, Y-m-d.
	 * @return string[] The hit ids.
	 */
	private static function write_hits( string $file, int $count, string $day ): array {
		$ids  = array();
		$text = '';
		for ( $i = 0; $i < $count; $i++ ) {
			$line  = Hits::pageview( 'v' . ( $i % 7 ), $day . ' ' . sprintf( '10:%02d:%02d', intdiv( $i, 60 ) % 60, $i % 60 ), '/legacy/' . $i . '/' );
			$ids[] = (string) json_decode( $line, true )['id'];
			$text .= $line . "\n";
		}
		file_put_contents( $file, $text );
		return $ids;
	}

	/**
	 * Writes the folder of version 1.0 with $live lines in its buffer and $claimed in a claimed
	 * file; answers every hit id written.
	 *
	 * @param int $live    Lines of buffer.jsonl.
	 * @param int $claimed Lines of the claimed file.
	 * @return string[]
	 */
	private function legacy_dir( int $live, int $claimed ): array {
		$dir = $this->uploads . '/monsterinsights-reports';
		mkdir( $dir );
		$ids = array_merge(
			self::write_hits( $dir . '/claimed-1741600000.000001-0a0b0c0d.jsonl', $claimed, '2025-03-10' ),
			self::write_hits( $dir . '/buffer.jsonl', $live, '2025-03-11' )
		);
		file_put_contents( $dir . '/salts.php', PrivateFile::GUARD . '{"' . gmdate( 'Y-m-d' ) . '":"' . str_repeat( 'ab', 32 ) . '"}' );
		file_put_contents( $dir . '/salts.lock', '' );
		file_put_contents( $dir . '/config.php', "<?php\nreturn array( 'version' => 1 );\n" );
		file_put_contents( $dir . '/index.php', "<?php\n// Silence is golden.\n" );
		file_put_contents( $dir . '/.htaccess', "Require all denied\n" );
		file_put_contents( $dir . '/config.php.abcdefgh.tmp', 'left by a crash' );
		return $ids;
	}

	/**
	 * 1,234 buffered hits and a claimed file of 321: after the migration every one is aggregated,
	 * none counted twice or as malformed, the old folder is gone and the new one holds guarded
	 * files only. A second run finds nothing to do and changes nothing.
	 */
	public function test_migration_loses_no_hit_and_is_idempotent() {
		$ids    = $this->legacy_dir( 1234, 321 );
		$legacy = $this->uploads . '/monsterinsights-reports';

		$this->assertSame( array( $legacy ), DataDir::previous_dirs() );
		$this->assertTrue( DataDirMigration::maybe_migrate() );

		$this->assertDirectoryDoesNotExist( $legacy );
		$dir = DataDir::path();
		$this->assertStringStartsWith( $this->uploads . '/monsterinsights-reports-', $dir );
		$names = array_map( 'basename', DataDir::files() );
		$this->assertCount( 5, $names );
		$this->assertSame( array( 'config.php', 'index.php', 'salts.php' ), array_slice( $names, 2 ) );
		$this->assertSame( 'claimed-1741600000.000001-0a0b0c0d.php', $names[0], 'the claimed file keeps its claim time' );
		$this->assertMatchesRegularExpression( '/^claimed-\d{10}\.\d{6}-[0-9a-f]{8}\.php$/', $names[1] );
		foreach ( DataDir::files() as $file ) {
			$this->assertStringStartsWith( PrivateFile::GUARD, (string) file_get_contents( $file ), basename( $file ) );
		}
		$this->assertSame( array( gmdate( 'Y-m-d' ) ), ( new Salts( $dir ) )->days(), 'the salts moved along' );
		$this->assertTrue( ConfigFile::is_current(), 'the config was written' );
		$this->assertCount( 321, self::json_lines( $dir . '/' . $names[0] ) );
		$this->assertCount( 1234, self::json_lines( $dir . '/' . $names[1] ) );

		$this->assertSame( array(), DataDir::previous_dirs() );
		$this->assertFalse( DataDirMigration::maybe_migrate(), 'nothing left to migrate' );
		$this->assertSame( $names, array_map( 'basename', DataDir::files() ) );

		$result = ( new Aggregator( BufferFiles::for_current_site(), Aggregator::CHUNK, null, Hits::ts( self::NOW ) ) )->run();
		$this->assertSame( 1555, $result->lines );
		$this->assertSame( 1555, $result->processed );
		$this->assertSame( 0, $result->malformed );
		$this->assertSame( 0, $result->duplicates );
		$this->assertSame( 2, $result->files );
		$this->assertSame( 1555, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( 1555, count( array_unique( $ids ) ) );
		$this->assertSame( array( 'config.php', 'index.php', 'salts.php' ), array_map( 'basename', DataDir::files() ) );
	}

	/**
	 * The aggregation run migrates on its own (BufferFiles::for_current_site()), and finishes what
	 * crashed migrations left: a complete copy whose source was already deleted is kept, a partial
	 * copy whose source is still there is redone. Every hit is stored exactly once.
	 */
	public function test_aggregation_migrates_and_finishes_a_crashed_migration() {
		$this->legacy_dir( 40, 10 );
		$legacy = $this->uploads . '/monsterinsights-reports';
		$dir    = (string) DataDir::ensure();
		// Crashed after deleting the source, before renaming the copy.
		file_put_contents( $dir . '/migrating-1741600000.000001-0a0b0c0d.php', PrivateFile::GUARD . (string) file_get_contents( $legacy . '/claimed-1741600000.000001-0a0b0c0d.jsonl' ) );
		unlink( $legacy . '/claimed-1741600000.000001-0a0b0c0d.jsonl' );
		// Crashed while copying: half a copy, the source intact.
		self::write_hits( $legacy . '/claimed-1741600000.000002-0e0f0a0b.jsonl', 6, '2025-03-12' );
		$lines = (array) file( $legacy . '/claimed-1741600000.000002-0e0f0a0b.jsonl' );
		file_put_contents( $dir . '/migrating-1741600000.000002-0e0f0a0b.php', PrivateFile::GUARD . implode( '', array_slice( $lines, 0, 3 ) ) );

		$result = ( new Aggregator( BufferFiles::for_current_site(), Aggregator::CHUNK, null, Hits::ts( self::NOW ) ) )->run();

		$this->assertDirectoryDoesNotExist( $legacy );
		$this->assertSame( 56, $result->lines );
		$this->assertSame( 56, $result->processed );
		$this->assertSame( 0, $result->duplicates );
		$this->assertSame( 0, $result->malformed );
		$this->assertSame( 3, $result->files );
		$this->assertSame( 56, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( array( 'config.php', 'index.php', 'salts.php' ), array_map( 'basename', DataDir::files() ) );
	}

	/**
	 * Collectors of the old code append to `buffer.jsonl` while migrations run again and again:
	 * every line a collector reports as written ends up in the new folder, exactly once.
	 */
	public function test_concurrent_appends_during_migration_are_not_lost() {
		$legacy = $this->uploads . '/monsterinsights-reports';
		mkdir( $legacy );
		// The append of version 1.0: open, flock, check the file is still the live one, write. A
		// writer that finds the folder gone (between a migration and its re-creation) tries again, so
		// a loaded machine still has writes racing the migrations.
		$code      = '$path = $argv[1] . "/buffer.jsonl"; $ok = 0;'
			. ' for ( $i = 0; $i < (int) $argv[3]; $i++ ) {'
			. '  $line = json_encode( array( "id" => $argv[2] . "-" . $i, "pad" => str_repeat( "x", 100 ) ) ) . "\n";'
			. '  for ( $try = 0; $try < 50; $try++ ) {'
			. '   $h = @fopen( $path, "ab" ); if ( false === $h ) { usleep( 500 ); continue; }'
			. '   flock( $h, LOCK_EX ); clearstatcache( true, $path ); $a = fstat( $h ); $b = @stat( $path );'
			. '   if ( false === $b || $a["ino"] !== $b["ino"] ) { flock( $h, LOCK_UN ); fclose( $h ); continue; }'
			. '   $w = fwrite( $h, $line ); fflush( $h ); flock( $h, LOCK_UN ); fclose( $h );'
			. '   if ( strlen( $line ) === $w ) { echo $argv[2] . "-" . $i, "\n"; } break;'
			. '  }'
			. ' }';
		$processes = array();
		$pipes     = array();
		for ( $w = 0; $w < 3; $w++ ) {
			$process = proc_open( array( PHP_BINARY, '-r', $code, $legacy, 'w' . $w, '300' ), array( 1 => array( 'pipe', 'w' ) ), $pipe );
			$this->assertIsResource( $process );
			$processes[] = $process;
			$pipes[]     = $pipe[1];
		}

		$runs = 0;
		do {
			$running = false;
			foreach ( $processes as $process ) {
				$running = $running || proc_get_status( $process )['running'];
			}
			// The old folder keeps being recreated by the writers; leave it each time.
			if ( is_dir( $legacy ) ) {
				DataDirMigration::migrate( array( $legacy ) );
				++$runs;
			}
			if ( ! is_dir( $legacy ) && $running ) {
				mkdir( $legacy );
			}
			usleep( 2000 );
		} while ( $running && $runs < 5000 );
		$written = array();
		foreach ( $pipes as $w => $pipe ) {
			$written = array_merge( $written, array_filter( explode( "\n", (string) stream_get_contents( $pipe ) ) ) );
			fclose( $pipe );
			proc_close( $processes[ $w ] );
		}
		DataDirMigration::maybe_migrate();

		$this->assertDirectoryDoesNotExist( $legacy );
		$this->assertGreaterThan( 1, $runs, 'the migrations ran while the writers did' );
		$found = array();
		foreach ( DataDir::files() as $file ) {
			if ( str_starts_with( basename( $file ), 'claimed-' ) ) {
				$found = array_merge( $found, array_column( self::json_lines( $file ), 'id' ) );
			}
		}
		sort( $found );
		sort( $written );
		$this->assertGreaterThan( 0, count( $written ) );
		$this->assertSame( $written, $found );
	}
}
