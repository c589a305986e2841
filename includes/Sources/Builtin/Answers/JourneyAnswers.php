<?php
/**
 * The shop's orders with their visitors' journeys.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * Reads the shop capture's orders (shop_orders: paid, not cancelled — as the eCommerce reports
 * count them) of a range by the day they were paid, with their attribution and their journeys
 * (Aggregation\Shop\Journeys). The orders are the shop's, whichever source answers the other
 * reports: any source may answer Sources\ListsJourneys with this.
 *
 * @phpstan-import-type JourneyRow from \MonsterInsights\Reports\Sources\ListsJourneys
 * @phpstan-import-type JourneyFilter from \MonsterInsights\Reports\Sources\ListsJourneys
 */
final class JourneyAnswers {

	/**
	 * The orders the report lists: paid and not cancelled, of one shop.
	 */
	private const PAID = 'o.shop = %s AND o.paid_at > 0 AND o.cancelled = 0';

	/**
	 * A page of orders, newest first, with their journeys.
	 *
	 * @param string    $shop     The shop plugin.
	 * @param DateRange $range    The range (the orders' days).
	 * @param array     $filter   Search and attribution filters.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Orders a page.
	 * @phpstan-param JourneyFilter $filter
	 * @return array{rows: list<JourneyRow>, total: int}
	 */
	public function page( string $shop, DateRange $range, array $filter, int $page, int $per_page ): array {
		$where  = self::PAID . ' AND o.day >= %s AND o.day <= %s';
		$args   = array( $shop, $range->start_ymd(), $range->end_ymd() );
		$search = ltrim( trim( $filter['search'] ), '#' );
		if ( '' !== $search ) {
			if ( 1 !== preg_match( '/^\d{1,19}$/', $search ) ) {
				return array(
					'rows'  => array(),
					'total' => 0,
				);
			}
			$where .= ' AND o.order_id = %s';
			$args[] = $search;
		}
		if ( '' !== $filter['source'] ) {
			$where .= ' AND s.name = %s';
			$args[] = $filter['source'];
		}
		if ( '' !== $filter['medium'] ) {
			$where .= ' AND o.medium = %s';
			$args[] = $filter['medium'];
		}
		if ( '' !== $filter['campaign'] ) {
			$where .= ' AND c.name = %s';
			$args[] = $filter['campaign'];
		}
		$joins = ' LEFT JOIN {sources} s ON s.id = o.source_id LEFT JOIN {campaigns} c ON c.id = o.campaign_id';
		// The page's orders found on the orders alone (the `paid` index covers them) unless a
		// filter names a source or campaign; then read whole for the page only.
		$from  = ' FROM {shop_orders} o' . ( '' === $filter['source'] && '' === $filter['campaign'] ? '' : $joins ) . ' WHERE ' . $where;
		$total = (int) Db::value( 'SELECT COUNT(*)' . $from, $args );
		$ids   = Db::col( 'SELECT o.id' . $from . ' ORDER BY o.paid_at DESC, o.id DESC LIMIT %d OFFSET %d', array_merge( $args, array( $per_page, ( max( 1, $page ) - 1 ) * $per_page ) ) );
		$rows  = array() === $ids ? array() : Db::rows(
			'SELECT o.id, o.shop, o.order_id, o.paid_at, o.currency, o.total, o.medium, s.name AS source, c.name AS campaign FROM {shop_orders} o' . $joins
			. ' WHERE o.id IN (' . implode( ', ', array_map( 'intval', $ids ) ) . ') ORDER BY o.paid_at DESC, o.id DESC'
		);
		$steps = array();
		foreach ( $rows as $row ) {
			$steps[ (int) $row['id'] ] = Journeys::steps( (int) $row['id'] );
		}
		$names = self::names( $steps );
		$out   = array();
		foreach ( $rows as $row ) {
			$out[] = array(
				'shop'     => (string) $row['shop'],
				'order_id' => (int) $row['order_id'],
				'moment'   => (int) $row['paid_at'],
				'currency' => (string) $row['currency'],
				'total'    => (string) $row['total'],
				'source'   => (string) ( $row['source'] ?? '' ),
				'medium'   => (string) $row['medium'],
				'campaign' => (string) ( $row['campaign'] ?? '' ),
				'steps'    => array_map(
					static fn( array $step ): array => array(
						'ts'        => $step['ts'],
						'path'      => $names['paths'][ $step['path_id'] ]['path'] ?? '',
						'object_id' => $names['paths'][ $step['path_id'] ]['object_id'] ?? 0,
						'seconds'   => $step['seconds'],
						'source'    => $names['sources'][ $step['source_id'] ] ?? '',
						'medium'    => $step['medium'],
						'campaign'  => $names['campaigns'][ $step['campaign_id'] ] ?? '',
					),
					$steps[ (int) $row['id'] ]
				),
			);
		}
		return array(
			'rows'  => $out,
			'total' => $total,
		);
	}

