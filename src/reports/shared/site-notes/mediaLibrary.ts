/**
 * Loads WordPress's media modal (`wp.media`) when the site notes form asks for it.
 *
 * The reports page does not call wp_enqueue_media(): its scripts (media-views, Backbone, jQuery UI,
 * plupload, mediaelement…) would weigh on every report. GET monsterinsights-reports/v1/media-library
 * (includes/REST/MediaLibraryController.php) answers the tags WordPress prints for the modal; this
 * module adds those the page does not have yet: stylesheets first, then the media templates, then
 * the scripts one after the other in WordPress's dependency order, each inline script (localized
 * data, translations, before/after code) in its place.
 */
import apiFetch from '@wordpress/api-fetch';

import { getWpMedia } from './media';

/** The route's answer; the PHP controller's schema describes the same shape. */
export interface MediaLibraryAssets {
	/** `<link>` and `<style>` tags, ids `{handle}-css` and `{handle}-inline-css`. */
	styles: string;
	/** `<script>` tags, ids `{handle}-js` and `{handle}-js-{extra|before|after|translations}`. */
	scripts: string;
	/** The `tmpl-*` Underscore templates of the modal. */
	templates: string;
}

export const MEDIA_LIBRARY_PATH = '/monsterinsights-reports/v1/media-library';

/** The id of the element that holds the media templates once they are added. */
export const TEMPLATES_ID = 'monsterinsights-reports-media-templates';

const SCRIPT_ID = /^(.+)-js(?:-(?:extra|before|after|translations))?$/;
const STYLE_ID = /^(.+?)(?:-inline)?-css$/;

/**
 * The handle a tag WordPress printed belongs to, from its id; null for a tag without one.
 *
 * @param element A script, link or style element.
 */
export function handleOf( element: Element ): string | null {
	const id = element.getAttribute( 'id' ) ?? '';
	const match = ( element.tagName === 'SCRIPT' ? SCRIPT_ID : STYLE_ID ).exec(
		id
	);
	return match?.[ 1 ] ?? null;
}

/**
 * The handles WordPress has printed on a page: from the tags' ids, and from the `load` lists of
 * the concatenated load-scripts.php / load-styles.php URLs admin screens use.
 *
 * @param doc  The document.
 * @param kind Scripts or styles.
 */
export function pageHandles(
	doc: Document,
	kind: 'scripts' | 'styles'
): Set< string > {
	const handles = new Set< string >();
	const selector =
		kind === 'scripts' ? 'script' : 'link[rel="stylesheet"], style';
	const loader = kind === 'scripts' ? 'load-scripts.php' : 'load-styles.php';
	for ( const element of Array.from( doc.querySelectorAll( selector ) ) ) {
		const handle = handleOf( element );
		if ( handle ) {
			handles.add( handle );
		}
		const url = element.getAttribute(
			element.tagName === 'SCRIPT' ? 'src' : 'href'
		);
		if ( ! url || ! url.includes( loader ) ) {
			continue;
		}
		let params: URLSearchParams;
		try {
			params = new URL( url, doc.baseURI ).searchParams;
		} catch {
			continue;
		}
		params.forEach( ( value, key ) => {
			if ( /^load(\[[^\]]*\])?$/.test( key ) ) {
				value
					.split( ',' )
					.filter( Boolean )
					.forEach( ( name ) => handles.add( name ) );
			}
		} );
	}
	return handles;
}

/**
 * The elements of an HTML fragment, in order (scripts parsed this way never run).
 *
 * @param doc  The document.
 * @param html The fragment.
 */
function parse( doc: Document, html: string ): Element[] {
	const template = doc.createElement( 'template' );
	template.innerHTML = html;
	return Array.from( template.content.children );
}

/**
 * A live copy of a parsed element: the browser runs a script or loads a stylesheet only when it
 * creates the element itself.
 *
 * @param doc     The document.
 * @param element The parsed element.
 */
function liveCopy( doc: Document, element: Element ): HTMLElement {
	const copy = doc.createElement( element.tagName.toLowerCase() );
	for ( const attribute of Array.from( element.attributes ) ) {
		copy.setAttribute( attribute.name, attribute.value );
	}
	copy.textContent = element.textContent;
	return copy;
}

/**
 * Resolves when an element that loads a URL has loaded; rejects when it failed.
 *
 * @param element A script or link element, not yet in the document.
 * @param url     What it loads, for the message.
 */
function loaded( element: HTMLElement, url: string ): Promise< void > {
	return new Promise( ( resolve, reject ) => {
		element.addEventListener( 'load', () => resolve(), { once: true } );
		element.addEventListener(
			'error',
			() => reject( new Error( `Could not load ${ url }` ) ),
			{ once: true }
		);
	} );
}

/**
 * Adds to a document what it lacks of the media modal: stylesheets (waiting for them, so the modal
 * never shows unstyled), the templates (once), then each script in order, waiting for a script
 * file to run before the next tag.
 *
 * @param doc    The document.
 * @param assets The route's answer.
 */
export async function insertAssets(
	doc: Document,
	assets: MediaLibraryAssets
): Promise< void > {
	const haveStyles = pageHandles( doc, 'styles' );
	const styles: Array< Promise< void > > = [];
	for ( const element of parse( doc, assets.styles ) ) {
		const handle = handleOf( element );
		if (
			( element.tagName !== 'LINK' && element.tagName !== 'STYLE' ) ||
			( handle && haveStyles.has( handle ) )
		) {
			continue;
		}
		const copy = liveCopy( doc, element );
		if ( element.tagName === 'LINK' ) {
			styles.push( loaded( copy, element.getAttribute( 'href' ) ?? '' ) );
		}
		doc.head.appendChild( copy );
	}
	await Promise.all( styles );

	if ( ! doc.getElementById( TEMPLATES_ID ) ) {
		const templates = doc.createElement( 'div' );
		templates.id = TEMPLATES_ID;
		templates.hidden = true;
		templates.innerHTML = assets.templates;
		doc.body.appendChild( templates );
	}

	const haveScripts = pageHandles( doc, 'scripts' );
	for ( const element of parse( doc, assets.scripts ) ) {
		const handle = handleOf( element );
		if (
			element.tagName !== 'SCRIPT' ||
			( handle && haveScripts.has( handle ) )
		) {
			continue;
		}
		const copy = liveCopy( doc, element );
		const src = element.getAttribute( 'src' );
		if ( src ) {
			// Scripts the page adds run as soon as they load; wait, to keep WordPress's order.
			( copy as HTMLScriptElement ).async = false;
			const done = loaded( copy, src );
			doc.body.appendChild( copy );
			await done;
		} else {
			doc.body.appendChild( copy );
		}
	}
}

let pending: Promise< void > | null = null;

/**
 * Loads the media modal once; resolves at once when the page already has it. A failure can be
 * retried.
 */
export function loadMediaLibrary(): Promise< void > {
	if ( getWpMedia() !== null ) {
		return Promise.resolve();
	}
	if ( ! pending ) {
		pending = apiFetch< MediaLibraryAssets >( { path: MEDIA_LIBRARY_PATH } )
			.then( ( assets ) => insertAssets( document, assets ) )
			.then(
				() => {
					pending = null;
					if ( getWpMedia() === null ) {
						throw new Error( 'wp.media did not load' );
					}
				},
				( error: unknown ) => {
					pending = null;
					throw error;
				}
			);
	}
	return pending;
}
