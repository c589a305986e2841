import { expect, test, type Page } from '../fixtures';
import path from 'path';

import { E2ESite, type Level } from '../site';
import { REPORTS_PATH, app, storageStatePath } from '../utils';

/**
 * The report screens' shared parts are in the same place on every screen, at 1440 and 600 px:
 *
 * - each table card's 'Download CSV' link at the right end of the card's header;
 * - the 'Site Notes' toggle right under the chart it annotates, inside the chart's box;
 * - the Quick Links button, at the top, middle and bottom of the page, covers no text, button, link or
 *   table cell (lite and plus: pro has no quick link).
 *
 * 30 days of demo traffic are seeded, with the Dimensions module on; the site is reset after.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );
const ADDONS_ROUTE = '/monsterinsights-reports/v1/addons';
const WIDTHS = [ 1440, 600 ] as const;

/** The card's padding and border: where its content starts and ends. */
const CARD_INSET = 17;

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	await site.post( `${ ADDONS_ROUTE }/dimensions`, { active: true } );
	await site.seed( 30, 1 );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( `${ ADDONS_ROUTE }/dimensions`, { active: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * Opens a route of the reports page afresh (the boot data carries the level) at a width, and
 * waits for its title.
 *
 * @param page  The page.
 * @param route The route, e.g. "/countries".
 * @param width The viewport's width.
 * @param title The screen's title.
 */
async function open(
	page: Page,
	route: string,
	width: number,
	title: string
): Promise< void > {
	await page.setViewportSize( { width, height: 900 } );
	await page.goto( 'about:blank' );
	await page.goto( `${ REPORTS_PATH }#${ route }` );
	await expect(
		app( page ).getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible();
}

/** The screens with table cards: route, title, number of cards with the seeded traffic. */
const TABLE_SCREENS: Array< [ string, string, number ] > = [
	[ '/traffic-overview', 'Traffic Overview', 1 ],
	[ '/traffic-landing-pages', 'Landing Page Details', 1 ],
	[ '/traffic-campaign', 'Campaigns', 1 ],
	[ '/traffic-source-medium', 'Source / Medium', 1 ],
	[ '/countries', 'Country Report', 1 ],
	[ '/publishers', 'Publishers Overview', 5 ],
	[ '/dimensions', 'Dimensions Report', 7 ],
];

test.describe( 'shared report parts in one place', () => {
	for ( const width of WIDTHS ) {
		test( `Download CSV is at the right end of every table card's header at ${ width } px`, async ( {
			page,
		} ) => {
			await e2eSite().setLevel( 'pro' );
			for ( const [ route, title, count ] of TABLE_SCREENS ) {
				await open( page, route, width, title );
				const cards = app( page ).locator(
					'.monsterinsights-reports-data-table'
				);
				await expect( cards ).toHaveCount( count );
				await expect(
					app( page ).getByRole( 'link', { name: 'Download CSV' } )
				).toHaveCount( count );
				for ( const card of await cards.all() ) {
					const header = card.locator(
						'.monsterinsights-reports-data-table__header'
					);
					await expect( header.getByRole( 'heading' ) ).toHaveCount(
						1
					);
					const [ cardBox, headerBox, csvBox, headingBox ] =
						await Promise.all( [
							card.boundingBox(),
							header.boundingBox(),
							header
								.getByRole( 'link', { name: 'Download CSV' } )
								.boundingBox(),
							header.getByRole( 'heading' ).boundingBox(),
						] );
					const where = `${ route } at ${ width } px`;
					// The header is the card's first row; the link ends where the card's content ends,
					// inside the header, after the heading.
					expect(
						Math.round( headerBox!.y - cardBox!.y ),
						where
					).toBe( CARD_INSET );
					expect(
						Math.round(
							cardBox!.x +
								cardBox!.width -
								csvBox!.x -
								csvBox!.width
						),
						where
					).toBe( CARD_INSET );
					expect( csvBox!.y, where ).toBeGreaterThanOrEqual(
						headerBox!.y
					);
					expect(
						csvBox!.y + csvBox!.height,
						where
					).toBeLessThanOrEqual( headerBox!.y + headerBox!.height );
					expect( csvBox!.x, where ).toBeGreaterThan( headingBox!.x );
				}
				await page.screenshot( {
					path: path.join(
						SCREENSHOTS,
						`layout-csv${ route.replace(
							/\//g,
							'-'
						) }-${ width }.png`
					),
					fullPage: true,
				} );
			}
		} );
	}

	/** The screens whose chart has site notes: route and title. */
	const NOTED_SCREENS: Array< [ string, string ] > = [
		[ '/', 'Overview' ],
		[ '/traffic-overview', 'Traffic Overview' ],
		[ '/traffic-landing-pages', 'Landing Page Details' ],
		[ '/traffic-campaign', 'Campaigns' ],
		[ '/traffic-source-medium', 'Source / Medium' ],
		[ '/countries', 'Country Report' ],
		[ '/forms', 'Forms Overview Report' ],
	];

	for ( const width of WIDTHS ) {
		test( `the Site Notes toggle is right under its chart, in the chart's box, at ${ width } px`, async ( {
			page,
		} ) => {
			await e2eSite().setLevel( 'pro' );
			for ( const [ route, title ] of NOTED_SCREENS ) {
				await open( page, route, width, title );
				const chart = app( page ).getByRole( 'region', {
					name: 'Traffic chart',
				} );
				const toggle = chart.getByRole( 'button', {
					name: 'Site Notes',
				} );
				await expect( toggle ).toBeVisible();
				await expect(
					app( page ).getByRole( 'button', { name: 'Site Notes' } )
				).toHaveCount( 1 );
				const [ chartBox, plotBox, toggleBox ] = await Promise.all( [
					chart.boundingBox(),
					chart.locator( 'canvas' ).first().boundingBox(),
					toggle.boundingBox(),
				] );
				const where = `${ route } at ${ width } px`;
				// Under the plot, at the box's start, with the box's padding under it.
				expect( toggleBox!.y, where ).toBeGreaterThan(
					plotBox!.y + plotBox!.height
				);
				expect(
					toggleBox!.y - ( plotBox!.y + plotBox!.height ),
					where
				).toBeLessThan( 80 );
				expect( Math.round( toggleBox!.x - chartBox!.x ), where ).toBe(
					CARD_INSET
				);
				expect(
					Math.round(
						chartBox!.y +
							chartBox!.height -
							toggleBox!.y -
							toggleBox!.height
					),
					where
				).toBe( CARD_INSET );
			}
		} );
	}

	// Pro has no quick link (Upgrade to Pro is the only one), so no button.
	for ( const level of [ 'lite', 'plus' ] as Level[] ) {
		for ( const width of WIDTHS ) {
			test( `Quick Links covers nothing at the top, middle or bottom of the page, ${ level } at ${ width } px`, async ( {
				page,
			} ) => {
				await e2eSite().setLevel( level );
				for ( const [ route, title ] of [
					[ '/', 'Overview' ],
					[ '/publishers', 'Publishers Overview' ],
					[ '/traffic-overview', 'Traffic Overview' ],
				] as const ) {
					await open( page, route, width, title );
					const button = page.getByRole( 'button', {
						name: 'Quick Links',
					} );
					await expect( button ).toBeVisible();
					// The page's full height is known once its tables have rows.
					await expect(
						app( page )
							.locator(
								'td, .monsterinsights-reports-sample-label'
							)
							.first()
					).toBeVisible();
					// At the top, half way down and at the bottom of the page.
					for ( const fraction of [ 0, 0.5, 1 ] ) {
						const target = await page.evaluate( ( share ) => {
							const top = Math.round(
								share *
									( document.documentElement.scrollHeight -
										window.innerHeight )
							);
							window.scrollTo( 0, top );
							return top;
						}, fraction );
						await page.waitForFunction(
							( top ) => Math.abs( window.scrollY - top ) < 2,
							target
						);
						const covered = await button.evaluate(
							( quickLinks ) => {
								const own = quickLinks.getBoundingClientRect();
								const overlaps = ( rect: DOMRect ) =>
									rect.width > 0 &&
									rect.height > 0 &&
									rect.left < own.right &&
									rect.right > own.left &&
									rect.top < own.bottom &&
									rect.bottom > own.top;
								const found: string[] = [];
								// Every visible text, then every button, link, field and table cell.
								const walker = document.createTreeWalker(
									document.body,
									NodeFilter.SHOW_TEXT
								);
								for (
									let node = walker.nextNode();
									node;
									node = walker.nextNode()
								) {
									if (
										! node.textContent?.trim() ||
										quickLinks.contains( node )
									) {
										continue;
									}
									const range = document.createRange();
									range.selectNodeContents( node );
									if (
										Array.from(
											range.getClientRects()
										).some( overlaps )
									) {
										found.push(
											`text "${ node.textContent.trim() }"`
										);
									}
								}
								document
									.querySelectorAll(
										'button, a, input, select, textarea, td, th'
									)
									.forEach( ( element ) => {
										if (
											element !== quickLinks &&
											! quickLinks.contains( element ) &&
											overlaps(
												element.getBoundingClientRect()
											)
										) {
											found.push(
												`${ element.tagName.toLowerCase() } "${ (
													element.textContent ?? ''
												).trim() }"`
											);
										}
									} );
								return found;
							}
						);
						expect(
							covered,
							`${ route }, ${ level } at ${ width } px, scrolled ${
								fraction * 100
							}%`
						).toEqual( [] );
					}
					await page.screenshot( {
						path: path.join(
							SCREENSHOTS,
							`layout-quick-links${
								route.replace( /\//g, '-' ) || '-'
							}-${ level }-${ width }.png`
						),
					} );
				}
			} );
		}
	}
} );
