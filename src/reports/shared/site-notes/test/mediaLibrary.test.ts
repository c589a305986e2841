/**
 * The media modal loaded on demand: what the page already has is skipped, the rest is added in
 * WordPress's order, scripts one after the other.
 */
import apiFetch from '@wordpress/api-fetch';

import {
	MEDIA_LIBRARY_PATH,
	TEMPLATES_ID,
	handleOf,
	insertAssets,
	loadMediaLibrary,
	pageHandles,
	type MediaLibraryAssets,
} from '../mediaLibrary';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

const mockApiFetch = apiFetch as unknown as jest.Mock;

/** What the route answers, trimmed to a few handles of each kind. */
const ASSETS: MediaLibraryAssets = {
	styles: [
		"<link rel='stylesheet' id='buttons-css' href='http://example.org/wp-includes/css/buttons.min.css?ver=6.8' media='all' />",
		"<link rel='stylesheet' id='media-views-css' href='http://example.org/wp-includes/css/media-views.min.css?ver=6.8' media='all' />",
		"<style id='media-views-inline-css'>.media-modal{z-index:160000}</style>",
	].join( '\n' ),
	scripts: [
		'<script src="http://example.org/wp-includes/js/underscore.min.js?ver=1.13.7" id="underscore-js"></script>',
		'<script id="utils-js-extra">window.__order.push( "utils-extra" );</script>',
		'<script src="http://example.org/wp-includes/js/utils.min.js?ver=6.8" id="utils-js"></script>',
		'<script src="http://example.org/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>',
		'<!--[if lt IE 8]>\n<script src="http://example.org/wp-includes/js/json2.min.js" id="json2-js"></script>\n<![endif]-->',
		'<script id="media-views-js-extra">window.__order.push( "media-views-extra" );</script>',
		'<script src="http://example.org/wp-includes/js/media-views.min.js?ver=6.8" id="media-views-js"></script>',
		'<script id="media-views-js-after">window.__order.push( "media-views-after" );</script>',
	].join( '\n' ),
	templates:
		'<script type="text/html" id="tmpl-media-frame"><div class="media-frame-title"></div></script>',
};

/** A page as WordPress prints an admin screen: concatenated core scripts and styles, and one tag. */
function setUpPage() {
	document.head.innerHTML = [
		"<link rel='stylesheet' href='/wp-admin/load-styles.php?c=1&dir=ltr&load%5Bchunk_0%5D=dashicons,admin-bar,buttons&ver=6.8' media='all' />",
	].join( '' );
	document.body.innerHTML = [
		'<div id="monsterinsights-reports"></div>',
		'<script src="/wp-admin/load-scripts.php?c=1&load%5Bchunk_0%5D=jquery-core,jquery-migrate,utils&ver=6.8"></script>',
		'<script src="/wp-includes/js/dist/i18n.min.js" id="wp-i18n-js"></script>',
		'<script id="wp-i18n-js-after">/* locale */</script>',
	].join( '' );
}

/** Script files the test "loads": each fires load when the test says so. */
function scriptFiles() {
	const appended: HTMLScriptElement[] = [];
	const observer = new MutationObserver( ( records ) => {
		for ( const record of records ) {
			record.addedNodes.forEach( ( node ) => {
				if ( node instanceof HTMLScriptElement && node.src ) {
					appended.push( node );
				}
			} );
		}
	} );
	observer.observe( document.body, { childList: true } );
	return {
		appended,
		/**
		 * Fires load on the next script file, once it is in the page.
		 * @param id
		 * @param run
		 */
		async loadNext( id: string, run?: () => void ) {
			await waitFor( () => appended.some( ( s ) => s.id === id ) );
			run?.();
			appended
				.find( ( s ) => s.id === id )
				?.dispatchEvent( new Event( 'load' ) );
		},
		stop: () => observer.disconnect(),
	};
}

/**
 * Waits until a condition holds, letting promises run.
 *
 * @param condition The condition.
 */
async function waitFor( condition: () => boolean ) {
	for ( let i = 0; i < 50 && ! condition(); i++ ) {
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
	}
	expect( condition() ).toBe( true );
}

/** Fires load on every stylesheet link added to the head. */
function loadStylesheets() {
	const observer = new MutationObserver( ( records ) => {
		for ( const record of records ) {
			record.addedNodes.forEach( ( node ) => {
				if ( node instanceof HTMLLinkElement ) {
					setTimeout( () =>
						node.dispatchEvent( new Event( 'load' ) )
					);
				}
			} );
		}
	} );
	observer.observe( document.head, { childList: true } );
	return () => observer.disconnect();
}

declare global {
	interface Window {
		__order: string[];
	}
}

beforeEach( () => {
	setUpPage();
	window.__order = [];
	mockApiFetch.mockReset();
	delete ( window as unknown as { wp?: unknown } ).wp;
} );