	/**
	 * The sources, mediums and campaigns of the shop's paid orders, sorted, without ''.
	 *
	 * @param string $shop The shop plugin.
	 * @return array{sources: list<string>, mediums: list<string>, campaigns: list<string>}
	 */
	public function filters( string $shop ): array {
		$list = static function ( array $values ): array {
			$values = array_values( array_unique( array_filter( array_map( 'strval', $values ), static fn( string $value ): bool => '' !== $value ) ) );
			sort( $values, SORT_STRING );
			return $values;
		};
		return array(
			'sources'   => $list( Db::col( 'SELECT DISTINCT s.name FROM {shop_orders} o JOIN {sources} s ON s.id = o.source_id WHERE ' . self::PAID, array( $shop ) ) ),
			'mediums'   => $list( Db::col( 'SELECT DISTINCT o.medium FROM {shop_orders} o WHERE ' . self::PAID, array( $shop ) ) ),
			'campaigns' => $list( Db::col( 'SELECT DISTINCT c.name FROM {shop_orders} o JOIN {campaigns} c ON c.id = o.campaign_id WHERE ' . self::PAID, array( $shop ) ) ),
		);
	}

	/**
	 * The paths, sources and campaigns the steps name, by id.
	 *
	 * @param array<int, list<array<string, int|string>>> $steps Steps by order.
	 * @return array{paths: array<int, array{path: string, object_id: int}>, sources: array<int, string>, campaigns: array<int, string>}
	 */
	private static function names( array $steps ): array {
		$ids = array(
			'paths'     => array(),
			'sources'   => array(),
			'campaigns' => array(),
		);
		foreach ( $steps as $list ) {
			foreach ( $list as $step ) {
				$ids['paths'][]     = (int) $step['path_id'];
				$ids['sources'][]   = (int) $step['source_id'];
				$ids['campaigns'][] = (int) $step['campaign_id'];
			}
		}
		$out   = array(
			'paths'     => array(),
			'sources'   => array(),
			'campaigns' => array(),
		);
		$paths = array_filter( array_unique( $ids['paths'] ) );
		if ( array() !== $paths ) {
			foreach ( Db::rows( 'SELECT id, path, object_id FROM {paths} WHERE id IN (' . Lookups::ints( $paths ) . ')' ) as $row ) {
				$out['paths'][ (int) $row['id'] ] = array(
					'path'      => (string) $row['path'],
					'object_id' => (int) $row['object_id'],
				);
			}
		}
		foreach ( array( 'sources', 'campaigns' ) as $table ) {
			$found = array_filter( array_unique( $ids[ $table ] ) );
			if ( array() !== $found ) {
				foreach ( Db::rows( 'SELECT id, name FROM {' . $table . '} WHERE id IN (' . Lookups::ints( $found ) . ')' ) as $row ) {
					$out[ $table ][ (int) $row['id'] ] = (string) $row['name'];
				}
			}
		}
		return $out;
	}
}
