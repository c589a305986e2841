#!/usr/bin/env node
/**
 * The demo site's own authentication keys and salts (bin/start.sh).
 *
 *   node bin/demo/salts.mjs <site folder> <blueprint.json>
 *
 * The first time for a site folder it draws the eight keys and salts of wp-config.php from
 * crypto.randomBytes and keeps them in <site folder>/.demo-salts.json; it prints the blueprint
 * with a first step that writes them into the site's wp-config.php (defineWpConfigConsts,
 * rewrite-wp-config), so the site never runs on wp-config-sample.php's "put your unique phrase
 * here" and two site folders never share them. Later starts write the same values again, so
 * logins survive a restart.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

export const NAMES = [
	'AUTH_KEY',
	'SECURE_AUTH_KEY',
	'LOGGED_IN_KEY',
	'NONCE_KEY',
	'AUTH_SALT',
	'SECURE_AUTH_SALT',
	'LOGGED_IN_SALT',
	'NONCE_SALT',
];

/**
 * 64 random printable characters (base64 of 48 random bytes), as WordPress's secret-key service
 * gives.
 *
 * @return {string} A key.
 */
function randomKey() {
	return crypto.randomBytes( 48 ).toString( 'base64' );
}

/**
 * The site folder's salts, made and kept on first use.
 *
 * @param {string} site The site folder.
 * @return {Record<string, string>} Constant name → value.
 */
export function siteSalts( site ) {
	const file = path.join( site, '.demo-salts.json' );
	if ( fs.existsSync( file ) ) {
		const kept = JSON.parse( fs.readFileSync( file, 'utf8' ) );
		if (
			NAMES.every(
				( name ) =>
					typeof kept[ name ] === 'string' &&
					kept[ name ].length >= 32
			)
		) {
			return kept;
		}
	}
	const salts = Object.fromEntries(
		NAMES.map( ( name ) => [ name, randomKey() ] )
	);
	fs.writeFileSync( file, JSON.stringify( salts, null, '\t' ) + '\n', {
		mode: 0o600,
	} );
	return salts;
}

if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) ===
		path.resolve( new URL( import.meta.url ).pathname )
) {
	const [ site, blueprintPath ] = process.argv.slice( 2 );
	if ( ! site || ! blueprintPath ) {
		process.stderr.write(
			'usage: node bin/demo/salts.mjs <site folder> <blueprint.json>\n'
		);
		process.exit( 2 );
	}
	const blueprint = JSON.parse( fs.readFileSync( blueprintPath, 'utf8' ) );
	blueprint.steps = [
		{
			step: 'defineWpConfigConsts',
			consts: siteSalts( site ),
			method: 'rewrite-wp-config',
		},
		...( blueprint.steps ?? [] ),
	];
	process.stdout.write( JSON.stringify( blueprint, null, '\t' ) + '\n' );
}
