<?php
/**
 * A Query as GA4 Data API RunReportRequests, and the API's answers as the Query's Result.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\CountryNames;

defined( 'ABSPATH' ) || exit;

/**
 * The Query model's names are GA4's, so most map one to one. What GA4 has no metric for (exits,
 * the form and video figures) is not asked and answers 0; what it has no dimension for is not
 * supported (GoogleSource::supports()). GA4 sends every value as a string, rates as fractions and
 * dates as YYYYMMDD; the Result carries what the builtin source carries: numbers, rates in percent
 * rounded to two places, dates as Y-m-d, hours without their leading zero, countries by their ISO
 * code and their name in the admin's language (CountryNames, as the builtin source names them),
 * GA4's "(not set)" as an empty value.
 *
 * A query is asked in parts (parts()): GA4 answers at most 10 metrics a request, so more are split
 * over several requests of the same rows, and a metric GA4 counts only as an event's eventCount
 * (remove_from_cart) is a request of its own filtered by that event. GoogleSource sends a query's
 * parts, for its range and its compare range, in one batch when they fit (5 requests), and
 * merge() joins their answers row by row.
 */
final class Ga4Query {

	/**
	 * The metrics GA4 answers, by the Query's name. Revenue is the shop's: GA4's purchaseRevenue
	 * (its totalRevenue adds subscriptions and ad revenue, which the builtin source never counts).
	 */
	public const METRICS = array(
		Metric::SESSIONS                      => 'sessions',
		Metric::SCREEN_PAGE_VIEWS             => 'screenPageViews',
		Metric::TOTAL_USERS                   => 'totalUsers',
		Metric::NEW_USERS                     => 'newUsers',
		Metric::BOUNCE_RATE                   => 'bounceRate',
		Metric::ENGAGEMENT_RATE               => 'engagementRate',
		Metric::ENGAGED_SESSIONS              => 'engagedSessions',
		Metric::AVERAGE_SESSION_DURATION      => 'averageSessionDuration',
		Metric::USER_ENGAGEMENT_DURATION      => 'userEngagementDuration',
		Metric::SCREEN_PAGE_VIEWS_PER_USER    => 'screenPageViewsPerUser',
		Metric::SCREEN_PAGE_VIEWS_PER_SESSION => 'screenPageViewsPerSession',
		Metric::SESSIONS_PER_USER             => 'sessionsPerUser',
		Metric::TOTAL_REVENUE                 => 'purchaseRevenue',
		Metric::AVERAGE_REVENUE_PER_USER      => 'averageRevenuePerUser',
		Metric::ECOMMERCE_PURCHASES           => 'ecommercePurchases',
		Metric::ITEMS_PURCHASED               => 'itemsPurchased',
		Metric::ITEM_REVENUE                  => 'itemRevenue',
		Metric::AVERAGE_PURCHASE_REVENUE      => 'averagePurchaseRevenue',
		Metric::FIRST_TIME_PURCHASERS         => 'firstTimePurchasers',
		Metric::ITEMS_VIEWED                  => 'itemsViewed',
		Metric::ITEMS_ADDED_TO_CART           => 'itemsAddedToCart',
		Metric::ITEMS_CHECKED_OUT             => 'itemsCheckedOut',
		Metric::ADD_TO_CARTS                  => 'addToCarts',
		Metric::CHECKOUTS                     => 'checkouts',
		Metric::ACTIVE_USERS                  => 'activeUsers',
		Metric::EVENT_COUNT                   => 'eventCount',
	);

	/**
	 * Metrics GA4 has no name for but counts as an event's eventCount: the Query's name => the event.
	 */
	public const EVENT_METRICS = array(
		Metric::REMOVE_FROM_CARTS => 'remove_from_cart',
	);

	/**
	 * The most metrics GA4 answers in one request.
	 */
	public const MAX_METRICS = 10;

	/**
	 * The first day a GA4 property can have data (GA4's launch): a range that starts earlier (the
	 * Site Summary's all-time totals start on DateRange::EARLIEST) is asked from this day.
	 */
	public const FIRST_DAY = '2020-10-14';

