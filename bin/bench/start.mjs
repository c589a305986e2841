/**
 * A newcomer's `npm start` on a fresh clone of HEAD, timed until it is ready (`--start`).
 */
import { spawn, spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

import { root } from './common.mjs';

/** A fresh clone's `npm start`, until the reports page answers, on 2 cores (issue #10 §5). */
const START_BUDGET = 90;

/**
 * A newcomer's `npm start`: this repository's HEAD cloned into a temporary folder, bin/start.sh run
 * there on a port of its own until it prints "ready in N s", then stopped and the folder removed.
 *
 * @return {Promise<Array<Object>|null>} Rows, or null when it did not get ready.
 */
export async function startRows() {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'mir-bench-start-' ) );
	const clone = spawnSync( 'git', [ 'clone', '-q', root, dir ], {
		stdio: 'inherit',
	} );
	if ( clone.status !== 0 ) {
		console.error( 'bench: git clone failed' );
		return null;
	}
	const port = process.env.BENCH_START_PORT || '9441';
	console.log(
		`bench: start: a fresh clone of HEAD, npm start on port ${ port }`
	);
	const child = spawn( 'bash', [ 'bin/start.sh' ], {
		cwd: dir,
		env: { ...process.env, PORT: port },
		detached: true,
	} );
	let output = '';
	const found = await new Promise( ( resolve ) => {
		const timer = setTimeout( () => resolve( false ), 900_000 );
		const onData = ( data ) => {
			output += data.toString();
			if ( /ready in \d+ s/.test( output ) ) {
				clearTimeout( timer );
				resolve( true );
			}
		};
		child.stdout.on( 'data', onData );
		child.stderr.on( 'data', onData );
		child.on( 'exit', () => {
			clearTimeout( timer );
			resolve( /ready in \d+ s/.test( output ) );
		} );
	} );
	try {
		process.kill( -child.pid );
	} catch {
		// Already gone.
	}
	fs.rmSync( dir, { recursive: true, force: true } );
	if ( ! found ) {
		console.error( `bench: npm start did not get ready:\n${ output }` );
		return null;
	}
	const number = ( pattern ) =>
		Number( pattern.exec( output )?.[ 1 ] ?? NaN );
	const ready = number( /ready in (\d+) s/ );
	const rows = [
		{
			figure: 'npm start on a fresh clone: ready',
			value: ready,
			unit: 's',
			budget: `≤ ${ START_BUDGET }`,
			ok: ready <= START_BUDGET,
		},
	];
	const built = number( /built the plugin \((\d+) s\)/ );
	if ( ! Number.isNaN( built ) ) {
		rows.push( {
			figure: 'npm start: npm ci and the build done',
			value: built,
			unit: 's',
			budget: '',
			ok: true,
		} );
	}
	const seeded = number( /seeded 90 days: .*\(([\d.]+) s\)/ );
	if ( ! Number.isNaN( seeded ) ) {
		rows.push( {
			figure: 'npm start: seeding 90 days in Playground',
			value: seeded,
			unit: 's',
			budget: '',
			ok: true,
		} );
	}
	return rows;
}
