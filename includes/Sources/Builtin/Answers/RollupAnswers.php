<?php
/**
 * The builtin source's answers to Queries, from the daily rollups.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * Each set of dimensions is answered by one rollup table: the SQL sums its counters by the
 * dimension columns over the range; rates and averages are derived from the sums in PHP, as are
 * filters, order and limit (rollup groups are few). Rates are percentages (0–100).
 */
final class RollupAnswers {

	/**
	 * The groups each query reads.
	 *
	 * @var RollupGroups
	 */
	private RollupGroups $groups;

	/**
	 * An answerer.
	 */
	public function __construct() {
		$this->groups = new RollupGroups();
	}

	/**
	 * Answers a query: its range, and its comparison range when it has one.
	 *
	 * @param Query $query The query.
	 * @throws \InvalidArgumentException For a combination of dimensions no rollup answers.
	 */
	public function run( Query $query ): Result {
		$main    = $this->answer( $query, $query->range );
		$compare = null !== $query->compare ? $this->answer( $query, $query->compare ) : null;
		return new Result( $main->rows, $main->totals, $compare );
	}

	/**
	 * Answers a query over one range.
	 *
	 * @param Query     $query The query.
	 * @param DateRange $range The range.
	 * @throws \InvalidArgumentException For a combination of dimensions no rollup answers.
	 */
	private function answer( Query $query, DateRange $range ): Result {
		$groups = array();
		foreach ( $this->groups->groups_for( $query, $range ) as $group ) {
			foreach ( $query->filters as $filter ) {
				if ( ! $filter->matches( (string) ( $group['dimensions'][ $filter->dimension ] ?? '' ) ) ) {
					continue 2;
				}
			}
			$groups[] = $group;
		}
		$groups = $this->regroup( $groups, $query->dimensions );
		if ( array() === $query->dimensions && in_array( Metric::AVERAGE_SCROLL_DEPTH, $query->metrics, true ) ) {
			$groups = $this->groups->with_scroll( $groups, $range );
		}

		$rows = array();
		$sums = array();
		foreach ( $groups as $group ) {
			foreach ( $group['counters'] as $name => $value ) {
				$sums[ $name ] = ( $sums[ $name ] ?? 0 ) + $value;
			}
			$rows[] = array(
				'dimensions' => array_intersect_key( $group['dimensions'], array_flip( $query->dimensions ) ),
				'metrics'    => self::metrics( $query->metrics, $group['counters'] ),
			);
		}
		$rows = $this->sort( $rows, $query->order_by );
		if ( $query->limit > 0 ) {
			$rows = array_slice( $rows, 0, $query->limit );
		}
		return new Result( $rows, self::metrics( $query->metrics, $sums ) );
	}

