<?php
/**
 * The append-only hit buffer.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- Test fixtures on the local disk, writer processes.

/**
 * Append, claim, claimed, release, and writers racing each other and a claimer.
 */
class BufferTest extends TestCase {

	use Files;

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Each append is one JSON object on a line of its own.
	 */
	public function test_append_writes_one_json_line_each() {
		$dir    = $this->scratch_dir();
		$buffer = new Buffer( $dir );

		$this->assertTrue(
			$buffer->append(
				array(
					'id' => 'a',
					'p'  => '/ü/?x=1',
				)
			)
		);
		$this->assertTrue(
			$buffer->append(
				array(
					'id' => 'b',
					'ep' => (object) array(),
				)
			)
		);

		$this->assertSame( $dir . '/buffer.php', $buffer->path() );
		$this->assertSame( "<?php exit; ?>\n{\"id\":\"a\",\"p\":\"/ü/?x=1\"}\n{\"id\":\"b\",\"ep\":{}}\n", file_get_contents( $buffer->path() ) );
	}

	/**
	 * Without its dir the buffer reports failure instead of writing elsewhere.
	 */
	public function test_append_fails_without_dir() {
		$buffer = new Buffer( $this->scratch_dir() . '/missing' );
		$this->assertFalse( $buffer->append( array( 'id' => 'a' ) ) );
	}

	/**
	 * Nothing to claim: no buffer, or an empty one.
	 */
	public function test_claim_returns_null_when_there_is_nothing() {
		$dir    = $this->scratch_dir();
		$buffer = new Buffer( $dir );
		$this->assertNull( $buffer->claim() );

		touch( $buffer->path() );
		$this->assertNull( $buffer->claim() );
		$this->assertSame( array(), $buffer->claimed() );
	}

	/**
	 * Claiming moves the lines aside, later appends start a new live buffer, claimed() lists the
	 * claimed files oldest first and release() deletes them.
	 */
	public function test_claim_claimed_release() {
		$dir    = $this->scratch_dir();
		$buffer = new Buffer( $dir );

		$buffer->append( array( 'id' => '1' ) );
		$buffer->append( array( 'id' => '2' ) );
		$first = $buffer->claim();
		$this->assertIsString( $first );
		$this->assertFileDoesNotExist( $buffer->path() );
		$this->assertMatchesRegularExpression( '/^claimed-\d{10}\.\d{6}-[0-9a-f]{8}\.php$/', basename( $first ) );
		$this->assertSame( $dir, dirname( $first ) );
		$this->assertSame( array( '1', '2' ), array_column( self::json_lines( $first ), 'id' ) );

		$buffer->append( array( 'id' => '3' ) );
		$this->assertSame( array( '3' ), array_column( self::json_lines( $buffer->path() ), 'id' ) );
		$second = $buffer->claim();
		$this->assertIsString( $second );

		$this->assertSame( array( $first, $second ), $buffer->claimed() );

		$buffer->release( $first );
		$this->assertFileDoesNotExist( $first );
		$this->assertSame( array( $second ), $buffer->claimed() );
		$buffer->release( $second );
		$this->assertSame( array(), $buffer->claimed() );
	}

	/**
	 * The claimed files are sorted by the claim time in the name, not by the random part.
	 */
	public function test_claimed_lists_oldest_first() {
		$dir = $this->scratch_dir();
		foreach ( array( 'claimed-1700000002.000000-00000000.php', 'claimed-1700000001.500000-ffffffff.php', 'claimed-1700000001.000001-aaaaaaaa.php', 'claimed-1700000001.000000-bbbbbbbb.jsonl', 'other.php', 'buffer.php' ) as $name ) {
			file_put_contents( $dir . '/' . $name, "{}\n" );
		}
		$this->assertSame(
			array(
				$dir . '/claimed-1700000001.000001-aaaaaaaa.php',
				$dir . '/claimed-1700000001.500000-ffffffff.php',
				$dir . '/claimed-1700000002.000000-00000000.php',
			),
			( new Buffer( $dir ) )->claimed()
		);
	}

