#!/usr/bin/env node
/**
 * Performance budgets. Prints numbers and exits non-zero when one is over budget.
 *
 * Measured now: gzip bytes of the built scripts (the initial admin bundle, its lazy chunks and the
 * public tracker). Run `npm run build` first.
 */
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { fileURLToPath } from 'url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const build = path.join( root, 'build' );

/** Budgets in gzip bytes. */
const BUDGETS = {
	'tracker.js': 800,
	'reports.js': 60 * 1024,
	'reports.css': 10 * 1024,
};

function gzipSize( file ) {
	return zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length;
}

if ( ! fs.existsSync( path.join( build, 'reports.js' ) ) ) {
	console.error( 'bench: build/ is missing; run "npm run build" first.' );
	process.exit( 1 );
}

let failed = false;
const rows = [];
for ( const [ name, budget ] of Object.entries( BUDGETS ) ) {
	const file = path.join( build, name );
	const size = fs.existsSync( file ) ? gzipSize( file ) : 0;
	const ok = size <= budget;
	failed ||= ! ok;
	rows.push( { asset: name, 'gzip bytes': size, budget, ok } );
}
const chunksDir = path.join( build, 'chunks' );
const chunks = fs.existsSync( chunksDir )
	? fs.readdirSync( chunksDir ).filter( ( f ) => f.endsWith( '.js' ) )
	: [];
const chunkBytes = chunks.reduce(
	( sum, f ) => sum + gzipSize( path.join( chunksDir, f ) ),
	0
);
rows.push( {
	asset: `chunks/*.js (${ chunks.length }, lazy)`,
	'gzip bytes': chunkBytes,
	budget: '-',
	ok: true,
} );

console.table( rows );
if ( failed ) {
	console.error( 'bench: over budget' );
	process.exit( 1 );
}
