import { ROUTES as ROUTE_TABLE } from '../../../src/app/routes';
import { expect, test, type Page } from '../fixtures';
import { E2ESite, type Level } from '../site';
import { app, REPORTS_PATH, storageStatePath } from '../utils';
import { FROZEN_AT } from '../visual.config';
import { layoutProblems } from './layout';

/**
 * Every screen of the app as lite and as pro, at 1440 px and at 600 px, against committed
 * baselines (tests/e2e/visual/baselines; `npm run test:visual -- --update` rewrites them), with
 * the layout checks a picture cannot explain: no sideways scrolling, no clipped text, no text
 * squeezed to one word per line in the tables, popovers and the date panel.
 *
 * The site and the browser share one frozen instant (visual.config.ts FROZEN_AT) and the same
 * seeded traffic and notes (setup.ts), so every date and number on the screens is the same on
 * every run.
 */

test.use( { storageState: storageStatePath( 'admin' ) } );

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 600, height: 900 };

/**
 * Every hash route of the app's route table (src/app/routes.ts, derived from the report registry),
 * so a new report gets its screenshots without a change here; routes with parameters are left out
 * (their screen is the parameterless route's).
 */
function registryRoutes(): string[] {
	const routes = ROUTE_TABLE.map( ( route ) => route.path ).filter(
		( route ) => ! route.includes( ':' )
	);
	return [ ...new Set( routes ) ];
}

/** The app's other screens. */
const APP_ROUTES = [ '/settings', '/setup-wizard' ];

const ROUTES = [ ...registryRoutes(), ...APP_ROUTES ];

/**
 * A route's name in the baselines' file names.
 *
 * @param route The hash route.
 */
