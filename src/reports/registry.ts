/**
 * Every report of the app, declared once (the TypeScript twin of includes/Reports/Registry.php).
 *
 * The route table (src/app/routes.ts), the top navigation (src/app/navigation.ts), the demo
 * payload keys (`DemoKey`; the modules in src/demo) and the upsell keys each report uses are derived from this
 * object; a jest contract test holds the reports that have a `screen` equal to the `built` list
 * the PHP side exports into src/lib/tiers.json.
 *
 * Adding a report: one entry here (its `screen` once it is built), its folder under src/reports,
 * its demo module in src/demo and its PHP class.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { DemoModule } from '../demo';
import type { GatedReport } from '../lib/tiers';
import {
	TOP_LANDING_PAGES_ID,
	type ReportDef,
	type ReportPath,
	type RouteContext,
	type ScreenModule,
} from './reportDef';

export * from './reportDef';

const loadOverview = () =>
	import(
		/* webpackChunkName: "report-overview" */ './overview'
	) as Promise< ScreenModule >;

/** The five chart-and-table traffic screens share one chunk (and one screen). */
const loadTraffic = () =>
	import(
		/* webpackChunkName: "report-traffic" */ './traffic'
	) as Promise< ScreenModule >;

const yearInReviewTitle = ( { yearInReview }: RouteContext ) =>
	sprintf(
		/* translators: %s: the year the report looks back on, e.g. 2025. */
		__( '%s Year in Review', 'monsterinsights-reports' ),
		String( yearInReview.report_year )
	);

/*
 * One entry per report, in the order of the route table (docs/product-rules.md#reports). Titles
 * follow the report names of that table; the navigation has its own shorter labels.
 */
