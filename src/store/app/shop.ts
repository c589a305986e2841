/**
 * The shop as the server sees it now: the boot route's shop section (includes/Settings/Shop.php),
 * for when the eCommerce module is switched after the page loaded.
 */
import apiFetch from '@wordpress/api-fetch';

import type { BootShop } from './types';

/** The boot route with the shop section only. */
export const SHOP_BOOT_PATH = '/monsterinsights-reports/v1/boot?sections=shop';

/**
 * Fetches the shop; null without one (or when the answer has no shop section).
 */
export async function fetchShop(): Promise< BootShop | null > {
	const answer = await apiFetch< { shop?: BootShop | null } >( {
		path: SHOP_BOOT_PATH,
	} );
	return answer?.shop ?? null;
}
