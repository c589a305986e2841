/**
 * The PHP bench (bin/bench.php) against a real WordPress and MariaDB, its rows read from the JSON
 * file it writes.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { root, run } from './common.mjs';

/** The bench's own database (bin/bench.php reads the same variable). */
const benchDb = process.env.BENCH_DB_NAME || 'monsterinsights_reports_bench';

/**
 * The PHP bench's rows, or null when it could not run.
 *
 * @param {string[]} phpArgs Arguments for bin/bench.php.
 * @return {Array<Object>|null} Rows.
 */
export function phpRows( phpArgs ) {
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
 * The checkout bench (bin/bench-checkout.php): what the shop capture adds to a real WooCommerce
 * checkout, in its own database with WooCommerce from bin/third-party.sh; its rows, or null when it
 * could not run.
 *
 * @param {string[]} extra Arguments for bin/bench-checkout.php (--rounds=N).
 * @return {Array<Object>|null} Rows.
 */
export function checkoutRows( extra = [] ) {
	const database =
		process.env.BENCH_CHECKOUT_DB_NAME ||
		'monsterinsights_reports_bench_wc';
	if ( run( 'bash', [ 'bin/third-party.sh', 'woocommerce' ] ) !== 0 ) {
		return null;
	}
	if ( run( 'bash', [ 'bin/mariadb.sh', database ] ) !== 0 ) {
		return null;
	}
	const json = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'mir-bench-checkout-' ) ),
		'rows.json'
	);
	const status = run( 'php', [
		'bin/bench-checkout.php',
		`--json=${ json }`,
		...extra,
	] );
	if ( ! fs.existsSync( json ) ) {
		console.error(
			`bench: bin/bench-checkout.php stopped (exit status ${ status })`
		);
		return null;
	}
	const rows = JSON.parse( fs.readFileSync( json, 'utf8' ) );
	fs.rmSync( path.dirname( json ), { recursive: true, force: true } );
	return rows;
}

/**
 * The google source's bench (bin/bench-google.php): each report on the google source against the
 * fake Google server, its own cost apart from HTTP waits and its API calls, in its own database;
 * its rows, or null when it could not run.
 *
 * @param {string[]} extra Arguments for bin/bench-google.php (--runs=N).
 * @return {Array<Object>|null} Rows.
 */
export function googleRows( extra = [] ) {
	const database =
		process.env.BENCH_GOOGLE_DB_NAME ||
		'monsterinsights_reports_bench_google';
	if ( run( 'bash', [ 'bin/mariadb.sh', database ] ) !== 0 ) {
		return null;
	}
	const json = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'mir-bench-google-' ) ),
		'rows.json'
	);
	const status = run( 'php', [
		'bin/bench-google.php',
		`--json=${ json }`,
		...extra,
	] );
	if ( ! fs.existsSync( json ) ) {
		console.error(
			`bench: bin/bench-google.php stopped (exit status ${ status })`
		);
		return null;
	}
	const rows = JSON.parse( fs.readFileSync( json, 'utf8' ) );
	fs.rmSync( path.dirname( json ), { recursive: true, force: true } );
	return rows;
}
