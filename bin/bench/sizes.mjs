/**
 * The bundle sizes: gzip bytes of the built scripts against their budgets (`--sizes`, which
 * bin/test.sh runs).
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';

import { build } from './common.mjs';

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

/**
 * A file's size, gzipped at level 9.
 *
 * @param {string} file The file.
 * @return {number} Bytes.
 */
function gzipSize( file ) {
	return zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length;
}

/**
 * Rows of the size table: figure, value, unit, budget, ok.
 *
 * @return {Array<Object>} Rows.
 */
export function sizeRows() {
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
