/**
 * @jest-environment node
 */
import fs from 'fs';
import path from 'path';

/**
 * Every relative link of README.md and docs/*.md points at a file of the repository, and every
 * `#anchor` at a heading of its target, so moving a section never leaves a dead link behind.
 */
const ROOT = path.resolve( __dirname, '../..' );

const DOCS = [
	'README.md',
	...fs
		.readdirSync( path.join( ROOT, 'docs' ) )
		.filter( ( name ) => name.endsWith( '.md' ) )
		.map( ( name ) => `docs/${ name }` ),
];

/**
 * A Markdown file's text without fenced code blocks (headings keep their inline code).
 *
 * @param text Markdown.
 */
function withoutFences( text: string ): string {
	return text.replace( /^```[\s\S]*?^```/gm, '' );
}

/**
 * A Markdown file's text without fenced code blocks and inline code, where brackets are not links.
 *
 * @param text Markdown.
 */
function withoutCode( text: string ): string {
	return withoutFences( text ).replace( /`[^`\n]*`/g, '' );
}

/**
 * The anchors of a Markdown file's headings, as GitHub makes them: lower case, punctuation
 * dropped, spaces as hyphens, a repeated heading numbered.
 *
 * @param text Markdown.
 */
function anchors( text: string ): Set< string > {
	const seen = new Map< string, number >();
	const out = new Set< string >();
	for ( const line of withoutFences( text ).split( '\n' ) ) {
		const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec( line );
		if ( ! match ) {
			continue;
		}
		const slug = ( match[ 1 ] ?? '' )
			.toLowerCase()
			.replace( /[^\p{L}\p{N}\s_-]/gu, '' )
			.replace( /\s/g, '-' );
		const count = seen.get( slug ) ?? 0;
		seen.set( slug, count + 1 );
		out.add( count === 0 ? slug : `${ slug }-${ count }` );
	}
	return out;
}

/**
 * The relative link targets of a Markdown file: `[text](target)` and `![alt](target)`, without
 * web and mail addresses.
 *
 * @param text Markdown.
 */
function relativeLinks( text: string ): string[] {
	const links: string[] = [];
	for ( const match of withoutCode( text ).matchAll(
		/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g
	) ) {
		const target = match[ 1 ] ?? '';
		if ( target && ! /^[a-z][a-z0-9+.-]*:/i.test( target ) ) {
			links.push( target );
		}
	}
	return links;
}

describe( 'documentation links', () => {
	it( 'finds the README and the docs', () => {
		expect( DOCS ).toContain( 'README.md' );
		expect( DOCS ).toContain( 'docs/product-rules.md' );
	} );

	it.each( DOCS )(
		'%s links only to files and headings that exist',
		( doc ) => {
			const text = fs.readFileSync( path.join( ROOT, doc ), 'utf8' );
			const broken: string[] = [];
			for ( const link of relativeLinks( text ) ) {
				const [ file, anchor ] = link.split( '#', 2 );
				const target = file
					? path.resolve(
							path.dirname( path.join( ROOT, doc ) ),
							file
					  )
					: path.join( ROOT, doc );
				if (
					! target.startsWith( ROOT ) ||
					! fs.existsSync( target )
				) {
					broken.push( `${ link }: no such file` );
					continue;
				}
				if (
					anchor !== undefined &&
					! anchors( fs.readFileSync( target, 'utf8' ) ).has( anchor )
				) {
					broken.push( `${ link }: no such heading` );
				}
			}
			expect( broken ).toEqual( [] );
		}
	);
} );
