<?php
/**
 * Metric names, as GA4 spells them.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * The metrics a Query may ask for. Names follow the GA4 Data API so the google source maps them
 * one to one.
 */
final class Metric {

	use Names;

	public const SESSIONS                      = 'sessions';
	public const SCREEN_PAGE_VIEWS             = 'screenPageViews';
	public const TOTAL_USERS                   = 'totalUsers';
	public const NEW_USERS                     = 'newUsers';
	public const BOUNCE_RATE                   = 'bounceRate';
	public const ENGAGEMENT_RATE               = 'engagementRate';
	public const ENGAGED_SESSIONS              = 'engagedSessions';
	public const AVERAGE_SESSION_DURATION      = 'averageSessionDuration';
	public const USER_ENGAGEMENT_DURATION      = 'userEngagementDuration';
	public const SCREEN_PAGE_VIEWS_PER_USER    = 'screenPageViewsPerUser';
	public const SCREEN_PAGE_VIEWS_PER_SESSION = 'screenPageViewsPerSession';
	public const SESSIONS_PER_USER             = 'sessionsPerUser';
	public const TOTAL_REVENUE                 = 'totalRevenue';
	public const AVERAGE_REVENUE_PER_USER      = 'averageRevenuePerUser';
	public const ECOMMERCE_PURCHASES           = 'ecommercePurchases';
	// Units of products sold in paid orders (by item: the Site Summary's popular products), and
	// their revenue (line totals less refunds, in the shop's base currency).
	public const ITEMS_PURCHASED = 'itemsPurchased';
	public const ITEM_REVENUE    = 'itemRevenue';
	// Paid orders' revenue per order, and the paid orders of customers who had not bought before.
	public const AVERAGE_PURCHASE_REVENUE = 'averagePurchaseRevenue';
	public const FIRST_TIME_PURCHASERS    = 'firstTimePurchasers';
	// The shop's cart steps: add to cart and remove from cart events, checkouts started.
	public const ADD_TO_CARTS         = 'addToCarts';
	public const REMOVE_FROM_CARTS    = 'removeFromCarts';
	public const CHECKOUTS            = 'checkouts';
	public const EVENT_COUNT          = 'eventCount';
	public const EXITS                = 'exits';
	public const AVERAGE_SCROLL_DEPTH = 'averageScrollDepth';

	// The Forms report: the form_impression and form_conversion events; the rate is a percentage.
	public const FORM_IMPRESSIONS     = 'formImpressions';
	public const FORM_CONVERSIONS     = 'formConversions';
	public const FORM_CONVERSION_RATE = 'formConversionRate';

	// The Media report: plays (video_start), average seconds watched per play, average furthest
	// point reached (percent of the duration), completions per play (percent).
	public const VIDEO_STARTS                 = 'videoStarts';
	public const AVERAGE_VIDEO_WATCH_TIME     = 'averageVideoWatchTime';
	public const AVERAGE_VIDEO_PERCENT_VIEWED = 'averageVideoPercentViewed';
	public const VIDEO_COMPLETION_RATE        = 'videoCompletionRate';

	/**
	 * The metrics of form events.
	 */
	public const FORM_METRICS = array( self::FORM_IMPRESSIONS, self::FORM_CONVERSIONS, self::FORM_CONVERSION_RATE );

	/**
	 * The metrics of media events.
	 */
	public const MEDIA_METRICS = array( self::VIDEO_STARTS, self::AVERAGE_VIDEO_WATCH_TIME, self::AVERAGE_VIDEO_PERCENT_VIEWED, self::VIDEO_COMPLETION_RATE );
}
