import type { LaunchOptions } from '@playwright/test';

/**
 * How every Playwright config here launches Debian's Chromium (`/usr/bin/chromium`, or
 * CHROMIUM_PATH): no browser is ever downloaded, and nothing of Chromium's own goes online.
 *
 * @param extraArgs More command-line switches.
 */
export function chromiumLaunch( extraArgs: string[] = [] ): LaunchOptions {
	return {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			...extraArgs,
		],
	};
}