function slug( route: string ): string {
	return route === '/' ? 'overview' : route.slice( 1 ).replace( /\//g, '-' );
}

/** The requests each page has in flight (open() starts counting). */
const inFlight = new WeakMap< Page, Set< unknown > >();

/**
 * Counts a page's requests in flight from now on.
 *
 * @param page The page.
 */
function countRequests( page: Page ): void {
	const pending = new Set< unknown >();
	inFlight.set( page, pending );
	page.on( 'request', ( request ) => pending.add( request ) );
	page.on( 'requestfinished', ( request ) => pending.delete( request ) );
	page.on( 'requestfailed', ( request ) => pending.delete( request ) );
}

/**
 * Waits until the screen has nothing left to load: no request in flight, no spinner, skeleton or
 * busy region, the fonts ready.
 *
 * @param page The page.
 */
async function settled( page: Page ): Promise< void > {
	await page.waitForLoadState( 'load' );
	await expect
		.poll( () => inFlight.get( page )?.size ?? 0, {
			message: 'requests in flight',
		} )
		.toBe( 0 );
	await expect( app( page ).locator( 'h1, h2' ).first() ).toBeVisible();
	await expect(
		page.locator(
			'.monsterinsights-reports-loader, .monsterinsights-reports-skeleton, [aria-busy="true"], .components-spinner'
		)
	).toHaveCount( 0 );
	await page.evaluate( () => document.fonts.ready.then( () => undefined ) );
	// Charts follow a resize a few frames later (chart.js's resize observer, then the notes'
	// markers placed from the redrawn chart): give them up to 5 s to fit the new width. A page that
	// still scrolls sideways after that is reported by layoutProblems().
	await expect
		.poll(
			() =>
				page.evaluate(
					() =>
						document.documentElement.scrollWidth <=
						document.documentElement.clientWidth + 1
				),
			{ timeout: 5_000 }
		)
		.toBe( true )
		.catch( () => undefined );
}

/**
 * Opens a route of the app on a page whose clock stands at the site's frozen instant.
 *
 * @param page  The page.
 * @param route The hash route.
 */
async function open( page: Page, route: string ): Promise< void > {
	if ( ! inFlight.has( page ) ) {
		countRequests( page );
	}
	await page.clock.setFixedTime(
		new Date( FROZEN_AT.replace( ' ', 'T' ) + 'Z' )
	);
	await page.setViewportSize( WIDE );
	await page.goto( `${ REPORTS_PATH }#${ route }` );
	await settled( page );
}

/**
 * The page has no layout problems, and looks like its baseline.
 *
 * @param page     The page.
 * @param name     The baseline's path parts.
 * @param fullPage The whole page, or the window only (a popover).
 */
async function looksRight(
	page: Page,
	name: string[],
	fullPage = true
): Promise< void > {
	expect( await layoutProblems( page ), name.join( '/' ) ).toEqual( [] );
	await expect( page ).toHaveScreenshot( name, { fullPage } );
}

for ( const level of [ 'lite', 'pro' ] as const satisfies readonly Level[] ) {
	test.describe( `${ level }`, () => {
		test.beforeAll( async () => {
			const site = await E2ESite.open( 'admin' );
			await site.setLevel( level );
			await site.dispose();
		} );

		for ( const route of ROUTES ) {
			test( `${ route } at 1440 and 600 px`, async ( { page } ) => {
				await open( page, route );
				await looksRight( page, [
					level,
					`${ slug( route ) }-1440.png`,
				] );
				await page.setViewportSize( NARROW );
				await settled( page );
				await looksRight( page, [
					level,
					`${ slug( route ) }-600.png`,
				] );
			} );
		}

		test( 'the date panel at 1440 and 600 px', async ( { page } ) => {
			await open( page, '/' );
			await openDatePanel( page );
			await looksRight(
				page,
				[ level, 'datepanel-presets-1440.png' ],
				false
			);
			await page.keyboard.press( 'Escape' );
			await expect( datePanel( page ) ).toBeHidden();
			await page.setViewportSize( NARROW );
			await settled( page );
			await openDatePanel( page );
			await looksRight(
				page,
				[ level, 'datepanel-presets-600.png' ],
				false
			);
		} );

		test( 'the metric settings, the notifications and the site notes', async ( {
			page,
		} ) => {
			await open( page, '/' );
			await page
				.getByRole( 'button', { name: 'Select metrics' } )
				.click();
			await expect( page.locator( '.components-popover' ) ).toBeVisible();
			await looksRight(
				page,
				[ level, 'metric-settings-1440.png' ],
				false
			);
			await page.keyboard.press( 'Escape' );

			await page.getByRole( 'button', { name: 'Notifications' } ).click();
			await expect(
				page.getByRole( 'dialog', { name: 'Notifications' } )
			).toBeVisible();
			await settled( page );
			await looksRight(
				page,
				[ level, 'notifications-1440.png' ],
				false
			);
			await page.keyboard.press( 'Escape' );

			await page.getByRole( 'button', { name: 'Site Notes' } ).click();
			await settled( page );
			await looksRight( page, [ level, 'site-notes-1440.png' ] );
		} );
	} );
}

/**
 * The date panel.
 *
 * @param page The page.
 */
function datePanel( page: Page ) {
	return page.locator( '.monsterinsights-reports-datepicker__panel' );
}

/**
 * Opens the date panel from the picker's button.
 *
 * @param page The page.
 */
async function openDatePanel( page: Page ): Promise< void > {
	await page
		.locator( '.monsterinsights-reports-datepicker__toggle' )
		.first()
		.click();
	await expect( datePanel( page ) ).toBeVisible();
}

test.describe( 'pro: the custom and compare date panel', () => {
	test.beforeAll( async () => {
		const site = await E2ESite.open( 'admin' );
		await site.setLevel( 'pro' );
		await site.dispose();
	} );

	test( 'at 1440 px: two calendars beside the presets, the compare label whole', async ( {
		page,
	} ) => {
		await open( page, '/' );
		await openDatePanel( page );
		const custom = page.getByRole( 'button', {
			name: 'Set Custom Date Range',
		} );
		await custom.click();
		const calendars = page.locator( '.monsterinsights-reports-calendar' );
		await expect( calendars ).toHaveCount( 2 );
		// Each calendar is its full width, side by side (they were squeezed into 20 px).
		const [ start, end ] = [
			await calendars.nth( 0 ).boundingBox(),
			await calendars.nth( 1 ).boundingBox(),
		];
		expect( start?.width ).toBe( 238 );
		expect( end?.width ).toBe( 238 );
		expect( end?.y ).toBe( start?.y );
		await looksRight( page, [ 'pro', 'datepanel-custom-1440.png' ], false );

		await custom.click();
		const compare = page.getByLabel( 'Compare to Previous' );
		await compare.check();
		const label = page.getByText( 'Compare to Previous', { exact: true } );
		const box = await label.boundingBox();
		expect( box?.width ).toBeGreaterThan( 100 );
		await expect( page.getByText( 'Compare start date' ) ).toBeVisible();
		await looksRight(
			page,
			[ 'pro', 'datepanel-compare-1440.png' ],
			false
		);
	} );

	test( 'at 600 px: Show Details and Hide Details show and hide the custom range and compare', async ( {
		page,
	} ) => {
		await open( page, '/' );
		await page.setViewportSize( NARROW );
		await settled( page );
		await openDatePanel( page );
		await expect( page.getByLabel( 'Compare to Previous' ) ).toBeHidden();
		await page.getByRole( 'button', { name: 'Show Details' } ).click();
		await expect(
			page.getByRole( 'button', { name: 'Hide Details' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( page.getByLabel( 'Compare to Previous' ) ).toBeVisible();
		await page
			.getByRole( 'button', { name: 'Set Custom Date Range' } )
			.click();
		await expect( page.getByText( 'Start date' ) ).toBeVisible();
		await looksRight( page, [ 'pro', 'datepanel-custom-600.png' ], false );
		await page.getByRole( 'button', { name: 'Hide Details' } ).click();
		await expect( page.getByText( 'Start date' ) ).toBeHidden();
		await expect( page.getByLabel( 'Compare to Previous' ) ).toBeHidden();
	} );
} );
