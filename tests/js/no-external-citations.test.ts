/**
 * @jest-environment node
 */
import fs from 'fs';
import path from 'path';

/**
 * Comments and docs cite only the project's own documents: a rule is pointed at as a section of
 * docs/product-rules.md (`docs/product-rules.md#dates`), never as a numbered section of a document
 * the repository does not have. And every such pointer names a heading that exists, so renaming a
 * section without its comments fails here.
 */
const ROOT = path.resolve( __dirname, '../..' );

/** Folders scanned whole, and single files. */
const DIRS = [ 'src', 'includes', 'bin', 'tests', 'docs' ];
const FILES = [ 'README.md' ];

/** Folders never scanned: installed or generated. */
const SKIP_DIRS = new Set( [
	'node_modules',
	'vendor',
	'build',
	'.wp',
	'test-results',
	'playwright-report',
] );

/** Text files only; images, keys and the like are skipped. */
const TEXT = /\.(?:[cm]?[jt]sx?|php|s?css|sh|md|txt|json|ya?ml|neon|xml|html)$/;

/** This file names the patterns it looks for. */
const SELF = path.relative( ROOT, __filename ).split( path.sep ).join( '/' );

const FORBIDDEN: Array< [ RegExp, string ] > = [
	[ /\bspec [0-9]/i, 'a numbered spec section' ],
	[ /decisions\.md/i, 'decisions.md' ],
];

const RULES = 'docs/product-rules.md';

/**
 * Every text file under a folder, as paths relative to the root with forward slashes.
 *
 * @param dir A folder relative to the root.
 */
function walk( dir: string ): string[] {
	const out: string[] = [];
	const absolute = path.join( ROOT, dir );
	if ( ! fs.existsSync( absolute ) ) {
		return out;
	}
	for ( const entry of fs.readdirSync( absolute, { withFileTypes: true } ) ) {
		const relative = `${ dir }/${ entry.name }`;
		if ( entry.isDirectory() ) {
			if ( ! SKIP_DIRS.has( entry.name ) ) {
				out.push( ...walk( relative ) );
			}
		} else if ( entry.isFile() && TEXT.test( entry.name ) ) {
			const fixture =
				entry.name.endsWith( '.json' ) &&
				relative.split( '/' ).includes( 'fixtures' );
			if ( ! fixture && relative !== SELF ) {
				out.push( relative );
			}
		}
	}
	return out;
}

const SCANNED = [
	...DIRS.flatMap( walk ),
	...FILES.filter( ( file ) => fs.existsSync( path.join( ROOT, file ) ) ),
];

/**
 * A file's lines.
 *
 * @param file A path relative to the root.
 */
function linesOf( file: string ): string[] {
	return fs.readFileSync( path.join( ROOT, file ), 'utf8' ).split( '\n' );
}

/**
 * The anchors GitHub makes of a Markdown file's headings: lower case, punctuation dropped, spaces
 * as hyphens (fenced code blocks left out).
 *
 * @param text Markdown.
 */
function anchors( text: string ): Set< string > {
	const out = new Set< string >();
	for ( const line of text
		.replace( /^```[\s\S]*?^```/gm, '' )
		.split( '\n' ) ) {
		const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec( line );
		if ( match ) {
			out.add(
				( match[ 1 ] ?? '' )
					.toLowerCase()
					.replace( /[^\p{L}\p{N}\s_-]/gu, '' )
					.replace( /\s/g, '-' )
			);
		}
	}
	return out;
}

describe( 'citations', () => {
	it( 'scans the source, the tests and the docs', () => {
		expect( SCANNED ).toContain( 'src/lib/dates.ts' );
		expect( SCANNED ).toContain( 'includes/Query/DateRange.php' );
		expect( SCANNED ).toContain( RULES );
		expect( SCANNED ).not.toContain( SELF );
	} );

	it( 'point at no document the repository does not have', () => {
		const offending: string[] = [];
		for ( const file of SCANNED ) {
			linesOf( file ).forEach( ( line, index ) => {
				const where = `${ file }:${ index + 1 }`;
				for ( const [ pattern, what ] of FORBIDDEN ) {
					if ( pattern.test( line ) ) {
						offending.push(
							`${ where } cites ${ what }: ${ line.trim() }`
						);
					}
				}
			} );
		}
		expect( offending ).toEqual( [] );
	} );

	it( `name only headings that ${ RULES } has`, () => {
		const known = anchors(
			fs.readFileSync( path.join( ROOT, RULES ), 'utf8' )
		);
		const cited = /docs\/product-rules\.md#([\p{L}\p{N}_-]+)/gu;
		const dead: string[] = [];
		let count = 0;
		for ( const file of SCANNED ) {
			linesOf( file ).forEach( ( line, index ) => {
				const where = `${ file }:${ index + 1 }`;
				for ( const match of line.matchAll( cited ) ) {
					count++;
					if ( ! known.has( match[ 1 ] ?? '' ) ) {
						dead.push(
							`${ where } #${ match[ 1 ] } is no heading`
						);
					}
				}
			} );
		}
		expect( dead ).toEqual( [] );
		// The code does cite the rules; a pattern that finds nothing would prove nothing.
		expect( count ).toBeGreaterThan( 100 );
	} );
} );
