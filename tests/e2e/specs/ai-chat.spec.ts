import { expect, test, type Page } from '../fixtures';
import path from 'path';

import { E2ESite, FAKE_AI_URL, fakeAi, fakeAiRequests } from '../site';
import {
	REPORTS_PATH,
	infoBoxValue,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * Conversations AI (#/ai-insights/chat) against the e2e site's fake AI provider (bin/serve-e2e.sh:
 * the site's port + 2000; docs/development.md, "The fake AI provider"), on the built-in source with
 * the seeder's 30 days. The fake's analyst asks the plugin's run_query tool for the numbers a
 * preset question needs and quotes what the tool answered; the chart is built on the server from
 * that tool result. So an answer's numbers are checked against the Overview and the Traffic
 * report of the same days.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );
const PROVIDER = '/monsterinsights-reports/v1/ai-provider';
const VISITS = 'How many visits did I get last week?';

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );
test.describe.configure( { mode: 'serial' } );

test.beforeAll( async () => {
	test.setTimeout( 600_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 30, 1 );
	expect( stats.stored ).toBeGreaterThan( 0 );
	await fakeAi( '/__reset' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * A day some days before today, Y-m-d (the e2e site runs in UTC).
 *
 * @param days Days back.
 */
function daysAgo( days: number ): string {
	const day = new Date();
	day.setUTCDate( day.getUTCDate() - days );
	return day.toISOString().slice( 0, 10 );
}

/**
 * The chat screen's parts.
 *
 * @param page The page.
 */
function chat( page: Page ) {
	return {
		sidebar: page.getByRole( 'complementary', { name: 'Conversations' } ),
		messages: page.locator(
			'.monsterinsights-reports-ai-chat__messages > li'
		),
		input: page.getByRole( 'textbox', {
			name: 'Ask a question about your site',
		} ),
	};
}

test( 'without a paid licence the sample sits under the upsell; pro without a provider explains how to connect one', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'plus' );
	await page.goto( REPORTS_PATH + '#/ai-insights/chat' );
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect(
		page
			.locator( '.monsterinsights-reports-upsell-overlay' )
			.locator( '.monsterinsights-reports-upsell-overlay__badge' )
	).toHaveText( 'PRO' );

	await e2eSite().setLevel( 'pro' );
	await page.goto( REPORTS_PATH );
	// The admin menu's Conversations AI item leads to the route.
	await page
		.locator( '#adminmenu' )
		.getByRole( 'link', { name: 'Conversations AI', exact: true } )
		.click();
	await expect( page ).toHaveURL(
		/page=monsterinsights_reports#\/ai-insights\/chat(\?|$)/
	);
	await expect(
		page.getByRole( 'heading', {
			name: 'Connect an AI provider to start a conversation',
		} )
	).toBeVisible( { timeout: 60_000 } );
	await expect( page.getByText( 'Sample data' ) ).toHaveCount( 0 );
	await expect( chat( page ).messages ).toHaveCount( 0 );
	// No report navigation on the AI route.
	await expect(
		page.getByRole( 'navigation', { name: 'Reports' } )
	).toHaveCount( 0 );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-not-configured-1280.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// Its button leads to the settings card, where the fake is connected and tested.
	await page
		.getByRole( 'link', { name: 'Connect a provider in Settings' } )
		.click();
	const card = page.locator(
		'.monsterinsights-reports-settings__ai-provider'
	);
	await card
		.getByRole( 'textbox', { name: 'Base URL' } )
		.fill( `${ FAKE_AI_URL }/v1` );
	await card.getByRole( 'textbox', { name: 'Model' } ).fill( 'fake-analyst' );
	await card.getByLabel( 'API key' ).fill( 'sk-e2e-secret-key' );
	await card.getByRole( 'button', { name: 'Save' } ).click();
	await expect( card.getByText( 'Status: connected.' ) ).toBeVisible();
	await expect( card.getByLabel( 'API key' ) ).toHaveValue( '' );
	await card.getByRole( 'button', { name: 'Test connection' } ).click();
	await expect(
		card.getByText( 'Connected: the model “fake-analyst” answered.' )
	).toBeVisible();
	await card.scrollIntoViewIfNeeded();
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-settings-card-1280.png' ),
	} );
	const saved = await e2eSite().get< Record< string, unknown > >( PROVIDER );
	expect( saved ).toEqual( {
		configured: true,
		base_url: `${ FAKE_AI_URL }/v1`,
		model: 'fake-analyst',
		has_key: true,
		can_manage: true,
	} );
	expect( JSON.stringify( saved ) ).not.toContain( 'sk-e2e-secret-key' );
} );

