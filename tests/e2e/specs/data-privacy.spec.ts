import {
	expect,
	request as playwrightRequest,
	test,
	type APIRequestContext,
} from '../fixtures';
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import net from 'net';
import path from 'path';

import { baseURL, SITE_DIR } from '../playwright.config';
import { E2E_ROUTES } from '../site';
import { isCollectorHit, otherVisitorAgent, storageStatePath } from '../utils';

/**
 * Nothing the built-in analytics keep on disk can be read over HTTP: a real visit fills the
 * buffer, then every file of the site's private data dir, and the dir itself, is requested by an
 * anonymous client (no cookies) — from the e2e site (bin/serve-e2e.sh: PHP's built-in server with
 * WordPress's router, or the embedded Playground `npm start` runs, E2E_SERVER=playground; the test
 * command runs this spec on both) and from a bare `php -S` serving the same WordPress folder with
 * no router at all, a server that knows nothing of .htaccess.
 * No answer may contain a file's data: the hits' paths, visitor keys, ids and user agents, the
 * salts, the config.
 */

/** The e2e site's server (bin/serve-e2e.sh). */
const SERVER = process.env.E2E_SERVER ?? 'php';

/** The first line of every data file (includes/Sources/Builtin/Collection/Collector/PrivateFile.php). */
const GUARD = '<?php exit; ?>\n';

interface DataFile {
	/** Relative to the site root. */
	path: string;
	/** Base64. */
	content: string;
}

interface DataFiles {
	dir: string;
	files: DataFile[];
}

/**
 * A file's bytes.
 *
 * @param file A data file.
 */
function bytesOf( file: DataFile ): Buffer {
	return Buffer.from( file.content, 'base64' );
}

/**
 * What an answer for a file must not contain: its data after the guard, each of its lines, and
 * each hit's id, visitor keys, path and user agent; and no PHP source at all.
 *
 * @param file A data file.
 */
function secretsOf( file: DataFile ): Buffer[] {
	const bytes = bytesOf( file );
	const data = bytes.subarray(
		bytes.subarray( 0, GUARD.length ).toString() === GUARD
			? GUARD.length
			: 0
	);
	const secrets = [ Buffer.from( '<?php' ) ];
	if ( data.toString().trim() !== '' ) {
		secrets.push( data );
	}
	for ( const line of data.toString( 'utf8' ).split( '\n' ) ) {
		if ( line.trim() === '' || ! line.startsWith( '{' ) ) {
			continue;
		}
		secrets.push( Buffer.from( line.trim() ) );
		let hit: Record< string, unknown > = {};
		try {
			hit = JSON.parse( line ) as Record< string, unknown >;
		} catch {
			continue;
		}
		for ( const key of [ 'id', 'vk', 'vkp', 'p', 'ua' ] ) {
			const value = hit[ key ];
			if ( typeof value === 'string' && value.length > 3 ) {
				secrets.push( Buffer.from( value ) );
			}
		}
	}
	return secrets;
}

/** The administrator's REST session (cookies and nonce) for the test-only routes. */
interface Admin {
	context: APIRequestContext;
	nonce: string;
}

/**
 * Opens the administrator's REST session.
 */
async function openAdmin(): Promise< Admin > {
	const context = await playwrightRequest.newContext( {
		baseURL,
		storageState: storageStatePath( 'admin' ),
	} );
	const nonce = await context.get(
		'/wp-admin/admin-ajax.php?action=rest-nonce'
	);
	expect( nonce.ok() ).toBe( true );
	return { context, nonce: ( await nonce.text() ).trim() };
}

/**
 * Holds the aggregation (its lock), so no run claims and deletes the buffer while the test reads
 * it; or lets it go.
 *
 * @param admin The administrator's session.
 * @param hold  Whether to hold it.
 */
async function holdAggregation( admin: Admin, hold: boolean ): Promise< void > {
	const answer = await admin.context.post(
		`/wp-json${ E2E_ROUTES }/aggregation-hold`,
		{ data: { hold }, headers: { 'X-WP-Nonce': admin.nonce } }
	);
	expect( answer.status(), await answer.text() ).toBe( 200 );
	expect( ( ( await answer.json() ) as { held: boolean } ).held ).toBe(
		hold
	);
}

/**
 * The private data dir's files, through the test-only route.
 *
 * @param admin The administrator's session.
 */
async function dataFiles( admin: Admin ): Promise< DataFiles > {
	const answer = await admin.context.get(
		`/wp-json${ E2E_ROUTES }/data-files`,
		{
			headers: { 'X-WP-Nonce': admin.nonce },
		}
	);
	const body = await answer.text();
	expect( answer.status(), body ).toBe( 200 );
	return JSON.parse( body ) as DataFiles;
}

/**
 * Requests every file and the dir anonymously from a server, and checks that no answer carries
 * what the files hold, and that the dir lists none of them.
 *
 * @param client An anonymous request context of the server.
 * @param data   The files.
 */
async function expectNothingReadable(
	client: APIRequestContext,
	data: DataFiles
): Promise< void > {
	const names = data.files.map( ( file ) => path.basename( file.path ) );
	const every: Buffer[] = [];
	for ( const file of data.files ) {
		const answer = await client.get( `/${ file.path }`, {
			maxRedirects: 0,
		} );
		const body = await answer.body();
		const secrets = secretsOf( file );
		every.push( ...secrets );
		for ( const secret of secrets ) {
			expect(
				body.includes( secret ),
				`${
					file.path
				} (${ answer.status() }) must not answer with ${ secret
					.toString()
					.slice( 0, 80 ) }`
			).toBe( false );
		}
	}
	const listing = await client.get( `/${ data.dir }/`, { maxRedirects: 0 } );
	const body = await listing.body();
	for ( const secret of [
		...names.map( ( name ) => Buffer.from( name ) ),
		...every,
	] ) {
		expect(
			body.includes( secret ),
			`${
				data.dir
			}/ (${ listing.status() }) must not list or show ${ secret
				.toString()
				.slice( 0, 80 ) }`
		).toBe( false );
	}
}

