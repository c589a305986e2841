#!/usr/bin/env node
/**
 * Performance budgets. Prints numbers and exits non-zero when one is over budget. Not a test: no
 * test has a wall-clock limit, the budgets live here and in bin/bench/Bench.php.
 *
 *   node bin/bench.mjs --sizes   gzip bytes of the built scripts (the initial admin bundle, its lazy
 *                                chunks, the public tracker, its Core Web Vitals script and its
 *                                form and media events); a
 *                                second, used by bin/test.sh
 *   node bin/bench.mjs --page    the JS the Overview page really loads in Chromium, WordPress core
 *                                included: starts the embedded e2e site (bin/serve-e2e.sh on
 *                                BENCH_PAGE_PORT, default 9431) or uses --url=<site> (user admin,
 *                                password "password"), logs in, opens the Overview, waits for it,
 *                                then gzips every script the Performance API lists; with
 *                                --list, also each file's gzip bytes, largest first
 *   node bin/bench.mjs --start   a newcomer's `npm start`: clones this repository's HEAD into a
 *                                temporary folder and runs bin/start.sh there (port
 *                                BENCH_START_PORT, default 9441) until it prints "ready in N s";
 *                                npm's cache is the machine's, as for any clone on it
 *   node bin/bench.mjs --first-numbers
 *                                time to the first numbers, as a ratio to the reports page's own
 *                                load (navigation → load event), in Chromium, on native PHP (the e2e
 *                                site: bin/serve-e2e.sh on BENCH_NATIVE_PORT, default 9432, or
 *                                --native-url=<site>, which must have the e2e mu-plugin) and in
 *                                Playground (`npm start`'s demo site: bin/start.sh on
 *                                BENCH_PLAYGROUND_PORT, default 9442, with its own site folder, or
 *                                --playground-url=<site>): the lite Overview opened from the admin
 *                                menu, then at plus a report opened by its link
 *                                (#/traffic-overview) and from the app's menu (Traffic → Overview)
 *   node bin/bench.mjs           (npm run bench) the sizes, the page, bin/bench.php against a real
 *                                WordPress and MariaDB (collector, aggregation, storage and report
 *                                latency at 1 M page views), then the start; about 8 minutes on
 *                                2 cores
 *
 * Arguments after the mode go to bin/bench.php (e.g. `npm run bench -- --pageviews=200000`).
 * docs/benchmarks.md explains every figure and records a run. Run `npm run build` first.
 */
