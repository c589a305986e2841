<?php
/**
 * The recent end of what the collector buffered and no aggregation stored yet, read only.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\HeldSessions;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * Reads the lines of the buffer files (claimed files, then the live buffer) that are not yet in
 * the tables: those after each file's cursor (the aggregation commits a file's lines chunk by
 * chunk together with the byte position after them, see Aggregator). It never writes, locks or
 * moves a file, so the collector and the aggregation never wait for it.
 *
 * Bounded: each file is read backwards from its end, in blocks, only as far back as lines of the
 * asked time go (the collector stamps a line with its arrival time, so a file is in time order up
 * to the few lines that raced for the lock), and MAX_BYTES in all. Every aggregation run empties
 * the buffer (WP-Cron runs one a minute), so the tail is normally a minute or two of hits.
 *
 * Consistency with the tables comes from the caller: read the cursors (positions()) and the rows
 * in one transaction, the cursors first, then the files (lines(), still inside it). A chunk
 * committed after the cursors were read is then neither among the rows nor skipped here; a file
 * released meanwhile is gone from the folder and its hits from this answer, until the next one.
 */
final class BufferTail {

	/**
	 * Bytes read at most, over all files.
	 */
	public const MAX_BYTES = 4194304;

	/**
	 * Bytes read at a time, backwards.
	 */
	private const BLOCK = 65536;

	/**
	 * A reader of a buffer's folder.
	 *
	 * @param Buffer $buffer The collector's buffer.
	 * @param int    $max    Bytes read at most.
	 */
	public function __construct( private Buffer $buffer, private int $max = self::MAX_BYTES ) {
	}

	/**
	 * The reader of the current site's buffer (its data dir as it is; nothing is created or moved).
	 */
	public static function for_current_site(): self {
		return new self( new Buffer( DataDir::path() ) );
	}

	/**
	 * Where each claimed file's stored part ends: its cursor's byte position, by file name.
	 *
	 * @return array<string, int>
	 */
	public static function positions(): array {
		$positions = array();
		foreach ( Db::rows( 'SELECT file, position FROM {cursors} WHERE file <> %s', array( HeldSessions::NEXT_ID ) ) as $row ) {
			$positions[ (string) $row['file'] ] = (int) $row['position'];
		}
		return $positions;
	}

	/**
	 * The buffer's state as the collector and the aggregation change it: each file's name and size.
	 */
	public function signature(): string {
		$state = array();
		foreach ( $this->files() as $path ) {
			clearstatcache( true, $path );
			$state[] = basename( $path ) . ':' . (string) @filesize( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A file released meanwhile has no size.
		}
		return implode( ',', $state );
	}

	/**
	 * The buffer's files: the claimed ones oldest first, then the live buffer.
	 *
	 * @return string[]
	 */
	private function files(): array {
		$files = $this->buffer->claimed();
		if ( is_file( $this->buffer->path() ) ) {
			$files[] = $this->buffer->path();
		}
		return $files;
	}

	/**
	 * The lines not yet stored whose time is `$since` or later (and, near that edge, a few earlier
	 * ones), oldest file first, each file's lines in file order.
	 *
	 * @param int                $since     Unix seconds.
	 * @param array<string, int> $positions positions(), read before this call.
	 * @return string[]
	 */
	public function lines( int $since, array $positions ): array {
		$files  = $this->files();
		$budget = $this->max;
		$tails  = array();
		// Newest first, so the budget goes to the most recent hits.
		foreach ( array_reverse( $files ) as $path ) {
			if ( $budget <= 0 ) {
				break;
			}
			$tails[] = $this->tail( $path, $positions[ basename( $path ) ] ?? 0, $since, $budget );
		}
		return array() === $tails ? array() : array_merge( ...array_reverse( $tails ) );
	}

	/**
	 * A file's lines after `$from`, read backwards until a block starts before `$since`.
	 *
	 * @param string $path   The file.
	 * @param int    $from   Byte position of its first line not stored.
	 * @param int    $since  Unix seconds.
	 * @param int    $budget Bytes left to read; lowered by what this read.
	 * @return string[]
	 */
	private function tail( string $path, int $from, int $since, int &$budget ): array {
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- A file released meanwhile is gone: nothing to read.
		$handle = @fopen( $path, 'rb' );
		if ( false === $handle ) {
			return array();
		}
		$stat = fstat( $handle );
		$end  = false === $stat ? 0 : (int) $stat['size'];
		$text = '';
		$pos  = $end;
		$from = max( 0, $from );
		while ( $pos > $from && $budget > 0 ) {
			$size = min( self::BLOCK, $pos - $from, $budget );
			$pos -= $size;
			fseek( $handle, $pos );
			$text    = (string) fread( $handle, $size ) . $text; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fread -- A local file.
			$budget -= $size;
			if ( $pos <= $from ) {
				break;
			}
			// The first complete line of what is read so far says how far back it goes.
			$start = strpos( $text, "\n" );
			if ( false === $start ) {
				continue;
			}
			if ( self::time( substr( $text, $start + 1, 200 ) ) < $since ) {
				break;
			}
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- A local file.
		if ( $pos > $from ) {
			// Stopped inside the file: drop the partial first line.
			$cut  = strpos( $text, "\n" );
			$text = false === $cut ? '' : substr( $text, $cut + 1 );
		}
		if ( ! str_ends_with( $text, "\n" ) ) {
			// A line being written has no end yet.
			$cut  = strrpos( $text, "\n" );
			$text = false === $cut ? '' : substr( $text, 0, $cut + 1 );
		}
		$lines = array();
		foreach ( explode( "\n", $text ) as $line ) {
			$line = trim( $line );
			if ( '' !== $line && PrivateFile::GUARD_LINE !== $line && self::time( $line ) >= $since ) {
				$lines[] = $line;
			}
		}
		return $lines;
	}

	/**
	 * A line's time, read without decoding the line; 0 when it has none.
	 *
	 * @param string $line A buffer line, or its start.
	 */
	private static function time( string $line ): int {
		return 1 === preg_match( '/"ts":(\d+)/', $line, $match ) ? (int) $match[1] : 0;
	}
}
