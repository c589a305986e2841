import { defineConfig } from '@playwright/test';
import path from 'path';

const port = Number( process.env.E2E_PORT ?? 9410 );
export const baseURL = `http://127.0.0.1:${ port }`;
export const STORAGE = path.join( __dirname, '../../artifacts/e2e' );

/**
 * End-to-end tests in Debian's Chromium against the embedded WordPress of bin/serve-e2e.sh.
 * Playwright never downloads a browser here: executablePath points at /usr/bin/chromium.
 */
export default defineConfig( {
	testDir: path.join( __dirname, 'specs' ),
	outputDir: path.join( __dirname, '../../artifacts/e2e/results' ),
	fullyParallel: false,
	workers: 1,
	retries: 0,
	forbidOnly: !! process.env.CI,
	// The embedded WordPress answers one request at a time; be patient with it.
	timeout: 120_000,
	expect: { timeout: 20_000 },
	reporter: [ [ 'list' ] ],
	use: {
		baseURL,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [
		{ name: 'setup', testMatch: /auth\.setup\.ts$/ },
		{
			name: 'chromium',
			testMatch: /\.spec\.ts$/,
			// `npm start`'s own test runs its own site: tests/e2e/start.config.ts.
			testIgnore: /start\.spec\.ts$/,
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