	/**
	 * GA4's fractions the Query gives in percent.
	 */
	private const PERCENT = array( Metric::BOUNCE_RATE, Metric::ENGAGEMENT_RATE );

	/**
	 * The dimensions GA4 answers, by the Query's name. A country is asked by its countryId and
	 * named here, as the builtin source names it. Channels are GA4's default channel groups, whose
	 * names the builtin source's grouping uses; the groups it has no rule for (Cross-network, Paid
	 * and Organic Shopping, Paid Video, Audio, Mobile Push Notifications) come as GA4 names them.
	 * Landing pages and page paths are GA4's, without their query string.
	 */
	public const DIMENSIONS = array(
		Dimension::DATE             => 'date',
		Dimension::HOUR             => 'hour',
		Dimension::DAY_OF_WEEK      => 'dayOfWeek',
		Dimension::DEVICE_CATEGORY  => 'deviceCategory',
		Dimension::BROWSER          => 'browser',
		Dimension::OPERATING_SYSTEM => 'operatingSystem',
		Dimension::COUNTRY          => 'countryId',
		Dimension::COUNTRY_ID       => 'countryId',
		Dimension::REGION           => 'region',
		Dimension::SESSION_SOURCE   => 'sessionSource',
		Dimension::SESSION_MEDIUM   => 'sessionMedium',
		Dimension::SESSION_CHANNEL  => 'sessionDefaultChannelGroup',
		Dimension::SESSION_CAMPAIGN => 'sessionCampaignName',
		Dimension::LANDING_PAGE     => 'landingPage',
		Dimension::PAGE_PATH        => 'pagePath',
		Dimension::PAGE_TITLE       => 'pageTitle',
		Dimension::NEW_VS_RETURNING => 'newVsReturning',
		Dimension::LINK_URL         => 'linkUrl',
		Dimension::ITEM_NAME        => 'itemName',
		Dimension::ORDER_COUPON     => 'orderCoupon',
	);

	/**
	 * GA4's stand-ins for "none" that are no row on the builtin source, left out of the rows of a
	 * query that groups by the dimension: sessions outside any campaign (GA4 names them after their
	 * source), orders without a coupon, sessions without a page view, users GA4 cannot tell new or
	 * returning (every builtin visitor is one or the other).
	 */
	private const NOT_ROWS = array(
		Dimension::SESSION_CAMPAIGN => array( '(not set)', '(direct)', '(organic)', '(referral)', '(none)' ),
		Dimension::ORDER_COUPON     => array( '(not set)' ),
		Dimension::LANDING_PAGE     => array( '(not set)' ),
		Dimension::NEW_VS_RETURNING => array( '(not set)' ),
	);

	/**
	 * Dimensions whose "(not set)" is the builtin source's empty value.
	 */
	private const NOT_SET = array( Dimension::COUNTRY_ID, Dimension::COUNTRY, Dimension::REGION, Dimension::ITEM_NAME, Dimension::PAGE_TITLE );

	/**
	 * The parts a query is asked in: each a map of the Query's metrics to GA4's (at most
	 * MAX_METRICS, the metrics it is ordered by in the first part) and the event whose eventCount it
	 * counts ('' for none). A query without any metric GA4 knows is one part without metrics (its
	 * request asks sessions, for the rows).
	 *
	 * @param Query $query The query.
	 * @return list<array{metrics: array<string, string>, event: string}>
	 */
	public static function parts( Query $query ): array {
		$ordered = array_column( $query->order_by, 'field' );
		$metrics = array_values( array_unique( array_merge( array_intersect( $ordered, $query->metrics ), $query->metrics ) ) );
		$plain   = array();
		$parts   = array();
		foreach ( $metrics as $metric ) {
			if ( isset( self::METRICS[ $metric ] ) ) {
				$plain[ $metric ] = self::METRICS[ $metric ];
			} elseif ( isset( self::EVENT_METRICS[ $metric ] ) ) {
				$parts[] = array(
					'metrics' => array( $metric => 'eventCount' ),
					'event'   => self::EVENT_METRICS[ $metric ],
				);
			}
		}
		$chunks = array_map(
			static fn( array $chunk ): array => array(
				'metrics' => $chunk,
				'event'   => '',
			),
			array_chunk( $plain, self::MAX_METRICS, true )
		);
		$all    = array_merge( $chunks, $parts );
		return array() === $all ? array(
			array(
				'metrics' => array(),
				'event'   => '',
			),
		) : $all;
	}

