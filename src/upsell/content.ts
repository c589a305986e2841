/**
 * Upsell content of every locked report (docs/product-rules.md#upsells): mainheading, title,
 * optional subtitle, optional columns, features. Only the social media headline is fixed word for
 * word; the feature bullets describe what each report shows in this product.
 */
import { __ } from '@wordpress/i18n';

import type { UpsellCopy } from '../demo';

/** The upsell copy of a locked report (src/demo defines its shape: a sample may carry it). */
export type UpsellContent = UpsellCopy;

export type UpsellKey =
	| 'overview'
	| 'publisher'
	| 'countries'
	| 'ecommerce'
	| 'ecommerce_product_sales'
	| 'ecommerce_funnel'
	| 'ecommerce_coupons'
	| 'cart_abandonment'
	| 'dimensions'
	| 'forms'
	| 'queries'
	| 'realtime'
	| 'sitespeed'
	| 'media'
	| 'userjourney'
	| 'traffic'
	| 'traffic_landing_pages'
	| 'traffic_technology'
	| 'traffic_campaign'
	| 'traffic_source_medium'
	| 'engagement_overview'
	| 'engagement_pages'
	| 'traffic_social'
	| 'exceptions'
	| 'ai_insights'
	| 'ai_insights_chat'
	| 'yearinreview';

/**
 * Each entry is a function so its strings are translated when shown, not when the module loads.
 */