import { execFileSync, spawn, spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import { fileURLToPath } from 'url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const build = path.join( root, 'build' );
const args = process.argv.slice( 2 );
const sizesOnly = args.includes( '--sizes' );
const pageOnly = args.includes( '--page' );
const startOnly = args.includes( '--start' );
const firstNumbersOnly = args.includes( '--first-numbers' );
/**
 * The value of a `--name=value` argument, or ''.
 *
 * @param {string} name The argument's name, with its dashes.
 * @return {string} The value.
 */
const argValue = ( name ) =>
	( args.find( ( arg ) => arg.startsWith( `${ name }=` ) ) ?? '' )
		.slice( name.length + 1 )
		.replace( /\/$/, '' );
const nativeUrl = argValue( '--native-url' );
const playgroundUrl = argValue( '--playground-url' );
const listFiles = args.includes( '--list' );
const pageUrl = (
	args.find( ( arg ) => arg.startsWith( '--url=' ) ) ?? ''
).slice( 6 );
const phpArgs = args.filter(
	( arg ) =>
		arg !== '--sizes' &&
		arg !== '--page' &&
		arg !== '--start' &&
		arg !== '--first-numbers' &&
		arg !== '--list' &&
		! arg.startsWith( '--url=' ) &&
		! arg.startsWith( '--native-url=' ) &&
		! arg.startsWith( '--playground-url=' )
);

/** The bench's own database (bin/bench.php reads the same variable). */
const benchDb = process.env.BENCH_DB_NAME || 'monsterinsights_reports_bench';

/**
 * Budgets in gzip bytes. vitals.js, printed after the tracker while Site Speed is in use, is the
 * `web-vitals` package (about 2.2 KB of it) and the code that sends its one event.
 */
const BUDGETS = {
	'tracker.js': 800,
	'vitals.js': 3 * 1024,
	// The form and media events (src/events), printed after the tracker only while the Forms or
	// the Media module is on.
	'events.js': 2048,
	'reports.js': 60 * 1024,
	'reports.css': 10 * 1024,
};

/** The target for the JS the Overview needs: 120 KB gzip. */
const OVERVIEW_BUDGET = 120 * 1024;

/** Every script the Overview page loads, WordPress core included, gzip (issue #10 §4). */
const PAGE_BUDGET = 450 * 1024;

/** The plugin's own scripts (build/) on the Overview page, gzip. */
const PAGE_OWN_BUDGET = 100 * 1024;

/** A fresh clone's `npm start`, until the reports page answers, on 2 cores (issue #10 §5). */
const START_BUDGET = 90;

/** Time to the first numbers ÷ the reports page's own load (navigation → load event). */
const FIRST_NUMBERS_BUDGET = 1.3;

/** Page loads of each first-numbers figure; the median counts. */
const FIRST_NUMBERS_RUNS = 5;

function gzipSize( file ) {
	return zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length;
}

/**
 * Rows of the size table: figure, value, unit, budget, ok.
 *
 * @return {Array<Object>} Rows.
 */
function sizeRows() {
	const rows = [];
	for ( const [ name, budget ] of Object.entries( BUDGETS ) ) {
		const file = path.join( build, name );
		const size = fs.existsSync( file ) ? gzipSize( file ) : 0;
		rows.push( {
			figure: `${ name }, gzip`,
			value: size,
			unit: 'bytes',
			budget: `≤ ${ budget }`,
			ok: size <= budget,
		} );
	}
	// What the Overview needs: the initial bundle and the overview screen's chunk group (WordPress
	// core scripts excluded).
	const manifest = path.join( build, 'chunk-groups.php' );
	if ( fs.existsSync( manifest ) ) {
		const groups = JSON.parse(
			execFileSync(
				'php',
				[ '-r', 'echo json_encode( include $argv[1] );', manifest ],
				{ encoding: 'utf8' }
			)
		);
		const files = [
			'reports.js',
			...( groups[ 'report-overview' ] ?? [] ),
		];
		const size = files
			.filter( ( file ) => fs.existsSync( path.join( build, file ) ) )
			.reduce(
				( sum, file ) => sum + gzipSize( path.join( build, file ) ),
				0
			);
		rows.push( {
			figure: `JS to render the Overview (${ files.length } files), gzip`,
			value: size,
			unit: 'bytes',
			budget: `≤ ${ OVERVIEW_BUDGET }`,
			ok: size <= OVERVIEW_BUDGET,
		} );
	}
	const chunksDir = path.join( build, 'chunks' );
	const chunks = fs.existsSync( chunksDir )
		? fs.readdirSync( chunksDir ).filter( ( f ) => f.endsWith( '.js' ) )
		: [];
	rows.push( {
		figure: `chunks/*.js (${ chunks.length }, lazy), gzip`,
		value: chunks.reduce(
			( sum, f ) => sum + gzipSize( path.join( chunksDir, f ) ),
			0
		),
		unit: 'bytes',
		budget: '',
		ok: true,
	} );
	return rows;
}

/**
 * A number as bin/bench.php prints it.
 *
 * @param {number} value The value.
 * @return {string} The text.
 */
function format( value ) {
	if ( typeof value === 'string' ) {
		return value;
	}
	const abs = Math.abs( value );
	if ( Number.isInteger( value ) || abs >= 1000 ) {
		return Math.round( value )
			.toString()
			.replace( /\B(?=(\d{3})+(?!\d))/g, ' ' );
	}
	let digits = 3;
	if ( abs >= 100 ) {
		digits = 0;
	} else if ( abs >= 10 ) {
		digits = 1;
	} else if ( abs >= 1 ) {
		digits = 2;
	}
	return String( Number( value.toFixed( digits ) ) );
}

/**
 * Prints rows as an aligned table.
 *
 * @param {Array<Object>} rows Rows.
 */
function printTable( rows ) {
	const lines = [
		[ 'figure', 'value', 'unit', 'budget', 'ok' ],
		...rows.map( ( row ) => [
			row.figure,
			format( row.value ),
			row.unit,
			row.budget,
			// Figures without a budget are for the record.
			row.budget === '' ? '-' : ( row.ok && 'yes' ) || 'NO',
		] ),
	];
	const widths = lines[ 0 ].map( ( _, i ) =>
		Math.max( ...lines.map( ( line ) => line[ i ].length ) )
	);
	for ( const line of lines ) {
		console.log(
			line
				.map( ( cell, i ) =>
					i === 1
						? cell.padStart( widths[ i ] )
						: cell.padEnd( widths[ i ] )
				)
				.join( '  ' )
				.trimEnd()
		);
	}
}

/**
 * Runs a command with the terminal attached.
 *
 * @param {string}   command The command.
 * @param {string[]} argv    Its arguments.
 * @return {number} Its exit status.
 */
function run( command, argv ) {
	const result = spawnSync( command, argv, { cwd: root, stdio: 'inherit' } );
	if ( result.error ) {
		console.error( `bench: ${ command }: ${ result.error.message }` );
		return 1;
	}
	return result.status ?? 1;
}

/**
 * The PHP bench's rows, or null when it could not run.
 *
 * @return {Array<Object>|null} Rows.
 */
function phpRows() {
	if ( ! fs.existsSync( path.join( root, '.wp/core/wp-settings.php' ) ) ) {
		if ( run( 'bash', [ 'bin/wp-core.sh' ] ) !== 0 ) {
			return null;
		}
	}
	if ( run( 'bash', [ 'bin/mariadb.sh', benchDb ] ) !== 0 ) {
		return null;
	}
	const json = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'mir-bench-' ) ),
		'rows.json'
	);
	const status = run( 'php', [
		'bin/bench.php',
		`--json=${ json }`,
		...phpArgs,
	] );
	if ( ! fs.existsSync( json ) ) {
		console.error(
			`bench: bin/bench.php stopped (exit status ${ status })`
		);
		return null;
	}
	const rows = JSON.parse( fs.readFileSync( json, 'utf8' ) );
	fs.rmSync( path.dirname( json ), { recursive: true, force: true } );
	return rows;
}