	/**
	 * The RunReportRequest of a part of a query over one range. The first part carries the order
	 * and the limit; the others answer every row, and merge() keeps the first part's.
	 *
	 * @param Query                                                $query The query.
	 * @param DateRange                                            $range The range (the query's, or its compare range).
	 * @param array{metrics: array<string, string>, event: string} $part  The part (parts()).
	 * @param bool                                                 $first Whether it is the first part.
	 * @return array<string, mixed>
	 */
	public static function request( Query $query, DateRange $range, array $part, bool $first = true ): array {
		$body       = array(
			'dateRanges' => array(
				array(
					'startDate' => max( self::FIRST_DAY, $range->start_ymd() ),
					'endDate'   => $range->end_ymd(),
				),
			),
		);
		$dimensions = self::dimensions( $query );
		if ( array() !== $dimensions ) {
			$body['dimensions'] = array_map( static fn( string $d ): array => array( 'name' => $d ), $dimensions );
		}
		$metrics         = array() !== $part['metrics'] ? array_values( array_unique( $part['metrics'] ) ) : array( 'sessions' );
		$body['metrics'] = array_map( static fn( string $m ): array => array( 'name' => $m ), $metrics );
		$filters         = self::expressions( $query->filters );
		foreach ( self::NOT_ROWS as $dimension => $values ) {
			if ( in_array( $dimension, $query->dimensions, true ) ) {
				$filters[] = array(
					'notExpression' => array(
						'filter' => array(
							'fieldName'    => self::DIMENSIONS[ $dimension ],
							'inListFilter' => array( 'values' => $values ),
						),
					),
				);
			}
		}
		if ( '' !== $part['event'] ) {
			$filters[] = array(
				'filter' => array(
					'fieldName'    => 'eventName',
					'stringFilter' => array(
						'matchType' => 'EXACT',
						'value'     => $part['event'],
					),
				),
			);
		}
		if ( array() !== $filters ) {
			$body['dimensionFilter'] = 1 === count( $filters ) ? $filters[0] : array( 'andGroup' => array( 'expressions' => $filters ) );
		}
		$orders = $first ? self::orders( $query, $part ) : array();
		if ( array() !== $orders ) {
			$body['orderBys'] = $orders;
		}
		if ( $first && $query->limit > 0 ) {
			$body['limit'] = $query->limit;
		}
		$body['metricAggregations']  = array( 'TOTAL' );
		$body['returnPropertyQuota'] = true;
		return $body;
	}

	/**
	 * GA4's dimensions of a query, each once, in the query's order.
	 *
	 * @param Query $query The query.
	 * @return list<string>
	 */
	public static function dimensions( Query $query ): array {
		return array_values( array_unique( array_filter( array_map( static fn( string $d ): ?string => self::DIMENSIONS[ $d ] ?? null, $query->dimensions ) ) ) );
	}

	/**
	 * The orderBys of a query's first part.
	 *
	 * @param Query                                                $query The query.
	 * @param array{metrics: array<string, string>, event: string} $part  The part.
	 * @return list<array<string, mixed>>
	 */
	private static function orders( Query $query, array $part ): array {
		$orders = array();
		foreach ( $query->order_by as $order ) {
			if ( isset( $part['metrics'][ $order['field'] ] ) ) {
				$orders[] = array(
					'metric' => array( 'metricName' => $part['metrics'][ $order['field'] ] ),
					'desc'   => $order['desc'],
				);
			} elseif ( isset( self::DIMENSIONS[ $order['field'] ] ) ) {
				$dimension = array( 'dimensionName' => self::DIMENSIONS[ $order['field'] ] );
				if ( in_array( $order['field'], array( Dimension::HOUR, Dimension::DAY_OF_WEEK ), true ) ) {
					$dimension['orderType'] = 'NUMERIC';
				}
				$orders[] = array(
					'dimension' => $dimension,
					'desc'      => $order['desc'],
				);
			}
		}
		return $orders;
	}

