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

	// A form's id (its plugin's, e.g. wpcf7-12, else the element's id or name) and a media's title.
	public const FORM_ID     = 'customEvent:form_id';
	public const VIDEO_TITLE = 'customEvent:video_title';

	/**
	 * Every known dimension.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array(
			self::DATE,
			self::HOUR,
			self::DAY_OF_WEEK,
			self::DEVICE_CATEGORY,
			self::BROWSER,
			self::OPERATING_SYSTEM,
			self::COUNTRY,
			self::COUNTRY_ID,
			self::REGION,
			self::SESSION_SOURCE,
			self::SESSION_MEDIUM,
			self::SESSION_CHANNEL,
			self::SESSION_CAMPAIGN,
			self::LANDING_PAGE,
			self::PAGE_PATH,
			self::PAGE_TITLE,
			self::NEW_VS_RETURNING,
			self::LINK_URL,
			self::LINK_KIND,
			self::AUTHOR,
			self::POST_TYPE,
			self::CATEGORY,
			self::TAGS,
			self::PUBLISHED_AT,
			self::LOGGED_IN,
			self::USER_ROLE,
			self::FORM_ID,
			self::VIDEO_TITLE,
		);
	}

	/**
	 * Whether a name is a known dimension.
	 *
	 * @param string $name The dimension.
	 */
	public static function is_valid( string $name ): bool {
		return in_array( $name, self::all(), true );
	}
}
