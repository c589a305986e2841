import { expect, test, type Browser, type Page } from '../fixtures';
import { infoBoxValue } from '../utils';
import { crc32 } from 'node:zlib';
import {
	execFileSync,
	spawn,
	type ChildProcessWithoutNullStreams,
} from 'child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
} from 'fs';
import os from 'os';
import path from 'path';

/**
 * `npm start`, as a newcomer meets it: a fresh clone (of the working tree as it is: HEAD, its
 * uncommitted changes and its new files; in CI exactly the commit), bin/start.sh there on a port of
 * its own (START_PORT, default E2E_PORT + 10), then the exact URL it prints, opened in a new
 * browser context without any cookie, lands on the Overview logged in as the administrator, with
 * the seeded traffic in it. The clone has no node_modules: with build/ current it installs only
 * Playground CLI (bin/playground), and the plugin's runtime PHP packages (composer --no-dev). Its
 * WordPress core is copied from .wp/core (WP_CORE_DIR) rather than downloaded again. Last, `GOOGLE=1 npm start` on the same site: the google source against the
 * fake Google server it starts (on the port + 1000), and stops with it.
 */

const ROOT = path.join( __dirname, '../../..' );
const PORT = Number(
	process.env.START_PORT ?? Number( process.env.E2E_PORT ?? 9410 ) + 10
);
// The clone, one per port (made in beforeAll, removed in afterAll).
const CLONE = path.join( os.tmpdir(), `mir-start-clone-${ PORT }` );
const SITE = path.join( CLONE, '.wp', `site-${ PORT }` );
// GOOGLE=1's fake Google server.
const FAKE_GOOGLE_PORT = PORT + 1000;
// AI=1: the fake AI provider's port (FAKE_AI_PORT).
const FAKE_AI_PORT = PORT + 2000;

/**
 * Clones the working tree into CLONE: HEAD, then its uncommitted changes and untracked files.
 */
function cloneWorkingTree(): void {
	rmSync( CLONE, { recursive: true, force: true } );
	execFileSync( 'git', [ 'clone', '-q', ROOT, CLONE ] );
	const diff = execFileSync( 'git', [ 'diff', 'HEAD', '--binary' ], {
		cwd: ROOT,
		maxBuffer: 256 * 1024 * 1024,
	} );
	if ( diff.length > 0 ) {
		execFileSync( 'git', [ 'apply', '--whitespace=nowarn' ], {
			cwd: CLONE,
			input: diff,
		} );
	}
	const untracked = execFileSync(
		'git',
		[ 'ls-files', '--others', '--exclude-standard', '-z' ],
		{ cwd: ROOT, encoding: 'utf8' }
	)
		.split( '\0' )
		.filter( ( file ) => file !== '' );
	for ( const file of untracked ) {
		mkdirSync( path.dirname( path.join( CLONE, file ) ), {
			recursive: true,
		} );
		copyFileSync( path.join( ROOT, file ), path.join( CLONE, file ) );
	}
}

/** wp-config.php's keys and salts. */
const SALT_NAMES = [
	'AUTH_KEY',
	'SECURE_AUTH_KEY',
	'LOGGED_IN_KEY',
	'NONCE_KEY',
	'AUTH_SALT',
	'SECURE_AUTH_SALT',
	'LOGGED_IN_SALT',
	'NONCE_SALT',
] as const;

/** What the start script printed, and what the demo's seeding step wrote. */
interface Started {
	url: string;
	seconds: number;
	seeded: {
		hits: number;
		sessions: number;
		stored: number;
		refused: number;
		shop: { orders: number; paid: number; cancelled: number };
	};
}

let server: ChildProcessWithoutNullStreams | undefined;
let started: Started | undefined;
let output = '';

/**
 * Runs bin/start.sh until it prints its URL and "ready in N s".
 *
 * @param env More environment variables (the first start: RESET=1).
 */
