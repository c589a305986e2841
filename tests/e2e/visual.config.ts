import { defineConfig } from '@playwright/test';
import path from 'path';

import { chromiumLaunch } from './chromium';

/**
 * The visual tests (tests/e2e/visual): every screen of the app as lite and as pro, at 1440 px and
 * at 600 px, compared with committed baselines, on a site whose clock stands still.
 *
 * The site is bin/serve-e2e.sh's (PHP's built-in server, MariaDB) on a port of its own, with PHP's
 * clock started at FROZEN_AT by libfaketime (E2E_FAKETIME), the reports' "now" pinned there and
 * the browser's clock standing at the same instant (page.clock), seeded with the same traffic
 * every run (visual/setup.ts): dates and numbers never move. `npm run test:visual` runs it; `npm run test:visual -- --update` writes new baselines
 * (only on purpose: look at every changed PNG before committing it).
 *
 * The port comes from E2E_PORT (bin/test-visual.sh sets it, default 9415), which tests/e2e/site.ts
 * and utils.ts read too, so the helpers of the other specs work on this site.
 */
process.env.E2E_PORT ??= '9415';
const port = Number( process.env.E2E_PORT );
const baseURL = `http://127.0.0.1:${ port }`;

/**
 * The instant (UTC) the site's clock starts from and the browser's stands at: a Monday, 12:05 in
 * the site's timezone (Europe/Berlin), five minutes after the seeded traffic ends (its noon), so
 * Real-Time's last 30 minutes hold visits. The reports' "now" is pinned to it too.
 */
export const FROZEN_AT = '2026-06-15 10:05:00';

export default defineConfig( {
	testDir: path.join( __dirname, 'visual' ),
	outputDir: path.join(
		__dirname,
		'../../artifacts/e2e',
		`visual-${ port }`
	),
	snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
	// A missing or different baseline fails; only `--update` (bin/test-visual.sh) writes them.
	updateSnapshots: 'none',
	fullyParallel: false,
	workers: 1,
	// One retry when CI is set (bin/test-visual.sh sets it unless told otherwise, as bin/test-e2e.sh
	// does): on a loaded 2-core machine a chart may still be settling when the layout checks run.
	// A test that passes only on its retry is listed as flaky in the output, not hidden.
	retries: process.env.CI ? 1 : 0,
	forbidOnly: !! process.env.CI,
	timeout: 120_000,
	expect: {
		timeout: 20_000,
		toHaveScreenshot: {
			// Anti-aliasing may differ by a few pixels; a moved box or a changed number does not fit.
			maxDiffPixelRatio: 0.002,
			threshold: 0.2,
			animations: 'disabled',
			caret: 'hide',
			scale: 'css',
			stylePath: path.join( __dirname, 'visual', 'screenshot.css' ),
		},
	},
	reporter: [ [ 'list' ] ],
	use: {
		baseURL,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		contextOptions: { reducedMotion: 'reduce' },
		timezoneId: 'UTC',
		locale: 'en-US',
		launchOptions: chromiumLaunch( [
			'--font-render-hinting=none',
			'--disable-lcd-text',
		] ),
	},
	projects: [
		{ name: 'setup', testMatch: /setup\.ts$/ },
		{
			name: 'visual',
			testMatch: /\.spec\.ts$/,
			dependencies: [ 'setup' ],
		},
	],
	webServer: {
		command: 'bash bin/serve-e2e.sh',
		cwd: path.join( __dirname, '../..' ),
		env: { E2E_PORT: String( port ), E2E_FAKETIME: FROZEN_AT },
		url: `${ baseURL }/wp-login.php`,
		timeout: 300_000,
		reuseExistingServer: ! process.env.CI,
		stdout: 'pipe',
		stderr: 'pipe',
	},
} );
