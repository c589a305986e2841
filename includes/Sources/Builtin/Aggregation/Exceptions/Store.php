<?php
/**
 * The exceptions found, kept in their table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions;

use MonsterInsights\Reports\Analysis\Exceptions\Series;
use MonsterInsights\Reports\Analysis\Exceptions\Watch;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * One row per series and day (unique): writing the same exception again changes nothing, so
 * detection is idempotent, and a deleted exception stays as a row flagged `deleted`, never listed
 * and never written again.
 */
final class Store {

	/**
	 * Days back an exception of the same series in the same direction makes a new one recurring
	 * (Watch).
	 */
	public const RECURRING_DAYS = Watch::RECURRING_DAYS;

	/**
	 * The hash a series is stored under.
	 *
	 * @param Series $series The series.
	 */
	public static function hash( Series $series ): string {
		return md5( $series->key() );
	}

	/**
	 * Whether the series went the same way within RECURRING_DAYS before the day (deleted
	 * exceptions count: the traffic did what it did).
	 *
	 * @param string $hash      The series' hash.
	 * @param int    $direction 1 or -1.
	 * @param string $day       The day.
	 */
	public function recurred( string $hash, int $direction, string $day ): bool {
		$since = gmdate( 'Y-m-d', (int) strtotime( $day . ' 00:00:00 UTC' ) - self::RECURRING_DAYS * DAY_IN_SECONDS );
		return null !== Db::value(
			'SELECT id FROM {exceptions} WHERE series_hash = %s AND direction = %d AND day >= %s AND day < %s LIMIT 1',
			array( $hash, $direction, $since, $day )
		);
	}

	/**
	 * Writes an exception unless its series already has one that day (deleted or not).
	 *
	 * @param Series                                                            $series    The series.
	 * @param array{day: string, direction: int, value: float, expected: float} $found     What the detector found.
	 * @param bool                                                              $recurring Whether it recurred.
	 * @param int                                                               $now       Unix time of the run.
	 * @return bool Whether a row was written.
	 */
	public function add( Series $series, array $found, bool $recurring, int $now ): bool {
		return Db::query(
			'INSERT IGNORE INTO {exceptions} (series_hash, day, direction, category, metric, label, value, expected, recurring, deleted, found_at)'
			. ' VALUES (%s, %s, %d, %s, %s, %s, %f, %f, %d, %d, %d)',
			array(
				self::hash( $series ),
				$found['day'],
				$found['direction'],
				$series->category->value,
				$series->metric,
				$series->label,
				$found['value'],
				$found['expected'],
				$recurring ? 1 : 0,
				0,
				$now,
			)
		) > 0;
	}

	/**
	 * A page of the exceptions of a range that are not deleted, newest day first.
	 *
	 * @param string $from     First day.
	 * @param string $to       Last day.
	 * @param int    $page     Page, from 1.
	 * @param int    $per_page Rows a page.
	 * @return array{rows: list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>, total: int}
	 */
	public function page( string $from, string $to, int $page, int $per_page ): array {
		$total = (int) Db::value( 'SELECT COUNT(*) FROM {exceptions} WHERE deleted = %d AND day BETWEEN %s AND %s', array( 0, $from, $to ) );
		$rows  = Db::rows(
			'SELECT id, day, category, metric, label, direction, value, expected, recurring FROM {exceptions}'
			. ' WHERE deleted = %d AND day BETWEEN %s AND %s ORDER BY day DESC, id ASC LIMIT %d OFFSET %d',
			array( 0, $from, $to, max( 1, $per_page ), max( 0, ( $page - 1 ) * $per_page ) )
		);
		return array(
			'rows'  => array_map(
				static fn( array $row ): array => array(
					'id'        => (int) $row['id'],
					'day'       => (string) $row['day'],
					'category'  => (string) $row['category'],
					'metric'    => (string) $row['metric'],
					'label'     => (string) $row['label'],
					'direction' => (int) $row['direction'],
					'value'     => (float) $row['value'],
					'expected'  => (float) $row['expected'],
					'recurring' => 1 === (int) $row['recurring'],
				),
				$rows
			),
			'total' => $total,
		);
	}

	/**
	 * Deletes an exception for good: flagged, so detection never writes it again.
	 *
	 * @param int $id The exception's id.
	 * @return bool False when there is no such exception (or it is deleted already).
	 */
	public function delete( int $id ): bool {
		return Db::query( 'UPDATE {exceptions} SET deleted = %d WHERE id = %d AND deleted = %d', array( 1, $id, 0 ) ) > 0;
	}
}
