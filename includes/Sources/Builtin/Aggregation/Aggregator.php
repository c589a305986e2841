<?php
/**
 * Moves the buffer into the tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;
use MonsterInsights\Reports\Sources\Builtin\Storage\Beside;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Storage\Lock;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * One aggregation run, under a lock so two never overlap:
 * 1. migrate the schema if it is older than the code;
 * 2. finish the files earlier runs claimed and left (a crash, a time budget), oldest first;
 * 3. claim the live buffer once and process it;
 * each file in chunks of CHUNK lines, one transaction a chunk (Ingest), then the rollups of every
 * day the file touched (Rollups), and only then the file is released;
 * 4. compact the raw rows older than the raw window (Compaction).
 * Before 2, Real-Time's per-minute summaries drop what is older than they keep; each chunk adds its
 * recent hits to them in its transaction (RealtimeMinutes).
 *
 * Crash safety: each chunk commits together with the file's cursor (table `cursors`: the byte
 * position after the chunk and the days touched so far). A crash inside a chunk rolls both back; a
 * crash after some chunks committed leaves the file claimed, and the next run resumes at the cursor
 * and recomputes every day the file touched, so nothing is lost or counted twice. A file is deleted
 * before its cursor, so a file is never read from its start twice.
 *
 * Fires `monsterinsights_reports_chunk_committed` after each chunk and
 * `monsterinsights_reports_aggregated` (touched days, result) at the end of a run that changed data.
 */
final class Aggregator {

	/**
	 * Lines per chunk (and per transaction).
	 */
	public const CHUNK = 2000;

	/**
	 * The lock's option.
	 */
	public const LOCK = 'monsterinsights_reports_aggregate_lock';

	/**
	 * Seconds after which a run that stopped refreshing its lock is presumed dead.
	 */
	public const LOCK_TTL = 600;

	/**
	 * Longest line read, in bytes; a longer one is malformed.
	 */
	private const MAX_LINE = 65536;

	/**
	 * The option holding the last run's result.
	 */
	public const LAST_RUN_OPTION = 'monsterinsights_reports_last_aggregation';

	/**
	 * Days of raw rows per table a run's compaction deletes at most, beyond one per day the run
	 * touched.
	 */
	private const COMPACT_BATCHES = 5;

	/**
	 * An aggregator.
	 *
	 * @param HitFiles       $files Where the hits are.
	 * @param int            $chunk Lines per chunk.
	 * @param LocalTime|null $clock Site-local time; the site's zone by default.
	 * @param int|null       $now   The time the retention period counts back from; now by default.
	 */
	public function __construct( private HitFiles $files, private int $chunk = self::CHUNK, private ?LocalTime $clock = null, private ?int $now = null ) {
	}

	/**
	 * The aggregator of the current site's buffer.
	 */
	public static function for_current_site(): self {
		return new self( BufferFiles::for_current_site() );
	}

	/**
	 * Runs once.
	 *
	 * @param float $budget Seconds after which no further chunk starts; 0 for no limit.
	 */
	public function run( float $budget = 0.0 ): AggregationResult {
		$result          = new AggregationResult();
		$result->started = time();
		$lock            = new Lock( self::LOCK, self::LOCK_TTL );
		if ( ! $lock->acquire() ) {
			$result->locked = true;
			return $result;
		}
		try {
			Migrations::maybe_migrate();
			if ( Tables::needs_migration() ) {
				// Another request is migrating: the tables are not ready.
				$result->complete = false;
				return $result;
			}
			$deadline = $budget > 0 ? microtime( true ) + $budget : INF;
			$clock    = $this->clock ?? new LocalTime();
			$ingest   = new Ingest( $clock, $clock->months_before( $this->now ?? time(), Retention::months() ), new RealtimeMinutes( RealtimeMinutes::advance( $this->now ?? time() ) ) );

			$paths   = $this->files->claimed();
			$claimed = null;
			while ( $result->complete ) {
				$path = array_shift( $paths );
				if ( null === $path && null === $claimed ) {
					$claimed = $this->files->claim() ?? '';
					$path    = '' === $claimed ? null : $claimed;
				}
				if ( null === $path ) {
					break;
				}
				$compact = $path === $claimed ? $this->compact_behind( $clock, $result ) : null;
				if ( $this->process_file( $path, $ingest, $lock, $deadline, $result, $compact ) ) {
					$this->files->release( $path );
					self::forget_cursor( $path );
					++$result->files;
				}
			}
			if ( $result->complete ) {
				// At least as many days as the run brought in, so a backlog (an import, a run after
				// an outage) never piles up raw rows beyond the window, where every insert and read
				// of the raw tables gets slower (and once they outgrow InnoDB's buffer pool, much slower).
				Compaction::run( $this->now ?? time(), $clock, self::COMPACT_BATCHES + count( $result->days() ) );
			}
		} finally {
			$lock->release();
		}

		update_option( self::LAST_RUN_OPTION, array( 'time' => time() ) + $result->to_array(), false );
		if ( array() !== $result->days() ) {
			/**
			 * Fires after an aggregation run changed the rollups.
			 *
			 * @param string[]          $days   The local days (Y-m-d) recomputed.
			 * @param AggregationResult $result What the run did.
			 */
			do_action( 'monsterinsights_reports_aggregated', $result->days(), $result );
		}
		return $result;
	}

