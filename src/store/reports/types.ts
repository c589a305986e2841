/**
 * Report payloads and the reports store's state.
 *
 * The payload types (ReportPayloads, one per report the PHP Registry builds) mirror the JSON schemas
 * of includes/Reports/*.php (schema()) property for property. The fixtures in test/fixtures/*.json,
 * one per report, are typed with these interfaces by test/payloads.test.ts and validated against
 * those schemas by tests/php/Shared/ReportPayloadContractTest.php, which holds the two sides
 * together.
 */
import type { DateQuery, Level } from '../app/types';
import type { MetricId } from './constants';
import type {
	ChartBlock,
	ChartBlockNote,
	SharesBlock,
	TablePage,
} from '../../types/reports';

export type {
	ChartBlock,
	ChartBlockNote,
	ColumnType,
	SharesBlock,
	SortOrder,
	TableColumn,
	TablePage,
	TableRow,
	TotalsBlock,
} from '../../types/reports';

export type { MetricId } from './constants';

/* Overview (docs/product-rules.md#overview; includes/Reports/Overview.php). */

/** One metric of the info boxes. */
export interface InfoboxMetric {
	value: number;
	/** Change in percent against the previous (or compare) range; null when that was 0. */
	prev: number | null;
	/** The value of the previous (or compare) range. */
	compare_value: number;
}

export type OverviewInfobox = {
	/** Days in the range. */
	range: number;
} & { [ Id in MetricId ]: InfoboxMetric };

/** One metric's series of the overview chart. */
export interface GraphSeries {
	datapoints: number[];
	/** Change in percent of each day against the day at the same position of the other range. */
	/** Change of each point in percent; null where the other range's point was 0. */
	trendpoints: Array< number | null >;
	total: number;
}

/** A published site note of the Overview chart's range: a marker on its day. */
export type ChartNote = ChartBlockNote;

export type OverviewGraph = {
	labels: string[];
	/** Unix timestamps of the days' starts in the site's timezone. */
	timestamps: number[];
	/** Days with at least one session; 0 shows the awaiting-data overlay. */
	count: number;
	notes: ChartNote[];
} & { [ Id in MetricId ]: GraphSeries };

export interface DeviceShares {
	desktop: number;
	tablet: number;
	mobile: number;
}

export interface NewVsReturningShares {
	new: number;
	returning: number;
}

export interface NewVsReturning extends NewVsReturningShares {
	/** Present when the request had a compare range. */
	compare?: NewVsReturningShares;
}

/** The fields every top-list row shares. */
export interface TopListRow {
	sessions: number;
	/** Null unless comparing. */
	compare_sessions: number | null;
	/** Null unless comparing. */
	compare_change: number | null;
	users: number;
	engagement_rate: number;
	page_path: string;
}

export interface CountryRow extends TopListRow {
	name: string;
	/** ISO 3166-1 alpha-2. */
	iso: string;
}

export interface ReferralRow extends TopListRow {
	url: string;
}

export interface TopPageRow extends TopListRow {
	title: string;
	url: string;
	hostname: string;
}

/** Links to the analytics provider's own views; only when the source has them. */
export interface OverviewLinks {
	countries: string;
	referrals: string;
	topposts: string;
}

export interface OverviewCompare {
	overviewgraph: OverviewGraph;
	devices: DeviceShares;
}

export interface OverviewReport {
	infobox: OverviewInfobox;
	overviewgraph: OverviewGraph;
	/** Present when the request had a compare range. */
	compare?: OverviewCompare;
	newvsreturn: NewVsReturning;
	devices: DeviceShares;
	countries: CountryRow[];
	referrals: ReferralRow[];
	toppages: TopPageRow[];
	galinks?: OverviewLinks;
	show_chart_overlay: boolean;
}

/* Site summary (docs/product-rules.md#site-summary; includes/Reports/SiteSummary.php). */

export interface SiteSummaryTotals {
	/** All-time page views. */
	'0': number;
	/** All-time sessions. */
	'1': number;
	total_posts: number;
	total_pages: number;
	total_comments: number;
}

export interface PopularDay {
	/** 0 Sunday … 6 Saturday. */
	day: number;
	percent: number;
}

