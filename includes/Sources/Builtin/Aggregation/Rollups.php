<?php
/**
 * Daily rollups, recomputed from the raw tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * Rebuilds every rollup of a site-local day from the raw rows, in one transaction: the day's rows
 * are deleted and inserted again. Running it twice gives the same rows, so a crash between the raw
 * writes and this step is repaired by running it again.
 *
 * The rows are computed in PHP from one read of the day's raw rows (RollupDay), by the list of
 * RollupRows::rollups(). RollupRows::statements(), the same in SQL, stands in for the PHP when two
 * of a day's text keys could be one under the table's collation (a case-insensitive collation
 * would merge "Signup" and "signup" into one row, so the PHP, which tells them apart, would write
 * two rows with one primary key).
 *
 * The monthly twins (Tables::MONTHLY) are recomputed from the daily rows of the months touched,
 * and from() reads a range from both.
 */
final class Rollups {

	/**
	 * Recomputes days, in ascending order, each in its own transaction.
	 *
	 * @param string[]      $days  Local days, Y-m-d.
	 * @param callable|null $after Called with each day once its rollups are committed.
	 * @phpstan-param (callable(string): void)|null $after
	 */
	public static function recompute( array $days, ?callable $after = null ): void {
		// A compacted day has lost its raw rows: its rollups are final.
		$compacted = Compaction::compacted_before();
		$months    = array();
		$devices   = array();
		sort( $days );
		foreach ( $days as $day ) {
			$months[ substr( $day, 0, 7 ) . '-01' ] = true;
			if ( Compaction::is_final( $day, $compacted ) ) {
				continue;
			}
			$devices = Db::transaction(
				static fn(): array => self::recompute_day( $day, $devices )
			);
			if ( null !== $after ) {
				$after( $day );
			}
		}
		self::recompute_months( array_keys( $months ) );
	}

	/**
	 * Recomputes the monthly twins (Tables::MONTHLY) of months from their daily rows.
	 *
	 * @param string[] $months First days of months, Y-m-01.
	 */
	public static function recompute_months( array $months ): void {
		foreach ( $months as $month ) {
			$last = ( new \DateTimeImmutable( $month . ' 00:00:00', new \DateTimeZone( 'UTC' ) ) )->format( 'Y-m-t' );
			Db::transaction(
				static function () use ( $month, $last ): void {
					foreach ( Tables::MONTHLY as $table => $shape ) {
						$keys = implode( ', ', $shape['keys'] );
						Db::query( 'DELETE FROM {' . $table . '_m} WHERE day = %s', array( $month ) );
						Db::query(
							'INSERT INTO {' . $table . '_m} (day, ' . $keys . ', ' . implode( ', ', $shape['counters'] ) . ')'
							. ' SELECT %s, ' . $keys . ', ' . implode( ', ', array_map( static fn( string $c ): string => 'SUM(' . $c . ')', $shape['counters'] ) )
							. ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s GROUP BY ' . $keys,
							array( $month, $month, $last )
						);
					}
				}
			);
		}
	}

	/**
	 * Every month that has daily rollups (Y-m-01).
	 *
	 * @return string[]
	 */
	public static function months(): array {
		$months = array();
		foreach ( Db::col( 'SELECT day FROM {rollup_site}' ) as $day ) {
			$months[ substr( $day, 0, 7 ) . '-01' ] = true;
		}
		return array_keys( $months );
	}

	/**
	 * What a report reads for a rollup table over a range: a derived table with the columns of
	 * Tables::MONTHLY (day, keys, counters), whole months from the monthly twin and the days before
	 * and after them from the daily table. Sums over it equal sums over the daily rows of the range.
	 *
	 * A part month at either end of a range that reaches whole months is read the shorter way: its
	 * days in the range, or the month's twin less its days outside the range (negated rows: a range
	 * ending yesterday is its last month's twin less today's rows). A group can then sum to zero
	 * everywhere (a value seen only outside the range): the reader drops such groups.
	 *
	 * @param string $table A table of Tables::MONTHLY.
	 * @param string $start First day, Y-m-d.
	 * @param string $end   Last day, Y-m-d.
	 * @return array{0: string, 1: string[]} The SQL (with {table} names, to put after FROM and an alias) and its arguments.
	 */
	public static function from( string $table, string $start, string $end ): array {
		$shape   = Tables::MONTHLY[ $table ];
		$columns = 'day, ' . implode( ', ', array_merge( $shape['keys'], $shape['counters'] ) );
		$negated = 'day, ' . implode( ', ', array_merge( $shape['keys'], array_map( static fn( string $c ): string => '-CAST(' . $c . ' AS SIGNED) AS ' . $c, $shape['counters'] ) ) );
		$utc     = new \DateTimeZone( 'UTC' );
		$first   = new \DateTimeImmutable( $start . ' 00:00:00', $utc );
		$last    = new \DateTimeImmutable( $end . ' 00:00:00', $utc );
		// Whole months: from the first month that starts in the range to the last that ends in it.
		$from = '01' === $first->format( 'd' ) ? $first : $first->modify( 'first day of next month' );
		$to   = $last->format( 'Y-m-t' ) === $last->format( 'Y-m-d' ) ? $last->modify( 'first day of this month' ) : $last->modify( 'first day of last month' );
		if ( $from > $to ) {
			return array( '(SELECT ' . $columns . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s)', array( $start, $end ) );
		}
		$daily = 'SELECT ' . $columns . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s';
		$less  = 'SELECT ' . $negated . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s';
		$parts = array();
		$args  = array();
		$day   = static fn( \DateTimeImmutable $date ): string => $date->format( 'Y-m-d' );
		if ( $first < $from ) {
			$month = $first->modify( 'first day of this month' );
			if ( (int) $first->format( 'j' ) - 1 < (int) $first->diff( $from )->days ) {
				// Fewer days of the month before the range than in it.
				$from    = $month;
				$parts[] = $less;
				array_push( $args, $day( $month ), $day( $first->modify( '-1 day' ) ) );
			} else {
				$parts[] = $daily;
				array_push( $args, $start, $day( $from->modify( '-1 day' ) ) );
			}
		}
		$after = $to->modify( 'first day of next month' );
		if ( $after <= $last ) {
			if ( (int) $last->format( 't' ) - (int) $last->format( 'j' ) < (int) $last->format( 'j' ) ) {
				// Fewer days of the month after the range than in it.
				$to      = $after;
				$parts[] = $less;
				array_push( $args, $day( $last->modify( '+1 day' ) ), $last->format( 'Y-m-t' ) );
			} else {
				$parts[] = $daily;
				array_push( $args, $day( $after ), $end );
			}
		}
		array_unshift( $parts, 'SELECT ' . $columns . ' FROM {' . $table . '_m} WHERE day BETWEEN %s AND %s' );
		array_unshift( $args, $day( $from ), $day( $to ) );
		return array( '(' . implode( ' UNION ALL ', $parts ) . ')', $args );
	}

