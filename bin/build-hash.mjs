#!/usr/bin/env node
/**
 * The hash of what build/ is built from: every file of src/ but the tests, webpack.config.js,
 * tsconfig.json, bin/build-data.mjs with its modules (bin/build-data/) and package-lock.json (the
 * exact packages), by path and content.
 * Node's own modules only, so it runs before `npm ci`.
 *
 * The tests are what jest reads and the build never does: files in a `test`, `__tests__` or
 * `__mocks__` folder and `*.test.*` / `*.spec.*` files (isTest()). Changing one asks for no
 * rebuild.
 *
 *   node bin/build-hash.mjs           prints it
 *   node bin/build-hash.mjs --write   writes it to build/.sources (the end of `npm run build`)
 *   node bin/build-hash.mjs --check   exits 0 when build/.sources holds it (build/ is current)
 *
 * build/ is committed with the sources it was built from, so a fresh clone runs (`npm start`)
 * without building; bin/test.sh rebuilds it and, in CI, fails when the commit's build/ differs.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const INPUTS = [
	'src',
	'webpack.config.js',
	'tsconfig.json',
	'bin/build-data.mjs',
	'bin/build-data',
	'package-lock.json',
];
const STAMP = path.join( root, 'build', '.sources' );

/**
 * Whether a file of the inputs is a test (or a test's helper), which the build never reads.
 *
 * @param {string} file A path relative to the repository, with `/` separators.
 * @return {boolean} True for a test.
 */
export function isTest( file ) {
	const parts = file.split( '/' );
	return (
		parts
			.slice( 0, -1 )
			.some( ( part ) =>
				[ 'test', '__tests__', '__mocks__' ].includes( part )
			) ||
		/\.(test|spec)\.[cm]?[jt]sx?$/.test( parts[ parts.length - 1 ] )
	);
}

/**
 * Every file under a path of the repository, relative, with `/` separators.
 *
 * @param {string} relative A file or folder.
 * @return {string[]} Files.
 */
function files( relative ) {
	const full = path.join( root, relative );
	if ( ! fs.existsSync( full ) ) {
		return [];
	}
	if ( ! fs.statSync( full ).isDirectory() ) {
		return [ relative.split( path.sep ).join( '/' ) ];
	}
	return fs
		.readdirSync( full )
		.flatMap( ( name ) => files( path.join( relative, name ) ) );
}

/**
 * The hash of the inputs, in a stable order.
 *
 * @return {string} Hex SHA-256.
 */
export function buildHash() {
	const hash = crypto.createHash( 'sha256' );
	const inputs = INPUTS.flatMap( files ).filter(
		( file ) => ! isTest( file )
	);
	for ( const file of inputs.sort() ) {
		hash.update( file );
		hash.update( '\0' );
		hash.update( fs.readFileSync( path.join( root, file ) ) );
		hash.update( '\0' );
	}
	return hash.digest( 'hex' );
}

const mode = process.argv[ 2 ] ?? '';
const current = buildHash();
if ( mode === '--write' ) {
	fs.mkdirSync( path.dirname( STAMP ), { recursive: true } );
	fs.writeFileSync( STAMP, current + '\n' );
} else if ( mode === '--check' ) {
	const stamped = fs.existsSync( STAMP )
		? fs.readFileSync( STAMP, 'utf8' ).trim()
		: '';
	process.exit( stamped === current ? 0 : 1 );
} else {
	console.log( current );
}
