<?php
/**
 * What the bench reads of the machine and of its numbers: load, CPU time, medians, lines of a file.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Measuring helpers of the bench.
 */
final class Machine {

	/**
	 * The median of numbers.
	 *
	 * @param float[] $values At least one.
	 */
	public static function median( array $values ): float {
		sort( $values );
		$middle = intdiv( count( $values ), 2 );
		return 1 === count( $values ) % 2 ? $values[ $middle ] : ( $values[ $middle - 1 ] + $values[ $middle ] ) / 2;
	}

	/**
	 * The machine's load average over the last minute: other processes competing for the CPUs.
	 */
	public static function load(): float {
		$load = sys_getloadavg();
		return false === $load ? 0.0 : (float) $load[0];
	}

	/**
	 * CPU seconds used so far by this process and by the database thread of its connection (the
	 * latter 0 where it cannot be read: not MariaDB ≥ 10.5 on Linux).
	 *
	 * @return array{0: float, 1: float}
	 */
	public static function cpu(): array {
		global $wpdb;
		static $thread = null;
		$usage         = getrusage();
		$php           = $usage['ru_utime.tv_sec'] + $usage['ru_utime.tv_usec'] / 1e6 + $usage['ru_stime.tv_sec'] + $usage['ru_stime.tv_usec'] / 1e6;
		if ( null === $thread ) {
			$thread     = '';
			$suppressed = $wpdb->suppress_errors( true );
			$tid        = (int) $wpdb->get_var( 'SELECT TID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()' );
			$wpdb->suppress_errors( $suppressed );
			$wpdb->last_error = '';
			foreach ( $tid > 0 ? (array) glob( '/proc/[0-9]*/task/' . $tid . '/stat' ) : array() as $stat ) {
				$thread = (string) $stat;
			}
		}
		$fields = '' === $thread ? array() : explode( ' ', (string) preg_replace( '/^.*\) /s', '', (string) file_get_contents( $thread ) ) );
		$ticks  = isset( $fields[12] ) ? (int) $fields[11] + (int) $fields[12] : 0;
		return array( $php, $ticks / 100 );
	}

	/**
	 * Adds the CPU time since a reading to a total.
	 *
	 * @param array{0: float, 1: float} $since A reading of cpu().
	 * @param array{0: float, 1: float} $total The total so far.
	 * @return array{0: float, 1: float}
	 */
	public static function cpu_since( array $since, array $total ): array {
		$now = self::cpu();
		return array( $total[0] + $now[0] - $since[0], $total[1] + $now[1] - $since[1] );
	}

	/**
	 * The number of lines of a file (0 when it does not exist).
	 *
	 * @param string $path The file.
	 */
	public static function lines( string $path ): int {
		clearstatcache( true, $path );
		$text = is_file( $path ) ? file_get_contents( $path ) : '';
		return substr_count( (string) $text, "\n" );
	}
}