function start(
	env: Record< string, string > = { RESET: '1' }
): Promise< { url: string; seconds: number } > {
	output = '';
	return new Promise( ( resolve, reject ) => {
		server = spawn( 'bash', [ 'bin/start.sh' ], {
			cwd: CLONE,
			env: {
				...process.env,
				...env,
				PORT: String( PORT ),
				WP_CORE_DIR: path.join( ROOT, '.wp', 'core' ),
				// The demo shop's WooCommerce: the checkout's copy, or the shared folder beside it.
				THIRD_PARTY_CACHE: path.join( ROOT, '.wp', 'third-party' ),
				THIRD_PARTY_SHARED:
					process.env.THIRD_PARTY_SHARED ??
					path.join( ROOT, '..', 'shared' ),
			},
			detached: true,
		} );
		const onData = ( data: Buffer ) => {
			output += data.toString();
			const url = /Reports page: (\S+)/.exec( output )?.[ 1 ];
			const ready = /ready in (\d+) s/.exec( output )?.[ 1 ];
			if ( url !== undefined && ready !== undefined ) {
				resolve( { url, seconds: Number( ready ) } );
			}
		};
		server.stdout.on( 'data', onData );
		server.stderr.on( 'data', onData );
		server.on( 'exit', ( code ) =>
			reject(
				new Error( `bin/start.sh exited (${ code }):\n${ output }` )
			)
		);
	} );
}

/**
 * Stops bin/start.sh (its process group: the site, and the fake Google server with GOOGLE=1).
 */
async function stop(): Promise< void > {
	const running = server;
	server = undefined;
	if (
		! running?.pid ||
		running.exitCode !== null ||
		running.signalCode !== null
	) {
		return;
	}
	const exited = new Promise( ( resolve ) =>
		running.once( 'exit', resolve )
	);
	try {
		process.kill( -running.pid, 'SIGTERM' );
	} catch {
		// Already gone.
	}
	await exited;
}

/**
 * The start script's numbers.
 */
function startedSite(): Started {
	if ( ! started ) {
		throw new Error( 'beforeAll did not start the site.' );
	}
	return started;
}

/**
 * A report through the page's own REST client (its nonce: the page's login).
 *
 * @param page The reports page.
 */
async function overviewSessions( page: Page ): Promise< number > {
	return page.evaluate( async () => {
		const w = window as unknown as {
			wp: {
				apiFetch: ( options: { path: string } ) => Promise< unknown >;
			};
		};
		const report = ( await w.wp.apiFetch( {
			path: '/monsterinsights-reports/v1/reports/overview',
		} ) ) as { infobox?: { sessions?: { value?: number } } };
		return Number( report.infobox?.sessions?.value );
	} );
}

/**
 * The printed URL in a new browser without cookies, once the Overview is on screen.
 *
 * @param browser The browser.
 * @param url     The reports page.
 */
async function openOverview( browser: Browser, url: string ) {
	const context = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	await page.goto( url );
	const app = page.locator( '#monsterinsights-reports' );
	await expect(
		app.getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 90_000 } );
	return { context, page, app };
}

test.describe.configure( { mode: 'serial' } );

test.beforeAll( async () => {
	// A fresh clone and site: the demo content and 90 days of traffic through the collector and
	// the aggregation, in Playground.
	test.setTimeout( 900_000 );
	cloneWorkingTree();
	const { url, seconds } = await start();
	const seeded = JSON.parse(
		readFileSync( path.join( SITE, '.demo-seeded.json' ), 'utf8' )
	);
	started = { url, seconds, seeded };
} );

test.afterAll( async () => {
	await stop();
	if ( existsSync( CLONE ) ) {
		rmSync( CLONE, { recursive: true, force: true } );
	}
} );

test( 'prints the reports page of its own port and how long it took', () => {
	const { url, seconds } = startedSite();
	expect( url ).toBe(
		`http://127.0.0.1:${ PORT }/wp-admin/admin.php?page=monsterinsights_reports`
	);
	expect( seconds ).toBeGreaterThan( 0 );
	test.info().annotations.push( {
		type: 'ready',
		description: `${ seconds } s on a fresh clone`,
	} );
	const { seeded } = startedSite();
	expect( output ).toContain(
		`seeded 90 days: ${ seeded.sessions } sessions, ${ seeded.hits } hits, ${ seeded.shop.orders } shop orders`
	);
	// The demo shop's orders were each paid or cancelled.
	expect( seeded.shop.paid + seeded.shop.cancelled ).toBe(
		seeded.shop.orders
	);
	// The newcomer's path: build/ is current, so nothing was built and only Playground CLI was
	// installed, not the project's npm packages.
	expect( output ).not.toContain( 'built the plugin' );
	expect(
		existsSync(
			path.join(
				CLONE,
				'bin/playground/node_modules/.bin/wp-playground-cli'
			)
		)
	).toBe( true );
	expect( existsSync( path.join( CLONE, 'node_modules' ) ) ).toBe( false );
	// And the plugin's runtime PHP packages, as the release ships them, without the development tools.
	expect(
		existsSync( path.join( CLONE, 'vendor/firebase/php-jwt/src/JWT.php' ) )
	).toBe( true );
	expect( existsSync( path.join( CLONE, 'vendor/bin/phpunit' ) ) ).toBe(
		false
	);
} );

