import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../fixtures';
import { execFileSync } from 'child_process';
import { writeFile } from 'fs/promises';
import path from 'path';

import { E2E_ROUTES, E2ESite } from '../site';
import { REPORTS_PATH, apiFetch, app, storageStatePath } from '../utils';

/**
 * The setup wizard, the settings screen and the licence panel (issue "Settings, setup wizard and
 * licensing"). Every test starts from the site bin/serve-e2e.sh made (the mu-plugin's reset: not
 * connected, no licence key, no level override); what the tests change beyond that (tracking
 * settings, modules) is put back after the file.
 */

const ROOT = path.join( __dirname, '../../..' );
const ARTIFACTS = path.join( ROOT, 'artifacts/e2e' );
const SECRET = path.join( ROOT, 'tests/e2e/licence/test-secret.key' );

const SETTINGS_ROUTE = '/monsterinsights-reports/v1/settings';
const ADDONS_ROUTE = '/monsterinsights-reports/v1/addons';

const NOT_CONNECTED =
	'You must connect MonsterInsights Reports before you can view reports.';

/** What the tests change, as the site had it before them. */
interface Originals {
	excludedIps: string[];
	retentionMonths: number;
	forms: boolean;
}

let site: E2ESite | undefined;
let originals: Originals | undefined;

/**
 * The REST session of beforeAll.
 */
function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	// The settings as they are, to put them back afterwards.
	const page = await browser.newPage( {
		storageState: storageStatePath( 'admin' ),
	} );
	await page.goto( REPORTS_PATH );
	const settings = await apiFetch< {
		tracking: { excluded_ips: string[]; retention_months: number };
	} >( page, { path: SETTINGS_ROUTE } );
	const addons = await apiFetch< Record< string, { active: boolean } > >(
		page,
		{ path: ADDONS_ROUTE }
	);
	originals = {
		excludedIps: settings.tracking.excluded_ips,
		retentionMonths: settings.tracking.retention_months,
		forms: addons.forms?.active ?? false,
	};
	await page.close();
} );

test.beforeEach( async () => {
	await e2eSite().reset();
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	if ( originals ) {
		await session.post( SETTINGS_ROUTE, {
			tracking: {
				excluded_ips: originals.excludedIps,
				retention_months: originals.retentionMonths,
			},
		} );
		await session.post( `${ ADDONS_ROUTE }/forms`, {
			active: originals.forms,
		} );
	}
	await session.reset();
	await session.dispose();
} );

/**
 * A licence key minted with the e2e signing key (bin/licence-key.php).
 *
 * @param args More arguments of `mint`.
 */
function mint( ...args: string[] ): string {
	return execFileSync(
		'php',
		[
			'bin/licence-key.php',
			'mint',
			'--secret',
			SECRET,
			'--issued-to',
			'E2E',
			...args,
		],
		{ cwd: ROOT, encoding: 'utf8', stdio: [ 'ignore', 'pipe', 'pipe' ] }
	).trim();
}

/**
 * A key with one character of its signature changed.
 *
 * @param key A genuine key.
 */
function forge( key: string ): string {
	const changed = key.slice( -2, -1 ) === 'A' ? 'B' : 'A';
	return `${ key.slice( 0, -2 ) }${ changed }${ key.slice( -1 ) }`;
}

/**
 * Opens the settings screen and waits until its form, modules and licence have loaded.
 *
 * @param page The page.
 */
async function openSettings( page: Page ): Promise< void > {
	await page.goto( `${ REPORTS_PATH }#/settings` );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Settings', level: 2 } )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'button', { name: 'Save Changes' } )
	).toBeEnabled();
	await expect(
		app( page ).getByRole( 'checkbox', { name: 'Forms' } )
	).toBeVisible();
	await expect(
		licencePanel( page ).getByText( /^Your level: / )
	).toBeVisible();
}

/**
 * The licence card.
 *
 * @param page The page.
 */
function licencePanel( page: Page ): Locator {
	return app( page ).locator( '.monsterinsights-reports-licence' );
}

