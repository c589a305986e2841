<?php
/**
 * The eCommerce funnel Query as a GA4 runFunnelReport request, and its answer as the Result.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * A query of activeUsers by funnelStepName (optionally by a channel or a country) is GA4's funnel
 * report (Data API v1alpha, its own quota): a closed funnel of the events view_item, add_to_cart and
 * purchase, so GA4 names its steps "1. view_item", … as Dimension::FUNNEL_STEPS does. A breakdown
 * answers GA4's top values (at most 15) and a RESERVED_TOTAL row per step, which is left out.
 */
final class Ga4Funnel {

	/**
	 * The most breakdown values GA4's funnel report answers.
	 */
	public const BREAKDOWN_LIMIT = 15;

	/**
	 * Whether a query is a funnel query.
	 *
	 * @param Query $query The query.
	 */
	public static function is_funnel( Query $query ): bool {
		return in_array( Dimension::FUNNEL_STEP, $query->dimensions, true );
	}

	/**
	 * The breakdown dimension of a funnel query, or null.
	 *
	 * @param Query $query The query.
	 */
	private static function breakdown( Query $query ): ?string {
		foreach ( $query->dimensions as $dimension ) {
			if ( Dimension::FUNNEL_STEP !== $dimension ) {
				return $dimension;
			}
		}
		return null;
	}

	/**
	 * The RunFunnelReportRequest of a funnel query.
	 *
	 * @param Query $query The query.
	 * @return array<string, mixed>
	 */
	public static function request( Query $query ): array {
		$steps = array();
		foreach ( Dimension::FUNNEL_STEPS as $step ) {
			$event   = (string) preg_replace( '/^\d+\.\s*/', '', $step );
			$steps[] = array(
				'name'             => $event,
				'filterExpression' => array( 'funnelEventFilter' => array( 'eventName' => $event ) ),
			);
		}
		$body      = array(
			'dateRanges' => array(
				array(
					'startDate' => max( Ga4Query::FIRST_DAY, $query->range->start_ymd() ),
					'endDate'   => $query->range->end_ymd(),
				),
			),
			'funnel'     => array(
				'isOpenFunnel' => false,
				'steps'        => $steps,
			),
		);
		$breakdown = self::breakdown( $query );
		if ( null !== $breakdown ) {
			$body['funnelBreakdown'] = array(
				'breakdownDimension' => array( 'name' => Ga4Query::DIMENSIONS[ $breakdown ] ?? $breakdown ),
				'limit'              => (string) self::BREAKDOWN_LIMIT,
			);
		}
		$body['returnPropertyQuota'] = true;
		return $body;
	}

	/**
	 * Whether GA4 can break the funnel down by a query's other dimension.
	 *
	 * @param Query $query The query.
	 */
	public static function supports( Query $query ): bool {
		$breakdown = self::breakdown( $query );
		return count( $query->dimensions ) <= 2 && ( null === $breakdown || isset( Ga4Query::DIMENSIONS[ $breakdown ] ) );
	}

	/**
	 * The Result of a RunFunnelReportResponse: its funnel table's rows (without the totals rows).
	 *
	 * @param array<string, mixed> $response The response.
	 * @param Query                $query    The query.
	 */
	public static function result( array $response, Query $query ): Result {
		$table     = is_array( $response['funnelTable'] ?? null ) ? $response['funnelTable'] : array();
		$headers   = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', is_array( $table['dimensionHeaders'] ?? null ) ? array_values( $table['dimensionHeaders'] ) : array() );
		$metrics   = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', is_array( $table['metricHeaders'] ?? null ) ? array_values( $table['metricHeaders'] ) : array() );
		$breakdown = self::breakdown( $query );
		$users     = array_search( 'activeUsers', $metrics, true );
		$rows      = array();
		$totals    = array_fill_keys( $query->metrics, 0 );
		foreach ( is_array( $table['rows'] ?? null ) ? $table['rows'] : array() as $row ) {
			if ( ! is_array( $row ) ) {
				continue;
			}
			$values = array();
			foreach ( is_array( $row['dimensionValues'] ?? null ) ? array_values( $row['dimensionValues'] ) : array() as $i => $value ) {
				$values[ $headers[ $i ] ?? '' ] = is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '';
			}
			$count  = false === $users ? 0 : (int) ( $row['metricValues'][ $users ]['value'] ?? 0 );
			$step   = $values['funnelStepName'] ?? '';
			$counts = array_fill_keys( $query->metrics, 0 );
			if ( in_array( Metric::ACTIVE_USERS, $query->metrics, true ) ) {
				$counts[ Metric::ACTIVE_USERS ] = $count;
			}
			if ( null === $breakdown ) {
				$rows[] = array(
					'dimensions' => array( Dimension::FUNNEL_STEP => $step ),
					'metrics'    => $counts,
				);
				continue;
			}
			$value = $values[ Ga4Query::DIMENSIONS[ $breakdown ] ?? $breakdown ] ?? '';
			if ( 'RESERVED_TOTAL' === $value ) {
				continue;
			}
			$rows[] = array(
				'dimensions' => array(
					Dimension::FUNNEL_STEP => $step,
					$breakdown             => Ga4Query::dimension_value( $breakdown, $value ),
				),
				'metrics'    => $counts,
			);
		}
		return new Result( $rows, $totals );
	}
}