	/**
	 * Merges groups that share the values of the asked dimensions.
	 *
	 * @param array<int, array{dimensions: array<string, string>, counters: array<string, int>}> $groups     Groups.
	 * @param string[]                                                                           $dimensions The asked dimensions.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function regroup( array $groups, array $dimensions ): array {
		$out = array();
		foreach ( $groups as $group ) {
			$key = (string) wp_json_encode( array_intersect_key( $group['dimensions'], array_flip( $dimensions ) ) );
			if ( ! isset( $out[ $key ] ) ) {
				$out[ $key ] = $group;
				continue;
			}
			foreach ( $group['counters'] as $name => $value ) {
				$out[ $key ]['counters'][ $name ] = ( $out[ $key ]['counters'][ $name ] ?? 0 ) + $value;
			}
		}
		return array_values( $out );
	}

	/**
	 * Metrics from summed counters.
	 *
	 * @param string[]           $metrics Asked metrics.
	 * @param array<string, int> $c       Counters.
	 * @return array<string, int|float>
	 */
	private static function metrics( array $metrics, array $c ): array {
		$sessions = $c['sessions'] ?? 0;
		$visitors = $c['visitors'] ?? 0;
		$views    = $c['pageviews'] ?? 0;
		$ratio    = static fn( int $a, int $b, int $times = 1 ): float => $b > 0 ? round( $a / $b * $times, 2 ) : 0.0;
		$out      = array();
		foreach ( $metrics as $metric ) {
			$out[ $metric ] = match ( $metric ) {
				Metric::SESSIONS                   => $sessions,
				Metric::SCREEN_PAGE_VIEWS          => $views,
				Metric::TOTAL_USERS                => $visitors,
				Metric::NEW_USERS                  => $c['new_visitors'] ?? 0,
				Metric::ENGAGED_SESSIONS           => $c['engaged_sessions'] ?? 0,
				Metric::BOUNCE_RATE                => $ratio( $c['bounces'] ?? 0, $sessions, 100 ),
				Metric::ENGAGEMENT_RATE            => $ratio( $c['engaged_sessions'] ?? 0, $sessions, 100 ),
				Metric::AVERAGE_SESSION_DURATION   => $ratio( $c['duration_sum'] ?? 0, $sessions ),
				Metric::USER_ENGAGEMENT_DURATION   => $c['duration_sum'] ?? 0,
				Metric::SCREEN_PAGE_VIEWS_PER_USER => $ratio( $views, $visitors ),
				Metric::SCREEN_PAGE_VIEWS_PER_SESSION => $ratio( $views, $sessions ),
				Metric::SESSIONS_PER_USER          => $ratio( $sessions, $visitors ),
				Metric::EVENT_COUNT                => $c['events'] ?? 0,
				Metric::EXITS                      => $c['exits'] ?? 0,
				Metric::AVERAGE_SCROLL_DEPTH       => $ratio( $c['depth_sum'] ?? 0, $c['scroll_views'] ?? 0 ),
				Metric::FORM_IMPRESSIONS           => $c['impressions'] ?? 0,
				Metric::FORM_CONVERSIONS           => $c['conversions'] ?? 0,
				Metric::FORM_CONVERSION_RATE       => $ratio( $c['conversions'] ?? 0, $c['impressions'] ?? 0, 100 ),
				Metric::VIDEO_STARTS               => $c['plays'] ?? 0,
				Metric::AVERAGE_VIDEO_WATCH_TIME   => $ratio( $c['watch_seconds'] ?? 0, $c['plays'] ?? 0 ),
				Metric::AVERAGE_VIDEO_PERCENT_VIEWED => $ratio( $c['percent_sum'] ?? 0, $c['views'] ?? 0 ),
				Metric::VIDEO_COMPLETION_RATE      => $ratio( $c['completions'] ?? 0, $c['plays'] ?? 0, 100 ),
				// The shop's paid orders (ShopGroups); revenue in the shop's base currency.
				Metric::ECOMMERCE_PURCHASES        => $c['purchases'] ?? 0,
				Metric::ITEMS_PURCHASED            => $c['items'] ?? 0,
				Metric::ITEM_REVENUE               => round( ( $c['item_revenue_cents'] ?? 0 ) / 100, 2 ),
				Metric::FIRST_TIME_PURCHASERS      => $c['new_purchases'] ?? 0,
				Metric::AVERAGE_PURCHASE_REVENUE   => ( $c['purchases'] ?? 0 ) > 0 ? round( ( $c['revenue_cents'] ?? 0 ) / 100 / $c['purchases'], 2 ) : 0.0,
				// The shop's steps (ShopEventGroups).
				Metric::ITEMS_VIEWED               => $c['items_viewed'] ?? 0,
				Metric::ITEMS_ADDED_TO_CART        => $c['items_added'] ?? 0,
				Metric::ITEMS_CHECKED_OUT          => $c['items_checked_out'] ?? 0,
				Metric::ADD_TO_CARTS               => $c['add_to_carts'] ?? 0,
				Metric::CHECKOUTS                  => $c['checkouts'] ?? 0,
				Metric::REMOVE_FROM_CARTS          => $c['remove_from_carts'] ?? 0,
				Metric::ACTIVE_USERS               => $c['funnel_users'] ?? 0,
				Metric::TOTAL_REVENUE              => round( ( $c['revenue_cents'] ?? 0 ) / 100, 2 ),
				Metric::AVERAGE_REVENUE_PER_USER   => $visitors > 0 ? round( ( $c['revenue_cents'] ?? 0 ) / 100 / $visitors, 2 ) : 0.0,
				default                            => 0,
			};
		}
		return $out;
	}

	/**
	 * Sorts rows by metrics or dimensions.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}> $rows  Rows.
	 * @param array<int, array{field: string, desc: bool}>                                            $order Order.
	 * @return array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}>
	 */
	private function sort( array $rows, array $order ): array {
		if ( empty( $order ) ) {
			return $rows;
		}
		usort(
			$rows,
			static function ( $a, $b ) use ( $order ) {
				foreach ( $order as $o ) {
					$x   = $a['metrics'][ $o['field'] ] ?? $a['dimensions'][ $o['field'] ] ?? 0;
					$y   = $b['metrics'][ $o['field'] ] ?? $b['dimensions'][ $o['field'] ] ?? 0;
					$cmp = $o['desc'] ? $y <=> $x : $x <=> $y;
					if ( 0 !== $cmp ) {
						return $cmp;
					}
				}
				// Ties in a stable, readable order.
				return strcmp( (string) wp_json_encode( $a['dimensions'] ), (string) wp_json_encode( $b['dimensions'] ) );
			}
		);
		return $rows;
	}
}
