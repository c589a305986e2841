<?php
/**
 * Conversations AI: what the model is told about the names of the Query model.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Registry;

defined( 'ABSPATH' ) || exit;

/**
 * The metrics and dimensions of the Query model (Query\Metric, Query\Dimension: every name they
 * know, a name added there is listed here at once) with a short label and description, and the
 * reports of the app with their titles. The `list_names` tool answers them; a chart's series is
 * named by its metric's label.
 */
final class Catalog {

	/**
	 * The label and description of every metric; a metric missing here is listed by its name.
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function metric_texts(): array {
		return array(
			Metric::SESSIONS                      => array( __( 'Sessions', 'monsterinsights-reports' ), __( 'Visits to the site.', 'monsterinsights-reports' ) ),
			Metric::SCREEN_PAGE_VIEWS             => array( __( 'Page views', 'monsterinsights-reports' ), __( 'Pages viewed.', 'monsterinsights-reports' ) ),
			Metric::TOTAL_USERS                   => array( __( 'Users', 'monsterinsights-reports' ), __( 'Distinct visitors.', 'monsterinsights-reports' ) ),
			Metric::NEW_USERS                     => array( __( 'New users', 'monsterinsights-reports' ), __( 'Visitors seen for the first time.', 'monsterinsights-reports' ) ),
			Metric::BOUNCE_RATE                   => array( __( 'Bounce rate', 'monsterinsights-reports' ), __( 'Percent of sessions that were not engaged.', 'monsterinsights-reports' ) ),
			Metric::ENGAGEMENT_RATE               => array( __( 'Engagement rate', 'monsterinsights-reports' ), __( 'Percent of sessions that were engaged.', 'monsterinsights-reports' ) ),
			Metric::ENGAGED_SESSIONS              => array( __( 'Engaged sessions', 'monsterinsights-reports' ), __( 'Sessions that lasted, viewed two pages or converted.', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_SESSION_DURATION      => array( __( 'Average session duration', 'monsterinsights-reports' ), __( 'Seconds per session.', 'monsterinsights-reports' ) ),
			Metric::USER_ENGAGEMENT_DURATION      => array( __( 'Engagement time', 'monsterinsights-reports' ), __( 'Seconds the site was in the foreground.', 'monsterinsights-reports' ) ),
			Metric::SCREEN_PAGE_VIEWS_PER_USER    => array( __( 'Page views per user', 'monsterinsights-reports' ), __( 'Page views divided by users.', 'monsterinsights-reports' ) ),
			Metric::SCREEN_PAGE_VIEWS_PER_SESSION => array( __( 'Page views per session', 'monsterinsights-reports' ), __( 'Page views divided by sessions.', 'monsterinsights-reports' ) ),
			Metric::SESSIONS_PER_USER             => array( __( 'Sessions per user', 'monsterinsights-reports' ), __( 'Sessions divided by users.', 'monsterinsights-reports' ) ),
			Metric::TOTAL_REVENUE                 => array( __( 'Revenue', 'monsterinsights-reports' ), __( 'Revenue of paid orders, in the shop’s currency.', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_REVENUE_PER_USER      => array( __( 'Revenue per user', 'monsterinsights-reports' ), __( 'Revenue divided by users.', 'monsterinsights-reports' ) ),
			Metric::ECOMMERCE_PURCHASES           => array( __( 'Purchases', 'monsterinsights-reports' ), __( 'Paid orders.', 'monsterinsights-reports' ) ),
			Metric::ITEMS_PURCHASED               => array( __( 'Items purchased', 'monsterinsights-reports' ), __( 'Units of products sold (by itemName).', 'monsterinsights-reports' ) ),
			Metric::ITEM_REVENUE                  => array( __( 'Product revenue', 'monsterinsights-reports' ), __( 'Revenue of the products sold (by itemName).', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_PURCHASE_REVENUE      => array( __( 'Average order value', 'monsterinsights-reports' ), __( 'Revenue per paid order.', 'monsterinsights-reports' ) ),
			Metric::FIRST_TIME_PURCHASERS         => array( __( 'First-time purchasers', 'monsterinsights-reports' ), __( 'Paid orders of customers who had not bought before.', 'monsterinsights-reports' ) ),
			Metric::ITEMS_VIEWED                  => array( __( 'Products viewed', 'monsterinsights-reports' ), __( 'Product page views (by date or itemName).', 'monsterinsights-reports' ) ),
			Metric::ITEMS_ADDED_TO_CART           => array( __( 'Products added to cart', 'monsterinsights-reports' ), __( 'Units added to a cart (by date or itemName).', 'monsterinsights-reports' ) ),
			Metric::ITEMS_CHECKED_OUT             => array( __( 'Products checked out', 'monsterinsights-reports' ), __( 'Units in a checkout opened (by date or itemName).', 'monsterinsights-reports' ) ),
			Metric::ADD_TO_CARTS                  => array( __( 'Add to carts', 'monsterinsights-reports' ), __( 'Add-to-cart events (by date only).', 'monsterinsights-reports' ) ),
			Metric::CHECKOUTS                     => array( __( 'Checkouts', 'monsterinsights-reports' ), __( 'Checkouts opened (by date only).', 'monsterinsights-reports' ) ),
			Metric::REMOVE_FROM_CARTS             => array( __( 'Removed from cart', 'monsterinsights-reports' ), __( 'Remove-from-cart events (by date only).', 'monsterinsights-reports' ) ),
			Metric::ACTIVE_USERS                  => array( __( 'Active users', 'monsterinsights-reports' ), __( 'Users at each step of the shop funnel (by funnelStepName only).', 'monsterinsights-reports' ) ),
			Metric::EVENT_COUNT                   => array( __( 'Events', 'monsterinsights-reports' ), __( 'Events counted (clicks of links by linkUrl or linkKind).', 'monsterinsights-reports' ) ),
			Metric::EXITS                         => array( __( 'Exits', 'monsterinsights-reports' ), __( 'Sessions that ended on a page (by pagePath).', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_SCROLL_DEPTH          => array( __( 'Average scroll depth', 'monsterinsights-reports' ), __( 'Percent of a page scrolled.', 'monsterinsights-reports' ) ),
			Metric::FORM_IMPRESSIONS              => array( __( 'Form impressions', 'monsterinsights-reports' ), __( 'Forms seen (by customEvent:form_id).', 'monsterinsights-reports' ) ),
			Metric::FORM_CONVERSIONS              => array( __( 'Form conversions', 'monsterinsights-reports' ), __( 'Forms sent (by customEvent:form_id).', 'monsterinsights-reports' ) ),
			Metric::FORM_CONVERSION_RATE          => array( __( 'Form conversion rate', 'monsterinsights-reports' ), __( 'Percent of form impressions sent.', 'monsterinsights-reports' ) ),
			Metric::VIDEO_STARTS                  => array( __( 'Video plays', 'monsterinsights-reports' ), __( 'Media played (by customEvent:video_title).', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_VIDEO_WATCH_TIME      => array( __( 'Average watch time', 'monsterinsights-reports' ), __( 'Seconds watched per play.', 'monsterinsights-reports' ) ),
			Metric::AVERAGE_VIDEO_PERCENT_VIEWED  => array( __( 'Average percent viewed', 'monsterinsights-reports' ), __( 'Furthest point reached, percent of the duration.', 'monsterinsights-reports' ) ),
			Metric::VIDEO_COMPLETION_RATE         => array( __( 'Completion rate', 'monsterinsights-reports' ), __( 'Percent of plays watched to the end.', 'monsterinsights-reports' ) ),
		);
	}

	/**
	 * The description of every dimension; a dimension missing here is listed by its name.
	 *
	 * @return array<string, string>
	 */
	public static function dimension_texts(): array {
		return array(
			Dimension::DATE                 => __( 'The day, YYYYMMDD.', 'monsterinsights-reports' ),
			Dimension::HOUR                 => __( 'The hour of the day, 00–23.', 'monsterinsights-reports' ),
			Dimension::DAY_OF_WEEK          => __( 'The day of the week, 0 (Sunday) – 6.', 'monsterinsights-reports' ),
			Dimension::DEVICE_CATEGORY      => __( 'desktop, mobile or tablet.', 'monsterinsights-reports' ),
			Dimension::BROWSER              => __( 'The browser.', 'monsterinsights-reports' ),
			Dimension::OPERATING_SYSTEM     => __( 'The operating system.', 'monsterinsights-reports' ),
			Dimension::COUNTRY              => __( 'The country’s name.', 'monsterinsights-reports' ),
			Dimension::COUNTRY_ID           => __( 'The country’s ISO code.', 'monsterinsights-reports' ),
			Dimension::REGION               => __( 'The region.', 'monsterinsights-reports' ),
			Dimension::SESSION_SOURCE       => __( 'Where the session came from (a site, a search engine).', 'monsterinsights-reports' ),
			Dimension::SESSION_MEDIUM       => __( 'The medium (organic, referral, email, cpc…).', 'monsterinsights-reports' ),
			Dimension::SESSION_CHANNEL      => __( 'The channel (Organic Search, Direct, Referral, Email…).', 'monsterinsights-reports' ),
			Dimension::SESSION_CAMPAIGN     => __( 'The campaign (utm_campaign).', 'monsterinsights-reports' ),
			Dimension::LANDING_PAGE         => __( 'The first page of the session.', 'monsterinsights-reports' ),
			Dimension::PAGE_PATH            => __( 'A page’s path.', 'monsterinsights-reports' ),
			Dimension::PAGE_TITLE           => __( 'A page’s title.', 'monsterinsights-reports' ),
			Dimension::NEW_VS_RETURNING     => __( 'new or returning visitors.', 'monsterinsights-reports' ),
			Dimension::LINK_URL             => __( 'The URL of a link clicked to another site or a download.', 'monsterinsights-reports' ),
			Dimension::LINK_KIND            => __( 'The kind of link clicked (outbound, download, affiliate…).', 'monsterinsights-reports' ),
			Dimension::AUTHOR               => __( 'The author of the page viewed.', 'monsterinsights-reports' ),
			Dimension::POST_TYPE            => __( 'The post type of the page viewed.', 'monsterinsights-reports' ),
			Dimension::CATEGORY             => __( 'The category of the page viewed.', 'monsterinsights-reports' ),
			Dimension::TAGS                 => __( 'The tags of the page viewed.', 'monsterinsights-reports' ),
			Dimension::PUBLISHED_AT         => __( 'When the page viewed was published.', 'monsterinsights-reports' ),
			Dimension::LOGGED_IN            => __( 'Whether the visitor was logged in.', 'monsterinsights-reports' ),
			Dimension::USER_ROLE            => __( 'The role of a logged-in visitor.', 'monsterinsights-reports' ),
			Dimension::ITEM_NAME            => __( 'A product’s name.', 'monsterinsights-reports' ),
			Dimension::ORDER_COUPON         => __( 'A coupon code used on an order.', 'monsterinsights-reports' ),
			Dimension::DAYS_TO_PURCHASE     => __( 'Days from the first session to the purchase.', 'monsterinsights-reports' ),
			Dimension::SESSIONS_TO_PURCHASE => __( 'Sessions up to the purchase.', 'monsterinsights-reports' ),
			Dimension::FUNNEL_STEP          => __( 'A step of the shop funnel (with activeUsers only).', 'monsterinsights-reports' ),
			Dimension::FORM_ID              => __( 'A form’s id.', 'monsterinsights-reports' ),
			Dimension::VIDEO_TITLE          => __( 'A media’s title.', 'monsterinsights-reports' ),
			Dimension::USER_AGE_BRACKET     => __( 'The visitor’s age bracket (Google Analytics only).', 'monsterinsights-reports' ),
			Dimension::USER_GENDER          => __( 'The visitor’s gender (Google Analytics only).', 'monsterinsights-reports' ),
			Dimension::BRANDING_INTEREST    => __( 'The visitor’s interests (Google Analytics only).', 'monsterinsights-reports' ),
		);
	}