	/**
	 * Processes one claimed file chunk by chunk, then recomputes the days it touched.
	 *
	 * @param string            $path     The file.
	 * @param Ingest            $ingest   The chunk writer.
	 * @param Lock              $lock     The run's lock, refreshed between chunks.
	 * @param float             $deadline When to stop starting chunks (microtime).
	 * @param AggregationResult $result   The run's result.
	 * @param callable|null     $compact  Called with each recomputed day, in ascending order, and the file's result, when the file was read to its end; returns the days it compacted.
	 * @phpstan-param (callable(string, AggregationResult): int)|null $compact
	 * @return bool Whether every line was processed (the file may be released).
	 * @throws \RuntimeException When the file cannot be read.
	 */
	public function process_file( string $path, Ingest $ingest, Lock $lock, float $deadline, AggregationResult $result, ?callable $compact = null ): bool {
		if ( ! file_exists( $path ) ) {
			return true;
		}
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- Streaming a local file.
		if ( false === $handle ) {
			throw new \RuntimeException( esc_html( 'Cannot read ' . $path ) );
		}
		$file   = new AggregationResult();
		$cursor = self::cursor( $path );
		foreach ( $cursor['days'] as $day ) {
			$file->add_day( $day );
		}
		$index = 0;
		try {
			// Resume after the last committed chunk, remembering the hits before it.
			while ( ftell( $handle ) < $cursor['position'] ) {
				$line = fgets( $handle, self::MAX_LINE );
				if ( false === $line ) {
					break;
				}
				$ingest->remember( $line );
			}
			$lines  = $this->read_lines( $handle, $file );
			$parsed = array() === $lines ? null : $ingest->parse( $lines );
			while ( null !== $parsed ) {
				$position = (int) ftell( $handle );
				$next     = null;
				$chunk    = Db::transaction(
					function () use ( $ingest, $parsed, $path, $position, $file, $handle, $deadline, &$next ): AggregationResult {
						$chunk = $ingest->write_parsed( $parsed );
						// The chunk's last rows may still be being written (Db::insert_rows()'s $async):
						// meanwhile the next chunk is read and parsed, which needs no database. The
						// cursor's write waits for them, so the chunk and its cursor commit together.
						if ( microtime( true ) < $deadline ) {
							$lines = $this->read_lines( $handle, $file );
							$next  = array() === $lines ? null : $ingest->parse( $lines );
						}
						self::save_cursor( $path, $position, array_merge( $file->days(), $chunk->days() ) );
						if ( $ingest->next_id() > 0 ) {
							Db::insert_rows( 'cursors', array( 'file', 'position', 'days' ), array( array( HeldSessions::NEXT_ID, $ingest->next_id(), '' ) ), false, array( 'position' ) );
						}
						return $chunk;
					}
				);
				$file->merge( $chunk );
				$parsed = $next;
				/**
				 * Fires after a chunk of a buffer file was committed.
				 *
				 * @param int    $index The chunk's index in the file, from 0.
				 * @param string $path  The file.
				 */
				do_action( 'monsterinsights_reports_chunk_committed', $index++, $path );
				$lock->refresh();
				if ( microtime( true ) >= $deadline && ! feof( $handle ) ) {
					$file->complete = false;
					break;
				}
			}
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- Streaming a local file.
		}
		$compacted = 0;
		Rollups::recompute(
			$file->days(),
			null !== $compact && $file->complete ? static function ( string $day ) use ( $compact, $file, &$compacted ): void {
				$compacted += $compact( $day, $file );
			} : null
		);
		Beside::wait();
		if ( $compacted > 0 ) {
			// The second keys of the sessions compaction deleted.
			HeldSessions::forget_deleted_next_keys();
		}
		$result->merge( $file );
		return $file->complete;
	}