export interface PopularHour {
	/** 0–23. */
	hour: number;
	percent: number;
}

export interface PopularContent {
	url: string;
	title: string;
	img: string;
	pageviews: number;
	sessions: number;
	bounceRate: number;
	engagedSessions: number;
}

export interface PopularShare {
	title: string;
	percent: number;
}

export interface SiteSummaryReport {
	summary: SiteSummaryTotals;
	popular_days: PopularDay[];
	popular_hours: PopularHour[];
	/** An empty array when nothing qualifies. */
	popular_page: PopularContent | [];
	/** An empty array when nothing qualifies. */
	popular_post: PopularContent | [];
	popular_products: PopularShare[];
	popular_categories: PopularShare[];
}

/* Pages report (docs/product-rules.md#traffic-publishers-and-pages; contract of issue #11). */

/** GET /reports/engagement_pages: one table of page_path, pageviews, engaged_sessions, new_session, bounce_rate. */
export interface EngagementPagesReport {
	pages: TablePage;
}

/* Publishers report (docs/product-rules.md#traffic-publishers-and-pages; contract of issue #11). */

/** GET /reports/publisher: five tables and the average scroll depth (percent). */
export interface PublisherReport {
	/** title, entrances, duration (seconds), bounce (%), change (of entrances, null without compare). */
	landingpages: TablePage;
	/** title, exits, pageviews, exitrate (%). */
	exitpages: TablePage;
	/** title (the URL), clicks. */
	outboundlinks: TablePage;
	/** title (the path), link (the URL), clicks. */
	affiliatelinks: TablePage;
	/** title (the file's URL), clicks. */
	downloadlinks: TablePage;
	scroll: { average: number };
	/** Users by age bracket (google source; empty lists elsewhere). */
	age: DemographicBlock;
	/** Users by gender, most first. */
	gender: DemographicBlock;
	/** Users by interest category, the top 10. */
	interest: DemographicBlock;
	/** Which optional parts the active source gives; the screen hides the others. */
	available: { exitpages: boolean; scroll: boolean; demographics: boolean };
	/** Where the source shows a table in full (the google source: GA4's reports); absent on builtin. */
	galinks?: Partial<
		Record<
			| 'landingpages'
			| 'exitpages'
			| 'outboundlinks'
			| 'affiliatelinks'
			| 'downloadlinks',
			string
		>
	>;
}

/**
 * Users by a demographic value (includes/Reports/Blocks/Demographic.php): `unknown` left out;
 * `percents` each one's share of the users shown; `compare` the compare range's users, or null.
 */
export interface DemographicBlock {
	labels: string[];
	data: number[];
	percents: number[];
	compare: number[] | null;
}

/* Dimensions report (includes/Reports/Dimensions.php; docs/product-rules.md#dimensions-forms-and-media). */

/** The custom dimensions (includes/Settings/CustomDimensions.php). */
export type DimensionKey =
	| 'author'
	| 'post_type'
	| 'category'
	| 'tags'
	| 'published_at'
	| 'logged_in'
	| 'user_role';

/** An entry of the dimensions map. */
export interface DimensionInfo {
	/** The table's title, e.g. 'Most Popular Authors'. */
	label: string;
	/** The dimension's name, e.g. 'Author' (the first column; the missing-dimension text names it). */
	name: string;
	id: string;
	/** Whether the setting shows it. */
	enabled: boolean;
	tooltip: string;
}

/** A dimension's error: MISSING_CUSTOM_DIMENSION (data: its name) or another code. */
export interface DimensionError {
	code: string;
	data: string;
}

/**
 * A dimension's table: label (the value) and pageview (its views), with its error
 * (docs/product-rules.md#empty-states-and-errors).
 */
export type DimensionTable = TablePage & { error: DimensionError | null };

/** GET /reports/dimensions: the map and one table per dimension. */
export type DimensionsReport = {
	dimensions: Record< DimensionKey, DimensionInfo >;
} & { [ Key in DimensionKey ]: DimensionTable };

/*
 * Traffic reports and the Country report (docs/product-rules.md#traffic-publishers-and-pages;
 * contract of issue #11).
 */

