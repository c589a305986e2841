import AxeBuilder from '@axe-core/playwright';
import {
	expect,
	type Locator,
	type Page,
	type Request,
} from '@playwright/test';
import path from 'path';

export type E2EUser = 'admin' | 'subscriber';

export const REPORTS_PATH = '/wp-admin/admin.php?page=monsterinsights_reports';

/** Users of tests/e2e/blueprint.json (admin by Playground, subscriber by a runPHP step). */
const PASSWORDS: Record< E2EUser, string > = {
	admin: 'password',
	subscriber: 'password',
};

/**
 * Where the setup keeps a user's logged-in state: one file per E2E_PORT, since runs on other ports
 * (other sites with salts of their own) share the folder and cookies do not tell ports apart.
 *
 * @param user The user.
 */
export function storageStatePath( user: E2EUser ): string {
	const port = process.env.E2E_PORT ?? '9410';
	return path.join(
		__dirname,
		'../../artifacts/e2e',
		`${ user }-${ port }.json`
	);
}

/**
 * Logs a user in through wp-login.php, as a person would.
 *
 * @param page The page.
 * @param user Which user.
 */
export async function logIn( page: Page, user: E2EUser ): Promise< void > {
	await page.goto( '/wp-login.php' );
	// wp-login.php focuses and selects the username field 200 ms after it loads
	// (wp_attempt_focus()); on a slow server that can land between a fill's focus and its typing,
	// and the password goes into the username field. Fill once it has happened.
	const username = page.getByLabel( 'Username or Email Address' );
	await expect( username ).toBeFocused();
	await username.fill( user );
	await page
		.getByLabel( 'Password', { exact: true } )
		.fill( PASSWORDS[ user ] );
	await page.getByRole( 'button', { name: 'Log In' } ).click();
	await expect( page ).toHaveURL( /wp-admin/ );
}

/**
 * A desktop Chrome user agent for anonymous visitors: headless Chromium's own contains
 * "HeadlessChrome", which the collector drops as a bot.
 */
export const VISITOR_USER_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * VISITOR_USER_AGENT as another visitor would send it (another Chrome build): the collector keys
 * visitors by address and user agent, so its hits never join another test's visit of the last
 * 30 minutes.
 *
 * @param build The build number, e.g. a test's own.
 */
export function otherVisitorAgent( build: number ): string {
	return VISITOR_USER_AGENT.replace( '124.0.0.0', `124.0.${ build }.0` );
}

/** The tracker's script tag: WordPress prints its settings as data attributes. */
export const TRACKER_SCRIPT = 'script[data-endpoint]';

/**
 * Whether a request is a hit the tracker sent to the collector.
 *
 * @param request A request of the page.
 */
export function isCollectorHit( request: Request ): boolean {
	return (
		request.method() === 'POST' &&
		new URL( request.url() ).pathname.endsWith( '/collect.php' )
	);
}

/** What `wp.apiFetch` is asked: the path (under /wp-json), the method and the JSON body. */
export interface ApiFetchOptions {
	path: string;
	method?: 'GET' | 'POST';
	data?: Record< string, unknown >;
}

/**
 * Calls the REST API from a wp-admin page with WordPress's own `wp.apiFetch`, which carries the
 * logged-in user's cookie and REST nonce. A refusal rejects with WordPress's error body.
 *
 * @param page    A wp-admin page that loads wp-api-fetch (the reports page does).
 * @param options The request.
 */
export async function apiFetch< T >(
	page: Page,
	options: ApiFetchOptions
): Promise< T > {
	const answer = await page.evaluate( ( o ) => {
		const wp = (
			window as unknown as {
				wp: { apiFetch: ( o: unknown ) => Promise< unknown > };
			}
		 ).wp;
		return wp.apiFetch( o );
	}, options );
	return answer as T;
}

/**
 * The serious and critical axe findings inside the app, each as "rule: targets", on the page at
 * rest: the pointer off the app (a row under it is drawn hovered, half-way through its fade) and
 * every running CSS transition or animation finished, so colours are judged as they settle.
 *
 * @param page The page.
 */
export async function seriousAxeFindings( page: Page ): Promise< string[] > {
	await page.mouse.move( 0, 0 );
	await page.evaluate( () =>
		Promise.all(
			document
				.getAnimations()
				.filter(
					( animation ) =>
						animation.effect?.getTiming().iterations !== Infinity
				)
				.map( ( animation ) =>
					animation.finished.catch( () => undefined )
				)
		)
	);
	const results = await new AxeBuilder( { page } )
		.include( '#monsterinsights-reports' )
		.analyze();
	return results.violations
		.filter( ( v ) => v.impact === 'serious' || v.impact === 'critical' )
		.map(
			( v ) =>
				`${ v.id }: ${ v.nodes
					.map( ( n ) => n.target.join( ' ' ) )
					.join( ', ' ) }`
		);
}

