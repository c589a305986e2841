/**
 * Time to the first numbers in Chromium: the reports page loaded at a hash, and a report opened from
 * the app's menu, each timed against the page's own load; the medians of several loads count.
 */

/** Time to the first numbers ÷ the reports page's own load (navigation → load event). */
const FIRST_NUMBERS_BUDGET = 1.3;

/** Page loads of each first-numbers figure; the median counts. */
const FIRST_NUMBERS_RUNS = 5;

/**
 * The numbers the first-numbers figures wait for: an info box value of the Overview, or a table
 * cell of another report, holding a digit.
 */
export const FIRST_NUMBER_CELLS =
	'#monsterinsights-reports .monsterinsights-reports-infobox__value, #monsterinsights-reports table tbody td';

/**
 * Installs, in every page the context opens, a watch that polls every frame from the navigation's
 * start and keeps `performance.now()` of the first frame that draws a first number in
 * `window.monsterinsightsReportsBenchFirstNumber`. Timed in the page, so the bench's own round trips
 * to the browser never count.
 *
 * @param {import('@playwright/test').BrowserContext} context The browser context.
 * @param {string}                                    cells   FIRST_NUMBER_CELLS.
 */
export async function watchFirstNumbers( context, cells ) {
	await context.addInitScript( ( selector ) => {
		const poll = () => {
			const drawn = [ ...document.querySelectorAll( selector ) ].some(
				( cell ) => /\d/.test( cell.textContent ?? '' )
			);
			if ( drawn ) {
				window.monsterinsightsReportsBenchFirstNumber =
					performance.now();
				return;
			}
			window.requestAnimationFrame( poll );
		};
		window.requestAnimationFrame( poll );
	}, cells );
}

/**
 * Waits until the page's watch (watchFirstNumbers) has seen the first number drawn.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @return {Promise<number>} `performance.now()` of that frame.
 */
async function waitForFirstNumber( page ) {
	const handle = await page.waitForFunction(
		() => window.monsterinsightsReportsBenchFirstNumber,
		null,
		{ timeout: 180_000 }
	);
	return handle.jsonValue();
}

/**
 * Records the page's REST requests (under /wp-json or rest_route) while it runs.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @return {{list: string[], stop: Function}} The requests so far, and how to stop recording.
 */
function recordRest( page ) {
	const list = [];
	const listener = ( request ) => {
		const url = request.url();
		if ( url.includes( '/wp-json/' ) || url.includes( 'rest_route=' ) ) {
			list.push( url );
		}
	};
	page.on( 'request', listener );
	return { list, stop: () => page.off( 'request', listener ) };
}

/**
 * The median of numbers.
 *
 * @param {number[]} values Values.
 * @return {number} The median.
 */
function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}

/**
 * Loads the reports page (at a hash) FIRST_NUMBERS_RUNS times, each time from another admin page
 * as a click in the admin menu would, and times its first number against its own load.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @param {string}                          base The site.
 * @param {string}                          hash The hash route.
 * @return {Promise<{ratio: number, ready: number, load: number, numbers: number, requests: number}>} Medians.
 */
async function timeFirstNumbers( page, base, hash ) {
	const runs = [];
	// One load first, not counted: the browser's cache and the site's caches as a user has them.
	for ( let i = 0; i <= FIRST_NUMBERS_RUNS; i++ ) {
		await page.goto( `${ base }/wp-admin/profile.php` );
		const rest = recordRest( page );
		await page.goto(
			`${ base }/wp-admin/admin.php?page=monsterinsights_reports${ hash }`
		);
		const numbers = await waitForFirstNumber( page );
		const times = await page.evaluate( () => {
			const navigation =
				performance.getEntriesByType( 'navigation' )[ 0 ];
			return {
				ready: navigation.domContentLoadedEventEnd,
				load: navigation.loadEventEnd,
			};
		} );
		rest.stop();
		if ( i > 0 ) {
			runs.push( { ...times, numbers, requests: rest.list.length } );
		}
	}
	return {
		ratio: median( runs.map( ( entry ) => entry.numbers / entry.load ) ),
		ready: median( runs.map( ( entry ) => entry.ready ) ),
		load: median( runs.map( ( entry ) => entry.load ) ),
		numbers: median( runs.map( ( entry ) => entry.numbers ) ),
		requests: Math.max( ...runs.map( ( entry ) => entry.requests ) ),
	};
}

/**
 * Opens a report from the app's own menu (Traffic → Overview) on the loaded Overview,
 * FIRST_NUMBERS_RUNS times, and times click → first number against the page's own load.
 *
 * @param {import('@playwright/test').Page} page The page.
 * @param {string}                          base The site.
 * @return {Promise<{ratio: number, click: number, load: number}>} Medians.
 */