	/**
	 * The titles of the reports the app shows (Reports\Registry names).
	 *
	 * @return array<string, string>
	 */
	public static function report_titles(): array {
		return array(
			'overview'              => __( 'Overview', 'monsterinsights-reports' ),
			'site_summary'          => __( 'Site Summary', 'monsterinsights-reports' ),
			'publisher'             => __( 'Publishers', 'monsterinsights-reports' ),
			'engagement_pages'      => __( 'Pages', 'monsterinsights-reports' ),
			'countries'             => __( 'Countries', 'monsterinsights-reports' ),
			'ecommerce'             => __( 'eCommerce', 'monsterinsights-reports' ),
			'ecommerce_coupons'     => __( 'Coupons', 'monsterinsights-reports' ),
			'ecommerce_funnel'      => __( 'Funnel', 'monsterinsights-reports' ),
			'cart_abandonment'      => __( 'Cart Abandonment', 'monsterinsights-reports' ),
			'queries'               => __( 'Search Console', 'monsterinsights-reports' ),
			'dimensions'            => __( 'Dimensions', 'monsterinsights-reports' ),
			'forms'                 => __( 'Forms', 'monsterinsights-reports' ),
			'realtime'              => __( 'Real-Time', 'monsterinsights-reports' ),
			'sitespeed'             => __( 'Site Speed', 'monsterinsights-reports' ),
			'media'                 => __( 'Media', 'monsterinsights-reports' ),
			'userjourney'           => __( 'User Journey', 'monsterinsights-reports' ),
			'ai_insights'           => __( 'AI Insights', 'monsterinsights-reports' ),
			'ai_chat'               => __( 'Conversations AI', 'monsterinsights-reports' ),
			'traffic_overview'      => __( 'Traffic Overview', 'monsterinsights-reports' ),
			'traffic_landing_pages' => __( 'Landing Pages', 'monsterinsights-reports' ),
			'traffic_technology'    => __( 'Technology', 'monsterinsights-reports' ),
			'traffic_campaign'      => __( 'Campaigns', 'monsterinsights-reports' ),
			'traffic_source_medium' => __( 'Source / Medium', 'monsterinsights-reports' ),
			'traffic_social'        => __( 'Social Media', 'monsterinsights-reports' ),
			'exceptions'            => __( 'Exceptions', 'monsterinsights-reports' ),
			'yearinreview'          => __( 'Year in Review', 'monsterinsights-reports' ),
		);
	}

