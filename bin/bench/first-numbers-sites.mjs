/**
 * The first-numbers figures on two sites (`--first-numbers`): native PHP (the e2e site) and
 * Playground (`npm start`'s demo site), each started here unless its URL is given.
 */
import { spawnSync } from 'child_process';

import { root, startServer } from './common.mjs';
import {
	FIRST_NUMBER_CELLS,
	firstNumbersOf,
	watchFirstNumbers,
} from './first-numbers.mjs';
import { printTable } from './table.mjs';

/**
 * Time to the first numbers on native PHP and in Playground (see the usage above).
 *
 * @return {Promise<Array<Object>|null>} Rows, or null when a site could not be measured.
 * @param {string} nativeUrl     The native site to use instead of starting one ('' for none).
 * @param {string} playgroundUrl The Playground site to use instead of starting one ('' for none).
 */
export async function firstNumbersRows( nativeUrl, playgroundUrl ) {
	const { chromium } = await import( '@playwright/test' );
	const browser = await chromium.launch( {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [ '--no-sandbox', '--disable-gpu' ],
	} );
	const rows = [];
	try {
		// Native PHP: the e2e site, seeded with 30 days, its level set by its test-only route.
		let base = nativeUrl;
		let server = null;
		if ( ! base ) {
			const port = process.env.BENCH_NATIVE_PORT || '9432';
			base = `http://127.0.0.1:${ port }`;
			console.log( `bench: first numbers: native PHP on port ${ port }` );
			server = await startServer(
				'bash',
				[ 'bin/serve-e2e.sh' ],
				{ E2E_PORT: port },
				base
			);
			if ( ! server ) {
				console.error( 'bench: the native e2e site did not start' );
				return null;
			}
		}
		try {
			const context = await browser.newContext();
			await watchFirstNumbers( context, FIRST_NUMBER_CELLS );
			const page = await context.newPage();
			await page.goto( `${ base }/wp-login.php` );
			await page.locator( '#user_login' ).waitFor();
			// wp-login.php focuses the username field 200 ms after it loads.
			await page.waitForTimeout( 300 );
			await page.fill( '#user_login', 'admin' );
			await page.fill( '#user_pass', 'password' );
			await page.click( '#wp-submit' );
			await page.waitForURL( /wp-admin/ );
			const nonce = (
				await (
					await page.request.get(
						`${ base }/wp-admin/admin-ajax.php?action=rest-nonce`
					)
				).text()
			).trim();
			const e2e = ( route, data, timeout = 60_000 ) =>
				page.request.post(
					`${ base }/wp-json/monsterinsights-reports-e2e/v1/${ route }`,
					{ headers: { 'X-WP-Nonce': nonce }, data, timeout }
				);
			await e2e( 'source', { source: 'builtin' } );
			await e2e( 'seed', { days: 30, seed: 1 }, 0 );
			rows.push(
				...( await firstNumbersOf(
					'native PHP',
					base,
					async ( level ) => {
						await e2e( 'level', { level } );
					},
					page
				) )
			);
			if ( server ) {
				await e2e( 'reset', {} );
			}
			await context.close();
		} finally {
			server?.stop();
		}

		// Playground: `npm start`'s demo site (90 seeded days, the administrator logged in by its
		// demo plugin), plus through a test licence key its demo plugin trusts.
		base = playgroundUrl;
		server = null;
		if ( ! base ) {
			const port = process.env.BENCH_PLAYGROUND_PORT || '9442';
			base = `http://127.0.0.1:${ port }`;
			console.log(
				`bench: first numbers: Playground (npm start) on port ${ port }`
			);
			server = await startServer(
				'bash',
				[ 'bin/start.sh' ],
				{ PORT: port },
				base
			);
			if ( ! server ) {
				console.error( 'bench: npm start did not start' );
				return null;
			}
		}
		try {
			const context = await browser.newContext();
			await watchFirstNumbers( context, FIRST_NUMBER_CELLS );
			const page = await context.newPage();
			// The demo site logs the browser in; wait until the blueprint has seeded it.
			for ( let i = 0; i < 120; i++ ) {
				const answer = await page.goto(
					`${ base }/wp-admin/admin.php?page=monsterinsights_reports`
				);
				if (
					answer?.ok() &&
					( await page.locator( '#monsterinsights-reports' ).count() )
				) {
					break;
				}
				await page.waitForTimeout( 5000 );
			}
			const nonce = await page.evaluate(
				() => window.monsterinsightsReportsBoot.rest.nonce
			);
			const licence = `${ base }/wp-json/monsterinsights-reports/v1/licence`;
			rows.push(
				...( await firstNumbersOf(
					'Playground',
					base,
					async ( level ) => {
						if ( level === 'lite' ) {
							await page.request.delete( licence, {
								headers: { 'X-WP-Nonce': nonce },
							} );
							return;
						}
						const key = spawnSync(
							'php',
							[
								'bin/licence-key.php',
								'mint',
								'--secret',
								'tests/e2e/licence/test-secret.key',
								'--level',
								level,
							],
							{ cwd: root, encoding: 'utf8' }
						).stdout.trim();
						const answer = await page.request.post( licence, {
							headers: { 'X-WP-Nonce': nonce },
							data: { key },
						} );
						if ( ! answer.ok() ) {
							throw new Error(
								`the ${ level } key was refused: ${ await answer.text() }`
							);
						}
					},
					page
				) )
			);
			await context.close();
		} finally {
			server?.stop();
		}
	} catch ( error ) {
		console.error( `bench: first numbers: ${ error.message }` );
		printTable( rows );
		return null;
	} finally {
		await browser.close();
	}
	return rows;
}
