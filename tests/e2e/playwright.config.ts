import { defineConfig } from '@playwright/test';
import os from 'os';
import path from 'path';

import { chromiumLaunch } from './chromium';

const port = Number( process.env.E2E_PORT ?? 9410 );
export const baseURL = `http://127.0.0.1:${ port }`;
/** The e2e site's folder on disk (bin/serve-e2e.sh; Playground mounts it as /wordpress). */
export const SITE_DIR = path.join(
	os.tmpdir(),
	`monsterinsights-reports-e2e-${ port }`
);
export const STORAGE = path.join( __dirname, '../../artifacts/e2e' );
/**
 * The site is a multisite network (E2E_MULTISITE=1, bin/serve-e2e.sh): only the network's spec
 * runs on it, and it runs nowhere else.
 */
const MULTISITE = process.env.E2E_MULTISITE === '1';
const NETWORK_SPECS = /google-network\.spec\.ts$/;

/**
 * End-to-end tests in Debian's Chromium against the fresh WordPress of bin/serve-e2e.sh (PHP's
 * built-in server and MariaDB; E2E_SERVER=playground for the embedded one `npm start` runs).
 * Playwright never downloads a browser here: executablePath points at /usr/bin/chromium.
 */
export default defineConfig( {
	testDir: path.join( __dirname, 'specs' ),
	// One per port: a run on another port (E2E_PORT) empties only its own.
	outputDir: path.join(
		__dirname,
		'../../artifacts/e2e',
		process.env.E2E_PORT ? `results-${ port }` : 'results'
	),
	fullyParallel: false,
	workers: 1,
	retries: 0,
	forbidOnly: !! process.env.CI,
	// One worker: the tests share one site (its licence level, data source and data).
	timeout: 120_000,
	expect: { timeout: 20_000 },
	reporter: [ [ 'list' ] ],
	use: {
		baseURL,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		launchOptions: chromiumLaunch(),
	},
	projects: [
		{ name: 'setup', testMatch: /auth\.setup\.ts$/ },
		{
			name: 'chromium',
			testMatch: MULTISITE ? NETWORK_SPECS : /\.spec\.ts$/,
			// `npm start`'s own test runs its own site: tests/e2e/start.config.ts.
			testIgnore: MULTISITE
				? /start\.spec\.ts$/
				: [ /start\.spec\.ts$/, NETWORK_SPECS ],
			dependencies: [ 'setup' ],
		},
	],
	webServer: {
		command: 'bash bin/serve-e2e.sh',
		cwd: path.join( __dirname, '../..' ),
		url: `${ baseURL }/wp-login.php`,
		timeout: 300_000,
		reuseExistingServer: ! process.env.CI,
		stdout: 'pipe',
		stderr: 'pipe',
	},
} );