test( 'a new browser opens the printed URL logged in, on the Overview with the seeded traffic', async ( {
	browser,
} ) => {
	const { url, seeded } = startedSite();
	// Every hit the seeder sent went through the collector into the tables.
	expect( seeded.refused ).toBe( 0 );
	expect( seeded.stored ).toBe( seeded.hits );

	const context = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	expect( await context.cookies() ).toEqual( [] );
	const page = await context.newPage();
	await page.goto( url );

	// Not sent to wp-login.php: the reports page itself (the app adds its route after the #), as
	// the administrator.
	await expect( page ).toHaveURL(
		new RegExp( `^${ url.replace( /[.?]/g, '\\$&' ) }(#.*)?$` )
	);
	await expect(
		page.getByRole( 'menuitem', { name: 'Howdy, admin', exact: true } )
	).toBeVisible();
	const app = page.locator( '#monsterinsights-reports' );
	// The first visit of a fresh site: the embedded server (one PHP worker) aggregates on the
	// reports page and then serves the screen's chunk; under a loaded machine that takes a while.
	await expect(
		app.getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 90_000 } );

	// The demo shop nags no one: WooCommerce's menu items, without its Payments badge (a payment
	// method is on) or the count of its setup tasks on Home (its task lists are hidden).
	const menu = page.locator( '#adminmenu' );
	await expect(
		menu.locator( 'a.menu-top' ).filter( { hasText: 'Payments' } )
	).toHaveText( /^\s*Payments\s*$/ );
	await expect( menu.locator( '.wcpay-menu-badge' ) ).toHaveCount( 0 );
	await expect( menu.locator( '.remaining-tasks-badge' ) ).toHaveCount( 0 );

	// The Sessions box shows the report the server computes for the default range (the last 30
	// days), and every one of those days has traffic.
	const sessions = await overviewSessions( page );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		new Intl.NumberFormat( 'en-US' ).format( sessions )
	);
	const byDay = await app
		.getByRole( 'table', { name: 'Sessions by date' } )
		.locator( 'tbody td' )
		.allTextContents();
	const days = byDay.map( ( text ) => Number( text.replace( /\D/g, '' ) ) );
	expect( days ).toHaveLength( 30 );
	expect( days.filter( ( value ) => value > 0 ) ).toHaveLength( 30 );
	expect( days.reduce( ( sum, value ) => sum + value, 0 ) ).toBe( sessions );
	expect( sessions ).toBeLessThan( seeded.sessions );

	await context.close();
} );