/** The chart and its details table of a traffic report, keyed by the table's id. */
export type TrafficChartReport< Table extends string > = {
	chart: ChartBlock;
} & { [ Id in Table ]: TablePage };

/** GET /reports/traffic_technology: two pies of session shares. */
export interface TrafficTechnologyReport {
	browser_breakdown: SharesBlock;
	device_breakdown: SharesBlock;
}

/** GET /reports/countries: the chart and the country table (rows carry `iso`, maybe `children`). */
export interface CountriesReport {
	chart: ChartBlock;
	/** Whether the source knows regions (a city-level database): then the rows have them as `children`. */
	regions: { available: boolean };
	countries: TablePage;
}

/* Year in Review (docs/product-rules.md#year-in-review; includes/Reports/YearInReview.php). */

/** A figure of the report year and of the year before it. */
export interface YearInReviewValue {
	value: number;
	prev: number;
}

/** GET /reports/yearinreview: the previous calendar year, whatever the request's dates. */
export interface YearInReviewReport {
	/** False while the source has no session of the year yet: the screen says it is calculating. */
	is_enabled: boolean;
	report_year: number;
	next_year: number;
	info: {
		users: YearInReviewValue;
		sessions: YearInReviewValue;
		pageviews: YearInReviewValue;
		/** Average session duration in seconds; avg_minutes of it, total engagement in minutes. */
		duration: YearInReviewValue & {
			avg_minutes: number;
			total_minutes: number;
		};
	};
	/** Users of each month (January first), the largest month and its translated name. */
	usersgraph: {
		datapoints: number[];
		labels: string[];
		max: number;
		bestmonth: string;
	};
	countries: Array< { name: string; iso: string; sessions: number } >;
	toppages: Array< {
		title: string;
		url: string;
		hostname: string;
		sessions: number;
	} >;
	referrals: Array< { url: string; sessions: number } >;
	/** Session shares in percent. */
	devices: { desktop: number; tablet: number; mobile: number };
	/** Only from the google source. */
	gender?: Array< { gender: string; percent: number } >;
	/** Only from the google source. */
	age?: Array< { age: string; percent: number } >;
}

/* Real-Time report (docs/product-rules.md#real-time; includes/Reports/Realtime.php). */

/** GET /reports/realtime: the last 30 minutes, whatever the dates. */
export interface RealtimeReport {
	/** Active users: distinct visitors with a hit in the last 5 minutes. */
	now: number;
	/** Page views of the last 30 minutes by page (its title, else its path); percent of them. */
	toppages: Array< { title: string; count: number; percent: number } >;
	/** Active users who came from a source, by source, landing path and campaign. */
	referrals: Array< {
		source: string;
		path: string;
		campaign: string;
		count: number;
		percent: number;
	} >;
	countries: Array< {
		name: string;
		iso: string;
		count: number;
		percent: number;
	} >;
	cities: Array< {
		city: string;
		region: string;
		name: string;
		iso: string;
		count: number;
	} >;
	/** Page views of each of the last 30 minutes, oldest first ("-29 min" … "now"). */
	pageviewsovertime: {
		labels: string[];
		datapoints: number[];
		/** Change against the same minute half an hour earlier; null when that had none. */
		trendpoints: Array< number | null >;
		timestamps: number[];
	};
}

/* Exceptions report (docs/product-rules.md#exceptions; includes/Reports/Exceptions.php). */

/** What an exception is about: Engagement, eCommerce or Marketing. */
export type ExceptionCategory = 'engagement' | 'ecommerce' | 'marketing';

/** One exception: a day on which a series of the site left its usual range. */
export interface ExceptionRow {
	id: number;
	category: ExceptionCategory;
	/** The day (Y-m-d, site time). */
	time: string;
	/** The same series went the same way within the 28 days before. */
	recurring: boolean;
	/** Always false: a deleted exception is not listed. */
	resolved: boolean;
	/** With the numbers, in the user's language. */
	description: string;
}

/** GET /reports/exceptions (start, end, page, per_page): the range's exceptions, newest first. */
/** An insight of the AI Insights report: a sentence with its numbers and its report's route. */
export interface AiInsight {
	/** Stable: a hash of the insight's kind and subject. */
	id: string;
	content: string;
	/** The app route of the report that shows the numbers, e.g. "/traffic-overview". */
	link: string;
}

