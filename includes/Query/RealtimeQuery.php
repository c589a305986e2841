<?php
/**
 * What a real-time report asks a source: metrics by dimensions over the last minutes.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * An immutable real-time query, shaped as GA4's runRealtimeReport asks it: metrics, dimensions and
 * one minute range (`startMinutesAgo` … `endMinutesAgo`, both inclusive; minute 0 is the last 60
 * seconds) instead of date ranges. Names are the GA4 Realtime API's, so the google source maps them
 * one to one (its standard properties answer 29 minutes back at most; the builtin source answers
 * MAX_MINUTES_AGO).
 *
 * `now` is the instant the minutes count back from; the builtin source reads it, so a report built
 * at a frozen time (tests) asks the same question every time. The google source answers for its own
 * present.
 */
final class RealtimeQuery {

	public const ACTIVE_USERS      = 'activeUsers';
	public const SCREEN_PAGE_VIEWS = 'screenPageViews';

	public const MINUTES_AGO      = 'minutesAgo';
	public const SCREEN_NAME      = 'unifiedScreenName';
	public const PAGE_PATH        = 'pagePath';
	public const LANDING_PAGE     = 'landingPage';
	public const COUNTRY          = 'country';
	public const COUNTRY_ID       = 'countryId';
	public const REGION           = 'region';
	public const CITY             = 'city';
	public const SESSION_SOURCE   = 'sessionSource';
	public const SESSION_MEDIUM   = 'sessionMedium';
	public const SESSION_CAMPAIGN = 'sessionCampaignName';

	/**
	 * The furthest minute back a query may start at.
	 */
	public const MAX_MINUTES_AGO = 59;

	/**
	 * Every metric.
	 */
	public const METRICS = array( self::ACTIVE_USERS, self::SCREEN_PAGE_VIEWS );

	/**
	 * Every dimension.
	 */
	public const DIMENSIONS = array(
		self::MINUTES_AGO,
		self::SCREEN_NAME,
		self::PAGE_PATH,
		self::LANDING_PAGE,
		self::COUNTRY,
		self::COUNTRY_ID,
		self::REGION,
		self::CITY,
		self::SESSION_SOURCE,
		self::SESSION_MEDIUM,
		self::SESSION_CAMPAIGN,
	);

	/**
	 * Metric names.
	 *
	 * @var string[]
	 */
	public readonly array $metrics;

	/**
	 * Dimension names.
	 *
	 * @var string[]
	 */
	public readonly array $dimensions;

	/**
	 * Builds a query.
	 *
	 * @param string[]              $metrics           Metric names (the constants).
	 * @param string[]              $dimensions        Dimension names (the constants).
	 * @param int                   $now               Unix seconds the minutes count back from.
	 * @param int                   $start_minutes_ago The first (oldest) minute, 0–MAX_MINUTES_AGO.
	 * @param int                   $end_minutes_ago   The last minute, 0–$start_minutes_ago.
	 * @param string                $order_by          A metric to sort by, largest first ('' for no order).
	 * @param int                   $limit             Row limit, 0 for all.
	 * @param array<string, string> $exclude Rows whose dimension has this value (dimension => value,
	 *                                       of the query's dimensions) are left out before the limit
	 *                                       (e.g. direct visits from a referral list); totals count them.
	 * @throws \InvalidArgumentException For unknown names, a bad minute range or limit.
	 */
	public function __construct(
		array $metrics,
		array $dimensions,
		public readonly int $now,
		public readonly int $start_minutes_ago = 29,
		public readonly int $end_minutes_ago = 0,
		public readonly string $order_by = '',
		public readonly int $limit = 0,
		public readonly array $exclude = array()
	) {
		if ( array() === $metrics ) {
			throw new \InvalidArgumentException( 'A real-time query needs a metric.' );
		}
		foreach ( $metrics as $metric ) {
			if ( ! in_array( $metric, self::METRICS, true ) ) {
				throw new \InvalidArgumentException( 'Unknown real-time metric: ' . esc_html( $metric ) );
			}
		}
		foreach ( $dimensions as $dimension ) {
			if ( ! in_array( $dimension, self::DIMENSIONS, true ) ) {
				throw new \InvalidArgumentException( 'Unknown real-time dimension: ' . esc_html( $dimension ) );
			}
		}
		if ( $end_minutes_ago < 0 || $start_minutes_ago < $end_minutes_ago || $start_minutes_ago > self::MAX_MINUTES_AGO ) {
			throw new \InvalidArgumentException( 'The minute range must run from at most ' . (int) self::MAX_MINUTES_AGO . ' minutes ago to 0 or later.' );
		}
		if ( '' !== $order_by && ! in_array( $order_by, $metrics, true ) ) {
			throw new \InvalidArgumentException( 'Order by a metric the query asks for: ' . esc_html( $order_by ) );
		}
		if ( $limit < 0 ) {
			throw new \InvalidArgumentException( 'A limit cannot be negative.' );
		}
		foreach ( $exclude as $dimension => $value ) {
			if ( ! in_array( $dimension, $dimensions, true ) || ! is_string( $value ) ) {
				throw new \InvalidArgumentException( 'Leave out rows by a dimension the query asks for: ' . esc_html( (string) $dimension ) );
			}
		}
		$this->metrics    = array_values( $metrics );
		$this->dimensions = array_values( $dimensions );
	}

	/**
	 * The first second of the range: a hit at `now - ( start + 1 ) * 60 + 1` is `start` minutes ago.
	 */
	public function first_second(): int {
		return $this->now - ( $this->start_minutes_ago + 1 ) * MINUTE_IN_SECONDS + 1;
	}

	/**
	 * The last second of the range.
	 */
	public function last_second(): int {
		return $this->now - $this->end_minutes_ago * MINUTE_IN_SECONDS;
	}

	/**
	 * How many whole minutes before `now` a time is (0 for the last 60 seconds).
	 *
	 * @param int $ts Unix seconds, not after now.
	 */
	public function minutes_ago( int $ts ): int {
		return intdiv( max( 0, $this->now - $ts ), MINUTE_IN_SECONDS );
	}
}
