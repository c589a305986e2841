/**
 * The shape of a report's declaration in the registry (src/reports/registry.ts): its routes, title,
 * navigation placement, gate, upsell, sample and screen, and the contexts a routed screen reads
 * (the route context, the report its route hands it).
 */
import { createContext, useContext } from '@wordpress/element';
import type { ComponentType } from 'react';

import type { DemoModule } from '../demo';
import type { Feature } from '../lib/tiers';
import type { UpsellKey } from '../upsell/content';
import type { ReportName } from './registry';

/**
 * Id of the Overview's top landing pages block; `/top-landing-pages` scrolls to it. The Overview
 * screen puts it on the block.
 */
export const TOP_LANDING_PAGES_ID = 'monsterinsights-reports-top-landing-pages';

/** The named routes (docs/product-rules.md#reports). */
export type RouteName =
	| 'overview'
	| 'user-journey-report'
	| 'ai-insights'
	| 'ai-insights-chat'
	| 'year-in-review';

/**
 * How a route is navigated: the standard top navigation, none (AI insights and chat), or a
 * navigation the screen supplies itself (user journey).
 */
export type NavMode = 'standard' | 'hidden' | 'custom';

/** A screen module: src/reports/<name>/index.tsx exports its screen as default. */
export type ScreenModule = { default: ComponentType };

export interface YearInReview {
	show_report: boolean;
	report_year: number;
}

/** What route titles, navigation labels and visibility depend on. */
export interface RouteContext {
	/** Whether the Year in Review shows, and for which year (docs/product-rules.md#year-in-review). */
	yearInReview: YearInReview;
}

/**
 * The route context the shell renders a screen in (ReportRoute provides it), so a screen's title
 * can depend on it without importing the shell.
 */
export const RouteContextContext = createContext< RouteContext >( {
	yearInReview: { show_report: false, report_year: 0 },
} );

/**
 * The report of the route being shown: the shell's route hands it to the screen it renders, so a
 * screen never names its own report.
 */
export const RoutedReportContext = createContext< ReportName | null >( null );

/**
 * The report the route handed this screen.
 */
export function useRoutedReport(): ReportName {
	const name = useContext( RoutedReportContext );
	if ( ! name ) {
		throw new Error(
			'A report screen renders inside a route (RoutedReportContext).'
		);
	}
	return name;
}

/** One hash route of a report. */
export interface ReportPath {
	/** Path pattern; `:param` matches one segment. */
	path: string;
	name?: RouteName;
	/** Element id the route scrolls to once it is on the page. */
	anchor?: string;
}

/** The groups of the top navigation, in the order of their first item. */
export type NavGroupId = 'traffic' | 'publishers' | 'ecommerce';

/** Where a report sits in the top navigation (docs/product-rules.md#navigation). */
export interface MenuPlacement {
	/** Sort key among all entries; groups sit where their first item sits. */
	position: number;
	group?: NavGroupId;
	/** The navigation's label, often shorter than the title. */
	label: ( context: RouteContext ) => string;
}

/**
 * Where a locked report's upsell copy comes from: its entry in the product's upsell table
 * (src/upsell/content.ts), or its sample module's `upsell()` (a report outside that table).
 */
export type UpsellDef =
	| {
			/** The upsell table entry shown while the licence does not include it. */
			upsell: UpsellKey;
			/** Its sample payload (src/demo/<name>.ts), loaded lazily. */
			demo: () => Promise< DemoModule >;
	  }
	| {
			upsell?: undefined;
			/** Its sample payload with its upsell copy (src/demo/<name>.ts), loaded lazily. */
			demo: () => Promise<
				DemoModule & Required< Pick< DemoModule, 'upsell' > >
			>;
	  };

export type ReportDef = UpsellDef & {
	/**
	 * Its hash routes, in the order of the route table; empty for a part of another screen. By
	 * default its one route is its name with dashes (`traffic_campaign` → `/traffic-campaign`);
	 * only a route the product's route table names otherwise is written here.
	 */
	paths?: readonly ReportPath[];
	/** Translated title: heading, mobile navigation trigger. */
	title: ( context: RouteContext ) => string;
	/** How its routes are navigated. */
	nav: NavMode;
	/** Its place in the top navigation; absent when it has none. */
	menu?: MenuPlacement;
	/**
	 * The tier feature it needs (src/lib/tiers.ts). `ecommerce` marks the shop's reports, which the
	 * server answers 400 `no_shop` with its notice while the site has no shop (their PHP classes
	 * implement NeedsShop); the screen shows that notice.
	 */
	feature: Feature;
	/** Whether the upsell offers "See a Sample Report" (the user journey does not). */
	sample: boolean;
	/** Its screen, lazily loaded; absent while the report is not built yet. */
	screen?: () => Promise< ScreenModule >;
	/** `false` for a report that is never compared: no compare range offered or asked. */
	compare?: false;
	/**
	 * `false` for a screen that reads only routes of its own (Conversations AI): the PHP registry
	 * builds no class for it, so it has no `reports/{name}` route and is not in tiers.json's
	 * `built` list.
	 */
	reportRoute?: false;
};