	/**
	 * A metric's label ("Sessions"); the name itself when it has none.
	 *
	 * @param string $metric A Query\Metric name.
	 */
	public static function metric_label( string $metric ): string {
		return self::metric_texts()[ $metric ][0] ?? $metric;
	}

	/**
	 * What `list_names` answers: every metric and dimension with its description, every report
	 * with its title.
	 *
	 * @return array{metrics: list<array{name: string, description: string}>, dimensions: list<array{name: string, description: string}>, reports: list<array{name: string, title: string}>}
	 */
	public static function names(): array {
		$metric_texts    = self::metric_texts();
		$dimension_texts = self::dimension_texts();
		$titles          = self::report_titles();
		$metrics         = array();
		foreach ( Metric::all() as $name ) {
			$metrics[] = array(
				'name'        => $name,
				'description' => isset( $metric_texts[ $name ] ) ? $metric_texts[ $name ][0] . ': ' . $metric_texts[ $name ][1] : $name,
			);
		}
		$dimensions = array();
		foreach ( Dimension::all() as $name ) {
			$dimensions[] = array(
				'name'        => $name,
				'description' => $dimension_texts[ $name ] ?? $name,
			);
		}
		$reports = array();
		foreach ( array_keys( Registry::REPORTS ) as $name ) {
			$reports[] = array(
				'name'  => $name,
				'title' => $titles[ $name ] ?? $name,
			);
		}
		return array(
			'metrics'    => $metrics,
			'dimensions' => $dimensions,
			'reports'    => $reports,
		);
	}
}
