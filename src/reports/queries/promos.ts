/**
 * The promo cards' REST calls (docs/reports.md#the-search-console-report): each user's dismissal
 * of a card (`promos/{card}`, includes/REST/PromosController.php) and the SEO plugin's status,
 * install and activation (`seo-plugin`, includes/REST/SeoPluginController.php).
 */
import apiFetch from '@wordpress/api-fetch';

const NAMESPACE = '/monsterinsights-reports/v1';

/** The promo cards. */
export type PromoCardKey = 'competitor-keywords' | 'seo-plugin';

/** A card's dismissal for the current user, as the server answers it. */
export interface PromoStatus {
	card: PromoCardKey;
	dismissed: 'yes' | 'no';
}

/** The SEO plugin's status, as the server answers it. */
export interface SeoPluginStatus {
	/** Whether the install or activation asked for succeeded (false when only read). */
	success: boolean;
	slug: string;
	name: string;
	installed: boolean;
	active: boolean;
	/** The basename to activate. */
	basename: string;
	can_install: boolean;
	can_activate: boolean;
}

/**
 * Reads a card's dismissal for the current user.
 *
 * @param card The card.
 */
export function fetchPromoStatus( card: PromoCardKey ): Promise< PromoStatus > {
	return apiFetch< PromoStatus >( {
		path: `${ NAMESPACE }/promos/${ card }`,
	} );
}

/**
 * Dismisses a card for the current user; the server's answer says whether it is.
 *
 * @param card The card.
 */
export function dismissPromo( card: PromoCardKey ): Promise< PromoStatus > {
	return apiFetch< PromoStatus >( {
		path: `${ NAMESPACE }/promos/${ card }`,
		method: 'POST',
		data: { dismissed: true },
	} );
}

/** Reads the SEO plugin's status. */
export function fetchSeoPlugin(): Promise< SeoPluginStatus > {
	return apiFetch< SeoPluginStatus >( { path: `${ NAMESPACE }/seo-plugin` } );
}

/**
 * Installs the SEO plugin (inactive).
 *
 * @param slug Its slug in the plugin directory.
 */
export function installSeoPlugin( slug: string ): Promise< SeoPluginStatus > {
	return apiFetch< SeoPluginStatus >( {
		path: `${ NAMESPACE }/seo-plugin/install`,
		method: 'POST',
		data: { slug },
	} );
}

/**
 * Activates the SEO plugin on this site.
 *
 * @param basename Its basename.
 */
export function activateSeoPlugin(
	basename: string
): Promise< SeoPluginStatus > {
	return apiFetch< SeoPluginStatus >( {
		path: `${ NAMESPACE }/seo-plugin/activate`,
		method: 'POST',
		data: { basename },
	} );
}