/**
 * The toasts at the top right.
 *
 * @param page The page.
 * @param text
 */
function toast( page: Page, text: string ): Locator {
	return page
		.locator( '.monsterinsights-reports-toast' )
		.getByText( text, { exact: true } );
}

/**
 * Opens the Overview of a connected site and waits for it.
 *
 * @param page The page.
 */
async function openOverview( page: Page ): Promise< void > {
	await page.goto( REPORTS_PATH );
	await expect( page ).toHaveURL( /#\/\?start=/ );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'region', { name: 'Key metrics' } )
	).toBeVisible();
}

/**
 * Asserts what a lite or a pro licence shows on the Overview: the lite banner, and the date picker
 * with its custom ranges locked or open (as overview.spec.ts checks them).
 *
 * @param page The page, on the Overview.
 * @param pro  Whether pro things are unlocked.
 */
async function expectOverviewLevel(
	page: Page,
	pro: boolean
): Promise< void > {
	await expect(
		page.locator( '.monsterinsights-reports-lite-banner' )
	).toHaveCount( pro ? 0 : 1 );
	await page.getByRole( 'button', { name: /^Date range:/ } ).click();
	const picker = page.locator(
		'.monsterinsights-reports-datepicker__popover'
	);
	const lastSevenDays = picker.getByRole( 'button', { name: 'Last 7 days' } );
	const lock = picker.getByText(
		'You can customize your date range only in the PRO version.'
	);
	const compare = picker.getByRole( 'checkbox', {
		name: 'Compare to Previous',
	} );
	const customRange = picker.getByRole( 'button', {
		name: 'Set Custom Date Range',
	} );
	if ( pro ) {
		await expect( lastSevenDays ).toBeEnabled();
		await expect( customRange ).toBeEnabled();
		await expect( compare ).toBeVisible();
		await expect( lock ).toHaveCount( 0 );
		await picker.getByRole( 'button', { name: 'Cancel' } ).click();
	} else {
		await expect( lastSevenDays ).toBeDisabled();
		await expect( customRange ).toHaveCount( 0 );
		await expect( compare ).toHaveCount( 0 );
		await expect( lock ).toBeVisible();
		await picker.getByRole( 'button', { name: 'Close' } ).click();
	}
	await expect( picker ).toHaveCount( 0 );

	await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
	const pdfLock = page.getByText(
		'You can export PDF reports only in the PRO version.'
	);
	if ( pro ) {
		// Pro exports at once: the generating dialog, no upsell.
		await expect(
			page.getByRole( 'dialog', { name: 'Generating PDF Report' } )
		).toBeVisible();
		await expect( pdfLock ).toHaveCount( 0 );
	} else {
		await expect( pdfLock ).toBeVisible();
		await page.keyboard.press( 'Escape' );
	}
}