test( "a preset question is answered with the Overview's number of sessions and a chart of the Traffic report's channels", async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'pro' );
	await fakeAi( '/__reset' );
	await page.goto( REPORTS_PATH + '#/ai-insights/chat' );
	await expect(
		page.getByRole( 'heading', { name: 'What would you like to know?' } )
	).toBeVisible( { timeout: 60_000 } );
	// The four preset questions; the first by keyboard.
	for ( const prompt of [
		VISITS,
		'How many page views did I get last month?',
		'What was my bounce rate last week?',
		'What was my most popular campaign last week?',
	] ) {
		await expect(
			page.getByRole( 'button', { name: prompt } )
		).toBeVisible();
	}
	await page.getByRole( 'button', { name: VISITS } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect( page ).toHaveURL( /#\/ai-insights\/chat\/\d+/, {
		timeout: 60_000,
	} );
	const { messages } = chat( page );
	await expect( messages ).toHaveCount( 2, { timeout: 60_000 } );
	await expect( messages.nth( 0 ) ).toContainText( VISITS );

	// The same 7 days (the Last 7 days preset) on the Overview and in the Traffic report.
	const start = daysAgo( 7 );
	const end = daysAgo( 1 );
	const channels = await e2eSite().get< {
		rows: Array< { channel: string; sessions: number } >;
	} >(
		'/monsterinsights-reports/v1/reports/traffic_overview/tables/channels',
		{ start, end, per_page: '100' }
	);
	const total = channels.rows.reduce( ( sum, row ) => sum + row.sessions, 0 );
	const byChannel = new Map(
		channels.rows.map( ( row ) => [ row.channel, row.sessions ] )
	);
	const most = Math.max( ...channels.rows.map( ( row ) => row.sessions ) );
	const n = ( value: number ) => value.toLocaleString( 'en-US' );
	const text = await messages.nth( 1 ).innerText();
	expect( text ).toContain(
		`You had ${ n( total ) } sessions last week (${ start } – ${ end }).`
	);
	// The channel with the most sessions (one of them, on a tie).
	const top = /Most came from (.+?): ([\d,]+)\./.exec( text );
	expect( top?.[ 2 ] ).toBe( n( most ) );
	expect( byChannel.get( String( top?.[ 1 ] ) ) ).toBe( most );

	// The chart's table: at most 10 channels with their sessions, the rest of the total as Other.
	const table = messages.nth( 1 ).locator( 'table' );
	await expect( table ).toBeVisible();
	const cells = await table.locator( 'tbody tr' ).evaluateAll( ( rows ) =>
		rows.map( ( row ) =>
			Array.from( row.querySelectorAll( 'th, td' ) )
				.slice( 0, 2 )
				.map( ( cell ) => ( cell.textContent ?? '' ).trim() )
		)
	);
	const slices = cells.filter( ( [ label ] ) => label !== 'Other' );
	expect( slices ).toHaveLength( Math.min( 10, channels.rows.length ) );
	expect(
		slices.map( ( [ label ] ) => n( byChannel.get( label ?? '' ) ?? -1 ) )
	).toEqual( slices.map( ( [ , value ] ) => value ) );
	const charted = slices.reduce(
		( sum, [ label ] ) => sum + ( byChannel.get( label ?? '' ) ?? 0 ),
		0
	);
	expect( cells.filter( ( [ label ] ) => label === 'Other' ) ).toEqual(
		[ [ 'Other', n( total - charted ) ] ].filter(
			( [ , value ] ) => value !== '0'
		)
	);
	await expect( messages.nth( 1 ).locator( 'canvas' ) ).toBeVisible();
	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-answer-1280.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.setViewportSize( { width: 600, height: 900 } );
	expect(
		await page.evaluate(
			() => document.documentElement.scrollWidth <= window.innerWidth
		)
	).toBe( true );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-answer-600.png' ),
		fullPage: true,
	} );
	await page.setViewportSize( { width: 1280, height: 900 } );

	// The Overview of those days shows the same number of sessions.
	await page.goto(
		REPORTS_PATH + `#/?start=${ start }&end=${ end }&interval=last7days`
	);
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( n( total ), {
		timeout: 60_000,
	} );

	// Only aggregated numbers went to the provider: the key as its bearer, never a visitor's data.
	const bodies = JSON.stringify( await fakeAiRequests() );
	expect( bodies ).toContain( VISITS );
	expect( bodies ).not.toContain( 'Mozilla/' );
	expect( bodies ).not.toContain( 'sk-e2e-secret-key' );
} );

