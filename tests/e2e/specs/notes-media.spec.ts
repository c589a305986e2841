import zlib from 'zlib';

import {
	expect,
	request as playwrightRequest,
	test,
	type APIRequestContext,
	type Page,
} from '../fixtures';

import { baseURL } from '../playwright.config';
import { E2ESite } from '../site';
import { REPORTS_PATH, storageStatePath } from '../utils';

/**
 * The media of a site note (docs/product-rules.md#site-notes) through WordPress's media modal,
 * which the reports page no longer loads up front: the first "Add Media" loads it (GET
 * /media-library, then the scripts), and an uploaded image is picked from the library, listed in
 * the form and saved with the note.
 */

const NAMESPACE = '/monsterinsights-reports/v1';
const IMAGE_TITLE = 'site-note-banner';

/**
 * A valid 24×24 PNG of one colour, built here so the test needs no file.
 */
function png(): Buffer {
	const chunk = ( type: string, data: Buffer ) => {
		const length = Buffer.alloc( 4 );
		length.writeUInt32BE( data.length );
		const body = Buffer.concat( [ Buffer.from( type, 'ascii' ), data ] );
		const sum = Buffer.alloc( 4 );
		sum.writeUInt32BE( zlib.crc32( body ) );
		return Buffer.concat( [ length, body, sum ] );
	};
	const size = 24;
	const header = Buffer.alloc( 13 );
	header.writeUInt32BE( size, 0 );
	header.writeUInt32BE( size, 4 );
	header.writeUInt8( 8, 8 ); // Bit depth.
	header.writeUInt8( 2, 9 ); // Truecolour.
	const row = Buffer.concat( [
		Buffer.from( [ 0 ] ),
		Buffer.from(
			Array.from( { length: size }, () => [ 0x22, 0x71, 0xb1 ] ).flat()
		),
	] );
	const pixels = Buffer.concat( Array.from( { length: size }, () => row ) );
	return Buffer.concat( [
		Buffer.from( [ 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a ] ),
		chunk( 'IHDR', header ),
		chunk( 'IDAT', zlib.deflateSync( pixels ) ),
		chunk( 'IEND', Buffer.alloc( 0 ) ),
	] );
}

let site: E2ESite | undefined;
let api: APIRequestContext | undefined;
let nonce = '';
let attachmentId = 0;

/**
 * The administrator's REST session of beforeAll.
 */
function rest(): APIRequestContext {
	if ( ! api ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return api;
}

/** Deletes every site note for good. */
async function clearNotes(): Promise< void > {
	for ( const status of [ 'publish', 'trash' ] ) {
		const answer = await rest().get(
			`/wp-json${ NAMESPACE }/notes?per_page=100&status=${ status }`,
			{ headers: { 'X-WP-Nonce': nonce } }
		);
		expect( answer.ok() ).toBe( true );
		const { items } = ( await answer.json() ) as {
			items: Array< { id: number } >;
		};
		for ( const note of items ) {
			await rest().delete(
				`/wp-json${ NAMESPACE }/notes/${ note.id }?force=true`,
				{ headers: { 'X-WP-Nonce': nonce } }
			);
		}
	}
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	api = await playwrightRequest.newContext( {
		baseURL,
		storageState: storageStatePath( 'admin' ),
	} );
	const answer = await api.get(
		'/wp-admin/admin-ajax.php?action=rest-nonce'
	);
	expect( answer.ok() ).toBe( true );
	nonce = ( await answer.text() ).trim();
	await clearNotes();

	// An image in the media library.
	const upload = await api.post( '/wp-json/wp/v2/media', {
		headers: { 'X-WP-Nonce': nonce },
		multipart: {
			file: {
				name: `${ IMAGE_TITLE }.png`,
				mimeType: 'image/png',
				buffer: png(),
			},
		},
	} );
	const body = await upload.text();
	expect( upload.status(), body ).toBe( 201 );
	attachmentId = ( JSON.parse( body ) as { id: number } ).id;
} );

