<?php
/**
 * The bench's storage figure: bytes the site's mir_ tables take per session.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Reads the size of the plugin's tables once InnoDB's purge has caught up, per session stored.
 */
final class Storage {

	/**
	 * The storage measure.
	 *
	 * @param Report $report    Where the figures go.
	 * @param int    $pageviews Page views of the fill (the budget is for a full one).
	 */
	public function __construct( private Report $report, private int $pageviews ) {
	}

	/**
	 * Bytes the site's mir_ tables take (data and indexes), per session: after the fill (the
	 * budget), and again after the collector phases and the burst, which add today's hits, most of
	 * them in one hour (for the record: Real-Time's summaries then hold the burst's sessions, a
	 * hundred times a busy site's hour, for the two hours they keep).
	 *
	 * @param bool $after_fill Whether the fill just ended (else the burst did).
	 */
	public function measure( bool $after_fill ): void {
		// Deleted rows keep their pages until InnoDB's purge has removed them, which trails the
		// deletes by seconds (longer while compaction's run beside the aggregation on a busy
		// machine): the size is read once it has stopped falling (two reads a second apart agree).
		list( $bytes, $waited ) = self::settled_size();
		$this->report->row( $after_fill ? 'storage_wait' : 'storage_wait_after_burst', 'storage: waited for InnoDB\'s purge to catch up (the size stopped falling)', $waited, 's' );
		// Every session the site had: the raw table holds only the raw window, the rollups them all.
		$sessions = (int) Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' );
		if ( ! $after_fill ) {
			$this->report->row( 'sessions_after_burst', 'after the collector phases and the burst: sessions stored (rollups, all days)', $sessions, 'sessions' );
			$this->report->row( 'storage_total_after_burst', 'after the burst: mir_ tables, data + indexes', $bytes / 1048576, 'MiB' );
			$this->report->row( 'storage_after_burst', 'after the burst: storage per session (Real-Time\'s summaries hold the burst\'s sessions for two hours)', $bytes / max( 1, $sessions ), 'bytes' );
			return;
		}
		$this->report->row( 'sessions', 'sessions stored (rollups, all days)', $sessions, 'sessions' );
		$this->report->row( 'sessions_raw', sprintf( 'of which still raw (the last %d days)', Compaction::days() ), (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ), 'sessions' );
		$this->report->row( 'storage_total', 'storage after the fill: mir_ tables, data + indexes', $bytes / 1048576, 'MiB' );
		// InnoDB allocates pages and extents ahead, which weighs on small fills: the budget is for
		// a fill of a million page views or more.
		$full = $this->pageviews >= Bench::FULL_FILL;
		$this->report->row( $full ? 'storage' : 'storage_small', 'storage per session after the fill' . ( $full ? '' : ' (budget at 1 M page views only)' ), $bytes / max( 1, $sessions ), 'bytes' );
	}

	/**
	 * The size of the plugin's tables (data and indexes, after ANALYZE TABLE), read again each
	 * second until two reads agree or the size grows (at most two minutes): the pages of deleted
	 * rows are freed by InnoDB's purge, after the deletes.
	 *
	 * @return array{0: int, 1: float} Bytes, and the seconds waited.
	 */
	private static function settled_size(): array {
		global $wpdb;
		$tables = array_map( array( Tables::class, 'table' ), Tables::TABLES );
		$start  = microtime( true );
		$bytes  = PHP_INT_MAX;
		while ( true ) {
			$wpdb->get_results( 'ANALYZE TABLE ' . implode( ', ', $tables ) );
			$size = (int) $wpdb->get_var(
				$wpdb->prepare(
					'SELECT SUM(data_length + index_length) FROM information_schema.TABLES WHERE table_schema = %s AND table_name IN (' . implode( ', ', array_fill( 0, count( $tables ), '%s' ) ) . ')',
					array_merge( array( DB_NAME ), $tables )
				)
			);
			if ( $size >= $bytes || microtime( true ) - $start > 120 ) {
				return array( min( $size, $bytes ), microtime( true ) - $start );
			}
			$bytes = $size;
			sleep( 1 );
		}
	}
}
