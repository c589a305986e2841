/**
 * The modules map (docs/product-rules.md#modules; "addons" in the REST API): GET
 * /monsterinsights-reports/v1/addons and POST …/addons/{key}. includes/REST/AddonsController.php
 * describes the same shape as a JSON schema.
 */
import type { ResourceState } from '../resource';

/** Module keys, in display order. */
export type AddonKey =
	| 'dimensions'
	| 'woocommerce'
	| 'forms'
	| 'media'
	| 'user-journey';

export interface Addon {
	/** Always true: modules are built in ("Install addon" never applies). */
	installed: boolean;
	active: boolean;
	basename: string;
	title: string;
	description: string;
	/** What else the module needs (e.g. WooCommerce), empty when nothing. */
	requirement: string;
	requirement_met: boolean;
}

export type AddonsMap = Record< AddonKey, Addon >;

/** What setAddonActive resolves to. */
export type SetAddonResult =
	| { success: true; addons: AddonsMap }
	| { success: false; error: string };

/** The map (null until loaded) and the load's error text, if it failed. */
export interface AddonsState extends ResourceState< AddonsMap > {
	/** Keys being switched. */
	saving: AddonKey[];
}
