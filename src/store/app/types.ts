/**
 * The boot payload printed by the reports page and served by GET monsterinsights-reports/v1/boot.
 * includes/REST/BootController.php describes the same shape as a JSON schema; tests/php and
 * src/store/app/test/contract.test.ts hold the two together.
 */
import type { DateQuery } from '../../lib/dates';
import type { Level } from '../../lib/tiers';

// The licence level and the date state are the helpers' own types (src/lib); the store's users
// keep importing them from here.
export type { Level } from '../../lib/tiers';
export type { DateQuery, PresetKey } from '../../lib/dates';

export interface BootRest {
	root: string;
	namespace: string;
	nonce: string;
}

export interface BootCapabilities {
	viewReports: boolean;
	saveSettings: boolean;
	manageNetwork: boolean;
	/** May use the media library (upload_files); absent counts as false. */
	uploadFiles?: boolean;
}

/** The feature feedback widget's features (report names) and those the user already rated. */
export interface BootFeatureFeedback {
	features: string[];
	rated: string[];
}

export interface BootUser {
	id: number;
	locale: string;
	capabilities: BootCapabilities;
	/** Absent in older boot data: the widget shows nowhere. */
	featureFeedback?: BootFeatureFeedback;
}

export interface BootSite {
	id: number;
	name: string;
	url: string;
	adminUrl: string;
	timezone: string;
	gmtOffset: number;
	today: string;
	locale: string;
	startOfWeek: number;
	isMultisite: boolean;
	isNetworkAdmin: boolean;
	isNetworkActive: boolean;
	/**
	 * Whether the Year in Review shows and for which year (the server knows the force filter and
	 * constant); absent in older boot data, when the app works it out from `today`.
	 */
	yearInReview?: { show_report: boolean; report_year: number };
}

export interface BootSource {
	/** Key of the active data source, empty until the setup wizard picks one. */
	active: string;
	connected: boolean;
	/** The google source's grant was revoked or expired: the re-auth notice shows. */
	reauth?: boolean;
}

export interface BootPlugin {
	version: string;
	assetsUrl: string;
	reportsUrl: string;
}

/** Where the shop's currency symbol goes, as WooCommerce names it (Easy Digital Downloads' before and after are left and right). */
export type CurrencyPosition = 'left' | 'right' | 'left_space' | 'right_space';

/** The shop's currency, read through the shop plugin's own API (includes/Settings/Shop.php). */
export interface ShopCurrency {
	/** ISO 4217 code, e.g. EUR. */
	code: string;
	/** The symbol the shop shows, as text, e.g. €. */
	symbol: string;
	/** The shop's price decimals: 2 for EUR, 0 for JPY. */
	decimals: number;
	position: CurrencyPosition;
}

/** The site's shop: WooCommerce or Easy Digital Downloads active with the eCommerce module on. */
export interface BootShop {
	platform: 'woocommerce' | 'edd';
	currency: ShopCurrency;
}

/** Where the licence level comes from: the site's key, the network's key, or none (lite). */
export type LicenceSource = 'site' | 'network' | 'none';

export interface BootLicence {
	level: Level;
	source: LicenceSource;
}

export interface BootData {
	rest: BootRest;
	user: BootUser;
	site: BootSite;
	source: BootSource;
	licence: BootLicence;
	plugin: BootPlugin;
	/**
	 * The shop, or null without one (no shop plugin active, or the eCommerce module off): eCommerce
	 * columns, metrics and cards are hidden then. Absent in older boot data: no shop.
	 */
	shop?: BootShop | null;
}

/** The app's flags (docs/product-rules.md#app-shell-and-start-up). */
export interface AppFlags {
	blur: boolean;
	noauth: boolean;
	reauth: boolean;
	isLoaded: boolean;
	blocked: boolean;
	/** A report was built from Google's last answers because its quota ran out. */
	stale: boolean;
}

export interface AppState {
	boot: BootData | null;
	/** The active hash route, e.g. "/" or "/publishers". */
	route: string;
	/** Null until the router has read the URL. */
	dateQuery: DateQuery | null;
	flags: AppFlags;
	/**
	 * Why the active source refused to answer (Google's words when it refused the property or
	 * site), shown on the not-connected screen; null when nothing was refused.
	 */
	authProblem: string | null;
}
