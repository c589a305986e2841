/**
 * The top navigation (docs/product-rules.md#navigation), word for word: Overview; Traffic
 * (Overview, Technology, Landing Page Details, Campaigns, Source/Medium, Social); Publishers
 * (Overview, Pages Report, Country Report); Search Console; eCommerce (Overview, Coupons, Cart
 * Abandonment, Funnel); Dimensions; Forms; Realtime; Site Speed; Media; Exceptions — and the '%s
 * Year in Review' tab at the end while show_report is true.
 *
 * Derived from the report registry: each report's `menu` placement gives its label, group and
 * position; a report whose first route is not available in the context (the year in review) is
 * left out.
 */
import { __ } from '@wordpress/i18n';

import {
	REPORTS,
	REPORT_NAMES,
	pathsOf,
	type NavGroupId,
	type ReportDef,
} from '../reports/registry';
import { isRouteAvailable, ROUTES, type RouteContext } from './routes';

export interface NavLink {
	path: string;
	label: string;
}

export interface NavGroup {
	id: string;
	label: string;
	items: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export function isNavGroup( entry: NavEntry ): entry is NavGroup {
	return 'items' in entry;
}

/** The groups' labels; translated when read. */
const GROUP_LABELS: Record< NavGroupId, () => string > = {
	traffic: () => __( 'Traffic', 'monsterinsights-reports' ),
	publishers: () => __( 'Publishers', 'monsterinsights-reports' ),
	ecommerce: () => __( 'eCommerce', 'monsterinsights-reports' ),
};

/**
 * The navigation entries, translated.
 *
 * @param context Route context (year in review).
 */
export function navigationEntries( context: RouteContext ): NavEntry[] {
	const placed = REPORT_NAMES.flatMap( ( name ) => {
		const def: ReportDef = REPORTS[ name ];
		const first = pathsOf( name )[ 0 ];
		const route = ROUTES.find( ( r ) => r.path === first?.path );
		if ( ! def.menu || ! first || ! route ) {
			return [];
		}
		if ( ! isRouteAvailable( route, context ) ) {
			return [];
		}
		return [ { menu: def.menu, path: first.path } ];
	} ).sort( ( a, b ) => a.menu.position - b.menu.position );

	const entries: NavEntry[] = [];
	const groups = new Map< NavGroupId, NavGroup >();
	for ( const { menu, path } of placed ) {
		const link: NavLink = { path, label: menu.label( context ) };
		if ( ! menu.group ) {
			entries.push( link );
			continue;
		}
		let group = groups.get( menu.group );
		if ( ! group ) {
			group = {
				id: menu.group,
				label: GROUP_LABELS[ menu.group ](),
				items: [],
			};
			groups.set( menu.group, group );
			entries.push( group );
		}
		group.items.push( link );
	}
	return entries;
}

/**
 * The navigation path a route marks active: `/top-landing-pages` is part of the Overview.
 *
 * @param route The active route.
 */
export function activeNavPath( route: string ): string {
	return route === '/top-landing-pages' ? '/' : route;
}
