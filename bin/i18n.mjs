#!/usr/bin/env node
/**
 * Translation files of the plugin.
 *
 *   node bin/i18n.mjs          regenerate languages/monsterinsights-reports.pot
 *   node bin/i18n.mjs --check  fail when the committed .pot is not current
 *   node bin/i18n.mjs json [--out DIR] [FILE.po …]
 *                              languages/*.po (or the files given) → .mo (PHP) and one Jed .json
 *                              per referenced script, named as `wp i18n make-json` names them
 *
 * Strings come from the PHP files (GNU xgettext with WordPress's keywords) and from the app's
 * TypeScript sources (@wordpress/babel-plugin-makepot, the extractor Gutenberg uses), and the
 * plugin header. WP-CLI's `i18n make-pot` would do the same, but its package is not available from
 * the Composer registry this project installs from.
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const require = createRequire( import.meta.url );
const babel = require( '@babel/core' );
const gettextParser = require( 'gettext-parser' );
const {
	PHP_KEYWORDS,
	mergeTranslations,
	jsonFileName,
	poToJed,
} = require( './i18n-lib.cjs' );

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const DOMAIN = 'monsterinsights-reports';
const POT = path.join( root, 'languages', `${ DOMAIN }.pot` );
/** The app's main script; its lazily loaded chunks are build/chunks/*.js. */
const APP_SCRIPT = 'build/reports.js';

function walk( dir, test ) {
	if ( ! fs.existsSync( dir ) ) {
		return [];
	}
	return fs
		.readdirSync( dir, { withFileTypes: true } )
		.flatMap( ( entry ) => {
			const full = path.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return entry.name === 'test' ? [] : walk( full, test );
			}
			return test( entry.name ) ? [ full ] : [];
		} )
		.sort();
}

/** Where each gettext function of @wordpress/i18n takes its text domain. */
const DOMAIN_ARG = { __: 1, _x: 2, _n: 3, _nx: 4 };

/**
 * A Babel plugin for the built code, run before @wordpress/babel-plugin-makepot on the same nodes:
 * turns `(0, x.__)( … )` into `x.__( … )`, the form makepot recognises, and hides from it the
 * calls of the bundled WordPress packages (other text domains, or none).
 */
function builtCalls() {
	return {
		visitor: {
			CallExpression( callPath ) {
				let { callee } = callPath.node;
				if (
					callee.type === 'SequenceExpression' &&
					callee.expressions.length === 2 &&
					callee.expressions[ 0 ].type === 'NumericLiteral'
				) {
					callee = callee.expressions[ 1 ];
					callPath.node.callee = callee;
				}
				const name =
					callee.type === 'MemberExpression'
						? callee.property.name
						: callee.name;
				if ( ! Object.hasOwn( DOMAIN_ARG, name ) ) {
					return;
				}
				const domain = callPath.node.arguments[ DOMAIN_ARG[ name ] ];
				if (
					domain?.type !== 'StringLiteral' ||
					domain.value !== DOMAIN
				) {
					callPath.node.callee = {
						type: 'Identifier',
						name: 'otherDomain',
					};
				}
			},
		},
	};
}

/**
 * The app's strings, from the JavaScript that ships: build/*.js and the lazily loaded
 * build/chunks/*.js, so each reference names a file WordPress loads translations for (the md5 of
 * that path names its JSON, as `wp i18n make-json` writes it). The build keeps translator
 * comments (wp-scripts' Terser keeps /translators:/ comments).
 *
 * @param {string} tmp A temporary folder.
 */
function jsTranslations( tmp ) {
	const files = [
		...walk( path.join( root, 'build' ), ( name ) =>
			name.endsWith( '.js' )
		),
	].filter( ( file ) => ! file.includes( `${ path.sep }data${ path.sep }` ) );
	if ( ! files.some( ( file ) => file.endsWith( APP_SCRIPT ) ) ) {
		throw new Error(
			`i18n: ${ APP_SCRIPT } is missing; run npm run build first`
		);
	}
	const output = path.join( tmp, 'js.pot' );
	const makepot = require.resolve( '@wordpress/babel-plugin-makepot' );
	const tables = [];
	for ( const file of files ) {
		fs.rmSync( output, { force: true } );
		babel.transformFileSync( file, {
			cwd: root,
			filename: path.relative( root, file ).split( path.sep ).join( '/' ),
			babelrc: false,
			configFile: false,
			sourceType: 'unambiguous',
			compact: true,
			plugins: [ builtCalls, [ makepot, { output } ] ],
			code: false,
		} );
		if ( fs.existsSync( output ) ) {
			tables.push(
				gettextParser.po.parse( fs.readFileSync( output ) ).translations
			);
		}
	}
	return mergeTranslations( tables );
}

function phpTranslations( tmp ) {
	const files = [
		'monsterinsights-reports.php',
		'uninstall.php',
		...walk( path.join( root, 'includes' ), ( name ) =>
			name.endsWith( '.php' )
		).map( ( file ) => path.relative( root, file ) ),
	].filter( ( file ) => fs.existsSync( path.join( root, file ) ) );
	const output = path.join( tmp, 'php.pot' );
	execFileSync(
		'xgettext',
		[
			'--language=PHP',
			'--from-code=UTF-8',
			'--add-comments=translators:',
			'--no-wrap',
			'--sort-by-file',
			'--force-po',
			...PHP_KEYWORDS.map( ( k ) => `--keyword=${ k }` ),
			'-o',
			output,
			...files,
		],
		{ cwd: root, stdio: [ 'ignore', 'inherit', 'inherit' ] }
	);
	const translations = gettextParser.po.parse(
		fs.readFileSync( output )
	).translations;
	// xgettext writes "translators:" into the extracted comment; WordPress tools keep it too.
	return translations;
}

