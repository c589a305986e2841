<?php
/**
 * Which days of a range the shop's daily rollups answer, and which the shop tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;

defined( 'ABSPATH' ) || exit;

/**
 * A range's days split for the shop's readers (ShopGroups, ShopEventGroups): those the daily rollups
 * hold, and those with shop data they do not hold yet; a day in neither has no shop data. Read once
 * per request, data version and change of the shop tables in it (DayRollups::generation()), for
 * every query of the report.
 */
final class ShopDays {

	/**
	 * The range's rolled-up days and its days read from the shop tables.
	 *
	 * @param DateRange $range The range.
	 * @return array{rolled: string[], raw: string[]}
	 */
	public static function of( DateRange $range ): array {
		$key  = 'days:' . ( new BuiltinSource() )->data_version() . ':' . DayRollups::generation();
		$days = wp_cache_get( $key, ShopEventGroups::CACHE_GROUP );
		if ( ! is_array( $days ) ) {
			$days = DayRollups::days();
			wp_cache_set( $key, $days, ShopEventGroups::CACHE_GROUP );
		}
		$out = array(
			'rolled' => array(),
			'raw'    => array(),
		);
		foreach ( $range->dates() as $date ) {
			if ( isset( $days['rolled'][ $date ] ) ) {
				$out['rolled'][] = $date;
			} elseif ( isset( $days['pending'][ $date ] ) ) {
				$out['raw'][] = $date;
			}
		}
		return $out;
	}
}