const CONTENT: Record< UpsellKey, () => UpsellContent > = {
	overview: () => ( {
		mainheading: __( 'Overview Report', 'monsterinsights-reports' ),
		title: __(
			'See Your Traffic for Any Date Range.',
			'monsterinsights-reports'
		),
		subtitle: __(
			'Pick any range, compare it with another and export the report to PDF.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Custom date ranges', 'monsterinsights-reports' ),
			__( 'Compare to a previous period', 'monsterinsights-reports' ),
			__( 'PDF export', 'monsterinsights-reports' ),
			__(
				'Revenue and purchase metrics on the chart',
				'monsterinsights-reports'
			),
			__( 'Most popular page', 'monsterinsights-reports' ),
		],
	} ),
	publisher: () => ( {
		mainheading: __( 'Publishers Report', 'monsterinsights-reports' ),
		title: __(
			'Find Out Which Content Keeps Visitors Engaged.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Top landing pages', 'monsterinsights-reports' ),
			__( 'Top exit pages', 'monsterinsights-reports' ),
			__( 'Outbound link clicks', 'monsterinsights-reports' ),
			__( 'Affiliate link clicks', 'monsterinsights-reports' ),
			__( 'File downloads', 'monsterinsights-reports' ),
			__( 'Age and gender of your audience', 'monsterinsights-reports' ),
			__( 'Interest categories', 'monsterinsights-reports' ),
			__( 'Average scroll depth', 'monsterinsights-reports' ),
		],
	} ),
	countries: () => ( {
		mainheading: __( 'Country Report', 'monsterinsights-reports' ),
		title: __(
			'See Where Your Visitors Come From, Down to the Region.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'Sessions and pageviews by country',
				'monsterinsights-reports'
			),
			__( 'Regions within each country', 'monsterinsights-reports' ),
			__( 'Engaged sessions and bounce rate', 'monsterinsights-reports' ),
			__(
				'Purchases by country with eCommerce',
				'monsterinsights-reports'
			),
			__( 'Trend chart with site notes', 'monsterinsights-reports' ),
		],
	} ),
	ecommerce: () => ( {
		mainheading: __( 'eCommerce Report', 'monsterinsights-reports' ),
		title: __(
			'Increase Sales With Insights Into Your Store.',
			'monsterinsights-reports'
		),
		subtitle: __(
			'See which products sell, where buyers come from and how long they take to buy.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Conversion rate', 'monsterinsights-reports' ),
			__( 'Transactions and revenue', 'monsterinsights-reports' ),
			__( 'Average order value', 'monsterinsights-reports' ),
			__( 'Top products', 'monsterinsights-reports' ),
			__( 'Top conversion sources', 'monsterinsights-reports' ),
			__(
				'Add to cart and removed from cart',
				'monsterinsights-reports'
			),
			__( 'Time to purchase', 'monsterinsights-reports' ),
			__( 'Sessions to purchase', 'monsterinsights-reports' ),
		],
	} ),
	ecommerce_product_sales: () => ( {
		mainheading: __( 'Product Sales', 'monsterinsights-reports' ),
		title: __(
			'See Which Products Make You the Most Money.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Top products by revenue', 'monsterinsights-reports' ),
			__( 'Quantity sold per product', 'monsterinsights-reports' ),
			__( 'Share of total sales', 'monsterinsights-reports' ),
			__( 'Top conversion sources', 'monsterinsights-reports' ),
		],
	} ),
	ecommerce_funnel: () => ( {
		mainheading: __( 'eCommerce Funnel', 'monsterinsights-reports' ),
		title: __(
			'See Where Shoppers Drop Off Before They Buy.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'View item, add to cart and purchase steps',
				'monsterinsights-reports'
			),
			__( 'Completion rate per step', 'monsterinsights-reports' ),
			__( 'Abandonment rate per step', 'monsterinsights-reports' ),
			__( 'Breakdown by channel', 'monsterinsights-reports' ),
			__( 'Breakdown by country', 'monsterinsights-reports' ),
			__(
				'WooCommerce and Easy Digital Downloads support',
				'monsterinsights-reports'
			),
		],
	} ),
	ecommerce_coupons: () => ( {
		mainheading: __( 'Coupons Report', 'monsterinsights-reports' ),
		title: __(
			'See Which Coupons Bring in Revenue.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Revenue per coupon', 'monsterinsights-reports' ),
			__( 'Transactions per coupon', 'monsterinsights-reports' ),
			__( 'Average order value per coupon', 'monsterinsights-reports' ),
			__( 'Compare with a previous period', 'monsterinsights-reports' ),
			__( 'Search coupons by name', 'monsterinsights-reports' ),
		],
	} ),
	cart_abandonment: () => ( {
		mainheading: __( 'Cart Abandonment', 'monsterinsights-reports' ),
		title: __(
			'Win Back the Sales You Lose in the Cart.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Cart abandonment rate by product', 'monsterinsights-reports' ),
			__(
				'Checkout abandonment rate by product',
				'monsterinsights-reports'
			),
			__( 'Abandoned quantity and revenue', 'monsterinsights-reports' ),
			__( 'Abandonment by day', 'monsterinsights-reports' ),
			__( 'Searchable tables', 'monsterinsights-reports' ),
		],
	} ),
	dimensions: () => ( {
		mainheading: __( 'Dimensions Report', 'monsterinsights-reports' ),
		title: __(
			'Learn Which Authors, Categories and Post Types Perform Best.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Views by author', 'monsterinsights-reports' ),
			__( 'Views by post type', 'monsterinsights-reports' ),
			__( 'Views by category', 'monsterinsights-reports' ),
			__( 'Views by tag', 'monsterinsights-reports' ),
			__(
				'Logged-in and logged-out visitors',
				'monsterinsights-reports'
			),
			__( 'Views by publishing time', 'monsterinsights-reports' ),
		],
	} ),
	forms: () => ( {
		mainheading: __( 'Forms Report', 'monsterinsights-reports' ),
		title: __(
			'Track Every Form Impression and Submission.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Form impressions', 'monsterinsights-reports' ),
			__( 'Form completions', 'monsterinsights-reports' ),
			__( 'Conversion rate per form', 'monsterinsights-reports' ),
			__( 'Breakdown by source / medium', 'monsterinsights-reports' ),
			__( 'Breakdown by campaign', 'monsterinsights-reports' ),
			__( 'Trend chart with site notes', 'monsterinsights-reports' ),
		],
	} ),
	queries: () => ( {
		mainheading: __( 'Search Console Report', 'monsterinsights-reports' ),
		title: __(
			'See the Google Search Terms That Bring You Visitors.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Top 50 Google search terms', 'monsterinsights-reports' ),
			__( 'Clicks per term', 'monsterinsights-reports' ),
			__( 'Impressions per term', 'monsterinsights-reports' ),
			__( 'Click-through rate', 'monsterinsights-reports' ),
			__( 'Average position', 'monsterinsights-reports' ),
		],
	} ),
	realtime: () => ( {
		mainheading: __( 'Real-Time Report', 'monsterinsights-reports' ),
		title: __(
			'See Who Is on Your Site Right Now.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Active users right now', 'monsterinsights-reports' ),
			__( 'Pageviews per minute', 'monsterinsights-reports' ),
			__( 'Top pages', 'monsterinsights-reports' ),
			__( 'Top referral sources', 'monsterinsights-reports' ),
			__( 'Top countries', 'monsterinsights-reports' ),
			__( 'Top cities', 'monsterinsights-reports' ),
			__( 'Refreshes every 60 seconds', 'monsterinsights-reports' ),
		],
	} ),
	sitespeed: () => ( {
		mainheading: __( 'Site Speed Report', 'monsterinsights-reports' ),
		title: __(
			'Find Out What Slows Your Site Down.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Overall performance score', 'monsterinsights-reports' ),
			__( 'Mobile and desktop audits', 'monsterinsights-reports' ),
			__( 'Largest contentful paint', 'monsterinsights-reports' ),
			__( 'Cumulative layout shift', 'monsterinsights-reports' ),
			__( 'Server response time', 'monsterinsights-reports' ),
			__( 'Total blocking time', 'monsterinsights-reports' ),
			__( 'Tips to improve each metric', 'monsterinsights-reports' ),
		],
	} ),
	media: () => ( {
		mainheading: __( 'Media Report', 'monsterinsights-reports' ),
		title: __(
			'See Which Videos Keep Visitors Watching.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Video plays over time', 'monsterinsights-reports' ),
			__( 'Video starts', 'monsterinsights-reports' ),
			__( 'Average watch time', 'monsterinsights-reports' ),
			__( 'Completion rate per video', 'monsterinsights-reports' ),
			__( 'Compare with a previous period', 'monsterinsights-reports' ),
		],
	} ),
	userjourney: () => ( {
		mainheading: __( 'User Journey Report', 'monsterinsights-reports' ),
		title: __(
			'See the Steps Each Customer Took Before Buying.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'Every page a customer viewed before the purchase',
				'monsterinsights-reports'
			),
			__(
				'Filter by campaign, medium and source',
				'monsterinsights-reports'
			),
			__( 'Search by transaction ID', 'monsterinsights-reports' ),
			__( 'Order totals and dates', 'monsterinsights-reports' ),
			__( 'A link to each order', 'monsterinsights-reports' ),
		],
	} ),
	traffic: () => ( {
		mainheading: __( 'Traffic Overview', 'monsterinsights-reports' ),
		title: __(
			'See Which Channels Send You Visitors and Sales.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Sessions and pageviews chart', 'monsterinsights-reports' ),
			__( 'Traffic by channel', 'monsterinsights-reports' ),
			__( 'Engaged sessions per channel', 'monsterinsights-reports' ),
			__( 'Pages per session', 'monsterinsights-reports' ),
			__(
				'Purchases, conversion rate and revenue per channel',
				'monsterinsights-reports'
			),
			__( 'Site notes on the chart', 'monsterinsights-reports' ),
		],
	} ),
	traffic_landing_pages: () => ( {
		mainheading: __( 'Landing Page Details', 'monsterinsights-reports' ),
		title: __(
			'Find Out Which Landing Pages Convert Best.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Sessions per landing page', 'monsterinsights-reports' ),
			__( 'Engaged sessions', 'monsterinsights-reports' ),
			__( 'Pages per session', 'monsterinsights-reports' ),
			__( 'Purchases and conversion rate', 'monsterinsights-reports' ),
			__( 'Revenue per landing page', 'monsterinsights-reports' ),
			__( 'Search landing pages', 'monsterinsights-reports' ),
		],
	} ),
	traffic_technology: () => ( {
		mainheading: __( 'Technology Report', 'monsterinsights-reports' ),
		title: __(
			'See the Browsers and Devices Your Visitors Use.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Browser breakdown', 'monsterinsights-reports' ),
			__( 'Device breakdown', 'monsterinsights-reports' ),
			__( 'Compare with a previous period', 'monsterinsights-reports' ),
		],
	} ),
	traffic_campaign: () => ( {
		mainheading: __( 'Campaigns Report', 'monsterinsights-reports' ),
		title: __(
			'Measure the Results of Every Marketing Campaign.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Sessions per campaign', 'monsterinsights-reports' ),
			__( 'Engaged sessions', 'monsterinsights-reports' ),
			__( 'Pages per session', 'monsterinsights-reports' ),
			__( 'Purchases and conversion rate', 'monsterinsights-reports' ),
			__( 'Revenue per campaign', 'monsterinsights-reports' ),
			__( 'Search campaigns', 'monsterinsights-reports' ),
		],
	} ),
	traffic_source_medium: () => ( {
		mainheading: __( 'Source / Medium Report', 'monsterinsights-reports' ),
		title: __(
			'See Exactly Where Your Traffic and Sales Come From.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Sessions per source and medium', 'monsterinsights-reports' ),
			__( 'Engaged sessions', 'monsterinsights-reports' ),
			__( 'Pages per session', 'monsterinsights-reports' ),
			__( 'Purchases and conversion rate', 'monsterinsights-reports' ),
			__( 'Revenue per source and medium', 'monsterinsights-reports' ),
			__( 'Search sources and mediums', 'monsterinsights-reports' ),
		],
	} ),
	engagement_overview: () => ( {
		mainheading: __( 'Engagement Overview', 'monsterinsights-reports' ),
		title: __(
			'See How Visitors Engage With Your Content.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'Landing pages with their change over time',
				'monsterinsights-reports'
			),
			__( 'Exit pages and exit rate', 'monsterinsights-reports' ),
			__(
				'Outbound and affiliate link clicks',
				'monsterinsights-reports'
			),
			__( 'File downloads', 'monsterinsights-reports' ),
			__( 'Age and gender of your audience', 'monsterinsights-reports' ),
			__( 'Average scroll depth', 'monsterinsights-reports' ),
		],
	} ),
	engagement_pages: () => ( {
		mainheading: __( 'Pages Report', 'monsterinsights-reports' ),
		title: __(
			'Measure the Performance of Every Page.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Page views per page', 'monsterinsights-reports' ),
			__( 'Engaged sessions', 'monsterinsights-reports' ),
			__( 'New sessions', 'monsterinsights-reports' ),
			__( 'Bounce rate per page', 'monsterinsights-reports' ),
			__( 'Search and sort every page', 'monsterinsights-reports' ),
		],
	} ),
	traffic_social: () => ( {
		mainheading: __( 'Social Media Report', 'monsterinsights-reports' ),
		// The headline is fixed word for word (docs/product-rules.md#upsells).
		title: __(
			'See Which Social Media Networks are Making You Money.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Sessions per social network', 'monsterinsights-reports' ),
			__( 'Engaged sessions', 'monsterinsights-reports' ),
			__( 'Bounce rate', 'monsterinsights-reports' ),
			__(
				'Purchases and revenue per network',
				'monsterinsights-reports'
			),
			__( 'Conversion rate per network', 'monsterinsights-reports' ),
		],
	} ),
	exceptions: () => ( {
		mainheading: __( 'Exceptions Report', 'monsterinsights-reports' ),
		title: __(
			'Know When Your Traffic or Sales Change Unexpectedly.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Engagement exceptions', 'monsterinsights-reports' ),
			__( 'eCommerce exceptions', 'monsterinsights-reports' ),
			__( 'Marketing exceptions', 'monsterinsights-reports' ),
			__( 'When each exception happened', 'monsterinsights-reports' ),
			__( 'Whether it is recurring', 'monsterinsights-reports' ),
			__(
				'Delete exceptions you have dealt with',
				'monsterinsights-reports'
			),
		],
	} ),
	ai_insights: () => ( {
		mainheading: __( 'AI Insights', 'monsterinsights-reports' ),
		title: __(
			'Get Plain-Language Insights About Your Traffic.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'Insights generated from your own reports',
				'monsterinsights-reports'
			),
			__( 'Rate each insight', 'monsterinsights-reports' ),
			__( 'Fresh insights whenever you ask', 'monsterinsights-reports' ),
		],
	} ),
	ai_insights_chat: () => ( {
		mainheading: __( 'Conversations AI', 'monsterinsights-reports' ),
		title: __(
			'Ask Questions About Your Analytics in Plain Language.',
			'monsterinsights-reports'
		),
		features: [
			__( 'Answers from your own data', 'monsterinsights-reports' ),
			__( 'Charts in the answers', 'monsterinsights-reports' ),
			__( 'Pin and rename conversations', 'monsterinsights-reports' ),
			__( 'Preset prompts to get started', 'monsterinsights-reports' ),
		],
	} ),
	yearinreview: () => ( {
		mainheading: __( 'Year in Review', 'monsterinsights-reports' ),
		title: __(
			'See How Your Website Performed Last Year.',
			'monsterinsights-reports'
		),
		features: [
			__(
				'Users, sessions and pageviews of the year',
				'monsterinsights-reports'
			),
			__( 'Your best month', 'monsterinsights-reports' ),
			__( 'Top countries and pages', 'monsterinsights-reports' ),
			__( 'Top referrals', 'monsterinsights-reports' ),
			__( 'Devices', 'monsterinsights-reports' ),
			__( 'Age and gender of your audience', 'monsterinsights-reports' ),
		],
	} ),
};

/** Every upsell key in the order of docs/product-rules.md#reports, year in review last. */
export const UPSELL_KEYS = Object.keys( CONTENT ) as UpsellKey[];

/**
 * The upsell content of a report.
 *
 * @param key The upsell key.
 */
export function getUpsellContent( key: UpsellKey ): UpsellContent {
	return CONTENT[ key ]();
}

/**
 * How many columns the feature list takes: the entry's own, else 2 above 4 items.
 *
 * @param content The upsell content.
 */
export function featureColumns( content: UpsellContent ): number {
	return content.columns ?? ( content.features.length > 4 ? 2 : 1 );
}
