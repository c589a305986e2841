#!/usr/bin/env node
/**
 * Performance budgets. Prints numbers and exits non-zero when one is over budget. Not a test: no
 * test has a wall-clock limit, the budgets live in the parts of bin/bench/ (sizes.mjs, page.mjs,
 * start.mjs, first-numbers.mjs) and in bin/bench/Bench.php.
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
 *   node bin/bench.mjs --checkout
 *                                what the shop capture adds to a real WooCommerce checkout
 *                                (bin/bench-checkout.php: the module on against off, alternating;
 *                                its own database, WooCommerce from bin/third-party.sh)
 *   node bin/bench.mjs --google  every report on the google source against the fake Google server
 *                                (bin/bench-google.php): the mapping's own cost without HTTP waits,
 *                                as a ratio to core's GET /wp/v2/posts, and the API calls
 *   node bin/bench.mjs           (npm run bench) the sizes, the page, bin/bench.php against a real
 *                                WordPress and MariaDB (collector, aggregation, storage and report
 *                                latency at 1 M page views), the checkout, the google source, then the start; about 9
 *                                minutes on 2 cores
 *
 * Arguments after the mode go to bin/bench.php (e.g. `npm run bench -- --pageviews=200000`).
 * docs/benchmarks.md explains every figure and records a run. Run `npm run build` first.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { build } from './bench/common.mjs';
import { firstNumbersRows } from './bench/first-numbers-sites.mjs';
import { pageRows } from './bench/page.mjs';
import { checkoutRows, googleRows, phpRows } from './bench/php.mjs';
import { sizeRows } from './bench/sizes.mjs';
import { startRows } from './bench/start.mjs';
import { printTable } from './bench/table.mjs';

const args = process.argv.slice( 2 );
const sizesOnly = args.includes( '--sizes' );
const pageOnly = args.includes( '--page' );
const startOnly = args.includes( '--start' );
const firstNumbersOnly = args.includes( '--first-numbers' );
const checkoutOnly = args.includes( '--checkout' );
const googleOnly = args.includes( '--google' );
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
		arg !== '--checkout' &&
		arg !== '--google' &&
		arg !== '--list' &&
		! arg.startsWith( '--url=' ) &&
		! arg.startsWith( '--native-url=' ) &&
		! arg.startsWith( '--playground-url=' )
);

if ( firstNumbersOnly ) {
	const first = await firstNumbersRows( nativeUrl, playgroundUrl );
	if ( first === null ) {
		process.exit( 1 );
	}
	printTable( first );
	process.exit( first.every( ( row ) => row.ok ) ? 0 : 1 );
}

if ( checkoutOnly ) {
	const checkout = checkoutRows();
	if ( checkout === null ) {
		process.exit( 1 );
	}
	printTable( checkout );
	process.exit( checkout.every( ( row ) => row.ok ) ? 0 : 1 );
}

if ( googleOnly ) {
	const google = googleRows();
	if ( google === null ) {
		process.exit( 1 );
	}
	printTable( google );
	process.exit( google.every( ( row ) => row.ok ) ? 0 : 1 );
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
	const page = await pageRows( pageUrl, listFiles );
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
	const php = phpRows( phpArgs );
	if ( php === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...php );
	const checkout = checkoutRows();
	if ( checkout === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...checkout );
	const google = googleRows();
	if ( google === null ) {
		printTable( rows );
		process.exit( 1 );
	}
	rows.push( ...google );
	const first = await firstNumbersRows( nativeUrl, playgroundUrl );
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
