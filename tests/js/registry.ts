import { createRegistry, type StoreDescriptor } from '@wordpress/data';

import { registerStores } from '../../src/store';
import { appStore } from '../../src/store/app';
import { chatStore } from '../../src/store/chat';
import type { BootData } from '../../src/store/app/types';

/**
 * The registry type @wordpress/data declares omits `register`, which every registry has at run
 * time, and `resolveSelect`; this adds them.
 */
export type TestRegistry = ReturnType< typeof createRegistry > & {
	register: ( store: StoreDescriptor ) => void;
	resolveSelect: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
};

/**
 * A fresh registry with every store of the app registered, so no test sees another test's state.
 * Seed it with the stores' receive* actions rather than with fetch mocks.
 */
export function createTestRegistry(): TestRegistry {
	const registry = createRegistry() as TestRegistry;
	registerStores( registry );
	// The chat store registers itself on the page's registry when its lazy chunk loads.
	registry.register( chatStore );
	return registry;
}

/**
 * Boot data as the reports page prints it for an administrator of a single site.
 *
 * @param overrides Sections to replace.
 */
export function makeBoot( overrides: Partial< BootData > = {} ): BootData {
	return {
		rest: {
			root: 'http://example.org/wp-json/',
			namespace: 'monsterinsights-reports/v1',
			nonce: 'abc123',
		},
		user: {
			id: 1,
			locale: 'en_US',
			capabilities: {
				viewReports: true,
				saveSettings: true,
				manageNetwork: false,
			},
		},
		site: {
			id: 1,
			name: 'Example Site',
			url: 'http://example.org/',
			adminUrl: 'http://example.org/wp-admin/',
			timezone: 'Europe/Berlin',
			gmtOffset: 1,
			today: '2026-11-22',
			locale: 'en_US',
			startOfWeek: 1,
			isMultisite: false,
			isNetworkAdmin: false,
			isNetworkActive: false,
		},
		source: { active: '', connected: false },
		licence: { level: 'lite', source: 'none' },
		plugin: {
			version: '0.1.0',
			assetsUrl:
				'http://example.org/wp-content/plugins/monsterinsights-reports/build/',
			reportsUrl:
				'http://example.org/wp-admin/admin.php?page=monsterinsights_reports',
		},
		...overrides,
	};
}

/**
 * A registry seeded with boot data.
 *
 * @param overrides Sections of the boot data to replace.
 */
export function createBootedRegistry(
	overrides: Partial< BootData > = {}
): TestRegistry {
	const registry = createTestRegistry();
	registry.dispatch( appStore ).receiveBoot( makeBoot( overrides ) );
	return registry;
}