	/**
	 * Compaction behind the recomputation of the live buffer's days (Compaction::behind()): the
	 * buffer is the run's last file, so no later file of the run brings hits to a day behind the
	 * mark. It deletes as many days' rows as run() would at most.
	 *
	 * @param LocalTime         $clock  Site-local days.
	 * @param AggregationResult $result The run's result so far.
	 * @return callable(string, AggregationResult): int The days compacted by each call.
	 */
	private function compact_behind( LocalTime $clock, AggregationResult $result ): callable {
		$cutoff = null;
		$sent   = 0;
		return function ( string $day, AggregationResult $file ) use ( $clock, $result, &$cutoff, &$sent ): int {
			// The cutoff counts back from the newest session, which the file's chunks may have moved.
			$cutoff ??= Compaction::cutoff( $this->now ?? time(), $clock );
			$days     = Compaction::behind( $day, $cutoff, self::COMPACT_BATCHES + count( $result->days() ) + count( $file->days() ) - $sent );
			$sent    += $days;
			return $days;
		};
	}

	/**
	 * Where the processing of a file stands: the byte position after its last committed chunk and
	 * the days its committed chunks touched.
	 *
	 * @param string $path The file.
	 * @return array{position: int, days: string[]}
	 */
	private static function cursor( string $path ): array {
		$row  = Db::rows( 'SELECT position, days FROM {cursors} WHERE file = %s', array( basename( $path ) ) )[0] ?? null;
		$days = null === $row ? array() : json_decode( (string) $row['days'], true );
		return array(
			'position' => null === $row ? 0 : (int) $row['position'],
			'days'     => is_array( $days ) ? array_map( 'strval', $days ) : array(),
		);
	}

	/**
	 * Records a file's cursor, inside the chunk's transaction.
	 *
	 * @param string   $path     The file.
	 * @param int      $position Byte position after the chunk.
	 * @param string[] $days     Days touched so far.
	 */
	private static function save_cursor( string $path, int $position, array $days ): void {
		Db::insert_rows(
			'cursors',
			array( 'file', 'position', 'days' ),
			array( array( basename( $path ), $position, (string) wp_json_encode( array_values( array_unique( $days ) ) ) ) ),
			false,
			array( 'position', 'days' )
		);
	}

	/**
	 * Forgets a released file's cursor.
	 *
	 * @param string $path The file.
	 */
	private static function forget_cursor( string $path ): void {
		Db::query( 'DELETE FROM {cursors} WHERE file = %s', array( basename( $path ) ) );
	}

	/**
	 * Reads up to a chunk of non-empty lines. A line longer than MAX_LINE is read to its end and
	 * counted as one malformed line.
	 *
	 * @param resource          $handle The file.
	 * @param AggregationResult $file   The file's result, for over-long lines.
	 * @return string[]
	 */
	private function read_lines( $handle, AggregationResult $file ): array {
		$lines = array();
		$count = 0;
		while ( $count < $this->chunk ) {
			$line = fgets( $handle, self::MAX_LINE );
			if ( false === $line ) {
				break;
			}
			if ( ! str_ends_with( $line, "\n" ) && ! feof( $handle ) ) {
				while ( false !== $line && ! str_ends_with( $line, "\n" ) ) {
					$line = fgets( $handle, self::MAX_LINE );
				}
				++$file->lines;
				++$file->malformed;
				continue;
			}
			$line = trim( $line );
			// A buffer file starts with an exit guard line (Collector\PrivateFile): not a hit.
			if ( '' !== $line && Collector\PrivateFile::GUARD_LINE !== $line ) {
				$lines[] = $line;
				++$count;
			}
		}
		return $lines;
	}
}
