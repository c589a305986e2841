import { expect, test } from '@playwright/test';
import { execFileSync } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';

import { RELEASE_ZIP } from './helpers';

/**
 * What the release zip (`npm run plugin-zip`) holds: only what runs. The plugin's PHP, its
 * build (with build/chunk-groups.php, which the reports page reads to preload its first screen),
 * its translations template and the runtime Composer package's PHP and licence; not the build's
 * dev-only files (build/.sources, build/data/crawlers.json, build/chunk-groups.json), not the
 * MaxMind reader's C extension, tests, docs or tool configs, and no stylesheet twice.
 */

const ROOT = 'monsterinsights-reports/';

/** The zip's files, without folders, relative to the plugin's folder. */
function entries(): string[] {
	return execFileSync( 'unzip', [ '-Z1', RELEASE_ZIP ], { encoding: 'utf8' } )
		.split( '\n' )
		.filter( ( line ) => line !== '' && ! line.endsWith( '/' ) )
		.map( ( line ) => {
			expect( line.startsWith( ROOT ), line ).toBe( true );
			return line.slice( ROOT.length );
		} );
}

/**
 * One file of the zip.
 *
 * @param file Its path in the plugin's folder.
 */
function read( file: string ): Buffer {
	return execFileSync( 'unzip', [ '-p', RELEASE_ZIP, ROOT + file ], {
		maxBuffer: 64 * 1024 * 1024,
	} );
}

test( 'the release zip ships only what runs', () => {
	expect( fs.existsSync( RELEASE_ZIP ) ).toBe( true );
	const files = entries();

	// The plugin's parts, nothing beside them.
	const top = new Set( files.map( ( file ) => file.split( '/' )[ 0 ] ) );
	expect( [ ...top ].sort() ).toEqual( [
		'build',
		'collect.php',
		'includes',
		'languages',
		'monsterinsights-reports.php',
		'readme.txt',
		'uninstall.php',
		'vendor',
	] );

	// What runs is there: the app, the data the PHP reads, the preload manifest, the reader.
	for ( const file of [
		'build/reports.js',
		'build/reports.asset.php',
		'build/chunk-groups.php',
		'build/data/bots.php',
		'build/data/uap-regexes.json',
		'vendor/autoload.php',
		'vendor/maxmind-db/reader/src/MaxMind/Db/Reader.php',
		'vendor/maxmind-db/reader/LICENSE',
	] ) {
		expect( files, file ).toContain( file );
	}

	// The build's dev-only files.
	for ( const file of [
		'build/.sources',
		'build/chunk-groups.json',
		'build/data/crawlers.json',
	] ) {
		expect( files, file ).not.toContain( file );
	}

	// Of the Composer packages, their PHP and licences only: no C sources or headers, no tests,
	// docs, dotfiles or tool configs.
	const vendor = files.filter( ( file ) => file.startsWith( 'vendor/' ) );
	const notRun = vendor.filter(
		( file ) =>
			/\/(ext|tests?|docs|\.[^/]+)\//.test( file ) ||
			/\/\.[^/]+$/.test( file ) ||
			/\.(c|h|m4|w32|phpt|md|toml|lock|xml|dist|neon)$/.test( file ) ||
			/\/(package\.xml|Makefile)$/.test( file )
	);
	expect( notRun ).toEqual( [] );
	expect( files.filter( ( file ) => /\.(c|h|phpt)$/.test( file ) ) ).toEqual(
		[]
	);

	// No stylesheet twice: two CSS files with the same bytes are a chunk's and its right-to-left
	// mirror's (a stylesheet without direction-dependent rules), never two chunks'.
	const byContent = new Map< string, string[] >();
	for ( const file of files.filter( ( name ) => name.endsWith( '.css' ) ) ) {
		const hash = crypto
			.createHash( 'sha256' )
			.update( read( file ) )
			.digest( 'hex' );
		byContent.set( hash, [ ...( byContent.get( hash ) ?? [] ), file ] );
	}
	const twice = [ ...byContent.values() ].filter(
		( same ) =>
			same.length > 1 &&
			new Set(
				same.map( ( file ) => file.replace( /-rtl\.css$/, '.css' ) )
			).size > 1
	);
	expect( twice ).toEqual( [] );
} );