	/**
	 * Recomputes one day, inside the caller's transaction.
	 *
	 * @param string                                             $day     Local day, Y-m-d.
	 * @param array<int, array{0: string, 1: string, 2: string}> $devices Devices by user-agent id already read (RollupDay).
	 * @return array<int, array{0: string, 1: string, 2: string}> The devices known after this day, for the next.
	 */
	public static function recompute_day( string $day, array $devices = array() ): array {
		$rows       = new RollupDay( $day, $devices );
		$statements = RollupRows::statements();
		$rollups    = RollupRows::rollups();
		foreach ( Tables::ROLLUPS as $table ) {
			// The table's old rows of the day go while its new ones are computed, and the database
			// still writes the tables before (Db::write() and Db::insert_rows()'s $async).
			$rollup = $rollups[ $table ];
			Db::write( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
			Db::pump();
			$computed = ( $rollup['rows'] )( $rows );
			if ( array() === $computed ) {
				continue;
			}
			if ( self::may_collide( $computed, $rollup['text'] ) ) {
				Db::write( $statements[ $table ], array_fill( 0, substr_count( $statements[ $table ], '%s' ), $day ) );
				continue;
			}
			foreach ( array_chunk( $computed, 500 ) as $batch ) {
				Db::insert_rows( $table, array_merge( array( 'day' ), $rollup['columns'] ), array_map( static fn( array $row ): array => array_merge( array( $day ), $row ), $batch ), false, array(), true );
			}
		}
		LinkRollups::recompute_day( $day );
		VitalsRollups::recompute_day( $day );
		InteractionRollups::recompute_day( $day );
		return $rows->devices;
	}

	/**
	 * Recomputes one day with the SQL of RollupRows::statements() alone, inside the caller's transaction: the
	 * reference the PHP of recompute_day() must match.
	 *
	 * @param string $day Local day, Y-m-d.
	 */
	public static function recompute_day_sql( string $day ): void {
		foreach ( Tables::ROLLUPS as $table ) {
			Db::query( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
		}
		RollupRows::site_sql( $day );
		foreach ( RollupRows::statements() as $statement ) {
			Db::query( $statement, array_fill( 0, substr_count( $statement, '%s' ), $day ) );
		}
	}

	/**
	 * Whether two rows' keys could be one under the table's collation, so the SQL must group them:
	 * true when a text key holds anything but printable ASCII (accents, ligatures and control
	 * characters compare in ways PHP cannot foresee), or when two keys are equal once lower-cased
	 * and stripped of trailing spaces (which covers case-insensitive and PAD SPACE collations; a
	 * binary one merges less, so at worst the SQL runs when it need not).
	 *
	 * @param array<int, array<int, int|string>> $rows Rows, keys first.
	 * @param int[]                              $text Positions of the text keys.
	 */
	private static function may_collide( array $rows, array $text ): bool {
		if ( array() === $text ) {
			return false;
		}
		$seen = array();
		foreach ( $rows as $row ) {
			$folded = '';
			foreach ( $row as $i => $value ) {
				if ( in_array( $i, $text, true ) ) {
					$value = (string) $value;
					if ( 1 === preg_match( '/[^\x20-\x7e]/', $value ) ) {
						return true;
					}
					$value = strtolower( rtrim( $value, ' ' ) );
				} elseif ( $i > max( $text ) ) {
					break;
				}
				$folded .= $value . "\0";
			}
			if ( isset( $seen[ $folded ] ) ) {
				return true;
			}
			$seen[ $folded ] = true;
		}
		return false;
	}
}