/**
 * Waits until a URL answers.
 *
 * @param {string} url     The URL.
 * @param {number} seconds How long at most.
 * @return {Promise<boolean>} Whether it answered.
 */
async function waitFor( url, seconds ) {
	for ( let i = 0; i < seconds; i++ ) {
		try {
			if (
				( await fetch( url, { redirect: 'manual' } ) ).status === 200
			) {
				return true;
			}
		} catch {
			// Not listening yet.
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
	}
	return false;
}

/**
 * The JS the Overview page loads in Chromium: every `script` resource of the Performance API
 * (WordPress's load-scripts.php concatenations, core packages, the app and its lazy chunks), each
 * fetched again and gzipped at level 9 (the embedded server does not compress).
 *
 * @return {Promise<Array<Object>|null>} Rows, or null when the page could not be measured.
 */
async function pageRows() {
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

/**
 * A newcomer's `npm start`: this repository's HEAD cloned into a temporary folder, bin/start.sh run
 * there on a port of its own until it prints "ready in N s", then stopped and the folder removed.
 *
 * @return {Promise<Array<Object>|null>} Rows, or null when it did not get ready.
 */
async function startRows() {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'mir-bench-start-' ) );
	const clone = spawnSync( 'git', [ 'clone', '-q', root, dir ], {
		stdio: 'inherit',
	} );
	if ( clone.status !== 0 ) {
		console.error( 'bench: git clone failed' );
		return null;
	}
	const port = process.env.BENCH_START_PORT || '9441';
	console.log(
		`bench: start: a fresh clone of HEAD, npm start on port ${ port }`
	);
	const child = spawn( 'bash', [ 'bin/start.sh' ], {
		cwd: dir,
		env: { ...process.env, PORT: port },
		detached: true,
	} );
	let output = '';
	const found = await new Promise( ( resolve ) => {
		const timer = setTimeout( () => resolve( false ), 900_000 );
		const onData = ( data ) => {
			output += data.toString();
			if ( /ready in \d+ s/.test( output ) ) {
				clearTimeout( timer );
				resolve( true );
			}
		};
		child.stdout.on( 'data', onData );
		child.stderr.on( 'data', onData );
		child.on( 'exit', () => {
			clearTimeout( timer );
			resolve( /ready in \d+ s/.test( output ) );
		} );
	} );
	try {
		process.kill( -child.pid );
	} catch {
		// Already gone.
	}
	fs.rmSync( dir, { recursive: true, force: true } );
	if ( ! found ) {
		console.error( `bench: npm start did not get ready:\n${ output }` );
		return null;
	}
	const number = ( pattern ) =>
		Number( pattern.exec( output )?.[ 1 ] ?? NaN );
	const ready = number( /ready in (\d+) s/ );
	const rows = [
		{
			figure: 'npm start on a fresh clone: ready',
			value: ready,
			unit: 's',
			budget: `≤ ${ START_BUDGET }`,
			ok: ready <= START_BUDGET,
		},
	];
	const built = number( /built the plugin \((\d+) s\)/ );
	if ( ! Number.isNaN( built ) ) {
		rows.push( {
			figure: 'npm start: npm ci and the build done',
			value: built,
			unit: 's',
			budget: '',
			ok: true,
		} );
	}
	const seeded = number( /seeded 90 days: .*\(([\d.]+) s\)/ );
	if ( ! Number.isNaN( seeded ) ) {
		rows.push( {
			figure: 'npm start: seeding 90 days in Playground',
			value: seeded,
			unit: 's',
			budget: '',
			ok: true,
		} );
	}
	return rows;
}