test.describe( 'setup wizard', () => {
	test( 'a fresh site launches the wizard, whose finish connects the site and opens the Overview', async ( {
		page,
	} ) => {
		// No Google connection either (the google specs may have left one).
		await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: false } );
		await e2eSite().reset();
		await page.goto( REPORTS_PATH );
		await expect(
			app( page ).getByRole( 'heading', { name: NOT_CONNECTED } )
		).toBeVisible();
		await app( page )
			.getByRole( 'link', { name: 'Launch Setup Wizard' } )
			.click();
		await expect( page ).toHaveURL( /#\/setup-wizard$/ );
		await expect(
			app( page ).getByRole( 'heading', { name: 'Setup Wizard' } )
		).toBeVisible();

		// Step 1: the data source, its heading focused.
		const stepOne = app( page ).getByRole( 'heading', {
			name: 'Choose your data source',
		} );
		await expect( stepOne ).toBeFocused();
		await expect(
			app( page ).getByRole( 'radio', { name: 'Built-in analytics' } )
		).toBeChecked();
		// The Google source asks to be connected first.
		await app( page )
			.getByRole( 'radio', { name: 'Google Analytics 4' } )
			.check();
		await expect(
			app( page ).getByRole( 'region', {
				name: 'Connect Google Analytics',
			} )
		).toBeVisible();
		await app( page ).getByRole( 'button', { name: 'Continue' } ).click();
		await expect( app( page ).getByRole( 'alert' ) ).toContainText(
			'Connect Google Analytics first: sign in and choose a property, then continue.'
		);
		await expect( stepOne ).toBeVisible();
		await app( page )
			.getByRole( 'radio', { name: 'Built-in analytics' } )
			.check();
		await app( page ).getByRole( 'button', { name: 'Continue' } ).click();

		// Step 2: privacy and tracking.
		await expect(
			app( page ).getByRole( 'heading', { name: 'Privacy and tracking' } )
		).toBeFocused();
		await expect(
			app( page ).getByRole( 'checkbox', {
				name: 'Honour Global Privacy Control',
			} )
		).toBeChecked();
		await app( page ).getByRole( 'button', { name: 'Continue' } ).click();

		// Step 3: finish.
		await expect(
			app( page ).getByRole( 'heading', { name: 'Finish setup' } )
		).toBeFocused();
		await app( page )
			.getByRole( 'button', { name: 'Finish Setup and View Reports' } )
			.click();

		await expect( page ).toHaveURL( /#\/\?start=/ );
		await expect(
			app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
		).toBeVisible();
		await expect(
			app( page ).getByRole( 'heading', { name: NOT_CONNECTED } )
		).toHaveCount( 0 );

		// The connection is stored: a reload opens the Overview again.
		await page.reload();
		await expect(
			app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
		).toBeVisible();
		await expect(
			app( page ).getByRole( 'heading', { name: NOT_CONNECTED } )
		).toHaveCount( 0 );
		await expect(
			page.getByRole( 'navigation', { name: 'Reports' } )
		).toBeVisible();
	} );
} );

