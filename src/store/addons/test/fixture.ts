import type { AddonKey, AddonsMap } from '../types';

const TITLES: Record< AddonKey, string > = {
	dimensions: 'Dimensions',
	woocommerce: 'eCommerce',
	forms: 'Forms',
	media: 'Media',
	'user-journey': 'User Journey',
};

/**
 * The modules map as GET /addons answers it on a site without WooCommerce, with the given modules
 * on and every other off.
 *
 * @param active The modules that are on.
 */
export function addonsWith(
	active: Partial< Record< AddonKey, boolean > > = {}
): AddonsMap {
	const map = {} as AddonsMap;
	( Object.keys( TITLES ) as AddonKey[] ).forEach( ( key ) => {
		map[ key ] = {
			installed: true,
			active: active[ key ] ?? false,
			basename: `monsterinsights-reports/modules/${ key }`,
			title: TITLES[ key ],
			description: `${ TITLES[ key ] } reports.`,
			requirement:
				key === 'woocommerce'
					? 'Needs WooCommerce or Easy Digital Downloads.'
					: '',
			requirement_met: key !== 'woocommerce',
		};
	} );
	return map;
}
