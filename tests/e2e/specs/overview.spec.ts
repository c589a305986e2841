import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../fixtures';
import { readFile, writeFile } from 'fs/promises';
import path from 'path';

import { inspectPdf } from '../pdf';
import { DEFAULT_METRICS, E2ESite, type Level } from '../site';
import { app, infoBoxValue, REPORTS_PATH, storageStatePath } from '../utils';

/**
 * The Overview and Site Summary screens on seeded data (issue "The reports app"): the e2e site gets
 * the built-in source and 30 days of the seeder's traffic once for this file, and is put back as
 * bin/serve-e2e.sh made it (not connected, not seeded, lite) afterwards, so the other specs find it
 * as they expect whatever the order. Each test sets the licence level and metric selection it
 * needs first.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** The four info boxes of the overview. */
const INFO_BOXES = [
	'Sessions',
	'Pageviews',
	'Avg. Session Duration',
	'Bounce Rate',
] as const;

let site: E2ESite | undefined;

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

test.beforeAll( async () => {
	// Seeding 30 days runs the collector and the aggregation in Playground: about half a minute.
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 30, 1 );
	expect( stats.sessions ).toBeGreaterThan( 500 );
	expect( stats.stored ).toBeGreaterThan( 0 );
} );

test.afterAll( async () => {
	// Also after a failed beforeAll: whatever it changed goes back.
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * Sets the level and the default metric selection before a test.
 *
 * @param level The licence level the test runs as.
 */
async function prepare( level: Level ): Promise< void > {
	await e2eSite().setLevel( level );
	await e2eSite().setMetrics( DEFAULT_METRICS );
}

/**
 * A tab of the overview's metric tabs, by its metric's label.
 *
 * @param page  The page.
 * @param label The metric's label.
 */
function metricTab( page: Page, label: string ): Locator {
	return page
		.getByRole( 'tablist', { name: 'Metrics' } )
		.getByRole( 'tab' )
		.filter( {
			has: page
				.locator( '.monsterinsights-reports-metric-tabs__label' )
				.getByText( label, { exact: true } ),
		} );
}

/**
 * The labels of the metric tabs, in order.
 *
 * @param page The page.
 */
function metricTabLabels( page: Page ): Locator {
	return page
		.getByRole( 'tablist', { name: 'Metrics' } )
		.locator( '.monsterinsights-reports-metric-tabs__label' );
}

/**
 * Opens the overview (or another route) and waits until the report has drawn its data.
 *
 * @param page  The page.
 * @param route The hash route.
 */
async function openOverview( page: Page, route = '#/' ): Promise< void > {
	await page.goto( REPORTS_PATH + route );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
}

/**
 * The hash parameters of the page's URL.
 *
 * @param page The page.
 */
function hashParams( page: Page ): URLSearchParams {
	const hash = new URL( page.url() ).hash;
	return new URLSearchParams( hash.split( '?' )[ 1 ] ?? '' );
}

/**
 * The site's today (Y-m-d) from the boot data the page printed.
 *
 * @param page The reports page.
 */
async function siteToday( page: Page ): Promise< string > {
	return page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
}

/**
 * A Y-m-d day shifted by some days.
 *
 * @param ymd  The day.
 * @param days Days to add (negative: earlier).
 */
function shiftDays( ymd: string, days: number ): string {
	const date = new Date( `${ ymd }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + days );
	return date.toISOString().slice( 0, 10 );
}

/**
 * Lets chart.js finish its entry animation before a screenshot. Screenshots are artifacts to look
 * at, never compared, so a short pause is all they need.
 *
 * @param page The page.
 */
async function settleCharts( page: Page ): Promise< void > {
	await page.evaluate(
		() => new Promise( ( resolve ) => setTimeout( resolve, 1_500 ) )
	);
}

/**
 * Serious accessibility findings that are reported to the owner of src/ and not fixed yet. Each
 * entry removes exactly the matching nodes of one axe rule from the assertion, nothing else; delete
 * the entry once the fix lands.
 */
/**
 * A date range as the app writes it for en_US (src/lib/date-text.ts formatRangeText).
 *
 * @param start First day, Y-m-d.
 * @param end   Last day, Y-m-d.
 */
function rangeText( start: string, end: string ): string {
	return new Intl.DateTimeFormat( 'en-US', {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		timeZone: 'UTC',
	} ).formatRange(
		new Date( `${ start }T00:00:00Z` ),
		new Date( `${ end }T00:00:00Z` )
	);
}

const KNOWN_A11Y_ISSUES: ReadonlyArray< {
	rule: string;
	node: RegExp;
	why: string;
} > = [];

interface AxeFinding {
	id: string;
	impact: string | null | undefined;
	help: string;
	nodes: string[];
}

/**
 * The serious and critical findings, without the nodes of known, reported issues.
 *
 * @param findings Every finding.
 */
function unexpectedSerious( findings: AxeFinding[] ): AxeFinding[] {
	return findings
		.filter( ( v ) => v.impact === 'serious' || v.impact === 'critical' )
		.map( ( v ) => ( {
			...v,
			nodes: v.nodes.filter(
				( node ) =>
					! KNOWN_A11Y_ISSUES.some(
						( known ) =>
							known.rule === v.id && known.node.test( node )
					)
			),
		} ) )
		.filter( ( v ) => v.nodes.length > 0 );
}

/**
 * How many pixels of a line chart's middle column have the area's fill colour (#2271b1 at 8 %
 * opacity): the grid lines are grey, the line itself opaque.
 *
 * @param canvas The chart's canvas.
 */
function fillPixels( canvas: Locator ): Promise< number > {
	return canvas.evaluate( ( element ) => {
		const { width, height } = element as HTMLCanvasElement;
		const column = ( element as HTMLCanvasElement )
			.getContext( '2d' )
			?.getImageData( Math.round( width / 2 ), 0, 1, height ).data;
		let count = 0;
		for ( let offset = 0; column && offset < column.length; offset += 4 ) {
			const red = column[ offset ] ?? 0;
			const blue = column[ offset + 2 ] ?? 0;
			const alpha = column[ offset + 3 ] ?? 0;
			if ( alpha > 5 && alpha < 60 && blue - red > 60 ) {
				count++;
			}
		}
		return count;
	} );
}

/**
 * Where an element is on the page.
 *
 * @param locator The element.
 */
async function boxOf(
	locator: Locator
): Promise< { x: number; y: number; width: number; height: number } > {
	const box = await locator.boundingBox();
	if ( ! box ) {
		throw new Error( 'The element has no box.' );
	}
	return box;
}

test.describe( 'overview on seeded data, as an administrator', () => {
	test( "the charts' tooltips follow the pointer and the line chart's area is filled", async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		await openOverview( page );
		const chart = page.getByRole( 'region', { name: 'Traffic chart' } );
		const canvas = chart.getByRole( 'img', {
			name: 'Sessions line chart',
		} );
		await expect( canvas ).toBeVisible();
		const box = await boxOf( canvas );

		// The area under the line.
		const filled = await fillPixels( canvas );
		expect( filled ).toBeGreaterThan( 0 );

		// The tooltip of the day under the pointer: its date and value are that day's row of the
		// chart's data table.
		await page.mouse.move( box.x + box.width / 2, box.y + box.height / 2 );
		const tooltip = chart.locator(
			'.monsterinsights-reports-chart-tooltip'
		);
		await expect( tooltip ).toBeVisible();
		await expect( tooltip ).toHaveAttribute(
			'data-chart-id',
			'overview-sessions'
		);
		const day = await tooltip
			.locator( '.monsterinsights-reports-chart-tooltip__title' )
			.innerText();
		const row = chart
			.getByRole( 'table', { name: 'Sessions by date' } )
			.getByRole( 'row' )
			.filter( { has: page.getByRole( 'rowheader', { name: day } ) } );
		await expect( row ).toHaveCount( 1 );
		await expect(
			tooltip.locator( '.monsterinsights-reports-chart-tooltip__value' )
		).toHaveText( await row.getByRole( 'cell' ).first().innerText() );
		await page.mouse.move( box.x + box.width / 2, box.y - 40 );
		await expect( tooltip ).toBeHidden();

		// A doughnut's slice: its label and percentage, as its legend shows them.
		const pieFigure = page.locator(
			'[data-chart-id="overview-newvsreturn"]'
		);
		const pie = pieFigure.locator( 'canvas' );
		await pie.scrollIntoViewIfNeeded();
		const pieBox = await boxOf( pie );
		// Three quarters of the radius up from the centre, just right of 12 o'clock: on the ring,
		// at the start of the first slice (new visitors, most of the seeded traffic).
		await page.mouse.move(
			pieBox.x + pieBox.width / 2 + 2,
			pieBox.y + pieBox.height / 8
		);
		const pieTooltip = pieFigure.locator(
			'.monsterinsights-reports-chart-tooltip'
		);
		await expect( pieTooltip ).toBeVisible();
		await expect( pieTooltip ).toHaveText( /^New Visitors\d+(\.\d+)?%$/ );
	} );

	test( 'shows the info boxes, chart, site summary and top lists with data', async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		await openOverview( page );

		for ( const title of INFO_BOXES ) {
			await expect( infoBoxValue( page, title ) ).toHaveText( /[1-9]/ );
		}
		await expect(
			page
				.getByRole( 'region', { name: 'Key metrics' } )
				.getByText( 'vs. Previous 30 Days' )
		).toHaveCount( 4 );

		// The chart: a canvas with its data table for screen readers, one row a day.
		const chart = page.getByRole( 'region', { name: 'Traffic chart' } );
		await expect(
			chart.getByRole( 'img', { name: 'Sessions line chart' } )
		).toBeVisible();
		await expect(
			chart
				.getByRole( 'table', { name: 'Sessions by date' } )
				.getByRole( 'rowheader' )
		).toHaveCount( 30 );
		await expect( metricTab( page, 'Sessions' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);

		// The site summary cards.
		const summary = page.getByRole( 'region', { name: 'Site Summary' } );
		for ( const card of [
			'All-Time Stats',
			'Most Popular Times',
			'Most Popular Categories',
			'Most Popular Page',
		] ) {
			await expect(
				summary.getByRole( 'heading', { name: card, level: 3 } )
			).toBeVisible();
		}
		const totals = summary.locator(
			'.monsterinsights-reports-summary__totals'
		);
		for ( const total of [ 'Total Pageviews', 'Total Sessions' ] ) {
			await expect(
				totals
					.locator( 'div' )
					.filter( {
						has: page.getByText( total, { exact: true } ),
					} )
					.locator( 'dd' )
			).toHaveText( /[1-9]/ );
		}
		await expect(
			summary
				.getByRole( 'list', { name: 'Top days' } )
				.getByRole( 'listitem' )
		).not.toHaveCount( 0 );
		await expect(
			summary
				.getByRole( 'list', { name: 'Top hours' } )
				.getByRole( 'listitem' )
		).not.toHaveCount( 0 );

		// The top lists, each with rows of the seeded traffic.
		for ( const list of [
			'Top 10 Countries',
			'Top 10 Referrals',
			'Top Posts/Pages',
		] ) {
			await expect(
				page.getByRole( 'heading', { name: list, level: 2 } )
			).toBeVisible();
			const rows = page
				.getByRole( 'table', { name: list } )
				.getByRole( 'rowheader' );
			await expect( rows.first() ).toBeVisible();
			expect( await rows.count() ).toBeGreaterThan( 0 );
		}
		await expect(
			page
				.getByRole( 'table', { name: 'Top Posts/Pages' } )
				.getByRole( 'link', { name: 'Hello world!' } )
		).toBeVisible();

		// The pies.
		await expect(
			page.getByRole( 'img', { name: /^New vs\. Returning Visitors: / } )
		).toHaveCount( 1 );
		await expect(
			page.getByRole( 'img', { name: /^Device Breakdown: Desktop / } )
		).toHaveCount( 1 );

		await settleCharts( page );
		await page.screenshot( {
			path: path.join( SCREENSHOTS, 'overview-lite.png' ),
			fullPage: true,
		} );
	} );

	test( '#/top-landing-pages scrolls the landing pages block into view', async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		await page.setViewportSize( { width: 1280, height: 720 } );
		await openOverview( page );
		const block = page.locator(
			'#monsterinsights-reports-top-landing-pages'
		);
		await expect( block ).toHaveCount( 1 );
		await expect( block ).not.toBeInViewport();

		await openOverview( page, '#/top-landing-pages' );
		await expect( page ).toHaveURL( /#\/top-landing-pages\?/ );
		await expect( block ).toBeInViewport();
		await expect(
			block.getByRole( 'heading', { name: 'Top Posts/Pages' } )
		).toBeInViewport();
	} );

	test( 'switches metric tabs', async ( { page } ) => {
		await prepare( 'lite' );
		await openOverview( page );
		const chart = page.getByRole( 'region', { name: 'Traffic chart' } );
		const sessions = metricTab( page, 'Sessions' );
		const pageviews = metricTab( page, 'Pageviews' );
		await expect( sessions ).toHaveAttribute( 'aria-selected', 'true' );
		await expect( pageviews ).toHaveAttribute( 'aria-selected', 'false' );
		const sessionsByDay = await chart
			.getByRole( 'table', { name: 'Sessions by date' } )
			.locator( 'tbody td' )
			.allTextContents();

		await pageviews.click();
		await expect( pageviews ).toHaveAttribute( 'aria-selected', 'true' );
		await expect( sessions ).toHaveAttribute( 'aria-selected', 'false' );
		await expect(
			chart.getByRole( 'img', { name: 'Pageviews line chart' } )
		).toBeVisible();
		const table = chart.getByRole( 'table', { name: 'Pageviews by date' } );
		await expect( table.getByRole( 'rowheader' ) ).toHaveCount( 30 );
		const pageviewsByDay = await table
			.locator( 'tbody td' )
			.allTextContents();
		expect( pageviewsByDay ).not.toEqual( sessionsByDay );

		// The arrow keys move between the tabs too (WAI-ARIA tabs).
		await pageviews.press( 'ArrowLeft' );
		await expect( sessions ).toHaveAttribute( 'aria-selected', 'true' );
		await expect( sessions ).toBeFocused();
		await expect(
			chart.getByRole( 'img', { name: 'Sessions line chart' } )
		).toBeVisible();
	} );

	test( 'lite: custom dates and PDF export are locked, with their upsells', async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		// Lite keeps the last 30 days whatever the hash asks for.
		await openOverview( page, '#/?preset=last7days' );
		const today = await siteToday( page );
		await expect( page ).toHaveURL( /preset=last30days/ );
		expect( hashParams( page ).get( 'start' ) ).toBe(
			shiftDays( today, -30 )
		);
		expect( hashParams( page ).get( 'end' ) ).toBe(
			shiftDays( today, -1 )
		);

		await page.getByRole( 'button', { name: /^Date range:/ } ).click();
		const picker = page.locator(
			'.monsterinsights-reports-datepicker__popover'
		);
		await expect(
			picker.getByText(
				'You can customize your date range only in the PRO version.'
			)
		).toBeVisible();
		await expect(
			picker.getByRole( 'button', { name: 'Last 7 days' } )
		).toBeDisabled();
		await expect(
			picker.getByRole( 'button', { name: 'Last 30 days' } )
		).toBeEnabled();
		await expect(
			picker.getByRole( 'checkbox', { name: 'Compare to Previous' } )
		).toHaveCount( 0 );
		await expect(
			picker.getByRole( 'link', { name: /Upgrade to PRO/ } )
		).toHaveAttribute( 'href', /utm_campaign=date-range/ );
		await picker.getByRole( 'button', { name: 'Close' } ).click();
		await expect( picker ).toHaveCount( 0 );

		await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
		await expect(
			page.getByText(
				'You can export PDF reports only in the PRO version.'
			)
		).toBeVisible();
		await page.keyboard.press( 'Escape' );

		// What else lite lacks: the lite banner shows, the most popular page is a blurred upsell.
		await expect(
			page.locator( '.monsterinsights-reports-lite-banner' )
		).toBeVisible();
		const popularPage = page
			.locator( '.monsterinsights-reports-summary__card' )
			.filter( {
				has: page.getByRole( 'heading', { name: 'Most Popular Page' } ),
			} );
		await expect(
			popularPage.getByRole( 'link', { name: 'Upgrade to PRO' } )
		).toBeVisible();
		await expect(
			popularPage.locator( '.monsterinsights-reports-summary__blurred' )
		).toHaveCSS( 'filter', /blur/ );
	} );

	test( 'pro: a preset changes the numbers and the hash, compare adds its columns and pies, reload keeps both', async ( {
		page,
	} ) => {
		await prepare( 'pro' );
		await openOverview( page );
		const today = await siteToday( page );

		// Pro has no lite banner and sees the most popular page.
		await expect(
			page.locator( '.monsterinsights-reports-lite-banner' )
		).toHaveCount( 0 );
		const popularPage = page
			.locator( '.monsterinsights-reports-summary__card' )
			.filter( {
				has: page.getByRole( 'heading', { name: 'Most Popular Page' } ),
			} );
		await expect( popularPage.getByText( /page views$/ ) ).toBeVisible();

		const sessions = infoBoxValue( page, 'Sessions' );
		const before = await sessions.innerText();
		expect( hashParams( page ).get( 'preset' ) ).toBe( 'last30days' );

		const toggle = page.getByRole( 'button', { name: /^Date range:/ } );
		const picker = page.locator(
			'.monsterinsights-reports-datepicker__popover'
		);
		await toggle.click();
		await picker.getByRole( 'button', { name: 'Last 7 days' } ).click();
		await expect(
			picker.getByRole( 'button', { name: 'Last 7 days' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await picker.getByRole( 'button', { name: 'Apply' } ).click();
		await expect( picker ).toHaveCount( 0 );

		await expect( page ).toHaveURL( /preset=last7days/ );
		expect( hashParams( page ).get( 'start' ) ).toBe(
			shiftDays( today, -7 )
		);
		expect( hashParams( page ).get( 'end' ) ).toBe(
			shiftDays( today, -1 )
		);
		await expect( sessions ).not.toHaveText( before );
		await expect( sessions ).toHaveText( /[1-9]/ );
		await expect( toggle ).toContainText( 'Last 7 days' );
		await expect(
			page
				.getByRole( 'table', { name: 'Sessions by date' } )
				.getByRole( 'rowheader' )
		).toHaveCount( 7 );
		await expect(
			page
				.getByRole( 'region', { name: 'Key metrics' } )
				.getByText( 'vs. Previous 7 Days' )
		).toHaveCount( 4 );

		// Compare to the previous 7 days.
		await toggle.click();
		await picker
			.getByRole( 'checkbox', { name: 'Compare to Previous' } )
			.check();
		await picker.getByRole( 'button', { name: 'Apply' } ).click();
		await expect( page ).toHaveURL( /compare_start=/ );
		const compareStart = shiftDays( today, -14 );
		const compareEnd = shiftDays( today, -8 );
		expect( hashParams( page ).get( 'compare_start' ) ).toBe(
			compareStart
		);
		expect( hashParams( page ).get( 'compare_end' ) ).toBe( compareEnd );

		const assertCompare = async () => {
			await expect( toggle ).toContainText( 'vs.' );
			for ( const list of [
				'Top 10 Countries',
				'Top 10 Referrals',
				'Top Posts/Pages',
			] ) {
				const table = page.getByRole( 'table', { name: list } );
				await expect(
					table.getByRole( 'columnheader', {
						name: 'Compare Sessions',
					} )
				).toBeVisible();
				await expect(
					table.getByRole( 'columnheader', { name: 'Change' } )
				).toBeVisible();
			}
			await expect(
				page.getByRole( 'img', { name: /^Device Breakdown: / } )
			).toHaveCount( 2 );
			await expect(
				page.getByRole( 'img', {
					name: /^New vs\. Returning Visitors: /,
				} )
			).toHaveCount( 2 );
			const chart = page.getByRole( 'region', { name: 'Traffic chart' } );
			await expect(
				chart
					.locator( '.monsterinsights-reports-line-chart__legend' )
					.getByText( 'Compare Period' )
			).toBeVisible();
			await expect(
				chart
					.getByRole( 'table', { name: 'Sessions by date' } )
					.getByRole( 'columnheader', { name: 'Compare Period' } )
			).toHaveCount( 1 );
			await expect(
				page
					.getByRole( 'region', { name: 'Key metrics' } )
					.getByText(
						`vs. ${ rangeText( compareStart, compareEnd ) }`
					)
			).toHaveCount( 4 );
		};
		await assertCompare();

		await settleCharts( page );
		await page.screenshot( {
			path: path.join( SCREENSHOTS, 'overview-pro-compare.png' ),
			fullPage: true,
		} );

		// A reload keeps the dates and the comparison: they live in the hash.
		const url = page.url();
		await page.reload();
		await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
		expect( page.url() ).toBe( url );
		await expect( toggle ).toContainText( 'Last 7 days' );
		await assertCompare();
	} );

	test( 'metric settings: up to 7 metrics, saved for the next visit; pro metrics upsell on lite', async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		await openOverview( page );
		await expect( metricTabLabels( page ) ).toHaveText( [
			'Sessions',
			'Pageviews',
		] );
		const gear = page.getByRole( 'button', { name: 'Select metrics' } );
		const panel = page.getByRole( 'group', {
			name: 'Select up to 7 metrics',
		} );
		const toast = page.locator( '.monsterinsights-reports-toast' );

		// Each tick saves, shows the toast and closes the panel.
		const added = [
			'Total Users',
			'Pageviews per User',
			'Avg. Session Duration',
			'Bounce Rate',
			'New Users',
		];
		for ( const [ index, name ] of added.entries() ) {
			await gear.click();
			await expect( panel ).toBeVisible();
			await expect(
				panel.getByRole( 'checkbox', { checked: true } )
			).toHaveCount( 2 + index );
			await panel.getByRole( 'checkbox', { name, exact: true } ).click();
			await expect(
				toast.getByText( 'Settings Updated', { exact: true } ).last()
			).toBeVisible();
			await expect( panel ).toBeHidden();
			await expect( metricTab( page, name ) ).toBeVisible();
		}

		// Seven are checked: the other free metrics cannot be added.
		await gear.click();
		await expect( panel ).toBeVisible();
		await expect(
			page.getByText( 'Select up to 7 metrics', { exact: true } )
		).toBeVisible();
		await expect(
			panel.getByRole( 'checkbox', { checked: true } )
		).toHaveCount( 7 );
		for ( const name of [ 'Engagement Rate', 'Sessions per User' ] ) {
			await expect(
				panel.getByRole( 'checkbox', { name, exact: true } )
			).toBeDisabled();
		}
		// A checked one can still be unticked.
		await expect(
			panel.getByRole( 'checkbox', { name: 'New Users', exact: true } )
		).toBeEnabled();

		// No shop on this site: the revenue and purchase metrics are not offered at all
		// (shop.spec.ts offers them, and their upsell on lite, with WooCommerce active).
		await expect(
			panel.getByRole( 'checkbox', { name: /Revenue|Purchases/ } )
		).toHaveCount( 0 );

		// The selection is saved: the next visit shows the same tabs.
		const expected = [
			'Sessions',
			'Pageviews',
			'Total Users',
			'Pageviews per User',
			'Avg. Session Duration',
			'Bounce Rate',
			'New Users',
		];
		await page.reload();
		await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
		await expect( metricTabLabels( page ) ).toHaveText( expected );
		await metricTab( page, 'Bounce Rate' ).click();
		await expect(
			page.getByRole( 'img', { name: 'Bounce Rate line chart' } )
		).toBeVisible();

		await e2eSite().setMetrics( DEFAULT_METRICS );
	} );

	test( 'metric settings: every label of the popover is on one line, lite and pro, wide and narrow', async ( {
		page,
	} ) => {
		for ( const level of [ 'lite', 'pro' ] as const ) {
			await prepare( level );
			for ( const width of [ 1440, 600 ] ) {
				await page.setViewportSize( { width, height: 900 } );
				// A fresh load: the boot data carries the level.
				await page.goto( 'about:blank' );
				await openOverview( page );
				await page
					.getByRole( 'button', { name: 'Select metrics' } )
					.click();
				const panel = page.getByRole( 'group', {
					name: 'Select up to 7 metrics',
				} );
				await expect( panel ).toBeVisible();
				// The line boxes of each label's text (a wrapped label has two tops or more),
				// and the popover against the viewport.
				const labels = await panel
					.locator( 'label' )
					.evaluateAll( ( nodes ) =>
						nodes.map( ( node ) => {
							const range = document.createRange();
							range.selectNodeContents( node );
							const tops = new Set(
								Array.from( range.getClientRects() ).map(
									( rect ) => Math.round( rect.top )
								)
							);
							return `${ node.textContent }: ${ tops.size }`;
						} )
					);
				// The 13 metrics of includes/REST/MetricsController.php but the 4 revenue and
				// purchase ones, which this site without a shop does not offer.
				expect( labels.length ).toBe( 9 );
				expect( labels, `${ level } at ${ width } px` ).toEqual(
					labels.map( ( text ) => text.replace( /\d+$/, '1' ) )
				);
				const box = await page
					.locator( '.monsterinsights-reports-metric-settings' )
					.boundingBox();
				expect( box ).not.toBeNull();
				expect( box!.x ).toBeGreaterThanOrEqual( 0 );
				expect( box!.x + box!.width ).toBeLessThanOrEqual( width );
				await page.screenshot( {
					path: path.join(
						SCREENSHOTS,
						`overview-metric-settings-${ level }-${ width }.png`
					),
				} );
				await page.keyboard.press( 'Escape' );
				await expect( panel ).toBeHidden();
			}
		}
	} );

	test( 'pro: exports the overview as a PDF with an image page', async ( {
		page,
	} ) => {
		await prepare( 'pro' );
		await openOverview( page );
		const today = await siteToday( page );

		const downloading = page.waitForEvent( 'download', {
			timeout: 180_000,
		} );
		await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
		await expect(
			page.getByRole( 'dialog', { name: 'Generating PDF Report' } )
		).toBeVisible();
		const download = await downloading;
		expect( download.suggestedFilename() ).toBe(
			`monsterinsights-reports-overview-${ today }.pdf`
		);
		const file = path.join( SCREENSHOTS, 'overview.pdf' );
		await download.saveAs( file );
		await expect(
			page.getByText( 'Downloaded PDF report successfully!' )
		).toBeVisible();
		await expect(
			page.getByRole( 'dialog', { name: 'Generating PDF Report' } )
		).toHaveCount( 0 );

		const pdf = inspectPdf( await readFile( file ) );
		expect( pdf.header ).toMatch( /^%PDF-1\.\d$/ );
		expect( pdf.eof ).toBe( true );
		expect( pdf.pages ).toBeGreaterThanOrEqual( 1 );
		// One JPEG image of the report at scale 2 of 980 px.
		expect( pdf.images ).toContainEqual(
			expect.objectContaining( {
				filter: 'DCTDecode',
				width: 1960,
				jpeg: true,
			} )
		);
		// Every page draws it.
		expect( pdf.pagesDrawingImages ).toBe( pdf.pages );
	} );

	test( 'an unknown route redirects to the overview', async ( { page } ) => {
		await prepare( 'lite' );
		await page.goto( `${ REPORTS_PATH }#/no-such-report` );
		await expect( page ).toHaveURL( /#\/\?start=/ );
		await expect(
			app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
		).toBeVisible();
		await expect(
			page
				.getByRole( 'navigation', { name: 'Reports' } )
				.getByRole( 'link', { name: 'Overview' } )
		).toHaveAttribute( 'aria-current', 'page' );
		await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
	} );

	test( 'a locked report shows its upsell over blurred sample data', async ( {
		page,
	} ) => {
		await prepare( 'lite' );
		// Search Console (plus) for lite: its own layout with its sample (the report-*.spec.ts files
		// check the other reports' upsells).
		await page.goto( `${ REPORTS_PATH }#/search-console` );
		const screen = app( page ).locator(
			'.monsterinsights-reports-report--queries'
		);
		await expect(
			screen.getByRole( 'heading', { name: 'Search Console Report' } )
		).toBeVisible();
		const upgrade = screen.getByRole( 'link', {
			name: 'Upgrade and Unlock',
		} );
		await expect( upgrade ).toBeVisible();
		await expect( upgrade ).toHaveAttribute( 'href', /discount=/ );
		const sample = screen.locator(
			'.monsterinsights-reports-locked__content'
		);
		await expect( sample ).toHaveCSS( 'filter', /blur/ );
		await expect( sample ).toHaveAttribute( 'inert', '' );
		await expect( sample.locator( 'table' ).first() ).toBeAttached();

		await screen
			.getByRole( 'button', { name: 'See a Sample Report' } )
			.click();
		await expect( upgrade ).toHaveCount( 0 );
		await expect( sample ).not.toHaveAttribute( 'inert', '' );
		await expect( sample ).toHaveCSS( 'filter', 'none' );
		const notice = app( page ).getByText(
			'You are viewing a sample report with demo data.',
			{ exact: false }
		);
		await expect( notice ).toBeVisible();

		// Leaving the screen removes the notice.
		await page
			.getByRole( 'navigation', { name: 'Reports' } )
			.getByRole( 'link', { name: 'Overview' } )
			.click();
		await expect( page ).toHaveURL( /#\/\?start=/ );
		await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
		await expect( notice ).toHaveCount( 0 );
	} );

	const AXE_STATES = [
		{ name: 'lite', level: 'lite', route: '#/', compareColumns: 0 },
		{
			name: 'pro, comparing',
			level: 'pro',
			// A named preset with both compare parameters: the last 7 days against the 7 before.
			route: '#/?preset=last7days&compare_start=on&compare_end=on',
			compareColumns: 3,
		},
	] as const;
	for ( const state of AXE_STATES ) {
		test( `has no serious accessibility violations (${ state.name })`, async ( {
			page,
		}, testInfo ) => {
			await prepare( state.level );
			await openOverview( page, state.route );
			await expect(
				page
					.getByRole( 'table', { name: 'Top Posts/Pages' } )
					.getByRole( 'rowheader' )
					.first()
			).toBeVisible();
			await expect(
				page.getByRole( 'region', { name: 'Site Summary' } )
			).toBeVisible();
			await expect(
				page.getByRole( 'columnheader', { name: 'Compare Sessions' } )
			).toHaveCount( state.compareColumns );

			const results = await new AxeBuilder( { page } )
				.include( '#monsterinsights-reports' )
				.analyze();
			const summary: AxeFinding[] = results.violations.map( ( v ) => ( {
				id: v.id,
				impact: v.impact,
				help: v.help,
				nodes: v.nodes.map( ( n ) =>
					[
						n.target.join( ' ' ),
						...[ ...n.any, ...n.all, ...n.none ].map(
							( check ) => check.message
						),
					].join( ' — ' )
				),
			} ) );
			// Every finding, whatever its impact, for the record.
			const record = path.join(
				SCREENSHOTS,
				`axe-overview-${ state.level }.json`
			);
			await writeFile( record, JSON.stringify( summary, null, '\t' ) );
			await testInfo.attach( 'axe-violations', {
				path: record,
				contentType: 'application/json',
			} );
			testInfo.annotations.push(
				...KNOWN_A11Y_ISSUES.map( ( known ) => ( {
					type: 'known accessibility issue (reported, not excluded from the scan)',
					description: known.why,
				} ) )
			);
			expect( unexpectedSerious( summary ) ).toEqual( [] );
		} );
	}

	test.describe( 'on a narrow screen', () => {
		test.use( { viewport: { width: 600, height: 900 } } );

		test( 'the navigation collapses behind a trigger with the current title', async ( {
			page,
		} ) => {
			await prepare( 'lite' );
			await openOverview( page );
			const nav = page.getByRole( 'navigation', { name: 'Reports' } );
			const trigger = nav.getByRole( 'button', { name: 'Overview' } );
			await expect( trigger ).toBeVisible();
			await expect( trigger ).toHaveAttribute( 'aria-expanded', 'false' );
			await expect( nav.getByRole( 'link' ) ).toHaveCount( 0 );

			await settleCharts( page );
			await page.screenshot( {
				path: path.join( SCREENSHOTS, 'overview-mobile.png' ),
				fullPage: true,
			} );

			await trigger.click();
			await expect( trigger ).toHaveAttribute( 'aria-expanded', 'true' );
			await expect(
				nav.getByRole( 'link', { name: 'Overview' } ).first()
			).toHaveAttribute( 'aria-current', 'page' );
			await expect(
				nav.getByRole( 'list', { name: 'Traffic' } )
			).toBeVisible();
			const searchConsole = nav.getByRole( 'link', {
				name: 'Search Console',
			} );
			await expect( searchConsole ).toBeVisible();
			await page.screenshot( {
				path: path.join( SCREENSHOTS, 'overview-mobile-menu.png' ),
			} );

			await searchConsole.click();
			await expect( page ).toHaveURL( /#\/search-console\?/ );
			const current = nav.getByRole( 'button', {
				name: 'Search Console Report',
			} );
			await expect( current ).toBeVisible();
			await expect( current ).toHaveAttribute( 'aria-expanded', 'false' );
			await expect( nav.getByRole( 'link' ) ).toHaveCount( 0 );
			await expect(
				app( page ).getByRole( 'heading', {
					name: 'Search Console Report',
				} )
			).toBeVisible();
		} );
	} );
} );
