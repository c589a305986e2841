#!/usr/bin/env node
/**
 * Reads the output of `wp plugin check --format=json` (blocks of "FILE: path" followed by a JSON
 * list of that file's findings), prints every finding, and exits non-zero when there is an error,
 * when the command failed or when its output cannot be read.
 *
 *   node bin/plugin-check-report.mjs REPORT [STDERR] [EXIT_STATUS]
 */
import fs from 'fs';

const [ reportFile, stderrFile, exitStatus = '0' ] = process.argv.slice( 2 );
const text = fs.readFileSync( reportFile, 'utf8' );
const stderr =
	stderrFile && fs.existsSync( stderrFile )
		? fs.readFileSync( stderrFile, 'utf8' )
		: '';

/**
 * @param {string} output The command's standard output.
 * @return {{file: string, line: number, type: string, code: string, message: string}[]} Findings.
 */
export function parse( output ) {
	const findings = [];
	let file = null;
	for ( const line of output.split( '\n' ) ) {
		const head = line.match( /^FILE: (.+)$/ );
		if ( head ) {
			file = head[ 1 ].trim();
		} else if ( line.startsWith( '[' ) && file !== null ) {
			for ( const item of JSON.parse( line ) ) {
				findings.push( { file, ...item } );
			}
		}
	}
	return findings;
}

let findings;
try {
	findings = parse( text );
} catch ( error ) {
	console.error( `plugin-check: unreadable output (${ error.message })` );
	console.error( text.slice( 0, 2000 ) );
	process.exit( 1 );
}
const successLine = /^(Success: Checks complete\. No errors found\.)$/m;
if ( exitStatus !== '0' ) {
	console.error( `plugin-check: wp plugin check exited ${ exitStatus }` );
	console.error( stderr );
	process.exit( 1 );
}
if ( ! findings.length && ! successLine.test( text + stderr ) ) {
	console.error( 'plugin-check: no findings and no success message' );
	console.error( text.slice( 0, 2000 ), stderr.slice( 0, 2000 ) );
	process.exit( 1 );
}
const errors = findings.filter( ( f ) => f.type === 'ERROR' );
const warnings = findings.filter( ( f ) => f.type !== 'ERROR' );
for ( const f of [ ...errors, ...warnings ] ) {
	console.log(
		`${ f.type } ${ f.file }:${ f.line } ${ f.code } — ${ f.message }`
	);
}
console.log(
	`plugin-check: ${ errors.length } errors, ${ warnings.length } warnings`
);
process.exit( errors.length ? 1 : 0 );