/**
 * Starts a server in a process group of its own and waits until its output or its site shows it
 * is ready.
 *
 * @param {string}   command The command.
 * @param {string[]} argv    Its arguments.
 * @param {Object}   env     Extra environment.
 * @param {string}   base    The site's URL.
 * @return {Promise<{stop: Function}|null>} How to stop it, or null when it did not start.
 */
async function startServer( command, argv, env, base ) {
	const child = spawn( command, argv, {
		cwd: root,
		env: { ...process.env, ...env },
		stdio: 'ignore',
		detached: true,
	} );
	const stop = () => {
		try {
			process.kill( -child.pid );
		} catch {
			// Already gone.
		}
	};
	// Playground answers wp-login.php before its blueprint has run: wait for the reports page.
	if ( ! ( await waitFor( `${ base }/wp-login.php`, 600 ) ) ) {
		stop();
		return null;
	}
	return { stop };
}

/**
 * The numbers the first-numbers figures wait for: an info box value of the Overview, or a table
 * cell of another report, holding a digit.
 */
const FIRST_NUMBER_CELLS =
	'#monsterinsights-reports .monsterinsights-reports-infobox__value, #monsterinsights-reports table tbody td';

/**
 * Installs, in every page the context opens, a watch that polls every frame from the navigation's
 * start and keeps `performance.now()` of the first frame that draws a first number in
 * `window.monsterinsightsReportsBenchFirstNumber`. Timed in the page, so the bench's own round trips
 * to the browser never count.
 *
 * @param {import('@playwright/test').BrowserContext} context The browser context.
 * @param {string}                                    cells   FIRST_NUMBER_CELLS.
 */
async function watchFirstNumbers( context, cells ) {
	await context.addInitScript( ( selector ) => {
		const poll = () => {
			const drawn = [ ...document.querySelectorAll( selector ) ].some(
				( cell ) => /\d/.test( cell.textContent ?? '' )
			);
			if ( drawn ) {
				window.monsterinsightsReportsBenchFirstNumber =
					performance.now();
				return;
			}
			window.requestAnimationFrame( poll );
		};
		window.requestAnimationFrame( poll );
	}, cells );
}

/**
 * Waits until the page's watch (watchFirstNumbers) has seen the first number drawn.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @return {Promise<number>} `performance.now()` of that frame.
 */
async function waitForFirstNumber( page ) {
	const handle = await page.waitForFunction(
		() => window.monsterinsightsReportsBenchFirstNumber,
		null,
		{ timeout: 180_000 }
	);
	return handle.jsonValue();
}

/**
 * Records the page's REST requests (under /wp-json or rest_route) while it runs.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @return {{list: string[], stop: Function}} The requests so far, and how to stop recording.
 */
function recordRest( page ) {
	const list = [];
	const listener = ( request ) => {
		const url = request.url();
		if ( url.includes( '/wp-json/' ) || url.includes( 'rest_route=' ) ) {
			list.push( url );
		}
	};
	page.on( 'request', listener );
	return { list, stop: () => page.off( 'request', listener ) };
}

/**
 * The median of numbers.
 *
 * @param {number[]} values Values.
 * @return {number} The median.
 */
function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}

