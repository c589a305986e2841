#!/usr/bin/env node
/**
 * Translation files of the plugin.
 *
 *   node bin/i18n.mjs          regenerate languages/monsterinsights-reports.pot
 *   node bin/i18n.mjs --check  fail when the committed .pot is not current
 *   node bin/i18n.mjs json     languages/*.po → .mo (PHP) and Jed .json (wp_set_script_translations)
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
/** Every string of the app (its lazy chunks included) is loaded with the main script. */
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

function jsTranslations( tmp ) {
	const files = walk(
		path.join( root, 'src' ),
		( name ) =>
			/\.(ts|tsx|js|jsx)$/.test( name ) && ! /\.test\./.test( name )
	);
	const output = path.join( tmp, 'js.pot' );
	const makepot = require.resolve( '@wordpress/babel-plugin-makepot' );
	const tables = [];
	for ( const file of files ) {
		fs.rmSync( output, { force: true } );
		babel.transformFileSync( file, {
			cwd: root,
			filename: path.relative( root, file ),
			babelrc: false,
			configFile: false,
			presets: [ require.resolve( '@wordpress/babel-preset-default' ) ],
			plugins: [ [ makepot, { output } ] ],
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

function makeJson() {
	const dir = path.join( root, 'languages' );
	const poFiles = fs
		.readdirSync( dir )
		.filter( ( f ) => f.endsWith( '.po' ) );
	for ( const file of poFiles ) {
		const po = gettextParser.po.parse(
			fs.readFileSync( path.join( dir, file ) )
		);
		const locale =
			po.headers.Language ||
			file.replace( `${ DOMAIN }-`, '' ).replace( '.po', '' );
		fs.writeFileSync(
			path.join( dir, `${ DOMAIN }-${ locale }.mo` ),
			gettextParser.mo.compile( po )
		);
		const jed = poToJed( po, ( ref ) => ref.startsWith( 'src/' ) );
		const name = jsonFileName( DOMAIN, locale, APP_SCRIPT );
		fs.writeFileSync(
			path.join( dir, name ),
			JSON.stringify( jed ) + '\n'
		);
		console.log(
			`i18n: ${ file } → ${ DOMAIN }-${ locale }.mo, ${ name }`
		);
	}
	if ( ! poFiles.length ) {
		console.log( 'i18n: no .po files in languages/' );
	}
}

const mode = process.argv[ 2 ] ?? '';
if ( mode === 'json' ) {
	makeJson();
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
