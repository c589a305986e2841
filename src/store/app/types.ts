/**
 * The boot payload printed by the reports page and served by GET monsterinsights-reports/v1/boot.
 * includes/REST/BootController.php describes the same shape as a JSON schema; tests/php and
 * src/store/app/test/contract.test.ts hold the two together.
 */
export interface BootRest {
	root: string;
	namespace: string;
	nonce: string;
}

export interface BootCapabilities {
	viewReports: boolean;
	saveSettings: boolean;
	manageNetwork: boolean;
}

export interface BootUser {
	id: number;
	locale: string;
	capabilities: BootCapabilities;
}

export interface BootSite {
	id: number;
	name: string;
	url: string;
	adminUrl: string;
	timezone: string;
	gmtOffset: number;
	today: string;
	locale: string;
	startOfWeek: number;
	isMultisite: boolean;
	isNetworkAdmin: boolean;
	isNetworkActive: boolean;
}

export interface BootSource {
	/** Key of the active data source, empty until the setup wizard picks one. */
	active: string;
	connected: boolean;
}

export interface BootPlugin {
	version: string;
	assetsUrl: string;
	reportsUrl: string;
}

export interface BootData {
	rest: BootRest;
	user: BootUser;
	site: BootSite;
	source: BootSource;
	plugin: BootPlugin;
}

export interface AppState {
	boot: BootData | null;
}