	/**
	 * Releasing deletes claimed files of its own dir only.
	 */
	public function test_release_ignores_other_files() {
		$dir    = $this->scratch_dir();
		$other  = $this->scratch_dir();
		$buffer = new Buffer( $dir );
		$buffer->append( array( 'id' => '1' ) );
		$foreign = $other . '/claimed-1700000001.000000-00000000.php';
		file_put_contents( $foreign, "{}\n" );

		$buffer->release( $buffer->path() );
		$buffer->release( $foreign );
		$buffer->release( $dir . '/../' . basename( $other ) . '/claimed-1700000001.000000-00000000.php' );

		$this->assertFileExists( $buffer->path() );
		$this->assertFileExists( $foreign );
	}

	/**
	 * Four processes append at once while this one works as the aggregator does, over and over:
	 * claim, read, release. Every line is read exactly once, whole; none lands in a file after it
	 * was read (and then lost with its release).
	 */
	public function test_concurrent_appends_and_claims_lose_no_line() {
		$dir       = $this->scratch_dir();
		$buffer    = new Buffer( $dir );
		$writers   = 4;
		$per       = 400;
		$processes = array();
		$code      = 'require $argv[1]; require $argv[5]; $b = new MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer( $argv[2] );'
			. ' for ( $i = 0; $i < (int) $argv[4]; $i++ ) { if ( ! $b->append( array( "id" => $argv[3] . "-" . $i, "pad" => str_repeat( "x", 200 ) ) ) ) { exit( 1 ); } }';
		for ( $w = 0; $w < $writers; $w++ ) {
			$process = proc_open(
				array( PHP_BINARY, '-r', $code, MONSTERINSIGHTS_REPORTS_DIR . 'includes/Sources/Builtin/Collection/Collector/Buffer.php', $dir, 'w' . $w, (string) $per, MONSTERINSIGHTS_REPORTS_DIR . 'includes/Sources/Builtin/Collection/Collector/PrivateFile.php' ),
				array(),
				$pipes
			);
			$this->assertIsResource( $process );
			$processes[] = $process;
		}

		$ids     = array();
		$consume = function ( string $file ) use ( $buffer, &$ids ): void {
			$contents = (string) file_get_contents( $file );
			$this->assertStringEndsWith( "\n", $contents );
			// Exactly one exit guard, on the first line, whoever wrote first.
			$this->assertStringStartsWith( "<?php exit; ?>\n{", $contents );
			$this->assertSame( 1, substr_count( $contents, '<?php' ) );
			foreach ( self::json_lines( $file ) as $line ) {
				$this->assertSame( str_repeat( 'x', 200 ), $line['pad'] );
				$ids[] = $line['id'];
			}
			$buffer->release( $file );
		};

		// Claim, read and release while the writers run: until they are done, a bounded number of times.
		$exits = array();
		for ( $round = 0; $round < 5000; $round++ ) {
			foreach ( $processes as $w => $process ) {
				$status = proc_get_status( $process );
				if ( ! $status['running'] && ! isset( $exits[ $w ] ) ) {
					// Only the first report of the exit carries the code.
					$exits[ $w ] = $status['exitcode'];
				}
			}
			$running = count( $exits ) < $writers;
			$file    = $buffer->claim();
			if ( null !== $file ) {
				$consume( $file );
			}
			if ( ! $running ) {
				break;
			}
			usleep( 500 );
		}
		foreach ( $processes as $process ) {
			proc_close( $process );
		}
		$exits += array_fill( 0, $writers, -1 );
		ksort( $exits );
		$this->assertSame( array_fill( 0, $writers, 0 ), $exits, 'every writer appended all its lines' );
		foreach ( $buffer->claimed() as $file ) {
			$consume( $file );
		}

		$this->assertFileDoesNotExist( $buffer->path() );
		$this->assertSame( array(), $buffer->claimed() );
		$this->assertGreaterThan( 1, $round, 'the claims ran while the writers did' );
		$this->assertCount( $writers * $per, array_unique( $ids ) );
		$this->assertCount( $writers * $per, $ids );
	}
}
