/**
 * The top navigation of spec 1 §2, word for word: Overview; Traffic (Overview, Technology, Landing
 * Page Details, Campaigns, Source/Medium, Social); Publishers (Overview, Pages Report, Country
 * Report); Search Console; eCommerce (Overview, Coupons, Cart Abandonment, Funnel); Dimensions;
 * Forms; Realtime; Site Speed; Media; Exceptions — and the '%s Year in Review' tab at the end while
 * show_report is true.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { RouteContext } from './routes';

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

/**
 * The navigation entries, translated.
 *
 * @param context Route context (year in review).
 */
export function navigationEntries( context: RouteContext ): NavEntry[] {
	const entries: NavEntry[] = [
		{ path: '/', label: __( 'Overview', 'monsterinsights-reports' ) },
		{
			id: 'traffic',
			label: __( 'Traffic', 'monsterinsights-reports' ),
			items: [
				{
					path: '/traffic-overview',
					label: __( 'Overview', 'monsterinsights-reports' ),
				},
				{
					path: '/traffic-technology',
					label: __( 'Technology', 'monsterinsights-reports' ),
				},
				{
					path: '/traffic-landing-pages',
					label: __(
						'Landing Page Details',
						'monsterinsights-reports'
					),
				},
				{
					path: '/traffic-campaign',
					label: __( 'Campaigns', 'monsterinsights-reports' ),
				},
				{
					path: '/traffic-source-medium',
					label: __( 'Source/Medium', 'monsterinsights-reports' ),
				},
				{
					path: '/traffic-social',
					label: __( 'Social', 'monsterinsights-reports' ),
				},
			],
		},
		{
			id: 'publishers',
			label: __( 'Publishers', 'monsterinsights-reports' ),
			items: [
				{
					path: '/publishers',
					label: __( 'Overview', 'monsterinsights-reports' ),
				},
				{
					path: '/publishers-pages',
					label: __( 'Pages Report', 'monsterinsights-reports' ),
				},
				{
					path: '/countries',
					label: __( 'Country Report', 'monsterinsights-reports' ),
				},
			],
		},
		{
			path: '/search-console',
			label: __( 'Search Console', 'monsterinsights-reports' ),
		},
		{
			id: 'ecommerce',
			label: __( 'eCommerce', 'monsterinsights-reports' ),
			items: [
				{
					path: '/ecommerce',
					label: __( 'Overview', 'monsterinsights-reports' ),
				},
				{
					path: '/ecommerce-coupons',
					label: __( 'Coupons', 'monsterinsights-reports' ),
				},
				{
					path: '/cart-abandonment',
					label: __( 'Cart Abandonment', 'monsterinsights-reports' ),
				},
				{
					path: '/ecommerce-funnel',
					label: __( 'Funnel', 'monsterinsights-reports' ),
				},
			],
		},
		{
			path: '/dimensions',
			label: __( 'Dimensions', 'monsterinsights-reports' ),
		},
		{ path: '/forms', label: __( 'Forms', 'monsterinsights-reports' ) },
		{
			path: '/real-time',
			label: __( 'Realtime', 'monsterinsights-reports' ),
		},
		{
			path: '/site-speed',
			label: __( 'Site Speed', 'monsterinsights-reports' ),
		},
		{ path: '/media', label: __( 'Media', 'monsterinsights-reports' ) },
		{
			path: '/exceptions',
			label: __( 'Exceptions', 'monsterinsights-reports' ),
		},
	];
	if ( context.yearInReview.show_report ) {
		entries.push( {
			path: '/year-in-review',
			label: sprintf(
				/* translators: %s: the year the report looks back on, e.g. 2025. */
				__( '%s Year in Review', 'monsterinsights-reports' ),
				String( context.yearInReview.report_year )
			),
		} );
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