test( 'with a pro key, the eCommerce Overview counts every paid order the demo shop holds, and a mug bought in a new browser at once', async ( {
	browser,
} ) => {
	const { url } = startedSite();
	const { context, page, app } = await openOverview( browser, url );
	// A pro key the demo site trusts (the e2e key pair).
	const key = execFileSync(
		'php',
		[
			'bin/licence-key.php',
			'mint',
			'--secret',
			'tests/e2e/licence/test-secret.key',
			'--level',
			'pro',
		],
		{ cwd: ROOT, encoding: 'utf8' }
	).trim();
	// WooCommerce's own count of the orders in its paid statuses (and fully refunded ones, which
	// were paid) against the eCommerce report over every day the demo seeded, today included:
	// the complete days come from the shop's daily rollups, the last ones from the orders.
	const counts = await page.evaluate( async ( licence ) => {
		const w = window as unknown as {
			wp: {
				apiFetch: ( options: {
					path: string;
					method?: string;
					data?: unknown;
					parse?: boolean;
				} ) => Promise< unknown >;
			};
		};
		await w.wp.apiFetch( {
			path: '/monsterinsights-reports/v1/licence',
			method: 'POST',
			data: { key: licence },
		} );
		const orders = ( await w.wp.apiFetch( {
			path: '/wc/v3/orders?status=processing,completed,refunded&per_page=1',
			parse: false,
		} ) ) as Response;
		// The site's today (its own timezone), and 120 days before it.
		const today = (
			window as unknown as {
				monsterinsightsReportsBoot: { site: { today: string } };
			}
		 ).monsterinsightsReportsBoot.site.today;
		const first = new Date(
			Date.parse( `${ today }T00:00:00Z` ) - 120 * 86_400_000
		)
			.toISOString()
			.slice( 0, 10 );
		const report = ( await w.wp.apiFetch( {
			path: `/monsterinsights-reports/v1/reports/ecommerce?start=${ first }&end=${ today }`,
		} ) ) as { infobox?: { transactions?: { value?: number } } };
		return {
			woocommerce: Number( orders.headers.get( 'X-WP-Total' ) ),
			report: Number( report.infobox?.transactions?.value ),
		};
	}, key );
	expect( counts.woocommerce ).toBeGreaterThan( 0 );
	expect( counts.report ).toBe( counts.woocommerce );

	// A shopper in a new browser buys a mug through the shop's own block checkout (Cash on
	// delivery): today's eCommerce figures count it after the next aggregation (the reports page's
	// load runs one).
	const today = async () =>
		page.evaluate( async () => {
			const w = window as unknown as {
				wp: {
					apiFetch: ( options: {
						path: string;
					} ) => Promise< unknown >;
				};
				monsterinsightsReportsBoot: { site: { today: string } };
			};
			const day = w.monsterinsightsReportsBoot.site.today;
			const report = ( await w.wp.apiFetch( {
				path: `/monsterinsights-reports/v1/reports/ecommerce?start=${ day }&end=${ day }`,
			} ) ) as {
				infobox: { transactions: { value: number } };
				products: Array< { name: string; quantity: number } >;
			};
			return {
				transactions: report.infobox.transactions.value,
				mugs:
					report.products.find(
						( product ) => product.name === 'Insights Mug'
					)?.quantity ?? 0,
			};
		} );
	const before = await today();
	const shopper = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	const store = await shopper.newPage();
	await store.goto( `http://127.0.0.1:${ PORT }/product/insights-mug/` );
	await store.locator( 'button.single_add_to_cart_button' ).click();
	await expect(
		store.getByText( '“Insights Mug” has been added to your cart.' )
	).toBeVisible();
	await store.goto( `http://127.0.0.1:${ PORT }/checkout/` );
	await store.getByLabel( 'Email address' ).fill( 'dana@example.org' );
	await store.getByLabel( 'First name' ).fill( 'Dana' );
	await store.getByLabel( 'Last name' ).fill( 'Demo' );
	await store.getByLabel( 'Address', { exact: true } ).fill( '1 Main St' );
	await store.getByLabel( 'City' ).fill( 'San Francisco' );
	await store.getByLabel( 'ZIP Code' ).fill( '94103' );
	await expect( store.getByText( 'Cash on delivery' ) ).toBeVisible();
	// The button ignores clicks while the checkout recalculates after an address change. The
	// order page counts once its URL is there: on a busy machine its load event can take long,
	// and a retry would look for the button on the order page.
	await expect( async () => {
		await store.getByRole( 'button', { name: 'Place Order' } ).click();
		await store.waitForURL( /order-received/, {
			timeout: 15_000,
			waitUntil: 'commit',
		} );
	} ).toPass( { timeout: 90_000 } );
	await expect(
		store.getByText( 'Thank you. Your order has been received.' )
	).toBeVisible( { timeout: 60_000 } );
	await shopper.close();

	// The eCommerce screen, licensed now (the page loaded again), with its figures.
	await page.goto( `${ url }#/ecommerce` );
	await page.reload();
	await expect(
		app.getByRole( 'heading', { name: 'eCommerce Overview', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await expect(
		app.getByRole( 'button', { name: 'Upgrade and Unlock' } )
	).toHaveCount( 0 );
	await expect( app.locator( '.components-notice.is-error' ) ).toHaveCount(
		0
	);
	const after = await today();
	expect( after.transactions ).toBe( before.transactions + 1 );
	expect( after.mugs ).toBe( before.mugs + 1 );
	await context.close();
} );

test( 'the front end stays anonymous in a new browser, so its visits are tracked', async ( {
	browser,
} ) => {
	const context = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	await page.goto( new URL( '/', startedSite().url ).toString() );
	await expect( page.locator( '#wpadminbar' ) ).toHaveCount( 0 );
	await expect( page.locator( 'script[data-endpoint]' ) ).toHaveCount( 1 );
	expect(
		( await context.cookies() ).filter( ( cookie ) =>
			cookie.name.startsWith( 'wordpress_logged_in_' )
		)
	).toEqual( [] );
	await context.close();
} );

test( 'the site runs on salts of its own, and another fresh site gets other ones', () => {
	const config = readFileSync( path.join( SITE, 'wp-config.php' ), 'utf8' );
	const salts = JSON.parse(
		readFileSync( path.join( SITE, '.demo-salts.json' ), 'utf8' )
	) as Record< string, string >;
	expect( Object.keys( salts ).sort() ).toEqual( [ ...SALT_NAMES ].sort() );
	expect( config ).not.toContain( 'put your unique phrase here' );
	for ( const name of SALT_NAMES ) {
		const value = String( salts[ name ] );
		expect( value ).toMatch( /^[A-Za-z0-9+/]{64}$/ );
		expect( config ).toMatch(
			new RegExp(
				`define\\(\\s*'${ name }',\\s*'${ value.replace(
					/[+/]/g,
					'\\$&'
				) }'\\s*\\);`
			)
		);
	}

	// What bin/start.sh does for a new site folder, twice: the blueprint's first step writes the
	// folder's own salts, and no value repeats across the two folders or within one.
	const blueprints = [ 1, 2 ].map( () => {
		const folder = mkdtempSync( path.join( os.tmpdir(), 'mir-salts-' ) );
		try {
			return JSON.parse(
				execFileSync(
					'node',
					[
						path.join( ROOT, 'bin/demo/salts.mjs' ),
						folder,
						path.join( ROOT, 'blueprint.json' ),
					],
					{ encoding: 'utf8' }
				)
			) as {
				steps: Array< {
					step: string;
					method?: string;
					consts?: Record< string, string >;
				} >;
			};
		} finally {
			rmSync( folder, { recursive: true, force: true } );
		}
	} );
	const values = blueprints.flatMap( ( blueprint ) => {
		const first = blueprint.steps[ 0 ];
		expect( first?.step ).toBe( 'defineWpConfigConsts' );
		expect( first?.method ).toBe( 'rewrite-wp-config' );
		expect( Object.keys( first?.consts ?? {} ).sort() ).toEqual(
			[ ...SALT_NAMES ].sort()
		);
		return Object.values( first?.consts ?? {} );
	} );
	expect( values ).toHaveLength( 16 );
	expect( new Set( [ ...values, ...Object.values( salts ) ] ).size ).toBe(
		24
	);
} );

test( "GOOGLE=1 LEVEL=plus npm start: the same site on the google source with a plus key, its Overview the fake Google server's numbers, the fake stopped with it", async ( {
	browser,
} ) => {
	// The site again, now with GOOGLE=1: seeded already, so only the boot and the google step.
	test.setTimeout( 300_000 );
	await stop();
	const { url } = await start( {
		GOOGLE: '1',
		FAKE_GOOGLE_PORT: String( FAKE_GOOGLE_PORT ),
		LEVEL: 'plus',
	} );
	const fake = `http://127.0.0.1:${ FAKE_GOOGLE_PORT }`;
	expect( output ).toContain(
		`Data source: google, GA4 property 300000001 and Search Console site https://example.com/ on the\n  fake Google server at ${ fake }`
	);
	expect( output ).toContain(
		'Licence: a test key of level plus (docs/licensing.md)'
	);
	expect( url ).toBe( startedSite().url );

	const { context, page } = await openOverview( browser, url );
	// LEVEL=plus replaced the pro key an earlier test activated.
	expect(
		await page.evaluate(
			() =>
				(
					window as unknown as {
						monsterinsightsReportsBoot: {
							licence: { level: string };
						};
					}
				 ).monsterinsightsReportsBoot.licence.level
		)
	).toBe( 'plus' );
	// The default range, the 30 days before the site's today, in the fake's numbers: per day
	// crc32("300000001|sessions|{day}||") % 1000 (docs/development.md, "The fake Google server").
	const today = await page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
	let sessions = 0;
	for ( let back = 30; back >= 1; back-- ) {
		const day = new Date(
			Date.parse( `${ today }T00:00:00Z` ) - back * 86_400_000
		)
			.toISOString()
			.slice( 0, 10 );
		// Node's crc32 is unsigned, as PHP's is on 64-bit.
		sessions += crc32( `300000001|sessions|${ day }||` ) % 1000;
	}
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		new Intl.NumberFormat( 'en-US' ).format( sessions ),
		{ timeout: 60_000 }
	);
	// Signed in with the fixture's service account, then GA4's Data API of that property.
	const { requests } = ( await (
		await fetch( `${ fake }/__requests` )
	).json() ) as { requests: Array< { path: string } > };
	expect( requests[ 0 ]?.path ).toBe( '/token' );
	expect(
		requests.some(
			( request ) =>
				request.path === '/v1beta/properties/300000001:batchRunReports'
		)
	).toBe( true );
	await context.close();

	// Stopping the site stops its fake.
	await stop();
	await expect( fetch( `${ fake }/__control` ) ).rejects.toThrow();
} );

test( "AI=1 LEVEL=pro npm start: Conversations AI answers a preset question from the demo's own numbers through the fake AI provider, stopped with the site; a later start takes the demo's provider away", async ( {
	browser,
} ) => {
	test.setTimeout( 300_000 );
	await stop();
	const { url } = await start( {
		AI: '1',
		FAKE_AI_PORT: String( FAKE_AI_PORT ),
		LEVEL: 'pro',
	} );
	const fake = `http://127.0.0.1:${ FAKE_AI_PORT }`;
	expect( output ).toContain(
		`Conversations AI: the fake AI provider at ${ fake }/v1, model fake-analyst`
	);

	const { context, page } = await openOverview( browser, url );
	// The question as the screen's first preset sends it, and the Overview's sessions of the same
	// days (last week: the 7 days before the site's today), through the page's REST client.
	const answer = await page.evaluate( async () => {
		const w = window as unknown as {
			wp: {
				apiFetch: ( options: {
					path: string;
					method?: string;
					data?: unknown;
				} ) => Promise< unknown >;
			};
			monsterinsightsReportsBoot: { site: { today: string } };
		};
		const today = Date.parse(
			`${ w.monsterinsightsReportsBoot.site.today }T00:00:00Z`
		);
		const day = ( back: number ) =>
			new Date( today - back * 86_400_000 ).toISOString().slice( 0, 10 );
		const provider = ( await w.wp.apiFetch( {
			path: '/monsterinsights-reports/v1/ai-provider',
		} ) ) as { configured: boolean; model: string };
		const overview = ( await w.wp.apiFetch( {
			path: `/monsterinsights-reports/v1/reports/overview?start=${ day(
				7
			) }&end=${ day( 1 ) }`,
		} ) ) as { infobox?: { sessions?: { value?: number } } };
		const chat = ( await w.wp.apiFetch( {
			path: '/monsterinsights-reports/v1/ai-insights/chat',
			method: 'POST',
			data: { message: 'How many visits did I get last week?' },
		} ) ) as {
			chat_id: number;
			latest_message: {
				content: string;
				meta: { chart?: { type: string; data: unknown[] } };
			};
		};
		return {
			provider,
			sessions: Number( overview.infobox?.sessions?.value ),
			range: `${ day( 7 ) } – ${ day( 1 ) }`,
			chat,
		};
	} );
	expect( answer.provider ).toMatchObject( {
		configured: true,
		model: 'fake-analyst',
	} );
	expect( answer.sessions ).toBeGreaterThan( 0 );
	expect( answer.chat.latest_message.content ).toContain(
		`You had ${ answer.sessions.toLocaleString(
			'en-US'
		) } sessions last week (${ answer.range }).`
	);
	expect( answer.chat.latest_message.meta.chart?.type ).toBe( 'pie' );
	await context.close();

	// Stopping the site stops its fake; a start without AI=1 takes the demo's provider away.
	await stop();
	await expect( fetch( `${ fake }/__requests` ) ).rejects.toThrow();
	const again = await start( {} );
	const second = await openOverview( browser, again.url );
	expect(
		await second.page.evaluate( async () => {
			const w = window as unknown as {
				wp: {
					apiFetch: ( options: {
						path: string;
					} ) => Promise< unknown >;
				};
			};
			return w.wp.apiFetch( {
				path: '/monsterinsights-reports/v1/ai-provider',
			} );
		} )
	).toMatchObject( { configured: false } );
	await second.context.close();
} );
