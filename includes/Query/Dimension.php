<?php
/**
 * Dimension names, as GA4 spells them.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * The dimensions a Query may group by.
 */
final class Dimension {

	use Names;

	public const DATE             = 'date';
	public const HOUR             = 'hour';
	public const DAY_OF_WEEK      = 'dayOfWeek';
	public const DEVICE_CATEGORY  = 'deviceCategory';
	public const BROWSER          = 'browser';
	public const OPERATING_SYSTEM = 'operatingSystem';
	public const COUNTRY          = 'country';
	public const COUNTRY_ID       = 'countryId';
	public const REGION           = 'region';
	public const SESSION_SOURCE   = 'sessionSource';
	public const SESSION_MEDIUM   = 'sessionMedium';
	public const SESSION_CHANNEL  = 'sessionDefaultChannelGroup';
	public const SESSION_CAMPAIGN = 'sessionCampaignName';
	public const LANDING_PAGE     = 'landingPage';
	public const PAGE_PATH        = 'pagePath';
	public const PAGE_TITLE       = 'pageTitle';
	public const NEW_VS_RETURNING = 'newVsReturning';
	public const LINK_URL         = 'linkUrl';
	public const LINK_KIND        = 'linkKind';
	// Custom dimensions (GA4 event-scoped names; Settings\CustomDimensions).
	public const AUTHOR       = 'customEvent:author';
	public const POST_TYPE    = 'customEvent:post_type';
	public const CATEGORY     = 'customEvent:category';
	public const TAGS         = 'customEvent:tags';
	public const PUBLISHED_AT = 'customEvent:published_at';
	public const LOGGED_IN    = 'customEvent:logged_in';
	public const USER_ROLE    = 'customEvent:user_role';

	// A product of the shop's orders, by its name; a coupon code used on an order.
	public const ITEM_NAME    = 'itemName';
	public const ORDER_COUPON = 'orderCoupon';
	// How long a paid order took from its visitor's first session: whole days, and sessions
	// (counting the one it was placed in). Known only for orders tied to a session; '' otherwise.
	public const DAYS_TO_PURCHASE     = 'daysToPurchase';
	public const SESSIONS_TO_PURCHASE = 'sessionsToPurchase';

	// A step of the eCommerce funnel, named as GA4's funnel report names its steps (the step's
	// number, a dot, its name; here the step's event): FUNNEL_STEPS, in order.
	public const FUNNEL_STEP = 'funnelStepName';

	/**
	 * The eCommerce funnel's steps: a product page seen, a product added to a cart, a purchase.
	 */
	public const FUNNEL_STEPS = array( '1. view_item', '2. add_to_cart', '3. purchase' );

	// A form's id (its plugin's, e.g. wpcf7-12, else the element's id or name) and a media's title.
	public const FORM_ID     = 'customEvent:form_id';
	public const VIDEO_TITLE = 'customEvent:video_title';

	// Demographics, as GA4 names them (from Google signals; only the google source knows them):
	// the user's age bracket (18-24 … 65+, unknown), gender (female, male, unknown) and interest
	// category (e.g. Technology/Technophiles).
	public const USER_AGE_BRACKET  = 'userAgeBracket';
	public const USER_GENDER       = 'userGender';
	public const BRANDING_INTEREST = 'brandingInterest';

	/**
	 * The demographic dimensions.
	 */
	public const DEMOGRAPHICS = array( self::USER_AGE_BRACKET, self::USER_GENDER, self::BRANDING_INTEREST );
}
