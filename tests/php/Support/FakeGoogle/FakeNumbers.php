<?php
/**
 * The fake Google server's numbers, computed as docs/development.md states them.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\FakeGoogle;

/**
 * Each formula of "The fake Google server" (docs/development.md), written from the documentation,
 * so a test checks what the google source made of the fake's answer against numbers it computed
 * itself.
 */
final class FakeNumbers {

	/**
	 * The fixture property.
	 */
	public const PROPERTY = '300000001';

	/**
	 * An additive GA4 metric: per day crc32("{property}|{metric}|{Y-m-d}|{values}|{filters}") % 1000,
	 * summed over the days.
	 *
	 * @param string   $metric  The metric.
	 * @param string[] $days    The row's days, Y-m-d.
	 * @param string   $values  The row's values of its dimensions that are not dates, joined with |.
	 * @param string   $filters The filters' JSON as sent ('' without).
	 */
	public static function additive( string $metric, array $days, string $values = '', string $filters = '' ): int {
		$sum = 0;
		foreach ( $days as $day ) {
			$sum += crc32( self::PROPERTY . '|' . $metric . '|' . $day . '|' . $values . '|' . $filters ) % 1000;
		}
		return $sum;
	}

	/**
	 * An additive TYPE_CURRENCY metric: the same in cents (% 100000), as an amount.
	 *
	 * @param string   $metric  The metric.
	 * @param string[] $days    The row's days.
	 * @param string   $values  The row's values.
	 * @param string   $filters The filters' JSON.
	 */
	public static function money( string $metric, array $days, string $values = '', string $filters = '' ): float {
		$cents = 0;
		foreach ( $days as $day ) {
			$cents += crc32( self::PROPERTY . '|' . $metric . '|' . $day . '|' . $values . '|' . $filters ) % 100000;
		}
		return round( $cents / 100, 2 );
	}

	/**
	 * A rate or an average (not additive): crc32("{property}|{metric}|{start}|{end}|{values}|{filters}")
	 * % 10000 / 10000 (TYPE_SECONDS: % 600000 / 1000; TYPE_CURRENCY: % 10000 / 100). A TOTAL's
	 * values are "RESERVED_TOTAL".
	 *
	 * @param string $metric  The metric.
	 * @param string $start   The range's first day.
	 * @param string $end     Its last day.
	 * @param string $values  All the row's values joined with |.
	 * @param string $filters The filters' JSON.
	 * @param string $type    TYPE_FLOAT, TYPE_SECONDS or TYPE_CURRENCY.
	 */
	public static function ratio( string $metric, string $start, string $end, string $values = '', string $filters = '', string $type = 'TYPE_FLOAT' ): float {
		$hash = crc32( self::PROPERTY . '|' . $metric . '|' . $start . '|' . $end . '|' . $values . '|' . $filters );
		if ( 'TYPE_SECONDS' === $type ) {
			return ( $hash % 600000 ) / 1000;
		}
		if ( 'TYPE_CURRENCY' === $type ) {
			return ( $hash % 10000 ) / 100;
		}
		return ( $hash % 10000 ) / 10000;
	}

	/**
	 * A real-time metric: crc32("{property}|{metric}|{minutesAgo, or start-end}|{values}") % 50.
	 *
	 * @param string $metric The metric.
	 * @param string $when   "05", or "29-0" without minutesAgo.
	 * @param string $values The row's other values joined with |.
	 */
	public static function realtime( string $metric, string $when, string $values = '' ): int {
		return crc32( self::PROPERTY . '|' . $metric . '|' . $when . '|' . $values ) % 50;
	}

	/**
	 * A closed funnel's users per step for one breakdown value ('' without a breakdown): step 1
	 * crc32("{property}|activeUsers|{start}|{end}|1. {name}|{value}") % 1000, each later step % (the
	 * step before's users + 1).
	 *
	 * @param string[] $steps The steps' names ("1. view_item", …).
	 * @param string   $start The first day.
	 * @param string   $end   The last day.
	 * @param string   $value The breakdown value.
	 * @return int[]
	 */
	public static function funnel( array $steps, string $start, string $end, string $value = '' ): array {
		$users  = array();
		$before = null;
		foreach ( $steps as $step ) {
			$hash    = crc32( self::PROPERTY . '|activeUsers|' . $start . '|' . $end . '|' . $step . '|' . $value );
			$count   = null === $before ? $hash % 1000 : ( $before > 0 ? $hash % ( $before + 1 ) : 0 );
			$users[] = $count;
			$before  = $count;
		}
		return $users;
	}

	/**
	 * The key of a request's filters, as the fake makes it.
	 *
	 * @param array<string, mixed> $request The request.
	 */
	public static function filters( array $request ): string {
		$filters = array_filter(
			array(
				'dimensionFilter' => $request['dimensionFilter'] ?? null,
				'metricFilter'    => $request['metricFilter'] ?? null,
			)
		);
		return array() === $filters ? '' : (string) wp_json_encode( $filters, JSON_UNESCAPED_SLASHES );
	}

	/**
	 * The days of a range, Y-m-d.
	 *
	 * @param string $start The first day.
	 * @param string $end   The last day.
	 * @return string[]
	 */
	public static function days( string $start, string $end ): array {
		$days = array();
		$last = strtotime( $end . ' 00:00:00 UTC' );
		for ( $day = strtotime( $start . ' 00:00:00 UTC' ); $day <= $last; $day += 86400 ) {
			$days[] = gmdate( 'Y-m-d', (int) $day );
		}
		return $days;
	}
}