async function timeMenuReport( page, base ) {
	const runs = [];
	for ( let i = 0; i <= FIRST_NUMBERS_RUNS; i++ ) {
		await page.goto( `${ base }/wp-admin/profile.php` );
		await page.goto(
			`${ base }/wp-admin/admin.php?page=monsterinsights_reports#/`
		);
		await waitForFirstNumber( page );
		const app = page.locator( '#monsterinsights-reports' );
		await app
			.getByRole( 'button', { name: 'Traffic', exact: true } )
			.click();
		// The menu is a popover, outside the app's element.
		const item = page
			.getByRole( 'menu', { name: 'Traffic' } )
			.getByRole( 'menuitem', { name: 'Overview', exact: true } );
		await item.waitFor();
		// Timed in the page: from the click's event to the first frame that draws a table number,
		// polled every frame as the page's watch does.
		await item.evaluate( ( link ) => {
			window.monsterinsightsReportsBenchClick = performance.now();
			window.monsterinsightsReportsBenchMenuNumber = undefined;
			const poll = () => {
				const drawn = [
					...document.querySelectorAll(
						'#monsterinsights-reports .monsterinsights-reports-report--traffic_overview table tbody td'
					),
				].some( ( cell ) => /\d/.test( cell.textContent ?? '' ) );
				if ( drawn ) {
					window.monsterinsightsReportsBenchMenuNumber =
						performance.now();
					return;
				}
				window.requestAnimationFrame( poll );
			};
			link.click();
			window.requestAnimationFrame( poll );
		} );
		await page.waitForFunction(
			() => window.monsterinsightsReportsBenchMenuNumber,
			null,
			{ timeout: 180_000 }
		);
		const times = await page.evaluate( () => ( {
			click:
				window.monsterinsightsReportsBenchMenuNumber -
				window.monsterinsightsReportsBenchClick,
			load: performance.getEntriesByType( 'navigation' )[ 0 ]
				.loadEventEnd,
		} ) );
		if ( i > 0 ) {
			runs.push( times );
		}
	}
	return {
		ratio: median( runs.map( ( entry ) => entry.click / entry.load ) ),
		click: median( runs.map( ( entry ) => entry.click ) ),
		load: median( runs.map( ( entry ) => entry.load ) ),
	};
}

/**
 * The first-numbers figures of one site.
 *
 * @param {string}                          label    'native PHP' or 'Playground'.
 * @param {string}                          base     The site, logged in as admin by the page.
 * @param {Function}                        setLevel Sets the licence level ('lite', 'plus') through the page.
 * @param {import('@playwright/test').Page} page     The logged-in page.
 * @return {Promise<Array<Object>>} Rows.
 */
export async function firstNumbersOf( label, base, setLevel, page ) {
	const rows = [];
	const ratioRow = ( figure, value ) => ( {
		figure,
		value,
		unit: '×',
		budget: `≤ ${ FIRST_NUMBERS_BUDGET }`,
		ok: value <= FIRST_NUMBERS_BUDGET,
	} );
	const record = ( figure, value, unit ) => ( {
		figure,
		value,
		unit,
		budget: '',
		ok: true,
	} );
	await setLevel( 'lite' );
	const overview = await timeFirstNumbers( page, base, '' );
	rows.push(
		ratioRow(
			`${ label }: lite Overview, first numbers ÷ page load`,
			overview.ratio
		),
		record(
			`${ label }: lite Overview, DOMContentLoaded / load / first numbers (medians)`,
			[ overview.ready, overview.load, overview.numbers ]
				.map( ( ms ) => Math.round( ms ) )
				.join( ' / ' ),
			'ms'
		),
		{
			figure: `${ label }: lite Overview, REST requests before the first numbers`,
			value: overview.requests,
			unit: '',
			budget: '= 0',
			ok: overview.requests === 0,
		}
	);
	await setLevel( 'plus' );
	try {
		const linked = await timeFirstNumbers(
			page,
			base,
			'#/traffic-overview'
		);
		rows.push(
			ratioRow(
				`${ label }: plus #/traffic-overview opened by its link, first numbers ÷ page load`,
				linked.ratio
			),
			record(
				`${ label }: plus #/traffic-overview, DOMContentLoaded / load / first numbers (medians)`,
				[ linked.ready, linked.load, linked.numbers ]
					.map( ( ms ) => Math.round( ms ) )
					.join( ' / ' ),
				'ms'
			),
			record(
				`${ label }: plus #/traffic-overview, REST requests before the first numbers`,
				linked.requests,
				''
			)
		);
		const menu = await timeMenuReport( page, base );
		rows.push(
			ratioRow(
				`${ label }: plus Traffic → Overview from the app's menu, click → first numbers ÷ page load`,
				menu.ratio
			),
			record(
				`${ label }: plus Traffic → Overview from the app's menu, click → first numbers`,
				Math.round( menu.click ),
				'ms'
			)
		);
	} finally {
		await setLevel( 'lite' );
	}
	return rows;
}