/**
 * The control: the server sends a file of uploads that is not PHP as it is, which is how the
 * `buffer.jsonl` of earlier versions leaked; so the checks above would see such a leak.
 *
 * @param client An anonymous request context of the server.
 * @param text   What the control file holds.
 */
async function expectControlServed(
	client: APIRequestContext,
	text: string
): Promise< void > {
	const name = `privacy-control-${ Date.now().toString( 36 ) }.txt`;
	const file = path.join( SITE_DIR, 'wp-content/uploads', name );
	fs.writeFileSync( file, text );
	try {
		const served = await client.get( `/wp-content/uploads/${ name }` );
		expect( served.status() ).toBe( 200 );
		expect( await served.text() ).toBe( text );
	} finally {
		fs.unlinkSync( file );
	}
}

/**
 * A free loopback port.
 */
function freePort(): Promise< number > {
	return new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.once( 'error', reject );
		server.listen( 0, '127.0.0.1', () => {
			const address = server.address();
			server.close( () =>
				resolve(
					typeof address === 'object' && address ? address.port : 0
				)
			);
		} );
	} );
}

/**
 * Waits until a port accepts connections (a bounded number of tries).
 *
 * @param port The port.
 */
async function waitForPort( port: number ): Promise< void > {
	for ( let attempt = 0; attempt < 100; attempt++ ) {
		const open = await new Promise< boolean >( ( resolve ) => {
			const socket = net.connect( port, '127.0.0.1' );
			socket.once( 'connect', () => {
				socket.destroy();
				resolve( true );
			} );
			socket.once( 'error', () => resolve( false ) );
		} );
		if ( open ) {
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
	}
	throw new Error( `php -S did not listen on ${ port }` );
}

// No aggregation run (WP-Cron's included) claims and deletes the buffer while the test reads it.
let admin: Admin;

test.beforeEach( async () => {
	admin = await openAdmin();
	await holdAggregation( admin, true );
} );

test.afterEach( async () => {
	await holdAggregation( admin, false );
	await admin.context.dispose();
} );

test( `no file of the private data dir is readable over HTTP, on the e2e site (${ SERVER } server) and on a bare php -S`, async ( {
	browser,
} ) => {
	// A real visit: an anonymous visitor on a page only this test visits.
	const probe = `/privacy-probe-${ Date.now().toString( 36 ) }/`;
	// A visitor of its own, whom no later test's visit continues.
	const visitor = await browser.newContext( {
		userAgent: otherVisitorAgent( 7001 ),
	} );
	const page = await visitor.newPage();
	const sent = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( JSON.parse( request.postData() ?? '{}' ) as { p?: string } ).p ===
				probe
	);
	await page.goto( probe );
	const response = await ( await sent ).response();
	expect( response?.status() ).toBe( 204 );
	await visitor.close();

	const data = await dataFiles( admin );
	const names = data.files.map( ( file ) => path.basename( file.path ) );
	expect( data.dir ).toMatch(
		/^wp-content\/uploads\/monsterinsights-reports-[0-9a-f]{32}$/
	);
	expect( names ).toEqual(
		expect.arrayContaining( [
			'config.php',
			'index.php',
			'salts.php',
			'salts-lock.php',
		] )
	);
	// The visit is on disk (in the live buffer, or in a claimed file if a run took it meanwhile).
	const holding = data.files.filter( ( file ) =>
		bytesOf( file ).toString().includes( `"p":"${ probe }"` )
	);
	expect( holding ).toHaveLength( 1 );
	for ( const file of data.files ) {
		expect( file.path ).toMatch( /\.php$/ );
		expect(
			bytesOf( file ).subarray( 0, GUARD.length ).toString(),
			file.path
		).toBe( GUARD );
	}

	// The embedded site.
	const anonymous = await playwrightRequest.newContext( { baseURL } );
	await expectControlServed( anonymous, probe );
	await expectNothingReadable( anonymous, data );
	await anonymous.dispose();

	// A bare PHP built-in server on the same WordPress folder, without the site's router.
	// The same files on disk: the guard first, and the buffer's visit.
	for ( const file of data.files ) {
		const disk = fs.readFileSync( path.join( SITE_DIR, file.path ) );
		expect( disk.subarray( 0, GUARD.length ).toString() ).toBe( GUARD );
	}
	expect(
		fs
			.readFileSync( path.join( SITE_DIR, holding[ 0 ]?.path ?? '' ) )
			.includes( `"p":"${ probe }"` )
	).toBe( true );
	const port = await freePort();
	const server: ChildProcess = spawn(
		'php',
		[ '-S', `127.0.0.1:${ port }`, '-t', SITE_DIR ],
		{ stdio: 'ignore' }
	);
	try {
		await waitForPort( port );
		const plain = await playwrightRequest.newContext( {
			baseURL: `http://127.0.0.1:${ port }`,
		} );
		await expectControlServed( plain, probe );
		await expectNothingReadable( plain, data );
		await plain.dispose();
	} finally {
		server.kill();
	}
} );