test( 'copy, thumbs and feedback on an answer; pin, rename and delete a conversation', async ( {
	page,
	context,
} ) => {
	await context.grantPermissions( [ 'clipboard-read', 'clipboard-write' ] );
	await e2eSite().setLevel( 'pro' );
	await page.goto( REPORTS_PATH + '#/ai-insights/chat' );
	const { sidebar, messages } = chat( page );
	const item = sidebar.getByRole( 'link', { name: VISITS } );
	await expect( item ).toBeVisible( { timeout: 60_000 } );
	await item.click();
	await expect( messages ).toHaveCount( 2, { timeout: 60_000 } );
	const answer = messages.nth( 1 );

	await answer.getByRole( 'button', { name: /copy/i } ).click();
	await expect( page.getByText( 'Copied to clipboard!' ) ).toBeVisible();
	expect(
		await page.evaluate( () => navigator.clipboard.readText() )
	).toContain( 'sessions last week' );

	const down = answer.getByRole( 'button', { name: /not helpful/i } );
	await down.click();
	await expect( down ).toHaveAttribute( 'aria-pressed', 'true' );
	await answer.getByRole( 'textbox' ).fill( 'I wanted the days too.' );
	await answer.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( answer.getByRole( 'textbox' ) ).toHaveCount( 0 );
	const chatId = Number( /chat\/(\d+)/.exec( page.url() )?.[ 1 ] );
	// Stored once the rating's request is answered (the box closes as it is sent).
	await expect
		.poll( async () => {
			const stored = await e2eSite().get< {
				chat: Array< { rating: number | null; feedback: string } >;
			} >( `/monsterinsights-reports/v1/ai-insights/chat/${ chatId }` );
			return stored.chat[ 1 ];
		} )
		.toMatchObject( {
			rating: 0,
			feedback: 'I wanted the days too.',
		} );

	// Pin: the chat moves from Recent to Pinned Conversations.
	await sidebar
		.getByRole( 'button', { name: `Actions for “${ VISITS }”` } )
		.click();
	await page.getByRole( 'menuitem', { name: 'Pin' } ).click();
	await expect
		.poll( async () =>
			(
				await e2eSite().get< {
					pinned: Array< { id: number } >;
					recent: Array< { id: number } >;
				} >( '/monsterinsights-reports/v1/ai-insights/chats' )
			).pinned.map( ( entry ) => entry.id )
		)
		.toEqual( [ chatId ] );

	// Rename: prefilled from the question, at most 50 characters.
	await sidebar
		.getByRole( 'button', { name: `Actions for “${ VISITS }”` } )
		.click();
	await page.getByRole( 'menuitem', { name: 'Rename' } ).click();
	const name = page.getByRole( 'textbox', { name: 'Name' } );
	await expect( name ).toHaveValue( VISITS );
	await name.fill( 'Weekly visits '.repeat( 5 ) );
	await expect( name ).toHaveValue(
		'Weekly visits '.repeat( 5 ).slice( 0, 50 )
	);
	await name.fill( 'Weekly visits' );
	await page.getByRole( 'button', { name: 'Save' } ).click();
	await expect(
		sidebar.getByRole( 'link', { name: 'Weekly visits' } )
	).toBeVisible();
	await page.reload();
	await expect(
		chat( page ).sidebar.getByRole( 'link', { name: 'Weekly visits' } )
	).toBeVisible( { timeout: 60_000 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-pinned-1280.png' ),
		fullPage: true,
	} );

	// Delete the open chat: back to a new conversation, nothing listed.
	await chat( page )
		.sidebar.getByRole( 'button', { name: 'Actions for “Weekly visits”' } )
		.click();
	await page.getByRole( 'menuitem', { name: 'Delete' } ).click();
	await page
		.getByRole( 'dialog' )
		.getByRole( 'button', { name: 'Delete' } )
		.click();
	await expect( page ).toHaveURL( /#\/ai-insights\/chat(\?|$)/ );
	await expect(
		page.getByRole( 'heading', { name: 'What would you like to know?' } )
	).toBeVisible();
	await expect(
		chat( page ).sidebar.getByRole( 'link', { name: 'Weekly visits' } )
	).toHaveCount( 0 );
	expect(
		await e2eSite().get( '/monsterinsights-reports/v1/ai-insights/chats' )
	).toEqual( { pinned: [], recent: [] } );
} );

test( 'a busy provider leaves the question with a retry bar that asks again; a refused key has no retry', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'pro' );
	await fakeAi( '/__reset' );
	await fakeAi( '/__script', { steps: [ { status: 429 } ] } );
	await page.goto( REPORTS_PATH + '#/ai-insights/chat' );
	const { input, messages } = chat( page );
	await expect( input ).toBeVisible( { timeout: 60_000 } );
	// Shift+Enter is a new line, Enter sends; the input takes 300 characters at most.
	await input.fill( 'x'.repeat( 320 ) );
	await expect( input ).toHaveValue( 'x'.repeat( 300 ) );
	await input.fill( 'What was my bounce rate' );
	await input.press( 'Shift+Enter' );
	await input.pressSequentially( 'last week?' );
	await expect( input ).toHaveValue( 'What was my bounce rate\nlast week?' );
	await input.press( 'Enter' );
	const bar = page.locator( '.monsterinsights-reports-ai-chat__retry' );
	await expect( bar ).toContainText(
		'The AI provider is busy (too many requests). Please try again in a moment.',
		{ timeout: 60_000 }
	);
	await expect( messages ).toHaveCount( 1 );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-retry-1280.png' ),
		fullPage: true,
	} );
	// After a reload the question is still the last message: the spec's retry text.
	await page.reload();
	await expect( bar ).toContainText(
		'Looks like your last message was not sent. Please try again.',
		{ timeout: 60_000 }
	);
	await bar.getByRole( 'button', { name: 'Retry' } ).click();
	await expect( messages ).toHaveCount( 2, { timeout: 60_000 } );
	await expect( messages.nth( 1 ) ).toContainText( 'bounce rate' );
	await expect( bar ).toHaveCount( 0 );

	// A key the provider refuses: the error, and no Retry.
	await fakeAi( '/__script', { steps: [ { status: 401 } ] } );
	await input.fill( VISITS );
	await input.press( 'Enter' );
	await expect( bar ).toContainText(
		'The AI provider refused the API key. Check the key under Settings → Conversations AI.',
		{ timeout: 60_000 }
	);
	await expect( bar.getByRole( 'button', { name: 'Retry' } ) ).toHaveCount(
		0
	);
} );

