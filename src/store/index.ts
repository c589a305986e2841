import type { StoreDescriptor } from '@wordpress/data';

import { appStore } from './app';
import { metricsStore } from './metrics';
import { reportsStore } from './reports';
import { settingsStore } from './settings';

/**
 * Every store of the app, registered together on a registry (the default one in the browser, a
 * fresh one per test).
 */
export const stores: StoreDescriptor[] = [
	appStore,
	reportsStore,
	settingsStore,
	metricsStore,
];

export function registerStores( registry: {
	register: ( store: StoreDescriptor ) => void;
} ): void {
	stores.forEach( ( store ) => registry.register( store ) );
}
