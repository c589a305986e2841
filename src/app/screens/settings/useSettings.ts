import { useDispatch, useSelect } from '@wordpress/data';

import { appStore } from '../../../store/app';
import {
	settingsStore,
	type SaveSettingsResult,
	type SettingsChanges,
} from '../../../store/settings';

/**
 * What the settings screen and the setup wizard share: the settings (undefined until loaded), why
 * loading them failed, whether a save runs, the boot data, and a save after which the shell
 * follows the saved source at once, connected or not.
 */
export function useSettings() {
	const { settings, loadError, saving, boot } = useSelect(
		( select ) => ( {
			settings: select( settingsStore ).getSettings(),
			loadError: select( settingsStore ).getSettingsLoadError(),
			saving: select( settingsStore ).isSavingSettings(),
			boot: select( appStore ).getBoot(),
		} ),
		[]
	);
	const { saveSettings } = useDispatch( settingsStore );
	const { receiveBoot } = useDispatch( appStore );

	/**
	 * Saves changes; resolves to saveSettings' result.
	 *
	 * @param changes The settings to change.
	 */
	const save = async (
		changes: SettingsChanges
	): Promise< SaveSettingsResult > => {
		const result = await saveSettings( changes );
		if ( result.success && boot ) {
			receiveBoot( {
				...boot,
				source: {
					active: result.settings.source,
					connected: result.settings.source !== '',
				},
			} );
		}
		return result;
	};

	return { settings, loadError, saving, boot, save };
}