/**
 * Loads the reports page (at a hash) FIRST_NUMBERS_RUNS times, each time from another admin page
 * as a click in the admin menu would, and times its first number against its own load.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @param {string}                          base The site.
 * @param {string}                          hash The hash route.
 * @return {Promise<{ratio: number, ready: number, load: number, numbers: number, requests: number}>} Medians.
 */
async function timeFirstNumbers( page, base, hash ) {
	const runs = [];
	// One load first, not counted: the browser's cache and the site's caches as a user has them.
	for ( let i = 0; i <= FIRST_NUMBERS_RUNS; i++ ) {
		await page.goto( `${ base }/wp-admin/profile.php` );
		const rest = recordRest( page );
		await page.goto(
			`${ base }/wp-admin/admin.php?page=monsterinsights_reports${ hash }`
		);
		const numbers = await waitForFirstNumber( page );
		const times = await page.evaluate( () => {
			const navigation =
				performance.getEntriesByType( 'navigation' )[ 0 ];
			return {
				ready: navigation.domContentLoadedEventEnd,
				load: navigation.loadEventEnd,
			};
		} );
		rest.stop();
		if ( i > 0 ) {
			runs.push( { ...times, numbers, requests: rest.list.length } );
		}
	}
	return {
		ratio: median( runs.map( ( entry ) => entry.numbers / entry.load ) ),
		ready: median( runs.map( ( entry ) => entry.ready ) ),
		load: median( runs.map( ( entry ) => entry.load ) ),
		numbers: median( runs.map( ( entry ) => entry.numbers ) ),
		requests: Math.max( ...runs.map( ( entry ) => entry.requests ) ),
	};
}

/**
 * Opens a report from the app's own menu (Traffic → Overview) on the loaded Overview,
 * FIRST_NUMBERS_RUNS times, and times click → first number against the page's own load.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @param {string}                          base The site.
 * @return {Promise<{ratio: number, click: number, load: number}>} Medians.
 */
async function timeMenuReport( page, base ) {
	const runs = [];
	for ( let i = 0; i <= FIRST_NUMBERS_RUNS; i++ ) {
		await page.goto( `${ base }/wp-admin/profile.php` );
		await page.goto(
			`${ base }/wp-admin/admin.php?page=monsterinsights_reports#/`
		);
		await waitForFirstNumber( page );
		const app = page.locator( '#monsterinsights-reports' );
		await app
			.getByRole( 'button', { name: 'Traffic', exact: true } )
			.click();
		// The menu is a popover, outside the app's element.
		const item = page
			.getByRole( 'menu', { name: 'Traffic' } )
			.getByRole( 'menuitem', { name: 'Overview', exact: true } );
		await item.waitFor();
		// Timed in the page: from the click's event to the first frame that draws a table number,
		// polled every frame as the page's watch does.
		await item.evaluate( ( link ) => {
			window.monsterinsightsReportsBenchClick = performance.now();
			window.monsterinsightsReportsBenchMenuNumber = undefined;
			const poll = () => {
				const drawn = [
					...document.querySelectorAll(
						'#monsterinsights-reports .monsterinsights-reports-report--traffic_overview table tbody td'
					),
				].some( ( cell ) => /\d/.test( cell.textContent ?? '' ) );
				if ( drawn ) {
					window.monsterinsightsReportsBenchMenuNumber =
						performance.now();
					return;
				}
				window.requestAnimationFrame( poll );
			};
			link.click();
			window.requestAnimationFrame( poll );
		} );
		await page.waitForFunction(
			() => window.monsterinsightsReportsBenchMenuNumber,
			null,
			{ timeout: 180_000 }
		);
		const times = await page.evaluate( () => ( {
			click:
				window.monsterinsightsReportsBenchMenuNumber -
				window.monsterinsightsReportsBenchClick,
			load: performance.getEntriesByType( 'navigation' )[ 0 ]
				.loadEventEnd,
		} ) );
		if ( i > 0 ) {
			runs.push( times );
		}
	}
	return {
		ratio: median( runs.map( ( entry ) => entry.click / entry.load ) ),
		click: median( runs.map( ( entry ) => entry.click ) ),
		load: median( runs.map( ( entry ) => entry.load ) ),
	};
}

