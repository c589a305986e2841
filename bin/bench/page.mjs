/**
 * The JS the Overview page really loads in Chromium, WordPress core included (`--page`).
 */
import { spawn } from 'child_process';
import zlib from 'zlib';

import { root, waitFor } from './common.mjs';

/** Every script the Overview page loads, WordPress core included, gzip (issue #10 §4). */
const PAGE_BUDGET = 450 * 1024;

/** The plugin's own scripts (build/) on the Overview page, gzip. */
const PAGE_OWN_BUDGET = 100 * 1024;

/**
 * The JS the Overview page loads in Chromium: every `script` resource of the Performance API
 * (WordPress's load-scripts.php concatenations, core packages, the app and its lazy chunks), each
 * fetched again and gzipped at level 9 (the embedded server does not compress).
 *
 * @param {string}  pageUrl   A site to measure instead of the embedded one ('' for none).
 * @param {boolean} listFiles Whether to print each file's gzip bytes too, largest first.
 * @return {Promise<Array<Object>|null>} Rows, or null when the page could not be measured.
 */
export async function pageRows( pageUrl, listFiles ) {
	const { chromium } = await import( '@playwright/test' );
	let server = null;
	let base = pageUrl.replace( /\/$/, '' );
	if ( ! base ) {
		const port = process.env.BENCH_PAGE_PORT || '9431';
		base = `http://127.0.0.1:${ port }`;
		server = spawn( 'bash', [ 'bin/serve-e2e.sh' ], {
			cwd: root,
			env: { ...process.env, E2E_PORT: port },
			stdio: 'ignore',
			detached: true,
		} );
		if ( ! ( await waitFor( `${ base }/wp-login.php`, 300 ) ) ) {
			process.kill( -server.pid );
			console.error( 'bench: the embedded site did not start' );
			return null;
		}
	}
	const browser = await chromium.launch( {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [ '--no-sandbox', '--disable-gpu' ],
	} );
	try {
		const page = await browser.newPage();
		await page.goto( `${ base }/wp-login.php` );
		await page.fill( '#user_login', 'admin' );
		await page.fill( '#user_pass', 'password' );
		await page.click( '#wp-submit' );
		await page.waitForURL( /wp-admin/ );
		if ( server ) {
			// The e2e site starts with no data source: choose the built-in one (its test-only route).
			const nonce = await (
				await page.request.get(
					`${ base }/wp-admin/admin-ajax.php?action=rest-nonce`
				)
			).text();
			await page.request.post(
				`${ base }/wp-json/monsterinsights-reports-e2e/v1/source`,
				{
					headers: { 'X-WP-Nonce': nonce },
					data: { source: 'builtin' },
				}
			);
		}
		await page.goto(
			`${ base }/wp-admin/admin.php?page=monsterinsights_reports#/`
		);
		await page
			.locator( '#monsterinsights-reports h1', { hasText: 'Overview' } )
			.waitFor( { timeout: 180_000 } );
		await page.waitForLoadState( 'networkidle' );
		const urls = await page.evaluate( () =>
			performance
				.getEntriesByType( 'resource' )
				// The reports page links the Overview's chunks with rel=preload: fetched as
				// `link` resources, which their script tags then use.
				.filter(
					( entry ) =>
						entry.initiatorType === 'script' ||
						( entry.initiatorType === 'link' &&
							/\.js(\?|$)/.test( entry.name ) )
				)
				.map( ( entry ) => entry.name )
		);
		let all = 0;
		let own = 0;
		const files = [];
		for ( const url of [ ...new Set( urls ) ] ) {
			const body = await ( await page.request.get( url ) ).body();
			const size = zlib.gzipSync( body, { level: 9 } ).length;
			files.push( { url: url.replace( base, '' ), size } );
			all += size;
			if ( url.includes( '/monsterinsights-reports/build/' ) ) {
				own += size;
			}
		}
		if ( listFiles ) {
			files.sort( ( a, b ) => b.size - a.size );
			for ( const file of files ) {
				console.log(
					`${ String( file.size ).padStart( 8 ) }  ${ file.url }`
				);
			}
		}
		return [
			{
				figure: `Overview page, all JS (${ urls.length } files, WordPress core included), gzip`,
				value: all,
				unit: 'bytes',
				budget: `≤ ${ PAGE_BUDGET }`,
				ok: all <= PAGE_BUDGET,
			},
			{
				figure: 'Overview page, own JS (build/), gzip',
				value: own,
				unit: 'bytes',
				budget: `≤ ${ PAGE_OWN_BUDGET }`,
				ok: own <= PAGE_OWN_BUDGET,
			},
		];
	} catch ( error ) {
		console.error( `bench: the Overview page: ${ error.message }` );
		return null;
	} finally {
		await browser.close();
		if ( server ) {
			process.kill( -server.pid );
		}
	}
}
