import type { SavedResourceState } from '../resource';

/**
 * The plugin settings the reports app reads and writes: GET/POST
 * /monsterinsights-reports/v1/settings. includes/REST/SettingsController.php describes the same
 * shape as a JSON schema; src/store/settings/test/contract.test.ts holds the two together.
 */

/** The built-in collector's tracking settings. */
export interface TrackingSettings {
	/** Roles whose logged-in visits are not tracked. */
	excluded_roles: string[];
	honor_dnt: boolean;
	honor_gpc: boolean;
	/** IP addresses and CIDR ranges that are not tracked. */
	excluded_ips: string[];
	/** Path of an .mmdb country database on the server; empty for none. */
	country_mmdb: string;
	/** HTTP header carrying the visitor's country code; empty for none. */
	country_header: string;
	trusted_proxy: boolean;
	/**
	 * How many trusted proxies in a row append to X-Forwarded-For (1–10): the visitor's address
	 * is that many entries from the right.
	 */
	trusted_proxies: number;
	/** Referrer hosts whose visits are dropped. */
	referrer_spam: string[];
	/** Paths on the site whose links count as affiliate links, such as /go/. */
	affiliate_paths: string[];
	/** File extensions (lower case, no dot) whose links count as downloads. */
	download_extensions: string[];
	/**
	 * The custom dimensions the Dimensions report shows, in display order (author, post_type,
	 * category, tags, published_at, logged_in, user_role; all by default).
	 */
	custom_dimensions: string[];
	/**
	 * Percent of page views that send their Core Web Vitals for the Site Speed report: -1
	 * automatic (all below 10,000 page views a day, about 10,000 a day above), 0 off, 1–100.
	 */
	site_speed_sample: number;
	/** Months raw visits are kept (1–120). */
	retention_months: number;
}

/** A data source the site can choose. */
export interface SourceOption {
	key: string;
	label: string;
	description: string;
	available: boolean;
}

export interface RoleOption {
	slug: string;
	name: string;
}

export interface ReportsSettings {
	/** Image URL printed at the top of PDF reports; empty for none. */
	pdf_reports_header_image: string;
	/** Whether referral lists show site icons from the public favicon service. */
	referral_favicons: boolean;
	/** The active data source; empty until the setup wizard connects one. */
	source: string;
	/** Read-only: the sources the site can choose from. */
	sources: SourceOption[];
	tracking: TrackingSettings;
	/** Read-only: the site's roles. */
	roles: RoleOption[];
}

/** What a save may carry: any writable setting, tracking partially. */
export interface SettingsChanges {
	pdf_reports_header_image?: string;
	referral_favicons?: boolean;
	source?: string;
	tracking?: Partial< TrackingSettings >;
}

/** What saveSettings resolves to: success, or the server's error text. */
export type SaveSettingsResult =
	| { success: true; settings: ReportsSettings }
	| { success: false; error: string };

/** The settings (null until loaded), the load's error text and whether a save runs. */
export type SettingsState = SavedResourceState< ReportsSettings >;
