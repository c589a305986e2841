<?php
/**
 * What an aggregation run (or one chunk of it) did.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * Counters, the days whose rollups were recomputed, and whether the run finished its work.
 */
final class AggregationResult {

	/**
	 * Lines read.
	 *
	 * @var int
	 */
	public int $lines = 0;

	/**
	 * Hits written.
	 *
	 * @var int
	 */
	public int $processed = 0;

	/**
	 * Hits skipped because they were already stored (or repeated in the chunk).
	 *
	 * @var int
	 */
	public int $duplicates = 0;

	/**
	 * Lines that were not a valid hit.
	 *
	 * @var int
	 */
	public int $malformed = 0;

	/**
	 * Hits older than the retention period, dropped.
	 *
	 * @var int
	 */
	public int $expired = 0;

	/**
	 * Buffer files fully processed and released.
	 *
	 * @var int
	 */
	public int $files = 0;

	/**
	 * False when the time budget ran out with work left (the next run goes on).
	 *
	 * @var bool
	 */
	public bool $complete = true;

	/**
	 * Unix time the run began (0 for a chunk's result): every hit written before then was in the
	 * buffer it read, when it is complete.
	 *
	 * @var int
	 */
	public int $started = 0;

	/**
	 * True when another run held the lock, so this one did nothing.
	 *
	 * @var bool
	 */
	public bool $locked = false;

	/**
	 * Local days touched, as keys.
	 *
	 * @var array<string, true>
	 */
	private array $days = array();

	/**
	 * First hit ids of the sessions touched, as keys.
	 *
	 * @var array<int, true>
	 */
	private array $sessions = array();

	/**
	 * Notes a touched day.
	 *
	 * @param string $day Y-m-d.
	 */
	public function add_day( string $day ): void {
		if ( 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', $day ) ) {
			$this->days[ $day ] = true;
		}
	}

	/**
	 * Notes touched sessions.
	 *
	 * @param int[] $ids Their ids.
	 */
	public function add_sessions( array $ids ): void {
		foreach ( $ids as $id ) {
			$this->sessions[ $id ] = true;
		}
	}

	/**
	 * Adds a chunk's counters to this run's.
	 *
	 * @param AggregationResult $other The chunk's result.
	 */
	public function merge( AggregationResult $other ): void {
		$this->lines      += $other->lines;
		$this->processed  += $other->processed;
		$this->duplicates += $other->duplicates;
		$this->malformed  += $other->malformed;
		$this->expired    += $other->expired;
		$this->files      += $other->files;
		// Added in place: `+=` on a typed property copies the whole array first (PHP evaluates
		// the sum into a new value to check its type), and a file's set of sessions grows to
		// hundreds of thousands, merged once a chunk.
		foreach ( $other->days as $day => $true ) {
			$this->days[ $day ] = true;
		}
		foreach ( $other->sessions as $id => $true ) {
			$this->sessions[ $id ] = true;
		}
		$this->complete = $this->complete && $other->complete;
	}

	/**
	 * The touched days, sorted.
	 *
	 * @return string[]
	 */
	public function days(): array {
		$days = array_map( 'strval', array_keys( $this->days ) );
		sort( $days );
		return $days;
	}

	/**
	 * How many sessions were created or changed.
	 */
	public function sessions(): int {
		return count( $this->sessions );
	}

	/**
	 * Everything, for an option, the CLI or a log.
	 *
	 * @return array{lines: int, processed: int, duplicates: int, malformed: int, expired: int, sessions: int, files: int, days: string[], complete: bool, locked: bool}
	 */
	public function to_array(): array {
		return array(
			'lines'      => $this->lines,
			'processed'  => $this->processed,
			'duplicates' => $this->duplicates,
			'malformed'  => $this->malformed,
			'expired'    => $this->expired,
			'sessions'   => $this->sessions(),
			'files'      => $this->files,
			'days'       => $this->days(),
			'complete'   => $this->complete,
			'locked'     => $this->locked,
		);
	}
}