test.afterAll( async () => {
	if ( api ) {
		await clearNotes();
		if ( attachmentId ) {
			await api.delete(
				`/wp-json/wp/v2/media/${ attachmentId }?force=true`,
				{ headers: { 'X-WP-Nonce': nonce } }
			);
		}
		await api.dispose();
		api = undefined;
	}
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * Collects the page's console errors and uncaught exceptions, but for the admin bar's Gravatar,
 * which an offline machine cannot reach.
 *
 * @param page The page.
 */
function consoleErrors( page: Page ): string[] {
	const errors: string[] = [];
	page.on( 'console', ( message ) => {
		if (
			message.type() === 'error' &&
			! message.location().url.includes( 'gravatar.com' )
		) {
			errors.push( `${ message.text() } ${ message.location().url }` );
		}
	} );
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	return errors;
}

test( 'the first Add Media loads the media modal; an uploaded image is picked, listed and saved with the note', async ( {
	page,
} ) => {
	const errors = consoleErrors( page );
	const mediaRequests: string[] = [];
	page.on( 'request', ( request ) => {
		const url = request.url();
		if (
			/media-views|media-models|backbone|plupload|mediaelement|media-library/.test(
				url
			)
		) {
			mediaRequests.push( url );
		}
	} );

	await page.goto( REPORTS_PATH + '#/' );
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: 'Overview', level: 1 } )
		// The first report of a fresh site runs its aggregation first.
	).toBeVisible( { timeout: 90_000 } );
	// Nothing of the media modal is on the page yet.
	expect( mediaRequests ).toEqual( [] );
	expect(
		await page.evaluate(
			() =>
				typeof ( window as unknown as { wp?: { media?: unknown } } ).wp
					?.media
		)
	).toBe( 'undefined' );
	await expect(
		page.locator( 'script[src*="media-views"], link[href*="media-views"]' )
	).toHaveCount( 0 );

	const toggle = page.getByRole( 'button', {
		name: 'Site Notes',
		exact: true,
	} );
	await toggle.click();
	const panel = page.getByRole( 'region', { name: 'Site Notes' } );
	await panel.getByRole( 'button', { name: 'Add New Site Note' } ).click();
	const form = panel.getByRole( 'form', { name: 'Add New Site Note' } );

	const assets = page.waitForResponse( ( response ) =>
		/monsterinsights-reports(\/|%2F)v1(\/|%2F)media-library/.test(
			response.url()
		)
	);
	await form.getByRole( 'button', { name: 'Add Media' } ).click();
	expect( ( await assets ).status() ).toBe( 200 );

	// Each press opens a new frame; closed ones stay in the page, hidden.
	const modal = page.locator( '.media-modal:visible' );
	await expect(
		modal.getByRole( 'heading', { name: 'Add Media to the Site Note' } )
	).toBeVisible();
	// The modal's stylesheet applies (it positions the modal over the page).
	await expect( modal ).toHaveCSS( 'position', 'fixed' );
	// Each script came once, in a tag of its own.
	expect(
		await page.evaluate( () => {
			const ids = Array.from(
				document.querySelectorAll( 'script[id]' )
			).map( ( script ) => script.id );
			return ids.filter( ( id, index ) => ids.indexOf( id ) !== index );
		} )
	).toEqual( [] );
	expect(
		mediaRequests.filter( ( url ) => url.includes( 'media-views.min.js' ) )
	).toHaveLength( 1 );

	// The library lists the uploaded image; pick it.
	await modal.getByRole( 'tab', { name: 'Media Library' } ).click();
	const image = modal.getByRole( 'checkbox', { name: IMAGE_TITLE } );
	await expect( image ).toBeVisible();
	await image.click();
	await modal.getByRole( 'button', { name: 'Add to Site Note' } ).click();
	await expect( modal ).toHaveCount( 0 );

	await expect(
		form.getByText( IMAGE_TITLE, { exact: true } )
	).toBeVisible();
	await expect(
		form.getByRole( 'button', { name: `Remove ${ IMAGE_TITLE }` } )
	).toBeVisible();

	// A second press opens the modal again without loading anything more.
	const before = mediaRequests.length;
	await form.getByRole( 'button', { name: 'Add Media' } ).click();
	await expect(
		modal.getByRole( 'heading', { name: 'Add Media to the Site Note' } )
	).toBeVisible();
	expect( mediaRequests ).toHaveLength( before );
	await modal.getByRole( 'button', { name: 'Close dialog' } ).click();
	await expect( modal ).toHaveCount( 0 );

	await form.getByLabel( 'Site Note' ).fill( 'Banner campaign' );
	const saved = page.waitForResponse(
		( response ) =>
			response.request().method() === 'POST' &&
			/monsterinsights-reports(\/|%2F)v1(\/|%2F)notes/.test(
				response.url()
			)
	);
	await form.getByRole( 'button', { name: 'Save' } ).click();
	const answer = await saved;
	expect( answer.status() ).toBe( 201 );
	const note = ( await answer.json() ) as {
		medias: Array< { id: number; title: string; mime_type: string } >;
	};
	expect(
		note.medias.map( ( { id, title, mime_type: mime } ) => ( {
			id,
			title,
			mime,
		} ) )
	).toEqual( [
		{ id: attachmentId, title: IMAGE_TITLE, mime: 'image/png' },
	] );
	// The saved note's row shows the image.
	await expect(
		panel.getByRole( 'link', { name: IMAGE_TITLE } )
	).toBeVisible();

	expect( errors ).toEqual( [] );
} );