/** The current user's rating of an insight. */
export interface AiInsightRating {
	insight_id: string;
	/** 1 thumbs up, 0 thumbs down. */
	score: number;
	feedback: string;
	skipped: boolean;
}

/** GET /reports/ai_insights (and the data of GET /ai-insights). */
export interface AiInsightsReport {
	/** When the insights were generated (Unix time). */
	generated_at: number;
	insights: AiInsight[];
	ratings: AiInsightRating[];
}

export interface ExceptionsReport {
	items: ExceptionRow[];
	pagination: {
		page: number;
		pages: number;
		/** 20, 50, 100, 200 or 500. */
		per_page: number;
		total: number;
	};
	/** Whether the active source detects exceptions (the built-in and the Google source both do). */
	detects: boolean;
}

/** A metric of the Site Speed report: its score (0–100) and its value. */
export interface SpeedMetric {
	score: number;
	/**
	 * Seconds (largest and first contentful paint, interaction to next paint), milliseconds
	 * (server response time, total blocking time) or the layout shift score.
	 */
	value: number;
}

/** The six metrics of a Site Speed device (docs/product-rules.md#site-speed). */
export type SpeedMetricKey =
	| 'cumulative_layout_shift'
	| 'largest_contentful_paint'
	| 'server_response_time'
	| 'first_contentful_paint'
	| 'total_blocking_time'
	| 'interaction_to_next_paint';

export type SpeedDevice = 'desktop' | 'mobile';

/** One device's figures: p75 of the range, scored; null for a metric without data. */
export type SiteSpeedFigures = Record< SpeedMetricKey, SpeedMetric | null > & {
	/** 0–100; null without any weighted metric. */
	overallScore: number | null;
	/** Page views whose Core Web Vitals were measured. */
	samples: number;
	/** The last Run Audit of the device: its server response time and when (Unix time). */
	audit: { server_response_time: SpeedMetric; at: number } | null;
	/** Where server_response_time comes from: visits, the last audit, or nowhere. */
	server_response_source: 'field' | 'audit' | '';
	/**
	 * What the figures are: `field`, the visits of the range; `lab`, PageSpeed Insights' last run
	 * (google source; overallScore is then its performance score, and INP its field p75).
	 */
	method: 'field' | 'lab';
};

/** GET /reports/sitespeed (start, end): both devices, so the toggle needs no fetch. */
export interface SiteSpeedReport {
	desktop: SiteSpeedFigures;
	mobile: SiteSpeedFigures;
}

/*
 * Forms and Media reports (docs/product-rules.md#dimensions-forms-and-media; includes/Reports/Forms.php,
 * Media.php).
 */

/** A graph of other metrics than the overview's (the MetricGraph block with its own ids). */
export type MetricGraphOf< Id extends string > = {
	labels: string[];
	timestamps: number[];
	count: number;
	notes: ChartNote[];
} & { [ Key in Id ]: GraphSeries };

/** Form impressions and conversions by day. */
export type FormsGraph = MetricGraphOf< 'impressions' | 'conversions' >;

/**
 * GET /reports/forms: the sessions chart, the impressions and conversions graph, the forms table
 * (id, impressions, conversions, conversionrate) and its breakdowns by source / medium and campaign.
 */
export interface FormsReport {
	chart: ChartBlock;
	overviewgraph: FormsGraph;
	forms: TablePage;
	forms_source_medium: TablePage;
	forms_campaign: TablePage;
	/** Present when the request had a compare range. */
	compare?: { overviewgraph: FormsGraph };
	/** Custom dimensions the source lacks (['form_id'] on a GA4 property without it). */
	missing_dimensions: string[];
	/** Where the source shows the forms in full (the google source: GA4's events); absent on builtin. */
	galinks?: { forms?: string };
}

/** Video plays by day. */
export type MediaGraph = MetricGraphOf< 'video_start' >;

/**
 * GET /reports/media: the Video Plays graph and the videos table (title, video_start,
 * average_watch_time in seconds, average_time_viewed and completion_rate in percent).
 */
