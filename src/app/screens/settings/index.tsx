/**
 * The settings screen, the setup wizard and the network settings screen: one lazy chunk, loaded
 * only when one of them opens.
 */
export { SettingsScreen } from './SettingsScreen';
export { SetupWizard } from './SetupWizard';
export { NetworkSettingsScreen } from './NetworkSettingsScreen';
