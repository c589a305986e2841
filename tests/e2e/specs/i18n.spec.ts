import { expect, test, type Page } from '../fixtures';
import { execFileSync } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import gettextParser, { type PoData } from 'gettext-parser';

import { SITE_DIR } from '../playwright.config';
import { E2ESite } from '../site';
import { app, REPORTS_PATH, storageStatePath } from '../utils';

/**
 * Translations made as translators make them (issue "Install it on a real site" §3): a .po from
 * the plugin's .pot with a string of the Overview (a lazily loaded chunk), one of the Settings
 * screen (another chunk), a label PHP sends (the built-in source's name) and a plural (Real-Time),
 * installed as a language pack in wp-content/languages/plugins/. German is compiled the way
 * standard tools do it (GNU msgfmt for the .mo, and JSON per referenced script named after the md5
 * of its path, as `wp i18n make-json` does); Hebrew by the plugin's own `npm run i18n json`, and it
 * must render right to left, the lazily loaded screens' stylesheets included.
 */

const ROOT = path.join( __dirname, '../../..' );
const POT = path.join( ROOT, 'languages/monsterinsights-reports.pot' );
const DOMAIN = 'monsterinsights-reports';

/** The e2e site's folder (bin/serve-e2e.sh). */
const SITE = SITE_DIR;
const LANGUAGES = path.join( SITE, 'wp-content/languages' );

type Translations = Record< string, readonly string[] >;

const GERMAN = {
	'Key metrics': [ 'Kennzahlen' ],
	'Save Changes': [ 'Änderungen speichern' ],
	'Built-in analytics': [ 'Integrierte Statistik' ],
	'active user on site': [
		'aktiver Nutzer auf der Website',
		'aktive Nutzer auf der Website',
	],
} as const satisfies Translations;

const HEBREW = {
	'Key metrics': [ 'מדדים עיקריים' ],
	'Save Changes': [ 'שמירת שינויים' ],
	'Built-in analytics': [ 'סטטיסטיקה מובנית' ],
	'active user on site': [ 'משתמש פעיל באתר', 'משתמשים פעילים באתר' ],
} as const satisfies Translations;

/**
 * A .po for a locale: the .pot's entries (references and comments kept, as editors keep them),
 * with the given ones translated.
 *
 * @param locale       The locale.
 * @param pluralForms  Its Plural-Forms header.
 * @param translations msgid → msgstr forms.
 */
function makePo(
	locale: string,
	pluralForms: string,
	translations: Translations
): PoData {
	const po = gettextParser.po.parse( fs.readFileSync( POT ) );
	po.headers.Language = locale;
	po.headers[ 'Plural-Forms' ] = pluralForms;
	for ( const [ msgid, msgstr ] of Object.entries( translations ) ) {
		const entry = po.translations[ '' ]?.[ msgid ];
		expect( entry, `${ msgid } is in the .pot` ).toBeTruthy();
		if ( entry ) {
			entry.msgstr = [ ...msgstr ];
		}
	}
	return po;
}

/**
 * What `wp i18n make-json` writes: for each JavaScript file the translated entries reference, a
 * Jed JSON named `<domain>-<locale>-<md5 of that path>.json`.
 *
 * @param po     The .po.
 * @param locale The locale.
 * @param dir    Where to write.
 */
function makeJson( po: PoData, locale: string, dir: string ): void {
	const byScript = new Map< string, Record< string, unknown > >();
	for ( const entry of Object.values( po.translations[ '' ] ?? {} ) ) {
		if ( ! entry.msgid || ! entry.msgstr.some( Boolean ) ) {
			continue;
		}
		for ( const ref of ( entry.comments?.reference ?? '' ).split(
			/\s+/
		) ) {
			const script = ref.replace( /:\d+$/, '' );
			if ( ! script.endsWith( '.js' ) ) {
				continue;
			}
			const messages = byScript.get( script ) ?? {
				'': {
					domain: 'messages',
					lang: locale,
					'plural-forms': po.headers[ 'Plural-Forms' ],
				},
			};
			messages[ entry.msgid ] = entry.msgstr;
			byScript.set( script, messages );
		}
	}
	for ( const [ script, messages ] of byScript ) {
		const md5 = crypto.createHash( 'md5' ).update( script ).digest( 'hex' );
		fs.writeFileSync(
			path.join( dir, `${ DOMAIN }-${ locale }-${ md5 }.json` ),
			JSON.stringify( {
				'translation-revision-date': '',
				generator: 'WP-CLI/2.11.0',
				source: script,
				domain: 'messages',
				locale_data: { messages },
			} )
		);
	}
}

/**
 * A core translation file, so WordPress offers the locale (get_available_languages()), with the
 * one string that sets the text direction (`_x( 'ltr', 'text direction' )`).
 *
 * @param locale    The locale.
 * @param direction Its direction.
 * @param tmp       A temporary folder.
 */
function coreLocale(
	locale: string,
	direction: 'ltr' | 'rtl',
	tmp: string
): void {
	const po = path.join( tmp, `${ locale }-core.po` );
	fs.writeFileSync(
		po,
		[
			'msgid ""',
			'msgstr ""',
			`"Language: ${ locale }\\n"`,
			'"Content-Type: text/plain; charset=UTF-8\\n"',
			'',
			'msgctxt "text direction"',
			'msgid "ltr"',
			`msgstr "${ direction }"`,
			'',
		].join( '\n' )
	);
	execFileSync( 'msgfmt', [
		'-o',
		path.join( LANGUAGES, `${ locale }.mo` ),
		po,
	] );
}