function headerTranslations() {
	const source = fs.readFileSync(
		path.join( root, 'monsterinsights-reports.php' ),
		'utf8'
	);
	const table = { '': {} };
	for ( const field of [
		'Plugin Name',
		'Plugin URI',
		'Description',
		'Author',
	] ) {
		const match = source.match(
			new RegExp( `^\\s*\\*\\s*${ field }:\\s*(.+)$`, 'm' )
		);
		if ( match ) {
			table[ '' ][ match[ 1 ].trim() ] = {
				msgid: match[ 1 ].trim(),
				msgstr: [ '' ],
				comments: { extracted: `${ field } of the plugin` },
			};
		}
	}
	return table;
}

function version() {
	const source = fs.readFileSync(
		path.join( root, 'monsterinsights-reports.php' ),
		'utf8'
	);
	return (
		( source.match( /^\s*\*\s*Version:\s*(.+)$/m ) || [] )[ 1 ]?.trim() ??
		''
	);
}

function buildPot() {
	const tmp = fs.mkdtempSync( path.join( os.tmpdir(), 'mir-i18n-' ) );
	try {
		const translations = mergeTranslations( [
			headerTranslations(),
			phpTranslations( tmp ),
			jsTranslations( tmp ),
		] );
		translations[ '' ] = translations[ '' ] || {};
		translations[ '' ][ '' ] = { msgid: '', msgstr: [ '' ] };
		const pot = {
			charset: 'utf-8',
			headers: {
				'Project-Id-Version': `MonsterInsights Reports ${ version() }`,
				'Report-Msgid-Bugs-To': '',
				'MIME-Version': '1.0',
				'Content-Type': 'text/plain; charset=UTF-8',
				'Content-Transfer-Encoding': '8bit',
				'Language-Team': 'LANGUAGE <LL@li.org>',
				'X-Domain': DOMAIN,
			},
			translations,
		};
		return (
			gettextParser.po
				.compile( pot, { foldLength: 0, sort: true } )
				.toString() + '\n'
		);
	} finally {
		fs.rmSync( tmp, { recursive: true, force: true } );
	}
}

/**
 * Compiles .po files as WordPress loads them: `<domain>-<locale>.mo` for PHP and one Jed JSON per
 * referenced JavaScript file, `<domain>-<locale>-<md5 of its path>.json`, as `wp i18n make-json`
 * writes them.
 *
 * @param {string[]} args `[--out DIR] [FILE.po …]`; by default every languages/*.po into languages/.
 */
function makeJson( args ) {
	const outAt = args.indexOf( '--out' );
	const out =
		outAt >= 0
			? path.resolve( args[ outAt + 1 ] )
			: path.join( root, 'languages' );
	const given = args.filter(
		( arg, index ) => index !== outAt && index !== outAt + 1
	);
	const poFiles = given.length
		? given.map( ( file ) => path.resolve( file ) )
		: fs
				.readdirSync( path.join( root, 'languages' ) )
				.filter( ( f ) => f.endsWith( '.po' ) )
				.map( ( f ) => path.join( root, 'languages', f ) );
	fs.mkdirSync( out, { recursive: true } );
	for ( const file of poFiles ) {
		const po = gettextParser.po.parse( fs.readFileSync( file ) );
		const locale =
			po.headers.Language ||
			path.basename( file, '.po' ).replace( `${ DOMAIN }-`, '' );
		fs.writeFileSync(
			path.join( out, `${ DOMAIN }-${ locale }.mo` ),
			gettextParser.mo.compile( po )
		);
		// One JSON per JavaScript file the .po references, named after that file as
		// `wp i18n make-json` names it; WordPress loads build/reports.js's, and the plugin adds the
		// lazily loaded chunks' (includes/Admin/ScriptTranslations.php).
		const scripts = new Set();
		for ( const entries of Object.values( po.translations ) ) {
			for ( const entry of Object.values( entries ) ) {
				for ( const ref of ( entry.comments?.reference || '' ).split(
					/\s+/
				) ) {
					const script = ref.replace( /:\d+$/, '' );
					if ( script.endsWith( '.js' ) ) {
						scripts.add( script );
					}
				}
			}
		}
		const written = [];
		for ( const script of [ ...scripts ].sort() ) {
			const jed = poToJed(
				po,
				( ref ) => ref.replace( /:\d+$/, '' ) === script
			);
			if ( Object.keys( jed.locale_data.messages ).length < 2 ) {
				continue;
			}
			const name = jsonFileName( DOMAIN, locale, script );
			fs.writeFileSync(
				path.join( out, name ),
				JSON.stringify( { ...jed, source: script } ) + '\n'
			);
			written.push( name );
		}
		console.log(
			`i18n: ${ path.relative( root, file ) } → ${ path.relative(
				root,
				out
			) }/${ DOMAIN }-${ locale }.mo, ${ written.length } JSON files`
		);
	}
	if ( ! poFiles.length ) {
		console.log( 'i18n: no .po files in languages/' );
	}
}

const mode = process.argv[ 2 ] ?? '';
if ( mode === 'json' ) {
	makeJson( process.argv.slice( 3 ) );
} else if ( mode === '--check' ) {
	const current = fs.existsSync( POT ) ? fs.readFileSync( POT, 'utf8' ) : '';
	if ( current !== buildPot() ) {
		console.error(
			`i18n: ${ path.relative(
				root,
				POT
			) } is not current. Run "npm run i18n" and commit it.`
		);
		process.exit( 1 );
	}
	console.log( `i18n: ${ path.relative( root, POT ) } is current` );
} else {
	fs.mkdirSync( path.dirname( POT ), { recursive: true } );
	fs.writeFileSync( POT, buildPot() );
	console.log( `i18n: wrote ${ path.relative( root, POT ) }` );
}