/**
 * The first-numbers figures of one site.
 *
 * @param {string}                          label    'native PHP' or 'Playground'.
 * @param {string}                          base     The site, logged in as admin by the page.
 * @param {Function}                        setLevel Sets the licence level ('lite', 'plus') through the page.
 * @param {import('@playwright/test').Page} page     The logged-in page.
 * @return {Promise<Array<Object>>} Rows.
 */
async function firstNumbersOf( label, base, setLevel, page ) {
	const rows = [];
	const ratioRow = ( figure, value ) => ( {
		figure,
		value,
		unit: '×',
		budget: `≤ ${ FIRST_NUMBERS_BUDGET }`,
		ok: value <= FIRST_NUMBERS_BUDGET,
	} );
	const record = ( figure, value, unit ) => ( {
		figure,
		value,
		unit,
		budget: '',
		ok: true,
	} );
	await setLevel( 'lite' );
	const overview = await timeFirstNumbers( page, base, '' );
	rows.push(
		ratioRow(
			`${ label }: lite Overview, first numbers ÷ page load`,
			overview.ratio
		),
		record(
			`${ label }: lite Overview, DOMContentLoaded / load / first numbers (medians)`,
			[ overview.ready, overview.load, overview.numbers ]
				.map( ( ms ) => Math.round( ms ) )
				.join( ' / ' ),
			'ms'
		),
		{
			figure: `${ label }: lite Overview, REST requests before the first numbers`,
			value: overview.requests,
			unit: '',
			budget: '= 0',
			ok: overview.requests === 0,
		}
	);
	await setLevel( 'plus' );
	try {
		const linked = await timeFirstNumbers(
			page,
			base,
			'#/traffic-overview'
		);
		rows.push(
			ratioRow(
				`${ label }: plus #/traffic-overview opened by its link, first numbers ÷ page load`,
				linked.ratio
			),
			record(
				`${ label }: plus #/traffic-overview, DOMContentLoaded / load / first numbers (medians)`,
				[ linked.ready, linked.load, linked.numbers ]
					.map( ( ms ) => Math.round( ms ) )
					.join( ' / ' ),
				'ms'
			),
			record(
				`${ label }: plus #/traffic-overview, REST requests before the first numbers`,
				linked.requests,
				''
			)
		);
		const menu = await timeMenuReport( page, base );
		rows.push(
			ratioRow(
				`${ label }: plus Traffic → Overview from the app's menu, click → first numbers ÷ page load`,
				menu.ratio
			),
			record(
				`${ label }: plus Traffic → Overview from the app's menu, click → first numbers`,
				Math.round( menu.click ),
				'ms'
			)
		);
	} finally {
		await setLevel( 'lite' );
	}
	return rows;
}

/**
 * Time to the first numbers on native PHP and in Playground (see the usage above).
 *
 * @return {Promise<Array<Object>|null>} Rows, or null when a site could not be measured.
 */
async function firstNumbersRows() {
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

if ( firstNumbersOnly ) {
	const first = await firstNumbersRows();
	if ( first === null ) {
		process.exit( 1 );
	}
	printTable( first );
	process.exit( first.every( ( row ) => row.ok ) ? 0 : 1 );
}

if ( startOnly ) {
	const start = await startRows();
	if ( start === null ) {
		process.exit( 1 );
	}
	printTable( start );
	process.exit( start.every( ( row ) => row.ok ) ? 0 : 1 );
}

if ( ! fs.existsSync( path.join( build, 'reports.js' ) ) ) {
	console.error( 'bench: build/ is missing; run "npm run build" first.' );
	process.exit( 1 );
}

const rows = sizeRows();
if ( ! sizesOnly ) {
	const page = await pageRows();
	if ( page === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...page );
}
if ( ! sizesOnly && ! pageOnly ) {
	const cpu = os.cpus()[ 0 ]?.model ?? 'unknown CPU';
	const memory = ( os.totalmem() / 2 ** 30 ).toFixed( 1 );
	console.log(
		`bench: machine: ${
			os.cpus().length
		} × ${ cpu }, ${ memory } GiB, Node ${ process.version }`
	);
	const php = phpRows();
	if ( php === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...php );
	const first = await firstNumbersRows();
	if ( first === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...first );
	const start = await startRows();
	if ( start === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...start );
	console.log( '' );
}
printTable( rows );
if ( rows.some( ( row ) => ! row.ok ) ) {
	console.error( 'bench: over budget' );
	process.exit( 1 );
}
