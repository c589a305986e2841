import { expect, test, type Page } from '../fixtures';
import path from 'path';

import { E2ESite } from '../site';
import { REPORTS_PATH, seriousAxeFindings, storageStatePath } from '../utils';

/**
 * AI Insights (#/ai-insights) on the demo traffic: the e2e site gets the built-in source and the
 * seeder's 61 days once for this file (the last 30 complete days and the 30 before them), and is
 * put back as bin/serve-e2e.sh made it afterwards. An insight's numbers are checked against the
 * Landing Page, Country and Traffic reports' tables of the two ranges.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	test.setTimeout( 600_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 61, 1 );
	expect( stats.stored ).toBeGreaterThan( 0 );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * A day some days before today, Y-m-d (the e2e site runs in UTC).
 * @param days
 */
function daysAgo( days: number ): string {
	const day = new Date();
	day.setUTCDate( day.getUTCDate() - days );
	return day.toISOString().slice( 0, 10 );
}

interface TablePage {
	columns: Array< { id: string } >;
	rows: Array< Record< string, string | number > >;
}

/** The kinds of sentence checked, with the table that shows their rows. */
const KINDS: Array< {
	pattern: RegExp;
	report: string;
	table: string;
	column: string;
} > = [
	{
		pattern: /^Sessions from the (.+) channel /,
		report: 'traffic_overview',
		table: 'channels',
		column: 'channel',
	},
	{
		pattern: /^Sessions starting on (\S+) /,
		report: 'traffic_landing_pages',
		table: 'landing_pages',
		column: 'landing_page',
	},
];

/**
 * Sessions of a row of a report's table in a range.
 *
 * @param kind  The kind.
 * @param name  The row.
 * @param start First day.
 * @param end   Last day.
 */
async function sessionsOf(
	kind: ( typeof KINDS )[ number ],
	name: string,
	start: string,
	end: string
): Promise< number > {
	const table = await e2eSite().get< TablePage >(
		`/monsterinsights-reports/v1/reports/${ kind.report }/tables/${ kind.table }`,
		{ start, end, per_page: '100' }
	);
	const row = table.rows.find( ( r ) => String( r[ kind.column ] ) === name );
	return row ? Number( row.sessions ) : 0;
}

/**
 * What a sentence of a channel or landing page says after its subject, and what it should say
 * from the sessions of its row in the two ranges' tables; null for other sentences.
 *
 * @param text The sentence.
 */
async function checkOf(
	text: string
): Promise< { actual: string; expected: string } | null > {
	const kind = KINDS.find( ( k ) => k.pattern.test( text ) );
	const match = kind?.pattern.exec( text );
	if ( ! kind || ! match ) {
		return null;
	}
	const name = match[ 1 ] ?? '';
	const now = await sessionsOf( kind, name, daysAgo( 30 ), daysAgo( 1 ) );
	const before = await sessionsOf( kind, name, daysAgo( 60 ), daysAgo( 31 ) );
	const n = ( v: number ) => v.toLocaleString( 'en-US' );
	const percent = before
		? Math.round( ( Math.abs( now - before ) / before ) * 100 )
		: 0;
	let expected = `grew ${ n( percent ) }%: ${ n(
		now
	) } in the last 30 days, up from ${ n( before ) }.`;
	if ( 0 === before ) {
		expected = `appeared: ${ n(
			now
		) } in the last 30 days, none in the 30 days before.`;
	} else if ( 0 === now ) {
		expected = `stopped: none in the last 30 days, ${ n(
			before
		) } in the 30 days before.`;
	} else if ( now < before ) {
		expected = `fell ${ n( percent ) }%: ${ n(
			now
		) } in the last 30 days, down from ${ n( before ) }.`;
	}
	return { actual: text.slice( match[ 0 ].length ), expected };
}

/**
 * The insights' sentences on the screen.
 *
 * @param page The page.
 */
function items( page: Page ) {
	return page.locator( '.monsterinsights-reports-ai-insights__item' );
}

