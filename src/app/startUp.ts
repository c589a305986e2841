/**
 * The start-up sequence (docs/product-rules.md#app-shell-and-start-up): initialise the app, load
 * addons, load settings, load the licence, load notifications on the reports page.
 *
 * The boot data already carries the resolved licence level (the server resolves keys), so
 * "load licence" is the boot data itself; the rest are fetched in that order, without waiting for
 * each other, so the first report does not wait on them.
 */
import type { BootData } from '../store/app';
import { addonsStore } from '../store/addons';
import { notificationsStore } from '../store/notifications';
import { settingsStore } from '../store/settings';

/** What start-up needs of a @wordpress/data registry. */
export interface StartUpRegistry {
	resolveSelect: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
}

/**
 * Starts loading what every screen may need. Returns the loads it started, by name, for tests.
 *
 * @param registry The data registry (the stores are registered and the boot data received).
 * @param boot     The boot data.
 */
export function startUp(
	registry: StartUpRegistry,
	boot: BootData
): Array< 'addons' | 'settings' | 'notifications' > {
	// The network admin screen loads its own data; a user who cannot view reports loads nothing.
	if ( boot.site.isNetworkAdmin || ! boot.user.capabilities.viewReports ) {
		return [];
	}
	const ignore = () => undefined;
	registry.resolveSelect( addonsStore ).getAddons().catch( ignore );
	registry.resolveSelect( settingsStore ).getSettings().catch( ignore );
	registry
		.resolveSelect( notificationsStore )
		.getNotifications()
		.catch( ignore );
	return [ 'addons', 'settings', 'notifications' ];
}