test.describe( 'settings screen', () => {
	test( 'refuses an invalid excluded IP with a message naming the field, saves valid values and a module', async ( {
		page,
	} ) => {
		await e2eSite().setSource( 'builtin' );
		await openSettings( page );
		const ips = app( page ).getByLabel( 'Excluded IP addresses' );
		const retention = app( page ).getByLabel(
			'Keep raw visits for (months)'
		);
		const before = await ips.inputValue();
		const retentionBefore = await retention.inputValue();

		// An invalid address: the server names the field, and nothing is saved.
		await ips.fill( '192.0.2.10\nnot-an-ip' );
		await retention.fill( '14' );
		await app( page )
			.getByRole( 'button', { name: 'Save Changes' } )
			.click();
		const alert = app( page ).getByRole( 'alert' );
		await expect( alert ).toContainText( 'excluded_ips' );
		await expect( alert ).toContainText(
			'“not-an-ip” is not an IP address or a CIDR range'
		);
		await expect( toast( page, 'Settings Updated' ) ).toHaveCount( 0 );
		await page.reload();
		await expect( retention ).toBeVisible();
		await expect( ips ).toHaveValue( before );
		await expect( retention ).toHaveValue( retentionBefore );

		// Valid values are saved and survive a reload.
		await ips.fill( ' 192.0.2.10 \n\n198.51.100.0/24\n' );
		await retention.fill( '14' );
		await app( page )
			.getByRole( 'button', { name: 'Save Changes' } )
			.click();
		await expect( toast( page, 'Settings Updated' ) ).toBeVisible();
		await expect( app( page ).getByRole( 'alert' ) ).toHaveCount( 0 );
		await expect( ips ).toHaveValue( '192.0.2.10\n198.51.100.0/24' );
		await page.reload();
		await expect( ips ).toHaveValue( '192.0.2.10\n198.51.100.0/24' );
		await expect( retention ).toHaveValue( '14' );

		// A module switches at once and stays switched.
		await openSettings( page );
		const forms = app( page ).getByRole( 'checkbox', { name: 'Forms' } );
		const wasOn = await forms.isChecked();
		await forms.click();
		await expect( toast( page, 'Settings Updated' ) ).toBeVisible();
		await expect( forms ).toBeChecked( { checked: ! wasOn } );
		await page.reload();
		await expect( forms ).toBeChecked( { checked: ! wasOn } );
		const addons = await apiFetch< Record< string, { active: boolean } > >(
			page,
			{ path: ADDONS_ROUTE }
		);
		expect( addons.forms?.active ).toBe( ! wasOn );
	} );

	test( 'the help text of each module sits with its own switch, the modules spaced apart, lite and pro, wide and narrow', async ( {
		page,
	} ) => {
		await e2eSite().setSource( 'builtin' );
		for ( const level of [ 'lite', 'pro' ] as const ) {
			await e2eSite().setLevel( level );
			for ( const width of [ 1440, 600 ] ) {
				await page.setViewportSize( { width, height: 900 } );
				// A fresh load: the boot data carries the level.
				await page.goto( 'about:blank' );
				await openSettings( page );
				const card = app( page ).getByRole( 'region', {
					name: 'Modules',
				} );
				const switches = card.getByRole( 'checkbox' );
				const names = await switches.evaluateAll( ( inputs ) =>
					inputs.map(
						( input ) =>
							( input as HTMLInputElement ).labels?.[ 0 ]
								?.textContent
					)
				);
				expect( names ).toEqual( [
					'Dimensions',
					'eCommerce',
					'Forms',
					'Media',
					'User Journey',
				] );
				// Each switch's row (the switch and its label), and the help text it names.
				const rows = await switches.evaluateAll( ( inputs ) =>
					inputs.map( ( input ) => {
						const row = input.closest(
							'.components-toggle-control .components-flex'
						);
						const help = document.getElementById(
							input.getAttribute( 'aria-describedby' ) ?? ''
						);
						const box = ( element: Element | null | undefined ) => {
							const rect = element?.getBoundingClientRect();
							return rect
								? { top: rect.top, bottom: rect.bottom }
								: null;
						};
						return {
							row: box( row ),
							help: box( help ),
							text: help?.textContent ?? '',
						};
					} )
				);
				const where = `${ level } at ${ width } px`;
				rows.forEach( ( { row, help, text }, index ) => {
					expect( row, where ).not.toBeNull();
					expect( help, where ).not.toBeNull();
					expect( text.length, where ).toBeGreaterThan( 0 );
					// Under its own switch, at most 8 px away.
					const toOwn = help!.top - row!.bottom;
					expect(
						toOwn,
						`${ where }: ${ text }`
					).toBeGreaterThanOrEqual( 0 );
					expect(
						toOwn,
						`${ where }: ${ text }`
					).toBeLessThanOrEqual( 8 );
					const next = rows[ index + 1 ];
					if ( next ) {
						// The next module starts at least 16 px below, and further than its own switch.
						const toNext = next.row!.top - help!.bottom;
						expect(
							toNext,
							`${ where }: ${ text }`
						).toBeGreaterThanOrEqual( 16 );
						expect(
							toNext,
							`${ where }: ${ text }`
						).toBeGreaterThan( toOwn );
					}
				} );
				await card.screenshot( {
					path: path.join(
						ARTIFACTS,
						`settings-modules-${ level }-${ width }.png`
					),
				} );
			}
		}
	} );

	test( 'has no serious accessibility violations', async ( {
		page,
	}, testInfo ) => {
		await e2eSite().setSource( 'builtin' );
		await openSettings( page );
		const results = await new AxeBuilder( { page } )
			.include( '#monsterinsights-reports' )
			.analyze();
		const findings = results.violations.map( ( v ) => ( {
			id: v.id,
			impact: v.impact,
			help: v.help,
			nodes: v.nodes.map( ( n ) => n.target.join( ' ' ) ),
		} ) );
		const record = path.join( ARTIFACTS, 'axe-settings.json' );
		await writeFile( record, JSON.stringify( findings, null, '\t' ) );
		await testInfo.attach( 'axe-violations', {
			path: record,
			contentType: 'application/json',
		} );
		expect(
			findings.filter(
				( v ) => v.impact === 'serious' || v.impact === 'critical'
			)
		).toEqual( [] );
	} );
} );

