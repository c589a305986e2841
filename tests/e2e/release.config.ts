import { defineConfig } from '@playwright/test';
import path from 'path';

import mainConfig from './playwright.config';

const port = Number( process.env.RELEASE_E2E_PORT ?? 9425 );

/**
 * The release tests (tests/e2e/release/): the zip of `npm run plugin-zip` (RELEASE_ZIP, by default
 * artifacts/monsterinsights-reports.zip) uploaded through wp-admin on a fresh WordPress with
 * nothing of the repository mounted (bin/serve-release.sh), on a port of their own so they run
 * beside the other end-to-end tests.
 */
export default defineConfig( {
	...mainConfig,
	testDir: path.join( __dirname, 'release' ),
	testMatch: /\.spec\.ts$/,
	outputDir: path.join( __dirname, '../../artifacts/e2e/release-results' ),
	timeout: 300_000,
	use: { ...mainConfig.use, baseURL: `http://127.0.0.1:${ port }` },
	projects: [ { name: 'release' } ],
	webServer: {
		command: 'bash bin/serve-release.sh',
		cwd: path.join( __dirname, '../..' ),
		url: `http://127.0.0.1:${ port }/wp-login.php`,
		timeout: 300_000,
		reuseExistingServer: false,
		stdout: 'pipe',
		stderr: 'pipe',
		env: { RELEASE_E2E_PORT: String( port ) },
	},
} );