	/**
	 * A FilterExpression of the query's filters (all must match), or null without any.
	 *
	 * @param Filter[] $filters The filters.
	 * @return array<string, mixed>|null
	 */
	public static function filter( array $filters ): ?array {
		$expressions = self::expressions( $filters );
		if ( array() === $expressions ) {
			return null;
		}
		return 1 === count( $expressions ) ? $expressions[0] : array( 'andGroup' => array( 'expressions' => $expressions ) );
	}

	/**
	 * The FilterExpressions of the query's filters.
	 *
	 * @param Filter[] $filters The filters.
	 * @return list<array<string, mixed>>
	 */
	private static function expressions( array $filters ): array {
		$expressions = array();
		foreach ( $filters as $filter ) {
			// A country is filtered by its name (GA4's are English), else by GA4's name of the dimension.
			$field  = Dimension::COUNTRY === $filter->dimension ? 'country' : ( self::DIMENSIONS[ $filter->dimension ] ?? $filter->dimension );
			$values = array_map( 'strval', (array) $filter->value );
			if ( Filter::IN_LIST === $filter->operator ) {
				$expressions[] = array(
					'filter' => array(
						'fieldName'    => $field,
						'inListFilter' => array( 'values' => $values ),
					),
				);
				continue;
			}
			$expressions[] = array(
				'filter' => array(
					'fieldName'    => $field,
					'stringFilter' => array(
						'matchType' => match ( $filter->operator ) {
							Filter::CONTAINS    => 'CONTAINS',
							Filter::BEGINS_WITH => 'BEGINS_WITH',
							default             => 'EXACT',
						},
						'value'     => $values[0] ?? '',
					),
				),
			);
		}
		return $expressions;
	}

	/**
	 * The Result of a RunReportResponse for a query asked in one part.
	 *
	 * @param array<string, mixed> $response The response.
	 * @param Query                $query    The query.
	 */
	public static function result( array $response, Query $query ): Result {
		$parts = self::parts( $query );
		return self::merge( $query, array( array( $parts[0], $response ) ) );
	}

	/**
	 * The Result of a query from its parts' answers (for one range): the first part's rows, each
	 * with every part's metrics for the same dimension values (0 where a part has none); totals
	 * likewise. Without dimensions the one row is the total; else GA4's TOTAL aggregation (before
	 * the limit).
	 *
	 * @param Query                                                                                         $query   The query.
	 * @param list<array{0: array{metrics: array<string, string>, event: string}, 1: array<string, mixed>}> $answers Each part with its answer.
	 */
	public static function merge( Query $query, array $answers ): Result {
		$rows   = array();
		$index  = array();
		$totals = array_fill_keys( $query->metrics, 0 );
		foreach ( $answers as $i => $answer ) {
			list( $part, $response ) = $answer;
			$dimension_headers       = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', self::items( $response['dimensionHeaders'] ?? array() ) );
			$metric_headers          = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', self::items( $response['metricHeaders'] ?? array() ) );
			$part_rows               = array();
			foreach ( self::items( $response['rows'] ?? array() ) as $row ) {
				if ( is_array( $row ) ) {
					$part_rows[] = array(
						'dimensions' => self::row_dimensions( $query, $dimension_headers, self::items( $row['dimensionValues'] ?? array() ) ),
						'metrics'    => self::metrics( $part, $metric_headers, self::items( $row['metricValues'] ?? array() ) ),
					);
				}
			}
			$totals_row = self::items( $response['totals'] ?? array() )[0] ?? null;
			if ( array() === $query->dimensions && 1 === count( $part_rows ) ) {
				$totals = $part_rows[0]['metrics'] + $totals;
			} elseif ( is_array( $totals_row ) ) {
				$totals = self::metrics( $part, $metric_headers, self::items( $totals_row['metricValues'] ?? array() ) ) + $totals;
			}
			foreach ( $part_rows as $row ) {
				$key = (string) wp_json_encode( $row['dimensions'] );
				if ( 0 === $i ) {
					$index[ $key ] = count( $rows );
					$rows[]        = array(
						'dimensions' => $row['dimensions'],
						'metrics'    => $row['metrics'] + array_fill_keys( $query->metrics, 0 ),
					);
				} elseif ( isset( $index[ $key ] ) ) {
					$rows[ $index[ $key ] ]['metrics'] = $row['metrics'] + $rows[ $index[ $key ] ]['metrics'];
				}
			}
		}
		// Each row's metrics in the query's order.
		$order = array_flip( $query->metrics );
		foreach ( $rows as $i => $row ) {
			$rows[ $i ]['metrics'] = array_replace( $order, $row['metrics'] );
		}
		return new Result( $rows, array_replace( $order, $totals ) );
	}

