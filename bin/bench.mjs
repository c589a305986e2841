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
 *   node bin/bench.mjs           (npm run bench) the sizes, the page, bin/bench.php against a real
 *                                WordPress and MariaDB (collector, aggregation, storage and report
 *                                latency at 1 M page views), then the start; about 8 minutes on
 *                                2 cores
 *
 * Arguments after the mode go to bin/bench.php (e.g. `npm run bench -- --pageviews=200000`).
 * docs/benchmarks.md explains every figure and records a run. Run `npm run build` first.
 */
import { spawn, spawnSync } from 'child_process';
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
const listFiles = args.includes( '--list' );
const pageUrl = (
	args.find( ( arg ) => arg.startsWith( '--url=' ) ) ?? ''
).slice( 6 );
const phpArgs = args.filter(
	( arg ) =>
		arg !== '--sizes' &&
		arg !== '--page' &&
		arg !== '--start' &&
		arg !== '--list' &&
		! arg.startsWith( '--url=' )
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
	const manifest = path.join( build, 'chunk-groups.json' );
	if ( fs.existsSync( manifest ) ) {
		const groups = JSON.parse( fs.readFileSync( manifest, 'utf8' ) );
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
				.filter( ( entry ) => entry.initiatorType === 'script' )
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
