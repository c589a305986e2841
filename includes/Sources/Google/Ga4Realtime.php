<?php
/**
 * A RealtimeQuery as a GA4 runRealtimeReport request, and its answer as the query's Result.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * GA4's real-time schema is smaller than the Query's: pages by their screen name, countries and
 * cities, the minute; no paths, landing pages, regions or traffic sources (those rows are empty).
 */
final class Ga4Realtime {

	/**
	 * The real-time dimensions GA4 answers.
	 */
	public const DIMENSIONS = array(
		RealtimeQuery::MINUTES_AGO => 'minutesAgo',
		RealtimeQuery::SCREEN_NAME => 'unifiedScreenName',
		RealtimeQuery::COUNTRY     => 'country',
		RealtimeQuery::COUNTRY_ID  => 'countryId',
		RealtimeQuery::CITY        => 'city',
	);

	/**
	 * The request of a query.
	 *
	 * @param RealtimeQuery $query The query.
	 * @return array<string, mixed>
	 */
	public static function request( RealtimeQuery $query ): array {
		$body       = array(
			'minuteRanges' => array(
				array(
					'startMinutesAgo' => $query->start_minutes_ago,
					'endMinutesAgo'   => $query->end_minutes_ago,
				),
			),
			'metrics'      => array_map( static fn( string $m ): array => array( 'name' => $m ), $query->metrics ),
		);
		$dimensions = array_values( array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) ) );
		if ( array() !== $dimensions ) {
			$body['dimensions'] = array_map( static fn( string $d ): array => array( 'name' => $d ), $dimensions );
		}
		$excluded = array();
		foreach ( $query->exclude as $dimension => $value ) {
			if ( isset( self::DIMENSIONS[ $dimension ] ) ) {
				$excluded[] = array(
					'notExpression' => array(
						'filter' => array(
							'fieldName'    => self::DIMENSIONS[ $dimension ],
							'stringFilter' => array(
								'matchType' => 'EXACT',
								'value'     => $value,
							),
						),
					),
				);
			}
		}
		if ( array() !== $excluded ) {
			$body['dimensionFilter'] = 1 === count( $excluded ) ? $excluded[0] : array( 'andGroup' => array( 'expressions' => $excluded ) );
		}
		if ( '' !== $query->order_by ) {
			$body['orderBys'] = array(
				array(
					'metric' => array( 'metricName' => $query->order_by ),
					'desc'   => true,
				),
			);
		}
		if ( $query->limit > 0 ) {
			$body['limit'] = $query->limit;
		}
		$body['metricAggregations'] = array( 'TOTAL' );
		return $body;
	}

	/**
	 * The Result of an answer.
	 *
	 * @param array<string, mixed> $response The answer.
	 * @param RealtimeQuery        $query    The query.
	 */
	public static function result( array $response, RealtimeQuery $query ): Result {
		$names      = array_flip( array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) ) );
		$dim_heads  = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', is_array( $response['dimensionHeaders'] ?? null ) ? array_values( $response['dimensionHeaders'] ) : array() );
		$met_heads  = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', is_array( $response['metricHeaders'] ?? null ) ? array_values( $response['metricHeaders'] ) : array() );
		$metrics_of = static function ( $values ) use ( $met_heads, $query ): array {
			$values = is_array( $values ) ? array_values( $values ) : array();
			$out    = array_fill_keys( $query->metrics, 0 );
			foreach ( $met_heads as $i => $name ) {
				if ( array_key_exists( $name, $out ) ) {
					$out[ $name ] = (int) ( is_array( $values[ $i ] ?? null ) ? ( $values[ $i ]['value'] ?? 0 ) : 0 );
				}
			}
			return $out;
		};
		$rows       = array();
		foreach ( is_array( $response['rows'] ?? null ) ? $response['rows'] : array() as $row ) {
			if ( ! is_array( $row ) ) {
				continue;
			}
			$dimensions = array_fill_keys( $query->dimensions, '' );
			foreach ( is_array( $row['dimensionValues'] ?? null ) ? array_values( $row['dimensionValues'] ) : array() as $i => $value ) {
				$name = $names[ $dim_heads[ $i ] ?? '' ] ?? null;
				if ( null !== $name ) {
					$raw                 = is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '';
					$dimensions[ $name ] = RealtimeQuery::MINUTES_AGO === $name && is_numeric( $raw ) ? (string) (int) $raw : $raw;
				}
			}
			$rows[] = array(
				'dimensions' => $dimensions,
				'metrics'    => $metrics_of( $row['metricValues'] ?? array() ),
			);
		}
		$totals = is_array( $response['totals'][0] ?? null ) ? $metrics_of( $response['totals'][0]['metricValues'] ?? array() ) : array_fill_keys( $query->metrics, 0 );
		return new Result( $rows, $totals );
	}
}