	/**
	 * A row's values of the query's dimensions.
	 *
	 * @param Query         $query   The query.
	 * @param array<string> $headers GA4's dimension names, in the values' order.
	 * @param array<mixed>  $values  The values.
	 * @return array<string, string>
	 */
	private static function row_dimensions( Query $query, array $headers, array $values ): array {
		$by_name = array();
		foreach ( $headers as $i => $name ) {
			$value            = $values[ $i ] ?? null;
			$by_name[ $name ] = is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '';
		}
		$out = array();
		foreach ( $query->dimensions as $dimension ) {
			$ga4 = self::DIMENSIONS[ $dimension ] ?? null;
			if ( null !== $ga4 && isset( $by_name[ $ga4 ] ) ) {
				$out[ $dimension ] = self::dimension_value( $dimension, $by_name[ $ga4 ] );
			}
		}
		return $out;
	}

	/**
	 * A part's metrics from a row's metric values.
	 *
	 * @param array{metrics: array<string, string>, event: string} $part    The part.
	 * @param array<string>                                        $headers GA4's metric names, in the values' order.
	 * @param array<mixed>                                         $values  The values.
	 * @return array<string, int|float>
	 */
	private static function metrics( array $part, array $headers, array $values ): array {
		$by_name = array();
		foreach ( $headers as $i => $name ) {
			$value            = $values[ $i ] ?? null;
			$by_name[ $name ] = is_array( $value ) ? (string) ( $value['value'] ?? '0' ) : '0';
		}
		$out = array();
		foreach ( $part['metrics'] as $metric => $ga4 ) {
			$raw = $by_name[ $ga4 ] ?? '0';
			if ( in_array( $metric, self::PERCENT, true ) ) {
				$out[ $metric ] = round( (float) $raw * 100, 2 );
			} elseif ( is_numeric( $raw ) && ! str_contains( $raw, '.' ) && ! str_contains( strtolower( $raw ), 'e' ) ) {
				$out[ $metric ] = (int) $raw;
			} else {
				$out[ $metric ] = round( (float) $raw, 2 );
			}
		}
		return $out;
	}

	/**
	 * A dimension's value as the builtin source gives it.
	 *
	 * @param string $dimension The Query's dimension.
	 * @param string $value     GA4's value.
	 */
	public static function dimension_value( string $dimension, string $value ): string {
		if ( Dimension::DATE === $dimension && preg_match( '/^(\d{4})(\d{2})(\d{2})$/', $value, $m ) ) {
			return $m[1] . '-' . $m[2] . '-' . $m[3];
		}
		if ( Dimension::HOUR === $dimension && is_numeric( $value ) ) {
			return (string) (int) $value;
		}
		if ( in_array( $dimension, self::NOT_SET, true ) && '(not set)' === $value ) {
			$value = '';
		}
		if ( Dimension::COUNTRY === $dimension ) {
			return CountryNames::name( $value );
		}
		return $value;
	}

	/**
	 * A JSON list, or an empty one.
	 *
	 * @param mixed $value The value.
	 * @return list<mixed>
	 */
	private static function items( $value ): array {
		return is_array( $value ) ? array_values( $value ) : array();
	}
}