export interface MediaReport {
	line_chart_report: MediaGraph;
	video_details_rows: TablePage;
	/** Present when the request had a compare range. */
	compare?: { line_chart_report: MediaGraph };
	/** Custom dimensions the source lacks (['video_title'] on a GA4 property without it). */
	missing_dimensions: string[];
}

/** One page the visitor saw before buying (GET /reports/userjourney). */
export interface JourneyStep {
	/** The page's title (its path when it has none). */
	title: string;
	url: string;
	/** Seconds on the page. */
	time: number;
	/** When the page was seen: Y-m-d H:i:s, site time. */
	date: string;
	utm_source: string;
	utm_medium: string;
	utm_campaign: string;
}

/** One order with its journey. */
export interface JourneyItem {
	transaction_id: string;
	/** The shop's edit screen of the order; '' when unknown. */
	edit_order_url: string;
	/** When it was paid: Y-m-d H:i:s, site time. */
	purchase_date: string;
	utm_campaign: string;
	utm_medium: string;
	utm_source: string;
	/** The total in the shop's currency, as escaped HTML text. */
	order_total: string;
	steps: JourneyStep[];
}

/**
 * GET /reports/userjourney: the orders of the range, newest first, 10 a page (`page` from 1), with
 * `search` (a transaction id), `sources`, `mediums` and `campaigns` ('' for all).
 */
export interface UserJourneyReport {
	items: JourneyItem[];
	pagination: { page: number; pages: number };
	/** A sample; never true from the server. */
	demo: boolean;
}

/** GET /reports/userjourney/filter-params: the choices of the filters. */
export interface JourneyFilterParams {
	campaigns: string[];
	mediums: string[];
	sources: string[];
}

/** The payload type of each report name the app knows; other names are unknown. */
export interface ReportPayloads {
	overview: OverviewReport;
	site_summary: SiteSummaryReport;
	engagement_pages: EngagementPagesReport;
	publisher: PublisherReport;
	traffic_overview: TrafficChartReport< 'channels' >;
	traffic_landing_pages: TrafficChartReport< 'landing_pages' >;
	traffic_campaign: TrafficChartReport< 'campaigns' >;
	traffic_source_medium: TrafficChartReport< 'source_medium' >;
	traffic_social: TrafficChartReport< 'social' >;
	traffic_technology: TrafficTechnologyReport;
	countries: CountriesReport;
	dimensions: DimensionsReport;
	forms: FormsReport;
	media: MediaReport;
	realtime: RealtimeReport;
	exceptions: ExceptionsReport;
	ai_insights: AiInsightsReport;
	sitespeed: SiteSpeedReport;
	yearinreview: YearInReviewReport;
	userjourney: UserJourneyReport;
}

export type ReportName = keyof ReportPayloads;

export type PayloadOf< N extends string > = N extends ReportName
	? ReportPayloads[ N ]
	: unknown;

/* Store state. */

/** A failed report request: the WP_Error the route answered, or a network failure. */
export interface ReportError {
	code: string;
	message: string;
	/** HTTP status, when the server answered. */
	status?: number;
	/** The level needed, for upgrade_required. */
	level?: Level;
	/** The tier feature refused, for upgrade_required (custom_date_range, compare, …). */
	feature?: string;
	/** Google's own words, for the google source's errors (google_forbidden, …). */
	reason?: string;
}

/** The shared error dialog (docs/product-rules.md#dialogs-and-toasts). */
export interface ErrorDialog {
	title: string;
	text: string;
	/**
	 * What its main button does besides closing it: 'retry' asks for every report again (Google
	 * did not answer, its quota ran out); 'reconnect' opens the settings to connect Google again.
	 */
	action?: 'retry' | 'reconnect';
}

export interface ReportsState {
	/** Report payloads and table pages by request key (see reportKey and tableKey). */
	data: Record< string, unknown >;
	/** Request keys in flight, each with the token of its latest request. */
	requests: Record< string, number >;
	errors: Record< string, ReportError >;
	/** Locked report names with the level they need. */
	locked: Record< string, Level >;
	errorDialog: ErrorDialog | null;
}

export type { DateQuery };
