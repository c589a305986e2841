import {
	test as base,
	expect,
	request,
	type BrowserContext,
	type ConsoleMessage,
} from '@playwright/test';

export { expect, request };
export type {
	APIRequestContext,
	Browser,
	BrowserContext,
	Locator,
	Page,
	Request,
	Route,
} from '@playwright/test';

/** Where the plugin's own scripts and files are served from. */
const PLUGIN_PATH = '/wp-content/plugins/monsterinsights-reports/';

/**
 * Whether a console message comes from the plugin's own code: logged by a script of the plugin
 * (its bundles, chart.js and the other libraries bundled into them), or a failed load of one of
 * its files.
 *
 * @param message The console message.
 */
export function isPluginMessage( message: ConsoleMessage ): boolean {
	return message.location().url.includes( PLUGIN_PATH );
}

export interface ConsoleGuardOptions {
	/**
	 * Console warnings and errors of the plugin's code that a test provokes on purpose (e.g. a
	 * chunk that fails to load), by their text.
	 */
	allowedConsole: RegExp[];
}

/**
 * Playwright's test, failing any test during which the plugin's own code logs a console warning
 * or error, in any page of any browser context the test opens (e.g. chart.js's warning about an
 * option without its plugin, a React error, a 404 for one of the plugin's files). Warnings of
 * WordPress, the browser or other plugins are left alone. A test that provokes one on purpose
 * says so with `test.use( { allowedConsole: [ /…/ ] } )`.
 */
export const test = base.extend< ConsoleGuardOptions & { consoleGuard: void } >(
	{
		allowedConsole: [ [], { option: true } ],
		consoleGuard: [
			async ( { context, browser, allowedConsole }, use ) => {
				const problems: string[] = [];
				const listen = ( watched: BrowserContext ) =>
					watched.on( 'console', ( message ) => {
						if (
							( message.type() === 'warning' ||
								message.type() === 'error' ) &&
							isPluginMessage( message ) &&
							! allowedConsole.some( ( pattern ) =>
								pattern.test( message.text() )
							)
						) {
							const { url, lineNumber } = message.location();
							problems.push(
								`${ message.type() }: ${ message.text() } (${ url }:${ lineNumber })`
							);
						}
					} );
				listen( context );
				// Contexts the test opens itself (another user, a visitor) are watched too.
				const newContext = browser.newContext.bind( browser );
				browser.newContext = async ( ...args ) => {
					const opened = await newContext( ...args );
					listen( opened );
					return opened;
				};
				try {
					await use();
				} finally {
					browser.newContext = newContext;
				}
				expect(
					problems,
					"console warnings and errors of the plugin's code"
				).toEqual( [] );
			},
			{ auto: true },
		],
	}
);
