#!/usr/bin/env node
/**
 * The plugin's version lives in one place, package.json's "version"; this stamps it into the places
 * WordPress reads it from and checks that they agree.
 *
 *   node bin/version.mjs --check   fail unless the plugin header's Version, the
 *                                  MONSTERINSIGHTS_REPORTS_VERSION constant and readme.txt's
 *                                  Stable tag all equal package.json's version
 *   node bin/version.mjs 0.2.0     set package.json's version and stamp it into the others
 *                                  (package-lock.json's own version too, as npm would)
 */
import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);

/** Where the version is written: file, pattern (its first group is the version). */
export const PLACES = [
	{
		file: 'monsterinsights-reports.php',
		label: 'plugin header Version',
		pattern: /^(?: \* Version:\s+)(\S+)$/m,
	},
	{
		file: 'monsterinsights-reports.php',
		label: 'MONSTERINSIGHTS_REPORTS_VERSION',
		pattern: /define\( 'MONSTERINSIGHTS_REPORTS_VERSION', '([^']+)' \);/,
	},
	{
		file: 'readme.txt',
		label: 'readme.txt Stable tag',
		pattern: /^Stable tag:\s*(\S+)$/m,
	},
];

function read( file ) {
	return fs.readFileSync( path.join( root, file ), 'utf8' );
}

function packageVersion() {
	return JSON.parse( read( 'package.json' ) ).version;
}

function found( place ) {
	const match = read( place.file ).match( place.pattern );
	return match ? match[ 1 ] : null;
}

const arg = process.argv[ 2 ];
if ( arg === '--check' || arg === undefined ) {
	const version = packageVersion();
	const wrong = PLACES.filter( ( place ) => found( place ) !== version );
	for ( const place of wrong ) {
		console.error(
			`version: ${ place.label } (${ place.file }) is ${
				found( place ) ?? 'missing'
			}, package.json says ${ version }`
		);
	}
	if ( wrong.length ) {
		console.error( 'version: run node bin/version.mjs ' + version );
		process.exit( 1 );
	}
	console.log( `version: ${ version } everywhere` );
} else if ( /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test( arg ) ) {
	const pkg = JSON.parse( read( 'package.json' ) );
	pkg.version = arg;
	fs.writeFileSync(
		path.join( root, 'package.json' ),
		JSON.stringify( pkg, null, '\t' ) + '\n'
	);
	// The lock names the project's own version twice; its dependencies stay as they are.
	const lock = JSON.parse( read( 'package-lock.json' ) );
	lock.version = arg;
	if ( lock.packages?.[ '' ] ) {
		lock.packages[ '' ].version = arg;
	}
	fs.writeFileSync(
		path.join( root, 'package-lock.json' ),
		JSON.stringify( lock, null, '\t' ) + '\n'
	);
	for ( const place of PLACES ) {
		const text = read( place.file );
		const match = text.match( place.pattern );
		if ( ! match ) {
			console.error( `version: no ${ place.label } in ${ place.file }` );
			process.exit( 1 );
		}
		fs.writeFileSync(
			path.join( root, place.file ),
			text.replace( match[ 0 ], match[ 0 ].replace( match[ 1 ], arg ) )
		);
	}
	console.log( `version: ${ arg } stamped` );
} else {
	console.error( 'usage: node bin/version.mjs --check | <version>' );
	process.exit( 2 );
}
