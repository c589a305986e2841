/**
 * The Search Console report's promo card slot, under its table. The placement rule is the
 * report's: with search terms and the SEO plugin installed or active, the competitor-keyword tool
 * card; otherwise the SEO plugin card with its install flow. Whether the plugin is installed or
 * active comes from the server (GET seo-plugin); when that read fails the slot stays empty. Each
 * card is open or closed by the user's dismissal on the server (PromoCard). No card under an
 * upsell (the sample).
 */
import { useEffect, useState } from '@wordpress/element';

import { CompetitorKeywordsCard, SeoPluginCard } from './PromoCards';
import { fetchSeoPlugin, type SeoPluginStatus } from './promos';

/** The promo cards the slot may hold. */
export type SearchConsolePromo = 'competitor-keywords' | 'seo-plugin-install';

/**
 * The card the slot holds.
 *
 * @param hasQueries Whether the report has search terms.
 * @param seoPlugin  The SEO plugin's status; null when unknown.
 */
export function searchConsolePromo(
	hasQueries: boolean,
	seoPlugin: Pick< SeoPluginStatus, 'installed' | 'active' > | null
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
 * The slot.
 *
 * @param props Component props.
 */
export function PromoSlot( props: PromoSlotProps ) {
	if ( props.demo ) {
		return null;
	}
	return <LivePromoSlot hasQueries={ props.hasQueries } />;
}

/**
 * The slot on real data: reads the SEO plugin's status, then shows the card the rule places.
 *
 * @param props            Component props.
 * @param props.hasQueries Whether the report has search terms.
 */
function LivePromoSlot( { hasQueries }: { hasQueries: boolean } ) {
	// undefined: reading; null: the read failed (no card).
	const [ seo, setSeo ] = useState< SeoPluginStatus | null | undefined >(
		undefined
	);
	useEffect( () => {
		let live = true;
		fetchSeoPlugin().then(
			( status ) => live && setSeo( status ),
			() => live && setSeo( null )
		);
		return () => {
			live = false;
		};
	}, [] );
	if ( ! seo ) {
		return null;
	}
	return searchConsolePromo( hasQueries, seo ) === 'competitor-keywords' ? (
		<CompetitorKeywordsCard />
	) : (
		<SeoPluginCard status={ seo } onStatus={ setSeo } />
	);
}
