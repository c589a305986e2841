import type { StoreDescriptor } from '@wordpress/data';

import { addonsStore } from './addons';
import { appStore } from './app';
import { googleNetworkStore, googleStore } from './google';
import { metricsStore } from './metrics';
import { notesStore } from './notes';
import { notificationsStore } from './notifications';
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
	googleStore,
	googleNetworkStore,
	addonsStore,
	metricsStore,
	notesStore,
	notificationsStore,
];

export function registerStores( registry: {
	register: ( store: StoreDescriptor ) => void;
} ): void {
	stores.forEach( ( store ) => registry.register( store ) );
}
