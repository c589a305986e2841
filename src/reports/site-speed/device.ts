/**
 * The Site Speed report's device choice (mobile or desktop), kept in local storage.
 */
import type { SpeedDevice } from '../../store/reports/types';

/** The local storage key of the device choice (its name is the plugin's own). */
export const DEVICE_STORAGE_KEY = 'monsterinsights-reports-site-speed-device';

/** The device last chosen; desktop by default or when storage is unavailable. */
export function storedDevice(): SpeedDevice {
	try {
		return window.localStorage.getItem( DEVICE_STORAGE_KEY ) === 'mobile'
			? 'mobile'
			: 'desktop';
	} catch {
		return 'desktop';
	}
}

/**
 * Keeps the device choice.
 *
 * @param device The device.
 */
export function storeDevice( device: SpeedDevice ): void {
	try {
		window.localStorage.setItem( DEVICE_STORAGE_KEY, device );
	} catch {
		// Storage may be off (private mode); the choice then lasts for the page.
	}
}