test( 'a slow stream shows the answer’s first words before the whole answer, then its chart', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'pro' );
	await fakeAi( '/__reset' );
	// The analyst's run_query round, then its answer in pieces of three words, 800 ms apart.
	await fakeAi( '/__script', {
		steps: [ { delay_ms: 1 }, { stream_delay_ms: 800 } ],
	} );
	await page.goto( REPORTS_PATH + '#/ai-insights/chat' );
	const { input, messages } = chat( page );
	await expect( input ).toBeVisible( { timeout: 60_000 } );
	await input.fill( VISITS );
	await input.press( 'Enter' );

	// The first pieces: an answer that grows, without buttons or chart yet.
	const growing = page.locator(
		'.monsterinsights-reports-ai-chat__message.is-streaming'
	);
	await expect( growing ).toContainText( 'You had', { timeout: 60_000 } );
	await expect( page.getByText( 'Analyzing your data…' ) ).toHaveCount( 0 );
	const partial = ( await growing.innerText() ).replace( /^AI:\s*/, '' );
	expect( partial ).toMatch( /^You had / );
	expect( partial ).not.toContain( 'Most came from' );
	await expect( growing.getByRole( 'button' ) ).toHaveCount( 0 );
	await expect( growing.locator( 'table, canvas' ) ).toHaveCount( 0 );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-streaming-1280.png' ),
		fullPage: true,
	} );
	// It grows.
	await expect
		.poll( async () => ( await growing.innerText() ).length, {
			timeout: 30_000,
		} )
		.toBeGreaterThan( ( await growing.innerText() ).length );

	// The stored answer replaces it: the whole text, the chart and the buttons.
	await expect( growing ).toHaveCount( 0, { timeout: 60_000 } );
	await expect( messages ).toHaveCount( 2 );
	const answer = messages.nth( 1 );
	const start = daysAgo( 7 );
	const end = daysAgo( 1 );
	await expect( answer ).toContainText(
		new RegExp(
			`You had [\\d,]+ sessions last week \\(${ start } – ${ end }\\)\\. Most came from .+: [\\d,]+\\.`
		)
	);
	expect( ( await answer.innerText() ).replace( /^AI:\s*/, '' ) ).toContain(
		partial
	);
	await expect( answer.locator( 'table' ) ).toBeVisible();
	await expect( answer.locator( 'canvas' ) ).toBeVisible();
	await expect(
		answer.getByRole( 'button', { name: 'Copy to clipboard' } )
	).toBeVisible();
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'ai-chat-streamed-1280.png' ),
		fullPage: true,
	} );
	// Both rounds were asked for as streams.
	const requests = ( await fakeAiRequests() ) as Array< {
		stream?: boolean;
	} >;
	expect( requests.map( ( request ) => request.stream ) ).toEqual( [
		true,
		true,
	] );
} );
