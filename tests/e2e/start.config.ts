import { defineConfig } from '@playwright/test';
import path from 'path';

import mainConfig from './playwright.config';

/**
 * The `npm start` end-to-end test (specs/start.spec.ts): it runs bin/start.sh itself, on a port of
 * its own, so it needs none of the e2e site of playwright.config.ts and runs beside those tests
 * (bin/test.sh runs both at once).
 */
export default defineConfig( {
	...mainConfig,
	testDir: path.join( __dirname, 'specs' ),
	testMatch: /start\.spec\.ts$/,
	outputDir: path.join( __dirname, '../../artifacts/e2e/start-results' ),
	// A fresh demo site is seeded in Playground first.
	timeout: 900_000,
	projects: [ { name: 'start' } ],
	webServer: undefined,
} );
