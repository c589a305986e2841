<?php
/**
 * A Query as a GA4 Data API RunReportRequest, and the API's answer as the Query's Result.
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

defined( 'ABSPATH' ) || exit;

/**
 * The Query model's names are GA4's, so most map one to one. The form and video figures are
 * counts of events (Ga4Events), and so are the link kinds' clicks. What GA4 has no metric for
 * (exits, remove-from-cart counts) is not asked and answers 0; what it has no
 * dimension for is not supported (GoogleSource::supports()). GA4 sends every value as a string,
 * rates as fractions and dates as YYYYMMDD; the Result carries what the builtin source carries:
 * numbers, rates in percent rounded to two places, dates as Y-m-d, hours without their leading zero.
 */
final class Ga4Query {

	/**
	 * The metrics GA4 answers, by the Query's name.
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
		Metric::TOTAL_REVENUE                 => 'totalRevenue',
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
	 * GA4's fractions the Query gives in percent.
	 */
	private const PERCENT = array( Metric::BOUNCE_RATE, Metric::ENGAGEMENT_RATE );

	/**
	 * The dimensions GA4 answers, by the Query's name.
	 */
	public const DIMENSIONS = array(
		Dimension::DATE              => 'date',
		Dimension::HOUR              => 'hour',
		Dimension::DAY_OF_WEEK       => 'dayOfWeek',
		Dimension::DEVICE_CATEGORY   => 'deviceCategory',
		Dimension::BROWSER           => 'browser',
		Dimension::OPERATING_SYSTEM  => 'operatingSystem',
		Dimension::COUNTRY           => 'country',
		Dimension::COUNTRY_ID        => 'countryId',
		Dimension::REGION            => 'region',
		Dimension::SESSION_SOURCE    => 'sessionSource',
		Dimension::SESSION_MEDIUM    => 'sessionMedium',
		Dimension::SESSION_CHANNEL   => 'sessionDefaultChannelGroup',
		Dimension::SESSION_CAMPAIGN  => 'sessionCampaignName',
		Dimension::LANDING_PAGE      => 'landingPage',
		Dimension::PAGE_PATH         => 'pagePath',
		Dimension::PAGE_TITLE        => 'pageTitle',
		Dimension::NEW_VS_RETURNING  => 'newVsReturning',
		Dimension::LINK_URL          => 'linkUrl',
		Dimension::ITEM_NAME         => 'itemName',
		Dimension::ORDER_COUPON      => 'orderCoupon',
		// Custom dimensions: GA4's own names (registered in the property; GoogleSource::missing()).
		Dimension::FORM_ID           => Dimension::FORM_ID,
		Dimension::VIDEO_TITLE       => Dimension::VIDEO_TITLE,
		Dimension::AUTHOR            => Dimension::AUTHOR,
		Dimension::POST_TYPE         => Dimension::POST_TYPE,
		Dimension::CATEGORY          => Dimension::CATEGORY,
		Dimension::TAGS              => Dimension::TAGS,
		Dimension::PUBLISHED_AT      => Dimension::PUBLISHED_AT,
		Dimension::LOGGED_IN         => Dimension::LOGGED_IN,
		Dimension::USER_ROLE         => Dimension::USER_ROLE,
		Dimension::USER_AGE_BRACKET  => 'userAgeBracket',
		Dimension::USER_GENDER       => 'userGender',
		Dimension::BRANDING_INTEREST => 'brandingInterest',
	);

	/**
	 * The first day a GA4 property can have data (GA4's launch): an earlier start (an "all time"
	 * range) starts there.
	 */
	public const FIRST_DAY = '2020-10-14';

	/**
	 * The most metrics one request may ask (the API's limit); a query with more is asked in parts
	 * (GoogleSource::run()).
	 */
	public const MAX_METRICS = 10;

