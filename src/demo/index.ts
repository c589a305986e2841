/**
 * Sample (demo) payloads, one module per report, shown blurred under a report's upsell and never
 * presented as real data (decisions.md, "Data sources"). Each module is loaded lazily, so none of
 * them weighs on the initial bundle.
 *
 * A module exports `payload`, shaped like the report's REST payload (spec 1 §3, spec 2 §3,
 * spec 3 §3), and `layout()`, the same sample as simple boxes and tables for reports whose screen is
 * not built yet.
 */

/** A figure of a sample box. */
export interface SampleBox {
	label: string;
	value: string | number;
}

/** A sample table; numbers are formatted with the user's locale when shown. */
export interface SampleTable {
	title: string;
	columns: string[];
	rows: Array< Array< string | number > >;
}

export interface SampleLayout {
	boxes?: SampleBox[];
	tables?: SampleTable[];
}

export interface DemoModule< P = unknown > {
	/** Marks the module's data as sample data. */
	SAMPLE: true;
	payload: P;
	layout: () => SampleLayout;
}

export type DemoKey =
	| 'overview'
	| 'site_summary'
	| 'ecommerce'
	| 'ecommerce_coupons'
	| 'cart_abandonment'
	| 'ecommerce_funnel'
	| 'queries'
	| 'dimensions'
	| 'forms'
	| 'realtime'
	| 'yearinreview'
	| 'sitespeed'
	| 'media'
	| 'countries'
	| 'traffic_overview'
	| 'traffic_landing_pages'
	| 'traffic_technology'
	| 'traffic_campaign'
	| 'traffic_source_medium'
	| 'traffic_social'
	| 'publisher'
	| 'engagement_pages'
	| 'exceptions'
	| 'userjourney'
	| 'ai_insights'
	| 'ai_chat';

/*
 * One literal import per report, so webpack makes one small chunk each and TypeScript checks the
 * modules' shape.
 */
const LOADERS: Record< DemoKey, () => Promise< DemoModule > > = {
	overview: () =>
		import( /* webpackChunkName: "demo-overview" */ './overview' ),
	site_summary: () =>
		import( /* webpackChunkName: "demo-site-summary" */ './site_summary' ),
	ecommerce: () =>
		import( /* webpackChunkName: "demo-ecommerce" */ './ecommerce' ),
	ecommerce_coupons: () =>
		import(
			/* webpackChunkName: "demo-ecommerce-coupons" */ './ecommerce_coupons'
		),
	cart_abandonment: () =>
		import(
			/* webpackChunkName: "demo-cart-abandonment" */ './cart_abandonment'
		),
	ecommerce_funnel: () =>
		import(
			/* webpackChunkName: "demo-ecommerce-funnel" */ './ecommerce_funnel'
		),
	queries: () => import( /* webpackChunkName: "demo-queries" */ './queries' ),
	dimensions: () =>
		import( /* webpackChunkName: "demo-dimensions" */ './dimensions' ),
	forms: () => import( /* webpackChunkName: "demo-forms" */ './forms' ),
	realtime: () =>
		import( /* webpackChunkName: "demo-realtime" */ './realtime' ),
	yearinreview: () =>
		import( /* webpackChunkName: "demo-yearinreview" */ './yearinreview' ),
	sitespeed: () =>
		import( /* webpackChunkName: "demo-sitespeed" */ './sitespeed' ),
	media: () => import( /* webpackChunkName: "demo-media" */ './media' ),
	countries: () =>
		import( /* webpackChunkName: "demo-countries" */ './countries' ),
	traffic_overview: () =>
		import(
			/* webpackChunkName: "demo-traffic-overview" */ './traffic_overview'
		),
	traffic_landing_pages: () =>
		import(
			/* webpackChunkName: "demo-traffic-landing-pages" */ './traffic_landing_pages'
		),
	traffic_technology: () =>
		import(
			/* webpackChunkName: "demo-traffic-technology" */ './traffic_technology'
		),
	traffic_campaign: () =>
		import(
			/* webpackChunkName: "demo-traffic-campaign" */ './traffic_campaign'
		),
	traffic_source_medium: () =>
		import(
			/* webpackChunkName: "demo-traffic-source-medium" */ './traffic_source_medium'
		),
	traffic_social: () =>
		import(
			/* webpackChunkName: "demo-traffic-social" */ './traffic_social'
		),
	publisher: () =>
		import( /* webpackChunkName: "demo-publisher" */ './publisher' ),
	engagement_pages: () =>
		import(
			/* webpackChunkName: "demo-engagement-pages" */ './engagement_pages'
		),
	exceptions: () =>
		import( /* webpackChunkName: "demo-exceptions" */ './exceptions' ),
	userjourney: () =>
		import( /* webpackChunkName: "demo-userjourney" */ './userjourney' ),
	ai_insights: () =>
		import( /* webpackChunkName: "demo-ai-insights" */ './ai_insights' ),
	ai_chat: () => import( /* webpackChunkName: "demo-ai-chat" */ './ai_chat' ),
};

export const DEMO_KEYS = Object.keys( LOADERS ) as DemoKey[];

/**
 * Loads the sample payload of a report.
 *
 * @param key The report.
 */
export function loadDemo( key: DemoKey ): Promise< DemoModule > {
	return LOADERS[ key ]();
}