let site: E2ESite;
let tmp: string;

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	// No visit of an earlier test: Real-Time shows the plural form for no one.
	await site.reset();
	await site.setSource( 'builtin' );
	await site.setLevel( 'plus' );

	tmp = fs.mkdtempSync( path.join( os.tmpdir(), 'mir-i18n-e2e-' ) );
	const packs = path.join( LANGUAGES, 'plugins' );
	fs.mkdirSync( packs, { recursive: true } );
	coreLocale( 'de_DE', 'ltr', tmp );
	coreLocale( 'he_IL', 'rtl', tmp );

	// German, as standard tools make it: msgfmt and make-json's naming.
	const de = makePo( 'de_DE', 'nplurals=2; plural=(n != 1);', GERMAN );
	const dePo = path.join( tmp, `${ DOMAIN }-de_DE.po` );
	fs.writeFileSync( dePo, gettextParser.po.compile( de ) );
	execFileSync( 'msgfmt', [
		'-o',
		path.join( packs, `${ DOMAIN }-de_DE.mo` ),
		dePo,
	] );
	makeJson( de, 'de_DE', packs );

	// Hebrew, by the plugin's own tool.
	const he = makePo( 'he_IL', 'nplurals=2; plural=(n != 1);', HEBREW );
	const hePo = path.join( tmp, `${ DOMAIN }-he_IL.po` );
	fs.writeFileSync( hePo, gettextParser.po.compile( he ) );
	execFileSync( 'node', [
		path.join( ROOT, 'bin/i18n.mjs' ),
		'json',
		'--out',
		packs,
		hePo,
	] );
} );

test.afterAll( async () => {
	await site.post( '/wp/v2/users/me', { locale: '' } );
	await site.reset();
	for ( const file of fs.readdirSync( path.join( LANGUAGES, 'plugins' ) ) ) {
		if ( file.startsWith( DOMAIN ) ) {
			fs.rmSync( path.join( LANGUAGES, 'plugins', file ) );
		}
	}
	fs.rmSync( path.join( LANGUAGES, 'de_DE.mo' ), { force: true } );
	fs.rmSync( path.join( LANGUAGES, 'he_IL.mo' ), { force: true } );
	fs.rmSync( tmp, { recursive: true, force: true } );
} );

/**
 * Opens a screen of the app.
 *
 * @param page  The page.
 * @param route The app's route, e.g. "#/settings".
 */
async function openScreen( page: Page, route: string ): Promise< void > {
	await page.goto( 'about:blank' );
	await page.goto( REPORTS_PATH + route );
}

for ( const [ locale, strings, dir ] of [
	[ 'de_DE', GERMAN, 'ltr' ],
	[ 'he_IL', HEBREW, 'rtl' ],
] as const ) {
	test( `${ locale }: the Overview, Settings, a PHP label and a plural are translated (${ dir })`, async ( {
		page,
	} ) => {
		test.setTimeout( 300_000 );
		await site.post( '/wp/v2/users/me', { locale } );

		// The Overview (a lazily loaded chunk): its key metrics region.
		await openScreen( page, '#/' );
		await expect(
			page.getByRole( 'region', { name: strings[ 'Key metrics' ][ 0 ] } )
		).toBeVisible( { timeout: 60_000 } );
		// WordPress marks right-to-left pages only.
		await expect( page.locator( 'html[dir="rtl"]' ) ).toHaveCount(
			dir === 'rtl' ? 1 : 0
		);

		// Settings (another chunk): its button.
		await openScreen( page, '#/settings' );
		await expect(
			app( page ).getByRole( 'button', {
				name: strings[ 'Save Changes' ][ 0 ],
			} )
		).toBeVisible( { timeout: 60_000 } );

		// The setup wizard: the built-in source's name, a label PHP sends.
		await openScreen( page, '#/setup-wizard' );
		await expect(
			app( page ).getByRole( 'radio', {
				name: strings[ 'Built-in analytics' ][ 0 ],
			} )
		).toBeVisible( { timeout: 60_000 } );

		// Real-Time: no one on the site, the plural form for 0.
		await openScreen( page, '#/real-time' );
		await expect(
			app( page ).getByText( strings[ 'active user on site' ][ 1 ] )
		).toBeVisible( { timeout: 60_000 } );
	} );
}

test( "he_IL: the app renders mirrored, the lazily loaded screens' stylesheets included", async ( {
	page,
} ) => {
	await site.post( '/wp/v2/users/me', { locale: 'he_IL' } );
	await openScreen( page, '#/real-time' );
	await expect(
		app( page ).getByText( HEBREW[ 'active user on site' ][ 1 ] )
	).toBeVisible( { timeout: 60_000 } );
	await expect( page.locator( 'html' ) ).toHaveAttribute( 'dir', 'rtl' );

	// WordPress's admin menu on the right; the app's stylesheet and the Real-Time chunk's in
	// their -rtl versions, the left-to-right ones not loaded.
	const menu = await page.locator( '#adminmenuwrap' ).boundingBox();
	expect( ( menu?.x ?? 0 ) + ( menu?.width ?? 0 ) ).toBe(
		page.viewportSize()?.width
	);
	const sheets = await page
		.locator( 'link[rel="stylesheet"]' )
		.evaluateAll( ( links ) =>
			links.map( ( link ) => link.getAttribute( 'href' ) ?? '' )
		);
	const named = ( name: string ) =>
		sheets.filter( ( href ) => href.includes( `/build/${ name }` ) );
	expect( named( 'reports-rtl.css' ) ).toHaveLength( 1 );
	expect( named( 'reports.css' ) ).toHaveLength( 0 );
	expect( named( 'report-realtime-rtl.css' ) ).toHaveLength( 1 );
	expect( named( 'report-realtime.css' ) ).toHaveLength( 0 );
} );