describe( 'handleOf and pageHandles', () => {
	it( 'reads the handle from the ids WordPress prints', () => {
		const element = ( html: string ) => {
			const template = document.createElement( 'template' );
			template.innerHTML = html;
			return template.content.firstElementChild as Element;
		};
		expect( handleOf( element( '<script id="utils-js"></script>' ) ) ).toBe(
			'utils'
		);
		expect(
			handleOf(
				element( '<script id="wp-i18n-js-translations"></script>' )
			)
		).toBe( 'wp-i18n' );
		expect(
			handleOf(
				element( '<script id="mediaelement-core-js-before"></script>' )
			)
		).toBe( 'mediaelement-core' );
		expect(
			handleOf(
				element( "<link id='media-views-css' rel='stylesheet'>" )
			)
		).toBe( 'media-views' );
		expect(
			handleOf( element( "<style id='media-views-inline-css'></style>" ) )
		).toBe( 'media-views' );
		expect( handleOf( element( '<script></script>' ) ) ).toBeNull();
	} );

	it( 'finds the handles of tags and of concatenated load-scripts.php / load-styles.php URLs', () => {
		expect( [ ...pageHandles( document, 'scripts' ) ].sort() ).toEqual( [
			'jquery-core',
			'jquery-migrate',
			'utils',
			'wp-i18n',
		] );
		expect( [ ...pageHandles( document, 'styles' ) ].sort() ).toEqual( [
			'admin-bar',
			'buttons',
			'dashicons',
		] );
	} );
} );

describe( 'insertAssets', () => {
	it( 'adds the missing styles, the templates once and the missing scripts in order, one file at a time', async () => {
		const stopStyles = loadStylesheets();
		const files = scriptFiles();

		const done = insertAssets( document, ASSETS );

		// Stylesheets first: buttons is in load-styles.php already.
		await waitFor( () =>
			files.appended.some( ( script ) => script.id === 'underscore-js' )
		);
		expect(
			Array.from( document.head.querySelectorAll( '[id]' ) ).map(
				( element ) => element.id
			)
		).toEqual( [ 'media-views-css', 'media-views-inline-css' ] );
		expect(
			document.querySelector( `#${ TEMPLATES_ID } #tmpl-media-frame` )
		).not.toBeNull();

		// Nothing after underscore runs before it has loaded.
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
		expect( window.__order ).toEqual( [] );
		expect( document.getElementById( 'media-views-js' ) ).toBeNull();
		await files.loadNext( 'underscore-js' );
		// utils and jquery-core came concatenated: neither they nor utils' data are added again.
		await files.loadNext( 'media-views-js', () =>
			window.__order.push( 'media-views-file' )
		);
		await done;
		expect( window.__order ).toEqual( [
			'media-views-extra',
			'media-views-file',
			'media-views-after',
		] );
		expect( files.appended.map( ( script ) => script.id ) ).toEqual( [
			'underscore-js',
			'media-views-js',
		] );
		// A script the page adds must not run out of order.
		expect( files.appended.every( ( script ) => ! script.async ) ).toBe(
			true
		);

		// A second call adds no second copy of anything.
		const again = insertAssets( document, ASSETS );
		await again;
		expect( document.querySelectorAll( '#media-views-js' ) ).toHaveLength(
			1
		);
		expect(
			document.querySelectorAll( `#${ TEMPLATES_ID }` )
		).toHaveLength( 1 );
		expect( window.__order ).toHaveLength( 3 );
		stopStyles();
		files.stop();
	} );

	it( 'rejects when a script file cannot load', async () => {
		const stopStyles = loadStylesheets();
		const done = insertAssets( document, {
			styles: '',
			scripts:
				'<script src="http://example.org/missing.js" id="missing-js"></script>',
			templates: '',
		} );
		await waitFor( () => !! document.getElementById( 'missing-js' ) );
		document
			.getElementById( 'missing-js' )
			?.dispatchEvent( new Event( 'error' ) );
		await expect( done ).rejects.toThrow(
			'Could not load http://example.org/missing.js'
		);
		stopStyles();
	} );
} );

describe( 'loadMediaLibrary', () => {
	it( 'asks the route once, and resolves when wp.media is there', async () => {
		const files = scriptFiles();
		mockApiFetch.mockResolvedValue( {
			styles: '',
			scripts:
				'<script src="http://example.org/media-views.js" id="media-views-js"></script>',
			templates: '',
		} );
		const first = loadMediaLibrary();
		const second = loadMediaLibrary();
		expect( second ).toBe( first );
		await files.loadNext( 'media-views-js', () => {
			( window as unknown as { wp: unknown } ).wp = {
				media: () => undefined,
			};
		} );
		await first;
		expect( mockApiFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockApiFetch ).toHaveBeenCalledWith( {
			path: MEDIA_LIBRARY_PATH,
		} );
		// Loaded: no more requests.
		await loadMediaLibrary();
		expect( mockApiFetch ).toHaveBeenCalledTimes( 1 );
		files.stop();
	} );

	it( 'fails when the scripts did not define wp.media, and may be tried again', async () => {
		mockApiFetch.mockResolvedValue( {
			styles: '',
			scripts: '<script id="nothing-js-extra">/* nothing */</script>',
			templates: '',
		} );
		await expect( loadMediaLibrary() ).rejects.toThrow(
			'wp.media did not load'
		);
		mockApiFetch.mockRejectedValue( { code: 'rest_forbidden' } );
		await expect( loadMediaLibrary() ).rejects.toEqual( {
			code: 'rest_forbidden',
		} );
		expect( mockApiFetch ).toHaveBeenCalledTimes( 2 );
	} );
} );
