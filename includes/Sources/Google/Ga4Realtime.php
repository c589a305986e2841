<?php
/**
 * A RealtimeQuery as a GA4 runRealtimeReport request, and its answer as the query's Result.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\CountryNames;

defined( 'ABSPATH' ) || exit;

/**
 * GA4's real-time schema is smaller than the Query's: pages by their screen name (the page title),
 * countries and cities, the minute; no paths, landing pages, regions or traffic sources. A query
 * by some of those has them empty in its rows; a query by none GA4 knows (the traffic sources)
 * answers no rows, without asking. Minutes come two-digit as GA4 writes them ("05"), countries
 * named as the builtin source names them, "(not set)" empty. A standard property answers 29
 * minutes back at most: an earlier minute is not asked (its rows are absent).
 */
final class Ga4Realtime {

	/**
	 * The furthest minute back a standard GA4 property answers.
	 */
	public const MAX_MINUTES_AGO = 29;

	/**
	 * The real-time dimensions GA4 answers.
	 */
	public const DIMENSIONS = array(
		RealtimeQuery::MINUTES_AGO => 'minutesAgo',
		RealtimeQuery::SCREEN_NAME => 'unifiedScreenName',
		RealtimeQuery::COUNTRY     => 'countryId',
		RealtimeQuery::COUNTRY_ID  => 'countryId',
		RealtimeQuery::CITY        => 'city',
	);

	/**
	 * Whether GA4 answers a query at all: minutes it keeps, no dimension or one GA4 knows.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public static function answers( RealtimeQuery $query ): bool {
		return $query->end_minutes_ago <= self::MAX_MINUTES_AGO
			&& ( array() === $query->dimensions || array() !== array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) ) );
	}

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
					'startMinutesAgo' => min( self::MAX_MINUTES_AGO, $query->start_minutes_ago ),
					'endMinutesAgo'   => $query->end_minutes_ago,
				),
			),
			'metrics'      => array_map( static fn( string $m ): array => array( 'name' => $m ), $query->metrics ),
		);
		$dimensions = array_values( array_unique( array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) ) ) );
		if ( array() !== $dimensions ) {
			$body['dimensions'] = array_map( static fn( string $d ): array => array( 'name' => $d ), $dimensions );
		}
		$excluded = array();
		foreach ( $query->exclude as $dimension => $value ) {
			if ( isset( self::DIMENSIONS[ $dimension ] ) ) {
				// GA4 never answers an empty value: its "(not set)" is the builtin source's empty one.
				$value      = '' === $value ? '(not set)' : $value;
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
		$names      = array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) );
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
			$by_ga4     = array();
			foreach ( is_array( $row['dimensionValues'] ?? null ) ? array_values( $row['dimensionValues'] ) : array() as $i => $value ) {
				$by_ga4[ $dim_heads[ $i ] ?? '' ] = is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '';
			}
			foreach ( $names as $name => $ga4 ) {
				$raw                 = '(not set)' === ( $by_ga4[ $ga4 ] ?? '' ) ? '' : ( $by_ga4[ $ga4 ] ?? '' );
				$dimensions[ $name ] = RealtimeQuery::COUNTRY === $name ? CountryNames::name( $raw ) : $raw;
			}
			$rows[] = array(
				'dimensions' => $dimensions,
				'metrics'    => $metrics_of( $row['metricValues'] ?? array() ),
			);
		}
		if ( array() === $query->dimensions && 1 === count( $rows ) ) {
			$totals = $rows[0]['metrics'];
		} else {
			$totals = is_array( $response['totals'][0] ?? null ) ? $metrics_of( $response['totals'][0]['metricValues'] ?? array() ) : array_fill_keys( $query->metrics, 0 );
		}
		return new Result( $rows, $totals );
	}
}
