import { crc32 } from 'node:zlib';

import { expect, test, type Locator, type Page } from '../fixtures';

import { E2ESite, fakeGoogle } from '../site';
import { REPORTS_PATH, storageStatePath } from '../utils';

/**
 * Exceptions on the google source, against the e2e site's fake Google server (docs/development.md,
 * "The fake Google server"): with its steady numbers (450 + crc32 % 100 sessions a day) nothing
 * stands out, until a spike is planted: Organic Search's sessions 5 days ago get 5,000 more. The
 * screen's default range (the last 30 days) lists that one exception, its sentence computed here
 * from the fake's formula and the detector's usual value (the median of the same weekday of the 8
 * weeks before); deleted, it is gone for good.
 */

const PROPERTY = '300000001';
const DAY = 86_400_000;
const CHANNEL = 'Organic Search';
const ADD = 5000;

let site: E2ESite | undefined;

/** The REST session beforeAll opened. */
function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/** The UTC midnight of today's date on the e2e site (its time zone is Europe/Berlin). */
function todayAt(): number {
	return Date.parse(
		`${ new Date().toLocaleDateString( 'en-CA', {
			timeZone: 'Europe/Berlin',
		} ) }T00:00:00Z`
	);
}

/** The spiked day: 5 days ago. */
const spiked = (): number => todayAt() - 5 * DAY;

/**
 * A day, Y-m-d.
 *
 * @param at A UTC midnight.
 */
function ymd( at: number ): string {
	return new Date( at ).toISOString().slice( 0, 10 );
}

/**
 * The channel's sessions on a day as the steady fake answers them (plus the spike).
 *
 * @param at The day's UTC midnight.
 */
function sessions( at: number ): number {
	const steady =
		450 +
		( crc32( `${ PROPERTY }|sessions|${ ymd( at ) }|${ CHANNEL }|` ) %
			100 );
	return steady + ( at === spiked() ? ADD : 0 );
}

/**
 * The exception's sentence as the report writes it (en_US): the day's sessions, how many times
 * the usual, the usual value (the median of the same weekday's 8 weeks before: the mean of the two
 * middle ones of 8) and the weekday.
 */
function expectedSentence(): string {
	const value = sessions( spiked() );
	const history = [ 1, 2, 3, 4, 5, 6, 7, 8 ]
		.map( ( week ) => sessions( spiked() - 7 * week * DAY ) )
		.sort( ( a, b ) => a - b );
	const usual = ( ( history[ 3 ] ?? 0 ) + ( history[ 4 ] ?? 0 ) ) / 2;
	const at = new Date( spiked() );
	const weekday = at.toLocaleDateString( 'en-US', {
		weekday: 'long',
		timeZone: 'UTC',
	} );
	const date = at.toLocaleDateString( 'en-US', {
		weekday: 'long',
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	} );
	const number = ( n: number, digits: number ) =>
		n.toLocaleString( 'en-US', {
			minimumFractionDigits: digits,
			maximumFractionDigits: digits,
		} );
	return `Sessions from ${ CHANNEL } were ${ number(
		value,
		0
	) } on ${ date }, ${ number( value / usual, 1 ) }× the usual ${ number(
		usual,
		Number.isInteger( usual ) ? 0 : 1
	) } for a ${ weekday }.`;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setLevel( 'agency' );
	await fakeGoogle( '/__reset' );
	await fakeGoogle( '/__control', {
		steady: true,
		spikes: [
			{
				metric: 'sessions',
				date: ymd( spiked() ),
				dimension: 'sessionDefaultChannelGroup',
				value: CHANNEL,
				add: ADD,
			},
		],
	} );
	await site.post( '/monsterinsights-reports-e2e/v1/google', {} );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await fakeGoogle( '/__reset' );
	await session.post( '/monsterinsights-reports-e2e/v1/google', {
		connected: false,
	} );
	await session.reset();
	await session.dispose();
} );

/**
 * The exceptions table's body rows.
 *
 * @param page The page.
 */
function rows( page: Page ): Locator {
	return page
		.getByRole( 'table', { name: 'Exceptions' } )
		.locator( 'tbody tr' );
}

test( 'lists the planted spike of GA4’s sessions and deletes it for good', async ( {
	page,
} ) => {
	expect( e2eSite() ).toBeDefined();
	const sentence = expectedSentence();

	await page.goto( REPORTS_PATH + '#/exceptions' );
	await expect(
		page.getByRole( 'heading', { name: 'Exceptions Report', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await expect( rows( page ) ).toHaveCount( 1, { timeout: 60_000 } );
	await expect( rows( page ).locator( 'td:nth-child(4)' ) ).toHaveText(
		sentence
	);
	await page.screenshot( {
		path: test.info().outputPath( 'exceptions-google.png' ),
		fullPage: true,
	} );

	await rows( page )
		.getByRole( 'button', { name: /^Delete the exception/ } )
		.click();
	await page
		.getByRole( 'alertdialog', { name: 'Delete Exception' } )
		.getByRole( 'button', { name: 'Delete' } )
		.click();
	await expect( rows( page ) ).toHaveCount( 0 );

	// Gone for good: found again from GA4's answers on a fresh load, it is not listed.
	await e2eSite().post( '/monsterinsights-reports-e2e/v1/google', {
		expire: true,
	} );
	await page.goto( 'about:blank' );
	await page.goto( REPORTS_PATH + '#/exceptions' );
	await expect(
		page.getByText( 'No data currently for the report.' )
	).toBeVisible( { timeout: 60_000 } );
} );
