/**
 * The country flags the app shows beside country names: copies country-flag-icons' 3:2 SVGs of the
 * two-letter codes, with the package's licence, into build/flags/.
 */
import fs from 'fs';
import path from 'path';

/**
 * Copies the country flags into build/flags/: the two-letter codes only (no subdivision flags
 * such as GB-ENG, which no country lookup returns), with the package's licence.
 *
 * @param {string} root The repository's root folder.
 * @return {number} How many flags.
 */
export function copyFlags( root ) {
	const from = path.join( root, 'node_modules/country-flag-icons' );
	const to = path.join( root, 'build', 'flags' );
	fs.rmSync( to, { recursive: true, force: true } );
	fs.mkdirSync( to, { recursive: true } );
	const names = fs
		.readdirSync( path.join( from, '3x2' ) )
		.filter( ( name ) => /^[A-Z]{2}\.svg$/.test( name ) );
	for ( const name of names ) {
		fs.copyFileSync(
			path.join( from, '3x2', name ),
			path.join( to, name )
		);
	}
	fs.copyFileSync(
		path.join( from, 'LICENSE' ),
		path.join( to, 'LICENSE.txt' )
	);
	return names.length;
}
