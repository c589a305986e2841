/**
 * What the bench's parts share: the repository's folders, running a command, and starting a site
 * and waiting for it.
 */
import { spawn, spawnSync } from 'child_process';
import path from 'path';
import { fileURLToPath } from 'url';

/** The repository. */
export const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

/** The built plugin. */
export const build = path.join( root, 'build' );

/**
 * Runs a command with the terminal attached.
 *
 * @param {string}   command The command.
 * @param {string[]} argv    Its arguments.
 * @return {number} Its exit status.
 */
export function run( command, argv ) {
	const result = spawnSync( command, argv, { cwd: root, stdio: 'inherit' } );
	if ( result.error ) {
		console.error( `bench: ${ command }: ${ result.error.message }` );
		return 1;
	}
	return result.status ?? 1;
}

/**
 * Waits until a URL answers.
 *
 * @param {string} url     The URL.
 * @param {number} seconds How long at most.
 * @return {Promise<boolean>} Whether it answered.
 */
export async function waitFor( url, seconds ) {
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
 * Starts a server in a process group of its own and waits until its output or its site shows it
 * is ready.
 *
 * @param {string}   command The command.
 * @param {string[]} argv    Its arguments.
 * @param {Object}   env     Extra environment.
 * @param {string}   base    The site's URL.
 * @return {Promise<{stop: Function}|null>} How to stop it, or null when it did not start.
 */
export async function startServer( command, argv, env, base ) {
	const child = spawn( command, argv, {
		cwd: root,
		env: { ...process.env, ...env },
		stdio: 'ignore',
		detached: true,
	} );
	const stop = () => {
		try {
			process.kill( -child.pid );
		} catch {
			// Already gone.
		}
	};
	// Playground answers wp-login.php before its blueprint has run: wait for the reports page.
	if ( ! ( await waitFor( `${ base }/wp-login.php`, 600 ) ) ) {
		stop();
		return null;
	}
	return { stop };
}