	/**
	 * The RunReportRequest of a query over one range.
	 *
	 * @param Query     $query The query.
	 * @param DateRange $range The range (the query's, or its compare range).
	 * @return array<string, mixed>
	 */
	public static function request( Query $query, DateRange $range ): array {
		if ( Ga4Events::applies( $query ) ) {
			return Ga4Events::request( $query, $range );
		}
		$body       = array(
			'dateRanges' => array(
				array(
					'startDate' => max( $range->start_ymd(), min( self::FIRST_DAY, $range->end_ymd() ) ),
					'endDate'   => $range->end_ymd(),
				),
			),
		);
		$dimensions = array_values( array_filter( array_map( static fn( string $d ): ?string => self::DIMENSIONS[ $d ] ?? null, $query->dimensions ) ) );
		if ( array() !== $dimensions ) {
			$body['dimensions'] = array_map( static fn( string $d ): array => array( 'name' => $d ), $dimensions );
		}
		$metrics = self::asked_metrics( $query );
		// A report without any metric GA4 knows still asks one, for its rows.
		$body['metrics'] = array_map( static fn( string $m ): array => array( 'name' => $m ), array() !== $metrics ? $metrics : array( 'sessions' ) );
		$filter          = self::filter( $query->filters );
		if ( null !== $filter ) {
			$body['dimensionFilter'] = $filter;
		}
		$orders = array();
		foreach ( $query->order_by as $order ) {
			if ( isset( self::METRICS[ $order['field'] ] ) ) {
				$orders[] = array(
					'metric' => array( 'metricName' => self::METRICS[ $order['field'] ] ),
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
		if ( array() !== $orders ) {
			$body['orderBys'] = $orders;
		}
		if ( $query->limit > 0 ) {
			$body['limit'] = $query->limit;
		}
		$body['metricAggregations']  = array( 'TOTAL' );
		$body['returnPropertyQuota'] = true;
		return $body;
	}

	/**
	 * The GA4 metrics a query asks, in its order.
	 *
	 * @param Query $query The query.
	 * @return list<string>
	 */
	public static function asked_metrics( Query $query ): array {
		return array_values( array_unique( array_filter( array_map( static fn( string $m ): ?string => self::METRICS[ $m ] ?? null, $query->metrics ) ) ) );
	}

	/**
	 * A FilterExpression of the query's filters (all must match), or null without any.
	 *
	 * @param Filter[] $filters The filters.
	 * @return array<string, mixed>|null
	 */
	public static function filter( array $filters ): ?array {
		$expressions = array();
		foreach ( $filters as $filter ) {
			if ( Dimension::LINK_KIND === $filter->dimension ) {
				$expressions[] = Ga4Events::link_kind( $filter );
				continue;
			}
			$field  = self::DIMENSIONS[ $filter->dimension ] ?? $filter->dimension;
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
		if ( array() === $expressions ) {
			return null;
		}
		return 1 === count( $expressions ) ? $expressions[0] : array( 'andGroup' => array( 'expressions' => $expressions ) );
	}

	/**
	 * The Result of a RunReportResponse for a query.
	 *
	 * @param array<string, mixed> $response The response.
	 * @param Query                $query    The query.
	 */
	public static function result( array $response, Query $query ): Result {
		if ( Ga4Events::applies( $query ) ) {
			return Ga4Events::result( $response, $query );
		}
		$dimension_headers = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', self::items( $response['dimensionHeaders'] ?? array() ) );
		$metric_headers    = array_map( static fn( $h ): string => is_array( $h ) ? (string) ( $h['name'] ?? '' ) : '', self::items( $response['metricHeaders'] ?? array() ) );
		$by_ga4_dimension  = array_flip( array_intersect_key( self::DIMENSIONS, array_flip( $query->dimensions ) ) );
		$rows              = array();
		foreach ( self::items( $response['rows'] ?? array() ) as $row ) {
			if ( ! is_array( $row ) ) {
				continue;
			}
			$dimensions = array();
			foreach ( self::items( $row['dimensionValues'] ?? array() ) as $i => $value ) {
				$name = $by_ga4_dimension[ $dimension_headers[ $i ] ?? '' ] ?? null;
				if ( null !== $name ) {
					$dimensions[ $name ] = self::dimension_value( $name, is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '' );
				}
			}
			$rows[] = array(
				'dimensions' => $dimensions,
				'metrics'    => self::metrics( $query, $metric_headers, self::items( $row['metricValues'] ?? array() ) ),
			);
		}
		// Without dimensions the one row is the total; else GA4's TOTAL aggregation (before the limit).
		$totals_row = self::items( $response['totals'] ?? array() )[0] ?? null;
		if ( array() === $query->dimensions && 1 === count( $rows ) ) {
			$totals = $rows[0]['metrics'];
		} else {
			$totals = is_array( $totals_row ) ? self::metrics( $query, $metric_headers, self::items( $totals_row['metricValues'] ?? array() ) ) : self::metrics( $query, array(), array() );
		}
		return new Result( $rows, $totals );
	}

	/**
	 * The query's metrics from a row's metric values.
	 *
	 * @param Query         $query   The query.
	 * @param array<string> $headers GA4's metric names, in the values' order.
	 * @param array<mixed>  $values  The values.
	 * @return array<string, int|float>
	 */
	private static function metrics( Query $query, array $headers, array $values ): array {
		$by_name = array();
		foreach ( $headers as $i => $name ) {
			$value            = $values[ $i ] ?? null;
			$by_name[ $name ] = is_array( $value ) ? (string) ( $value['value'] ?? '0' ) : '0';
		}
		$out = array();
		foreach ( $query->metrics as $metric ) {
			$raw = $by_name[ self::METRICS[ $metric ] ?? '' ] ?? '0';
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
	private static function dimension_value( string $dimension, string $value ): string {
		if ( Dimension::DATE === $dimension && preg_match( '/^(\d{4})(\d{2})(\d{2})$/', $value, $m ) ) {
			return $m[1] . '-' . $m[2] . '-' . $m[3];
		}
		if ( Dimension::HOUR === $dimension && is_numeric( $value ) ) {
			return (string) (int) $value;
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
