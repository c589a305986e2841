import { resource } from '../resource';
import type { ReportsSettings } from './types';

export const SETTINGS_PATH = '/monsterinsights-reports/v1/settings';

/** The settings: loaded by getSettings, replaced by what saveSettings answers. */
export const settingsResource = resource< ReportsSettings, 'hasSettings' >(
	SETTINGS_PATH,
	'hasSettings'
);