/**
 * Opens a report screen for yesterday and today (the day of visits a test just made, also across
 * the site's midnight) as a new document, and waits for its title.
 *
 * @param page  The page.
 * @param route The report's route, e.g. "/site-speed".
 * @param title Its level-1 heading.
 * @return The dates as the report route's query: "start=…&end=…".
 */
export async function openReportForVisitDays(
	page: Page,
	route: string,
	title: string
): Promise< string > {
	await page.goto( REPORTS_PATH );
	const today = await page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
	const yesterday = new Date(
		new Date( `${ today }T00:00:00Z` ).getTime() - 86_400_000
	)
		.toISOString()
		.slice( 0, 10 );
	// A new document, not a hash change of the Overview still loading.
	await page.goto( 'about:blank' );
	await page.goto(
		`${ REPORTS_PATH }#${ route }?start=${ yesterday }&end=${ today }&preset=custom`
	);
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	return `start=${ yesterday }&end=${ today }`;
}

/**
 * The non-empty rows of the report's tables, as the cells' texts.
 *
 * @param page The page.
 */
export async function tableRows( page: Page ): Promise< string[][] > {
	return page
		.locator(
			'#monsterinsights-reports .monsterinsights-reports-data-table tbody tr'
		)
		.evaluateAll( ( rows ) =>
			rows
				.map( ( tr ) =>
					Array.from( tr.querySelectorAll( 'td' ) ).map( ( td ) =>
						( td.textContent ?? '' ).trim()
					)
				)
				.filter( ( cells ) => cells.some( ( text ) => text ) )
		);
}

/**
 * The app's root element.
 *
 * @param page The page.
 */
export function app( page: Page ): Locator {
	return page.locator( '#monsterinsights-reports' );
}

/**
 * The value element of an info box.
 *
 * @param page  The page.
 * @param title The box's title.
 */
export function infoBoxValue( page: Page, title: string ): Locator {
	return page
		.getByRole( 'region', { name: 'Key metrics' } )
		.locator( '.monsterinsights-reports-infobox' )
		.filter( {
			has: page
				.locator( '.monsterinsights-reports-infobox__title' )
				.getByText( title, { exact: true } ),
		} )
		.locator( '.monsterinsights-reports-infobox__value' );
}

/**
 * The rows of each list card of the screen, by its heading, without the padding rows.
 *
 * @param page The page.
 */
export function listCards(
	page: Page
): Promise< Record< string, string[][] > > {
	return page
		.locator(
			'#monsterinsights-reports .monsterinsights-reports-list-card'
		)
		.evaluateAll( ( cards ) => {
			const out: Record< string, string[][] > = {};
			for ( const card of cards ) {
				out[ card.querySelector( 'h2' )?.textContent ?? '' ] =
					Array.from( card.querySelectorAll( 'tbody tr' ) )
						.map( ( tr ) =>
							Array.from( tr.querySelectorAll( 'th, td' ) ).map(
								( cell ) => ( cell.textContent ?? '' ).trim()
							)
						)
						.filter( ( cells ) => cells.some( ( text ) => text ) );
			}
			return out;
		} );
}

/**
 * The value element of an info box of the eCommerce Overview's Cart section.
 *
 * @param page  The page.
 * @param title The box's title.
 */
export function cartBoxValue( page: Page, title: string ): Locator {
	return page
		.getByRole( 'region', { name: 'Cart' } )
		.locator( '.monsterinsights-reports-infobox' )
		.filter( { hasText: title } )
		.locator( '.monsterinsights-reports-infobox__value' );
}

/**
 * The eCommerce Overview's Time to Purchase and Sessions to Purchase rows when every order came
 * in its visitor's first session, on the day of it.
 *
 * @param orders The orders.
 */
export function firstSessionPurchases(
	orders: number
): Record< 'Time to Purchase' | 'Sessions to Purchase', string[][] > {
	const rows = ( buckets: string[] ) =>
		buckets.map( ( bucket, index ) =>
			index === 0
				? [ bucket, String( orders ), '100%' ]
				: [ bucket, '0', '0%' ]
		);
	return {
		'Time to Purchase': rows( [
			'0',
			'1',
			'2-3',
			'4-7',
			'8-14',
			'15-30',
			'31+',
		] ),
		'Sessions to Purchase': rows( [ '1', '2', '3-5', '6-10', '11+' ] ),
	};
}
