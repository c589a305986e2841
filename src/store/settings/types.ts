/**
 * The plugin settings the reports app reads and writes: GET/POST
 * /monsterinsights-reports/v1/settings. includes/REST/SettingsController.php describes the same
 * shape as a JSON schema.
 */
export interface ReportsSettings {
	/** Image URL printed at the top of PDF reports; empty for none. */
	pdf_reports_header_image: string;
}

/** What saveSettings resolves to: success, or the server's error text. */
export type SaveSettingsResult =
	| { success: true; settings: ReportsSettings }
	| { success: false; error: string };

export interface SettingsState {
	/** Null until loaded. */
	settings: ReportsSettings | null;
	/** The load's error text, if it failed. */
	loadError: string | null;
	saving: boolean;
}
