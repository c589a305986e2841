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
	public const EVENT_COUNT                   = 'eventCount';
	public const EXITS                         = 'exits';
	public const AVERAGE_SCROLL_DEPTH          = 'averageScrollDepth';
}