test.describe( 'licence', () => {
	test( 'a pro key unlocks the pro features of the Overview, and removing it brings the upsells back', async ( {
		page,
	} ) => {
		const key = mint( '--level', 'pro' );
		await e2eSite().setSource( 'builtin' );

		// Lite first: the level override of the e2e plugin is off.
		await openOverview( page );
		await expectOverviewLevel( page, false );

		await openSettings( page );
		const panel = licencePanel( page );
		await expect( panel.getByText( 'Your level: Lite' ) ).toBeVisible();
		await panel.getByLabel( 'Licence key' ).fill( key );
		await panel.getByRole( 'button', { name: 'Activate key' } ).click();
		await expect( panel.getByText( 'Your level: Pro' ) ).toBeVisible();
		await expect( toast( page, 'Licence key activated' ) ).toBeVisible();
		await expect( panel.getByText( 'Pro, issued to E2E' ) ).toBeVisible();
		await expect( panel.getByLabel( 'Licence key' ) ).toHaveValue( '' );

		// The app follows at once…
		await app( page )
			.getByRole( 'link', { name: 'Back to reports' } )
			.click();
		await expect(
			app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
		).toBeVisible();
		await expect(
			page.locator( '.monsterinsights-reports-lite-banner' )
		).toHaveCount( 0 );
		// …and so does the server: a fresh page is pro.
		await openOverview( page );
		await expectOverviewLevel( page, true );

		// Removing the key.
		await openSettings( page );
		await expect( panel.getByText( 'Your level: Pro' ) ).toBeVisible();
		await panel
			.getByRole( 'button', { name: 'Remove licence key' } )
			.click();
		await expect( panel.getByText( 'Your level: Lite' ) ).toBeVisible();
		await expect( toast( page, 'Licence key removed' ) ).toBeVisible();
		await expect(
			panel.getByRole( 'button', { name: 'Remove licence key' } )
		).toHaveCount( 0 );
		await openOverview( page );
		await expectOverviewLevel( page, false );
	} );

	test( 'an expired or forged key is refused with a readable message, and nothing is stored', async ( {
		page,
	} ) => {
		const expired = mint( '--level', 'pro', '--expires', '2020-01-01' );
		const forged = forge( mint( '--level', 'pro' ) );
		await e2eSite().setSource( 'builtin' );
		await openSettings( page );
		const panel = licencePanel( page );
		const field = panel.getByLabel( 'Licence key' );
		const activate = panel.getByRole( 'button', { name: 'Activate key' } );

		await field.fill( expired );
		await activate.click();
		await expect( panel.getByRole( 'alert' ) ).toContainText(
			/This licence key expired on .*2020.*\. Renew your licence to get a new key\./
		);
		await expect( panel.getByText( 'Your level: Lite' ) ).toBeVisible();

		await field.fill( forged );
		await activate.click();
		await expect( panel.getByRole( 'alert' ) ).toHaveText(
			'This licence key is not genuine: its signature does not match. Paste the whole key exactly as you received it.'
		);
		await expect( panel.getByText( 'Your level: Lite' ) ).toBeVisible();

		await field.fill( 'not a key at all' );
		await activate.click();
		await expect( panel.getByRole( 'alert' ) ).toHaveText(
			'This is not a licence key. Paste the whole key exactly as you received it.'
		);

		// Nothing was stored.
		await page.reload();
		await expect( panel.getByText( 'Your level: Lite' ) ).toBeVisible();
		await expect(
			panel.getByRole( 'button', { name: 'Remove licence key' } )
		).toHaveCount( 0 );
		const boot = await page.evaluate(
			() =>
				(
					window as unknown as {
						monsterinsightsReportsBoot: {
							licence: { level: string; source: string };
						};
					}
				 ).monsterinsightsReportsBoot.licence
		);
		expect( boot ).toEqual( { level: 'lite', source: 'none' } );
	} );
} );