export const REPORTS = {
	overview: {
		paths: [
			{ path: '/', name: 'overview' },
			{ path: '/top-landing-pages', anchor: TOP_LANDING_PAGES_ID },
		],
		title: () => __( 'Overview', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 10,
			label: () => __( 'Overview', 'monsterinsights-reports' ),
		},
		feature: 'overview',
		upsell: 'overview',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-overview" */ '../demo/overview'
			),
		screen: loadOverview,
	},
	publisher: {
		paths: [ { path: '/publishers' } ],
		title: () => __( 'Publishers Overview', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 30,
			group: 'publishers',
			label: () => __( 'Overview', 'monsterinsights-reports' ),
		},
		feature: 'publisher',
		upsell: 'engagement_overview',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-publisher" */ '../demo/publisher'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-publisher" */ './publisher'
			) as Promise< ScreenModule >,
	},
	engagement_pages: {
		paths: [ { path: '/publishers-pages' } ],
		title: () => __( 'Pages Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 31,
			group: 'publishers',
			label: () => __( 'Pages Report', 'monsterinsights-reports' ),
		},
		feature: 'engagement_pages',
		upsell: 'engagement_pages',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-engagement-pages" */ '../demo/engagement_pages'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-engagement-pages" */ './engagement-pages'
			) as Promise< ScreenModule >,
	},
	countries: {
		title: () => __( 'Country Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 32,
			group: 'publishers',
			label: () => __( 'Country Report', 'monsterinsights-reports' ),
		},
		feature: 'countries',
		upsell: 'countries',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-countries" */ '../demo/countries'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-countries" */ './countries'
			) as Promise< ScreenModule >,
	},
	ecommerce: {
		title: () => __( 'eCommerce Overview', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 50,
			group: 'ecommerce',
			label: () => __( 'Overview', 'monsterinsights-reports' ),
		},
		feature: 'ecommerce',
		upsell: 'ecommerce',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-ecommerce" */ '../demo/ecommerce'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-ecommerce" */ './ecommerce'
			) as Promise< ScreenModule >,
	},
	ecommerce_coupons: {
		title: () => __( 'Coupons Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 51,
			group: 'ecommerce',
			label: () => __( 'Coupons', 'monsterinsights-reports' ),
		},
		feature: 'ecommerce',
		upsell: 'ecommerce_coupons',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-ecommerce-coupons" */ '../demo/ecommerce_coupons'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-ecommerce-coupons" */ './ecommerce-coupons'
			) as Promise< ScreenModule >,
	},
	ecommerce_funnel: {
		title: () => __( 'eCommerce Funnel', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 53,
			group: 'ecommerce',
			label: () => __( 'Funnel', 'monsterinsights-reports' ),
		},
		feature: 'ecommerce',
		compare: false,
		upsell: 'ecommerce_funnel',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-ecommerce-funnel" */ '../demo/ecommerce_funnel'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-ecommerce-funnel" */ './ecommerce_funnel'
			) as Promise< ScreenModule >,
	},
	cart_abandonment: {
		title: () => __( 'Cart Abandonment', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 52,
			group: 'ecommerce',
			label: () => __( 'Cart Abandonment', 'monsterinsights-reports' ),
		},
		feature: 'ecommerce',
		upsell: 'cart_abandonment',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-cart-abandonment" */ '../demo/cart_abandonment'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-cart-abandonment" */ './cart_abandonment'
			) as Promise< ScreenModule >,
	},
	queries: {
		paths: [ { path: '/search-console' } ],
		title: () => __( 'Search Console Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 40,
			label: () => __( 'Search Console', 'monsterinsights-reports' ),
		},
		feature: 'queries',
		compare: false,
		upsell: 'queries',
		sample: true,
		demo: () =>
			import( /* webpackChunkName: "demo-queries" */ '../demo/queries' ),
		screen: () =>
			import(
				/* webpackChunkName: "report-queries" */ './queries'
			) as Promise< ScreenModule >,
	},
	dimensions: {
		title: () => __( 'Dimensions Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 60,
			label: () => __( 'Dimensions', 'monsterinsights-reports' ),
		},
		feature: 'dimensions',
		upsell: 'dimensions',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-dimensions" */ '../demo/dimensions'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-dimensions" */ './dimensions'
			) as Promise< ScreenModule >,
	},
	forms: {
		title: () => __( 'Forms Overview Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 70,
			label: () => __( 'Forms', 'monsterinsights-reports' ),
		},
		feature: 'forms',
		upsell: 'forms',
		sample: true,
		demo: () =>
			import( /* webpackChunkName: "demo-forms" */ '../demo/forms' ),
		screen: () =>
			import(
				/* webpackChunkName: "report-forms" */ './forms'
			) as Promise< ScreenModule >,
	},
	realtime: {
		paths: [ { path: '/real-time' } ],
		title: () => __( 'Real-Time Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 80,
			label: () => __( 'Realtime', 'monsterinsights-reports' ),
		},
		feature: 'realtime',
		upsell: 'realtime',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-realtime" */ '../demo/realtime'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-realtime" */ './realtime'
			) as Promise< ScreenModule >,
	},
	sitespeed: {
		paths: [ { path: '/site-speed' } ],
		title: () => __( 'Site Speed', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 90,
			label: () => __( 'Site Speed', 'monsterinsights-reports' ),
		},
		feature: 'sitespeed',
		upsell: 'sitespeed',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-sitespeed" */ '../demo/sitespeed'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-site-speed" */ './site-speed'
			) as Promise< ScreenModule >,
	},
	media: {
		title: () => __( 'Media Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 100,
			label: () => __( 'Media', 'monsterinsights-reports' ),
		},
		feature: 'media',
		upsell: 'media',
		sample: true,
		demo: () =>
			import( /* webpackChunkName: "demo-media" */ '../demo/media' ),
		screen: () =>
			import(
				/* webpackChunkName: "report-media" */ './media'
			) as Promise< ScreenModule >,
	},
	userjourney: {
		paths: [
			{ path: '/user-journey-report', name: 'user-journey-report' },
		],
		title: () => __( 'User Journey Report', 'monsterinsights-reports' ),
		nav: 'custom',
		feature: 'userjourney',
		upsell: 'userjourney',
		sample: false,
		demo: () =>
			import(
				/* webpackChunkName: "demo-userjourney" */ '../demo/userjourney'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-userjourney" */ './userjourney'
			) as Promise< ScreenModule >,
	},
	ai_insights: {
		paths: [ { path: '/ai-insights', name: 'ai-insights' } ],
		title: () => __( 'AI Insights', 'monsterinsights-reports' ),
		nav: 'hidden',
		feature: 'ai_insights',
		upsell: 'ai_insights',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-ai-insights" */ '../demo/ai_insights'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-ai-insights" */ './ai-insights'
			) as Promise< ScreenModule >,
	},
	ai_chat: {
		paths: [
			{ path: '/ai-insights/chat', name: 'ai-insights-chat' },
			{ path: '/ai-insights/chat/:chatId', name: 'ai-insights-chat' },
		],
		title: () => __( 'Conversations AI', 'monsterinsights-reports' ),
		nav: 'hidden',
		feature: 'ai_chat',
		upsell: 'ai_insights_chat',
		sample: true,
		demo: () =>
			import( /* webpackChunkName: "demo-ai-chat" */ '../demo/ai_chat' ),
		screen: () =>
			import(
				/* webpackChunkName: "report-ai-chat" */ './ai-chat'
			) as Promise< ScreenModule >,
		reportRoute: false,
	},
	traffic_overview: {
		title: () => __( 'Traffic Overview', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 20,
			group: 'traffic',
			label: () => __( 'Overview', 'monsterinsights-reports' ),
		},
		feature: 'traffic_overview',
		upsell: 'traffic',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-overview" */ '../demo/traffic_overview'
			),
		screen: loadTraffic,
	},
	traffic_landing_pages: {
		title: () => __( 'Landing Page Details', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 22,
			group: 'traffic',
			label: () =>
				__( 'Landing Page Details', 'monsterinsights-reports' ),
		},
		feature: 'traffic',
		upsell: 'traffic_landing_pages',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-landing-pages" */ '../demo/traffic_landing_pages'
			),
		screen: loadTraffic,
	},
	traffic_technology: {
		title: () => __( 'Technology', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 21,
			group: 'traffic',
			label: () => __( 'Technology', 'monsterinsights-reports' ),
		},
		feature: 'traffic',
		upsell: 'traffic_technology',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-technology" */ '../demo/traffic_technology'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-traffic-technology" */ './traffic-technology'
			) as Promise< ScreenModule >,
	},
	traffic_campaign: {
		title: () => __( 'Campaigns', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 23,
			group: 'traffic',
			label: () => __( 'Campaigns', 'monsterinsights-reports' ),
		},
		feature: 'traffic',
		upsell: 'traffic_campaign',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-campaign" */ '../demo/traffic_campaign'
			),
		screen: loadTraffic,
	},
	traffic_source_medium: {
		title: () => __( 'Source / Medium', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 24,
			group: 'traffic',
			label: () => __( 'Source/Medium', 'monsterinsights-reports' ),
		},
		feature: 'traffic',
		upsell: 'traffic_source_medium',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-source-medium" */ '../demo/traffic_source_medium'
			),
		screen: loadTraffic,
	},
	traffic_social: {
		title: () => __( 'Social Media', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 25,
			group: 'traffic',
			label: () => __( 'Social', 'monsterinsights-reports' ),
		},
		feature: 'traffic',
		upsell: 'traffic_social',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-traffic-social" */ '../demo/traffic_social'
			),
		screen: loadTraffic,
	},
	exceptions: {
		title: () => __( 'Exceptions Report', 'monsterinsights-reports' ),
		nav: 'standard',
		menu: {
			position: 110,
			label: () => __( 'Exceptions', 'monsterinsights-reports' ),
		},
		feature: 'exceptions',
		upsell: 'exceptions',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-exceptions" */ '../demo/exceptions'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-exceptions" */ './exceptions'
			) as Promise< ScreenModule >,
	},
	yearinreview: {
		paths: [ { path: '/year-in-review', name: 'year-in-review' } ],
		title: yearInReviewTitle,
		nav: 'standard',
		menu: { position: 120, label: yearInReviewTitle },
		feature: 'yearinreview',
		upsell: 'yearinreview',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-yearinreview" */ '../demo/yearinreview'
			),
		screen: () =>
			import(
				/* webpackChunkName: "report-year-in-review" */ './year-in-review'
			) as Promise< ScreenModule >,
	},
	site_summary: {
		// A part of the Overview screen: no route of its own.
		paths: [],
		title: () => __( 'Site Summary', 'monsterinsights-reports' ),
		nav: 'standard',
		feature: 'site_summary',
		upsell: 'overview',
		sample: true,
		demo: () =>
			import(
				/* webpackChunkName: "demo-site-summary" */ '../demo/site_summary'
			),
		screen: loadOverview,
	},
} satisfies Record< string, ReportDef >;

