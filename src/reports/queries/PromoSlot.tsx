/**
 * The Search Console report's promo card slot, under its table. The placement rule is the
 * report's: with search terms and the SEO plugin installed or active, the competitor-keyword tool
 * card; otherwise the SEO plugin install card. The cards themselves (their server-side dismissal
 * and the plugin's install flow) are not built yet: the slot says which card belongs here and
 * renders nothing until they are.
 */

/** The promo cards the slot may hold. */
export type SearchConsolePromo = 'competitor-keywords' | 'seo-plugin-install';

/** The SEO plugin's add-on status, as the add-ons store reads it. */
export interface SeoPluginStatus {
	installed: boolean;
	active: boolean;
}

/**
 * The card the slot holds.
 *
 * @param hasQueries Whether the report has search terms.
 * @param seoPlugin  The SEO plugin's status; null when unknown.
 */
export function searchConsolePromo(
	hasQueries: boolean,
	seoPlugin: SeoPluginStatus | null
): SearchConsolePromo {
	return hasQueries && ( seoPlugin?.installed || seoPlugin?.active )
		? 'competitor-keywords'
		: 'seo-plugin-install';
}

export interface PromoSlotProps {
	/** Whether the report has search terms. */
	hasQueries: boolean;
	/** The payload is the report's sample: no card under an upsell. */
	demo: boolean;
}

/**
 * The slot: empty until the promo cards exist.
 *
 * @param _props Component props.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- The cards' inputs, unused until the cards exist.
export function PromoSlot( _props: PromoSlotProps ) {
	return null;
}