test( 'lists the insights with their exact numbers; a thumbs-down with feedback persists', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'pro' );
	await page.goto( REPORTS_PATH + '#/ai-insights' );
	await expect(
		page.getByRole( 'heading', { name: 'AI Insights', level: 1 } )
	).toBeVisible();
	await expect( items( page ).first() ).toBeVisible( { timeout: 60_000 } );
	const count = await items( page ).count();
	expect( count ).toBeGreaterThan( 0 );
	expect( count ).toBeLessThanOrEqual( 10 );
	// No report navigation on the AI route.
	await expect(
		page.getByRole( 'navigation', { name: 'Reports' } )
	).toHaveCount( 0 );

	// Every channel and landing page insight's numbers, from the reports that show them.
	const texts = await items( page )
		.locator( '.monsterinsights-reports-ai-insights__content' )
		.allTextContents();
	const checks = (
		await Promise.all( texts.map( ( text ) => checkOf( text ) ) )
	).filter( ( check ) => check !== null );
	expect( checks.length ).toBeGreaterThan( 0 );
	expect( checks.map( ( check ) => check.actual ) ).toEqual(
		checks.map( ( check ) => check.expected )
	);

	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-insights-1280.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// Generate Insights: busy, then the list again.
	await page.getByRole( 'button', { name: 'Generate Insights' } ).click();
	await expect(
		page.getByRole( 'button', { name: 'Generate Insights' } )
	).toBeEnabled( { timeout: 60_000 } );
	await expect( items( page ) ).toHaveCount( count );

	// A thumbs-down, the required feedback, submitted.
	const first = items( page ).first();
	const down = first.getByRole( 'button', {
		name: 'This insight is not helpful',
	} );
	await down.click();
	await expect( down ).toHaveAttribute( 'aria-pressed', 'true' );
	const box = first.getByRole( 'textbox', {
		name: 'What was wrong with this insight?',
	} );
	await first.getByRole( 'button', { name: 'Submit' } ).click();
	await expect(
		first.getByText( 'Please write your feedback, or skip it.' )
	).toBeVisible();
	await box.fill( 'The numbers look off.' );
	await page.setViewportSize( { width: 600, height: 900 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-insights-600.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await first.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( box ).toHaveCount( 0 );

	// After a reload the rating persists.
	await page.reload();
	const again = items( page ).first();
	await expect(
		again.getByRole( 'button', { name: 'This insight is not helpful' } )
	).toHaveAttribute( 'aria-pressed', 'true', { timeout: 60_000 } );
	await expect(
		again.getByRole( 'button', { name: 'This insight is helpful' } )
	).toHaveAttribute( 'aria-pressed', 'false' );
	const ratings = await e2eSite().get< {
		data: Array< { score: number; feedback: string } >;
	} >( '/monsterinsights-reports/v1/ai-insights/ratings' );
	expect( ratings.data ).toEqual( [
		expect.objectContaining( {
			score: 0,
			feedback: 'The numbers look off.',
			skipped: false,
		} ),
	] );
} );

test( 'shows a plus licence the blurred sample under the upsell', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'plus' );
	// The admin menu's AI Insights item (open on the reports page) leads to the route.
	await page.goto( REPORTS_PATH );
	await page
		.locator( '#adminmenu' )
		.getByRole( 'link', { name: 'AI Insights', exact: true } )
		.click();
	await expect( page ).toHaveURL(
		/page=monsterinsights_reports#\/ai-insights(\?|$)/
	);
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect(
		page.locator(
			'.monsterinsights-reports-locked__content .monsterinsights-reports-ai-insights'
		)
	).toHaveCount( 1 );
	const overlay = page.locator( '.monsterinsights-reports-upsell-overlay' );
	await expect(
		overlay.locator( '.monsterinsights-reports-upsell-overlay__badge' )
	).toHaveText( 'PRO' );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-insights-plus.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );
