<?php
/**
 * Keeps raw rows only for a recent window.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Beside;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Raw rows (sessions, page views, events) are what the rollups are computed from, and what
 * real-time, journeys and exports read; every report of a past day reads its rollups. So the raw
 * rows of a day are needed only while the day may still change (late hits, a session that goes on
 * past midnight) and for the recent detail: they are kept for `monsterinsights_reports_raw_days`
 * days (30 by default), then deleted. The rollups, which carry every report's numbers, stay.
 *
 * The option `monsterinsights_reports_compacted_before` records the first day that still has raw
 * rows. It moves forward before anything is deleted, so an aggregation never stores a hit of a
 * compacted day nor recomputes a compacted day's rollups from what is left of its rows (Ingest and
 * Rollups ask is_final()), and an interrupted compaction carries on next time. Compaction runs under the
 * aggregation lock, so the two never interleave.
 */
final class Compaction {

	/**
	 * Days of raw rows to keep (option).
	 */
	public const DAYS_OPTION = 'monsterinsights_reports_raw_days';

	/**
	 * The first day that still has raw rows (option, Y-m-d; '' when nothing was compacted).
	 */
	public const BEFORE_OPTION = 'monsterinsights_reports_compacted_before';

	/**
	 * The default window, in days.
	 */
	public const DEFAULT_DAYS = 30;

	/**
	 * The shortest window: today and yesterday are always kept (open sessions, salts).
	 */
	public const MIN_DAYS = 2;

	/**
	 * The longest window.
	 */
	public const MAX_DAYS = 800;

	/**
	 * The raw tables, in deletion order.
	 */
	private const TABLES = array( 'pageviews', 'events', 'sessions' );

	/**
	 * Days of raw rows kept.
	 */
	public static function days(): int {
		$days = (int) get_option( self::DAYS_OPTION, self::DEFAULT_DAYS );
		/**
		 * Filters how many days of raw rows (sessions, page views, events) are kept before they are
		 * compacted into the daily rollups alone.
		 *
		 * @param int $days Days; 30 by default.
		 */
		$days = (int) apply_filters( 'monsterinsights_reports_raw_days', $days );
		return max( self::MIN_DAYS, min( self::MAX_DAYS, $days ) );
	}

	/**
	 * The first local day that still has raw rows, or '' when none was compacted.
	 */
	public static function compacted_before(): string {
		global $wpdb;
		// Read past the object cache: a rolled-back change must not linger in it.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- See above.
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::BEFORE_OPTION ) );
		return is_string( $value ) && 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ? $value : '';
	}

	/**
	 * Whether a day's rollups are final: the day is before the mark and has rollups, so its raw rows
	 * are gone and recomputing it would lose its numbers. A day before the mark without rollups (a
	 * day without visits, or history imported later) takes hits like any other.
	 *
	 * @param string $day       Y-m-d.
	 * @param string $compacted The mark (compacted_before()).
	 */
	public static function is_final( string $day, string $compacted ): bool {
		return $day < $compacted && null !== Db::value( 'SELECT day FROM {rollup_site} WHERE day = %s', array( $day ) );
	}

	/**
	 * Runs a day's recomputation, each in a transaction, for the days that still have their raw
	 * rows (a migration of a rollup computed from them; aggregation recomputes through Rollups).
	 *
	 * @param string[]               $days       Local days, Y-m-d.
	 * @param callable(string): void $recompute Recomputes one day.
	 */
	public static function each_raw_day( array $days, callable $recompute ): void {
		$compacted = self::compacted_before();
		foreach ( $days as $day ) {
			if ( ! self::is_final( $day, $compacted ) ) {
				Db::transaction( static fn() => $recompute( $day ) );
			}
		}
	}

	/**
	 * The day compaction may move up to at $now: the window's first day, but never past the day
	 * before the newest session (the bench fills a past year: the days it is still filling keep
	 * their rows until it has moved on).
	 *
	 * @param int       $now   Unix time.
	 * @param LocalTime $clock Site-local days.
	 */
	public static function cutoff( int $now, LocalTime $clock ): string {
		$today  = new \DateTimeImmutable( $clock->day( $now ) . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		$cutoff = $today->modify( '-' . ( self::days() - 1 ) . ' days' )->format( 'Y-m-d' );
		$newest = Db::value( 'SELECT MAX(day) FROM {sessions}' );
		if ( null !== $newest && '' !== $newest ) {
			$before = ( new \DateTimeImmutable( $newest . ' 00:00:00', new \DateTimeZone( 'UTC' ) ) )->modify( '-1 day' )->format( 'Y-m-d' );
			$cutoff = min( $cutoff, $before );
		}
		return $cutoff;
	}

	/**
	 * Compacts behind the recomputation of a file's days, which go in ascending order (Aggregator,
	 * Rollups::recompute()): once a day's rollups are committed, every day before the next one (and
	 * before the cutoff) has final rollups. So the mark moves there, and the raw rows of the days it
	 * passed are deleted beside the aggregation's connection (Beside), while the next day's rollups
	 * are computed. The rows of days that were already before the mark are left to run().
	 *
	 * Only for a file read to its end: a day behind the mark takes no more hits, and the rest of a
	 * file may still hold some.
	 *
	 * @param string $day      The day whose rollups were just committed, Y-m-d.
	 * @param string $cutoff   The cutoff (cutoff()).
	 * @param int    $max_days Days whose rows may be deleted at most.
	 * @return int Days whose rows were sent to be deleted.
	 */
	public static function behind( string $day, string $cutoff, int $max_days ): int {
		$next   = ( new \DateTimeImmutable( $day . ' 00:00:00', new \DateTimeZone( 'UTC' ) ) )->modify( '+1 day' )->format( 'Y-m-d' );
		$target = min( $next, $cutoff );
		$before = self::compacted_before();
		if ( $target <= $before ) {
			return 0;
		}
		update_option( self::BEFORE_OPTION, $target, false );
		$from = '' === $before ? (string) Db::value( 'SELECT MIN(day) FROM {sessions}' ) : $before;
		if ( '' === $from || $from >= $target ) {
			return 0;
		}
		$date = new \DateTimeImmutable( $from . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		$day  = $from;
		$sent = 0;
		while ( $sent < $max_days && $day < $target ) {
			foreach ( self::TABLES as $table ) {
				Beside::send( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
			}
			++$sent;
			$date = $date->modify( '+1 day' );
			$day  = $date->format( 'Y-m-d' );
		}
		return $sent;
	}

	/**
	 * Compacts: moves the mark up to the cutoff and deletes the raw rows before it.
	 *
	 * @param int            $now         Unix time.
	 * @param LocalTime|null $clock       Site-local days; the site's zone by default.
	 * @param int            $max_batches Days deleted per table at most; 0 for no limit.
	 * @return array<string, int> Rows deleted per table.
	 */
	public static function run( int $now, ?LocalTime $clock = null, int $max_batches = 0 ): array {
		$clock   = $clock ?? new LocalTime();
		$before  = self::compacted_before();
		$cutoff  = self::cutoff( $now, $clock );
		$deleted = array_fill_keys( self::TABLES, 0 );
		if ( $cutoff > $before ) {
			update_option( self::BEFORE_OPTION, $cutoff, false );
			$before = $cutoff;
		}
		if ( '' === $before ) {
			return $deleted;
		}
		// A day at a time: each statement deletes a range of the day index, bounded by a day's rows.
		foreach ( self::TABLES as $table ) {
			$batches = 0;
			while ( 0 === $max_batches || $batches < $max_batches ) {
				$day = Db::value( 'SELECT MIN(day) FROM {' . $table . '} WHERE day < %s', array( $before ) );
				if ( null === $day || '' === $day ) {
					break;
				}
				$deleted[ $table ] += Db::query( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
				++$batches;
			}
		}
		if ( $deleted['sessions'] > 0 ) {
			HeldSessions::forget_deleted_next_keys();
		}
		return $deleted;
	}
}
