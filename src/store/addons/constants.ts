import { resource } from '../resource';
import type { AddonsMap } from './types';

export const ADDONS_PATH = '/monsterinsights-reports/v1/addons';

/** The modules map: loaded by getAddons, replaced by what setAddonActive answers. */
export const addonsResource = resource< AddonsMap, 'hasAddons' >(
	ADDONS_PATH,
	'hasAddons'
);