/** Every report name: the names of GET /reports/{name}, the demo payloads and the screens. */
export type ReportName = keyof typeof REPORTS;

/*
 * Compile-time check: every report is a report of the tier table exported from PHP, so its licence
 * gate is known on both sides.
 */
const EVERY_REPORT_IS_GATED: ReportName extends GatedReport ? true : never =
	true;
void EVERY_REPORT_IS_GATED;

/**
 * A report's hash routes: its own, else its name with dashes.
 *
 * @param name The report.
 */
export function pathsOf( name: ReportName ): readonly ReportPath[] {
	return (
		reportDef( name ).paths ?? [ { path: '/' + name.replace( /_/g, '-' ) } ]
	);
}

/** The report names, in the order of the route table. */
export const REPORT_NAMES = Object.keys( REPORTS ) as ReportName[];

/**
 * A report's declaration.
 *
 * @param name The report.
 */
export function reportDef( name: ReportName ): ReportDef {
	return REPORTS[ name ];
}

/**
 * Whether a value names a report.
 *
 * @param value Anything.
 */
export function isReportName( value: unknown ): value is ReportName {
	return (
		typeof value === 'string' &&
		Object.prototype.hasOwnProperty.call( REPORTS, value )
	);
}

/**
 * Every report has a sample payload (src/demo): the keys are the report names, whose entries load
 * these modules.
 */
export type DemoKey = ReportName;

export const DEMO_KEYS: readonly DemoKey[] = REPORT_NAMES;

/**
 * Loads the sample payload of a report.
 *
 * @param key The report.
 */
export function loadDemo( key: DemoKey ): Promise< DemoModule > {
	return REPORTS[ key ].demo();
}
