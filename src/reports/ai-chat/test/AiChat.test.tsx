import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import { useSelect } from '@wordpress/data';
import { removeQueryArgs } from '@wordpress/url';
import { store as noticesStore } from '@wordpress/notices';

import { renderIn } from '../../../../tests/js/shell';
import {
	lastChartProps,
	resetChartCalls,
} from '../../../components/test/chartMock';
import { TOAST_CONTEXT } from '../../../components/Toast';
import { parseHash } from '../../../lib/hash';
import { appStore } from '../../../store/app';
import type { Level } from '../../../store/app/types';
import type {
	AiProviderStatus,
	ChatEntry,
	ChatMessage,
} from '../../../store/chat';
import { restError, type ApiCall } from '../../../store/test/api';
import { getUpsellContent } from '../../../upsell/content';
import AiChat, { chatIdOf } from '..';
import { registryFor, Routed } from '../../test/screen';

const API = '/monsterinsights-reports/v1';

const PRESETS = [
	'How many visits did I get last week?',
	'How many page views did I get last month?',
	'What was my bounce rate last week?',
	'What was my most popular campaign last week?',
] as const;

const CONNECTED: AiProviderStatus = {
	configured: true,
	base_url: 'http://127.0.0.1:9751/v1',
	model: 'fake-analyst',
	has_key: true,
	can_manage: true,
};

const LONG_PREVIEW =
	'How many sessions came from organic search in the first week of November compared with October?';

let nextId = 1;

/**
 * A message as the server stores it.
 *
 * @param role    Who wrote it.
 * @param content Its text.
 * @param extra   Other fields.
 */
function message(
	role: ChatMessage[ 'role' ],
	content: string,
	extra: Partial< ChatMessage > = {}
): ChatMessage {
	return {
		id: `m${ nextId++ }`,
		role,
		content,
		rating: null,
		feedback: '',
		skipped_feedback: false,
		meta: {},
		...extra,
	};
}

interface FakeChat {
	entry: ChatEntry;
	chat: ChatMessage[];
}

/**
 * Answers every api-fetch request with `answer( call )`, recording the calls with the method the
 * server sees (api-fetch sends PUT and DELETE as POST with X-HTTP-Method-Override).
 *
 * @param answer What the server answers.
 */
function serveCalls(
	answer: ( call: ApiCall ) => Promise< unknown >
): ApiCall[] {
	const calls: ApiCall[] = [];
	apiFetch.setFetchHandler( async ( options ) => {
		const headers = ( options.headers ?? {} ) as Record< string, string >;
		const call: ApiCall = {
			path: removeQueryArgs( options.path ?? '', '_locale' ),
			method:
				headers[ 'X-HTTP-Method-Override' ] ?? options.method ?? 'GET',
		};
		if ( options.data !== undefined ) {
			call.data = options.data;
		}
		calls.push( call );
		return answer( call );
	} );
	return calls;
}

/** What a send answers: the assistant's message, or a failure. */
type Answerer = ( text: string, chatId: number ) => unknown;

/**
 * A fake of the provider and chat routes, keeping the chats.
 *
 * @param options          Options.
 * @param options.provider What GET ai-provider answers.
 * @param options.chats    The chats there are, newest first.
 * @param options.answer   What a send answers (by default a text answer).
 * @param options.listHeld The list answers once this settles.
 */
function fakeServer( {
	provider = CONNECTED,
	chats = [],
	answer = ( text: string ) => message( 'assistant', `You asked: ${ text }` ),
	listHeld,
}: {
	provider?: AiProviderStatus;
	chats?: FakeChat[];
	answer?: Answerer;
	listHeld?: Promise< void >;
} = {} ) {
	const store = new Map< number, FakeChat >(
		chats.map( ( chat ) => [ chat.entry.id, chat ] )
	);
	let newId = 100;
	const list = () => {
		const all = [ ...store.values() ]
			.map( ( chat ) => chat.entry )
			.sort( ( a, b ) => b.id - a.id );
		return {
			pinned: all.filter( ( entry ) => entry.is_pinned ),
			recent: all.filter( ( entry ) => ! entry.is_pinned ),
		};
	};
	const notFound = () =>
		restError( 'rest_chat_not_found', 'Conversation not found.', {
			status: 404,
		} );
	const send = async ( id: number, text: string ) => {
		const chat = store.get( id ) as FakeChat;
		chat.chat.push( message( 'user', text ) );
		const reply = await answer( text, id );
		if (
			reply &&
			typeof reply === 'object' &&
			'role' in ( reply as object )
		) {
			chat.chat.push( reply as ChatMessage );
			return { chat_id: id, latest_message: reply };
		}
		return reply;
	};
	const calls = serveCalls( async ( call: ApiCall ) => {
		const data = ( call.data ?? {} ) as Record< string, unknown >;
		const path = call.path;
		if ( path === `${ API }/ai-provider` ) {
			return provider;
		}
		if ( path === `${ API }/ai-insights/chats` ) {
			await listHeld;
			return list();
		}
		if ( path === `${ API }/ai-insights/chat` && call.method === 'POST' ) {
			const id = newId++;
			store.set( id, {
				entry: {
					id,
					title: '',
					preview: String( data.message ).slice( 0, 100 ),
					is_pinned: false,
				},
				chat: [],
			} );
			return send( id, String( data.message ) );
		}
		const match = path.match(
			/^\/monsterinsights-reports\/v1\/ai-insights\/chat\/(\d+)(\/\w+)?$/
		);
		if ( ! match ) {
			return {};
		}
		const id = Number( match[ 1 ] );
		const chat = store.get( id );
		if ( ! chat ) {
			return notFound();
		}
		const rest = match[ 2 ] ?? '';
		if ( rest === '/retry' ) {
			const reply = message( 'assistant', 'Answered on retry.' );
			chat.chat.push( reply );
			return { latest_message: reply };
		}
		if ( rest === '/rate' ) {
			const index = chat.chat.findIndex(
				( item ) => item.id === data.message_id
			);
			const { message_id: _ignored, ...change } = data;
			chat.chat[ index ] = {
				...( chat.chat[ index ] as ChatMessage ),
				...change,
			};
			return chat.chat[ index ];
		}
		if ( call.method === 'GET' ) {
			return { id, chat: chat.chat };
		}
		if ( call.method === 'PUT' ) {
			chat.entry = { ...chat.entry, ...data };
			return chat.entry;
		}
		if ( call.method === 'DELETE' ) {
			store.delete( id );
			return { deleted: true, id };
		}
		return send( id, String( data.message ) );
	} );
	return { calls, store };
}

/**
 * A chat of the fake server.
 *
 * @param id       Its id.
 * @param messages Its messages.
 * @param entry    Its entry's fields.
 */
function chatOf(
	id: number,
	messages: ChatMessage[],
	entry: Partial< ChatEntry > = {}
): FakeChat {
	return {
		entry: {
			id,
			title: '',
			preview: messages[ 0 ]?.content.slice( 0, 100 ) ?? '',
			is_pinned: false,
			...entry,
		},
		chat: messages,
	};
}

/** The screen in its route, mounted anew on each route as the shell does. */
function Shell() {
	const route = useSelect( ( select ) => select( appStore ).getRoute(), [] );
	return (
		<Routed report="ai_chat">
			<AiChat key={ route } />
		</Routed>
	);
}

/**
 * Renders the screen on a route, following hash changes as the router does.
 *
 * @param route The route.
 * @param level The licence level.
 */
function renderChat( route = '/ai-insights/chat', level: Level = 'pro' ) {
	const registry = registryFor( level );
	registry.dispatch( appStore ).setRoute( route );
	window.location.hash = '#' + route;
	const follow = () =>
		registry
			.dispatch( appStore )
			.setRoute( parseHash( window.location.hash ).path );
	window.addEventListener( 'hashchange', follow );
	cleanups.push( () => window.removeEventListener( 'hashchange', follow ) );
	renderIn( <Shell />, registry );
	return registry;
}

const cleanups: Array< () => void > = [];
afterEach( () => {
	cleanups.splice( 0 ).forEach( ( undo ) => undo() );
	resetChartCalls();
} );

/** The route the screen went to. */
const currentPath = () => parseHash( window.location.hash ).path;

/**
 * The chat calls among recorded calls.
 *
 * @param calls Recorded calls.
 */
const chatCalls = ( calls: ApiCall[] ) =>
	calls
		.filter( ( call ) => call.path.startsWith( `${ API }/ai` ) )
		.map(
			( call ) => `${ call.method } ${ call.path.slice( API.length ) }`
		);

/**
 * The toasts shown.
 *
 * @param registry The registry.
 */
const toasts = ( registry: ReturnType< typeof renderChat > ) =>
	registry
		.select( noticesStore )
		.getNotices( TOAST_CONTEXT )
		.map( ( notice: { status: string; content: string } ) => [
			notice.status,
			notice.content,
		] );

const input = () =>
	screen.getByRole( 'textbox', { name: 'Ask a question about your site' } );

/**
 * A block of the sidebar by its heading's toggle.
 *
 * @param name The block's title.
 */
function block( name: string ) {
	const toggle = screen.getByRole( 'button', { name } );
	const region = document.getElementById(
		toggle.getAttribute( 'aria-controls' ) ?? ''
	) as HTMLElement;
	return { toggle, region };
}

/**
 * The names of the chats of a block.
 *
 * @param name The block's title.
 */
const blockItems = ( name: string ) =>
	within( block( name ).region )
		.queryAllByRole( 'link' )
		.map( ( link ) => link.textContent );

describe( 'chatIdOf', () => {
	it( 'reads the chat of a route', () => {
		expect( chatIdOf( '/ai-insights/chat' ) ).toBeNull();
		expect( chatIdOf( '/ai-insights/chat/42' ) ).toBe( 42 );
		expect( chatIdOf( '/ai-insights/chat/abc' ) ).toBeNaN();
	} );
} );

describe( 'Conversations AI', () => {
	it( 'shows the sample under the upsell below pro, with no data call', async () => {
		const { calls } = fakeServer();
		renderChat( '/ai-insights/chat', 'plus' );
		expect(
			await screen.findByRole( 'heading', {
				name: getUpsellContent( 'ai_insights_chat' ).title,
			} )
		).toBeInTheDocument();
		await waitFor( () =>
			expect(
				document.querySelector(
					'.monsterinsights-reports-locked__content .monsterinsights-reports-ai-chat__messages'
				)
			).not.toBeNull()
		);
		expect( screen.getByText( 'Sample data' ) ).toBeInTheDocument();
		expect( chatCalls( calls ) ).toEqual( [] );
	} );

	it( 'explains how to connect a provider, with the way to the settings card for a manager', async () => {
		const { calls } = fakeServer( {
			provider: {
				configured: false,
				base_url: '',
				model: '',
				has_key: false,
				can_manage: true,
			},
		} );
		renderChat();
		expect(
			await screen.findByRole( 'heading', {
				name: 'Connect an AI provider to start a conversation',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'Base URL' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Model' ) ).toBeInTheDocument();
		expect( screen.getByText( 'API key' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', {
				name: 'Connect a provider in Settings',
			} )
		).toHaveAttribute( 'href', '#/settings?card=conversations-ai' );
		// No sample chat, no chat list, no input.
		expect( screen.queryByText( 'Sample data' ) ).not.toBeInTheDocument();
		expect( screen.queryByRole( 'textbox' ) ).not.toBeInTheDocument();
		expect( chatCalls( calls ) ).toEqual( [ 'GET /ai-provider' ] );
	} );

	it( 'tells a user who cannot manage the provider to ask an administrator', async () => {
		fakeServer( {
			provider: {
				configured: false,
				base_url: '',
				model: '',
				has_key: false,
				can_manage: false,
			},
		} );
		renderChat();
		expect(
			await screen.findByText(
				'Ask an administrator to connect an AI provider under Settings → Conversations AI.'
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'link' ) ).not.toBeInTheDocument();
	} );

	it.each( [ ...PRESETS ] )(
		'sends the preset “%s” word for word and moves to the new chat',
		async ( preset ) => {
			const user = userEvent.setup();
			const { calls } = fakeServer();
			renderChat();
			await user.click(
				await screen.findByRole( 'button', { name: preset } )
			);
			expect(
				await screen.findByText( `You asked: ${ preset }` )
			).toBeInTheDocument();
			expect(
				calls.find(
					( call ) =>
						call.method === 'POST' &&
						call.path === `${ API }/ai-insights/chat`
				)?.data
			).toEqual( { message: preset } );
			await waitFor( () =>
				expect( currentPath() ).toBe( '/ai-insights/chat/100' )
			);
			// The new chat's answer stays after the move, without loading the chat again.
			expect(
				await screen.findByText( `You asked: ${ preset }` )
			).toBeInTheDocument();
			expect( chatCalls( calls ) ).not.toContain(
				'GET /ai-insights/chat/100'
			);
			expect( blockItems( 'Recent' ) ).toEqual( [ preset ] );
		}
	);

	it( 'shows the four presets on the start screen, and no New Conversation button', async () => {
		fakeServer();
		renderChat();
		for ( const preset of PRESETS ) {
			expect(
				await screen.findByRole( 'button', { name: preset } )
			).toBeInTheDocument();
		}
		expect(
			screen.queryByRole( 'link', { name: 'New Conversation' } )
		).not.toBeInTheDocument();
	} );

	it( 'sends on Enter, not on Enter with Shift, Ctrl, Alt or Meta', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer();
		renderChat();
		await screen.findByRole( 'button', { name: PRESETS[ 0 ] } );
		await user.type( input(), 'Top pages' );
		for ( const modifier of [ 'Shift', 'Control', 'Alt', 'Meta' ] ) {
			await user.keyboard( `{${ modifier }>}{Enter}{/${ modifier }}` );
		}
		expect( chatCalls( calls ) ).not.toContain( 'POST /ai-insights/chat' );
		await user.keyboard( '{Enter}' );
		await waitFor( () =>
			expect( chatCalls( calls ) ).toContain( 'POST /ai-insights/chat' )
		);
		const sent = calls.find(
			( call ) =>
				call.method === 'POST' &&
				call.path === `${ API }/ai-insights/chat`
		);
		// Shift+Enter made a new line; the others did nothing.
		expect( sent?.data ).toEqual( { message: 'Top pages' } );
	} );

	it( 'needs a message and keeps it to 300 characters, with a counter', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer();
		renderChat();
		await screen.findByRole( 'button', { name: PRESETS[ 0 ] } );
		const send = screen.getByRole( 'button', { name: 'Send' } );
		expect( input() ).toBeRequired();
		expect( input() ).toHaveAttribute( 'maxLength', '300' );
		expect( send ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( screen.getByText( '0 / 300' ) ).toBeInTheDocument();

		await user.type( input(), '   ' );
		expect( send ).toHaveAttribute( 'aria-disabled', 'true' );
		await user.keyboard( '{Enter}' );
		expect( chatCalls( calls ) ).not.toContain( 'POST /ai-insights/chat' );

		await user.clear( input() );
		await user.click( input() );
		await user.paste( 'a'.repeat( 310 ) );
		expect( input() ).toHaveValue( 'a'.repeat( 300 ) );
		expect( screen.getByText( '300 / 300' ) ).toBeInTheDocument();
		expect( send ).not.toHaveAttribute( 'aria-disabled' );
	} );

	it( 'shows the waiting message until the answer comes', async () => {
		const user = userEvent.setup();
		let release: ( value: ChatMessage ) => void = () => undefined;
		fakeServer( {
			answer: () =>
				new Promise< ChatMessage >( ( resolve ) => {
					release = resolve;
				} ),
		} );
		renderChat();
		await user.click(
			await screen.findByRole( 'button', { name: PRESETS[ 1 ] } )
		);
		expect(
			await screen.findByText( 'Analyzing your data…' )
		).toBeInTheDocument();
		// The question shows at once.
		expect( screen.getByText( PRESETS[ 1 ] ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Send' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		await act( async () => release( message( 'assistant', 'Done.' ) ) );
		expect( await screen.findByText( 'Done.' ) ).toBeInTheDocument();
		expect(
			screen.queryByText( 'Analyzing your data…' )
		).not.toBeInTheDocument();
	} );

	it( 'shows the failed send’s error in the retry bar; Retry gets the answer', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer( {
			answer: ( _text, chatId ) =>
				restError(
					'ai_provider_rate_limited',
					'The AI provider is busy (too many requests). Please try again in a moment.',
					{ status: 503, retryable: true, chat_id: chatId }
				),
		} );
		renderChat();
		await user.click(
			await screen.findByRole( 'button', { name: PRESETS[ 0 ] } )
		);
		const bar = await screen.findByRole( 'alert' );
		expect( bar ).toHaveTextContent(
			'The AI provider is busy (too many requests). Please try again in a moment.'
		);
		// The chat the server made with the message is now the route.
		await waitFor( () =>
			expect( currentPath() ).toBe( '/ai-insights/chat/100' )
		);
		expect(
			await screen.findByText(
				'The AI provider is busy (too many requests). Please try again in a moment.'
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'textbox' ) ).not.toBeInTheDocument();

		await user.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect(
			await screen.findByText( 'Answered on retry.' )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( input() ).toBeInTheDocument();
		expect( chatCalls( calls ) ).toContain(
			'POST /ai-insights/chat/100/retry'
		);
	} );

	it( 'offers no Retry when the failure is not retryable', async () => {
		const user = userEvent.setup();
		fakeServer( {
			answer: ( _text, chatId ) =>
				restError(
					'ai_provider_unauthorized',
					'The AI provider refused the API key. Check the key under Settings → Conversations AI.',
					{ status: 502, retryable: false, chat_id: chatId }
				),
		} );
		renderChat();
		await user.click(
			await screen.findByRole( 'button', { name: PRESETS[ 2 ] } )
		);
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'The AI provider refused the API key. Check the key under Settings → Conversations AI.'
		);
		await waitFor( () =>
			expect( currentPath() ).toBe( '/ai-insights/chat/100' )
		);
		await screen.findByRole( 'alert' );
		expect(
			screen.queryByRole( 'button', { name: 'Retry' } )
		).not.toBeInTheDocument();
	} );

	it( 'opens a chat whose last message is the user’s with the not-sent text and Retry', async () => {
		fakeServer( {
			chats: [ chatOf( 7, [ message( 'user', 'How many visits?' ) ] ) ],
		} );
		renderChat( '/ai-insights/chat/7' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Looks like your last message was not sent. Please try again.'
		);
		expect(
			screen.getByRole( 'button', { name: 'Retry' } )
		).toBeInTheDocument();
		const link = screen.getByRole( 'link', { name: 'New Conversation' } );
		expect( parseHash( link.getAttribute( 'href' ) ?? '' ).path ).toBe(
			'/ai-insights/chat'
		);
	} );

	it( 'toasts an answer with success false and offers no retry', async () => {
		const user = userEvent.setup();
		fakeServer( {
			answer: () => ( {
				success: false,
				error: 'Conversations need a pro licence.',
			} ),
		} );
		const registry = renderChat();
		await user.click(
			await screen.findByRole( 'button', { name: PRESETS[ 0 ] } )
		);
		await waitFor( () =>
			expect( toasts( registry ) ).toEqual( [
				[ 'error', 'Conversations need a pro licence.' ],
			] )
		);
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Conversations need a pro licence.'
		);
		expect(
			screen.queryByRole( 'button', { name: 'Retry' } )
		).not.toBeInTheDocument();
	} );

	it( 'says so and goes back to the new chat when the chat is not found, and reads the list again', async () => {
		const { calls } = fakeServer( {
			chats: [ chatOf( 3, [ message( 'user', 'Old question' ) ] ) ],
		} );
		const registry = renderChat( '/ai-insights/chat/99' );
		await waitFor( () =>
			expect( currentPath() ).toBe( '/ai-insights/chat' )
		);
		expect( toasts( registry ) ).toEqual( [
			[ 'error', 'Conversation not found.' ],
		] );
		expect(
			await screen.findByRole( 'button', { name: PRESETS[ 0 ] } )
		).toBeInTheDocument();
		expect( chatCalls( calls ) ).toEqual(
			expect.arrayContaining( [
				'GET /ai-insights/chat/99',
				'GET /ai-insights/chats',
			] )
		);
		const after = chatCalls( calls ).slice(
			chatCalls( calls ).indexOf( 'GET /ai-insights/chat/99' )
		);
		expect( after ).toContain( 'GET /ai-insights/chats' );
	} );

	it( 'draws the answer’s chart from meta.chart with its values', async () => {
		const chart = {
			type: 'pie' as const,
			seriesName: 'Sessions',
			data: [
				{ value: 600, label: 'Organic Search' },
				{ value: 300, label: 'Direct' },
				{ value: 100, label: 'Referral' },
			],
		};
		fakeServer( {
			chats: [
				chatOf( 5, [
					message( 'user', PRESETS[ 0 ] ),
					message( 'assistant', 'You had 1,000 sessions.', {
						meta: { chart },
					} ),
				] ),
			],
		} );
		renderChat( '/ai-insights/chat/5' );
		await screen.findByText( 'You had 1,000 sessions.' );
		const drawn = lastChartProps( 'doughnut' );
		expect( drawn.data.labels ).toEqual( [
			'Organic Search',
			'Direct',
			'Referral',
		] );
		expect( drawn.data.datasets[ 0 ]?.data ).toEqual( [ 600, 300, 100 ] );
		// A pie has no hole.
		expect( drawn.options.cutout ).toBe( 0 );
		expect( drawn[ 'aria-label' ] ).toBe( 'Chart of Sessions' );
		const table = screen.getByRole( 'table', { name: 'Sessions' } );
		const rows = within( table )
			.getAllByRole( 'row' )
			.slice( 1 )
			.map( ( row ) =>
				Array.from( row.querySelectorAll( 'th, td' ) ).map(
					( cell ) => cell.textContent
				)
			);
		// Shares of 1,000: 60%, 30%, 10%.
		expect( rows ).toEqual( [
			[ 'Organic Search', '600', '60%' ],
			[ 'Direct', '300', '30%' ],
			[ 'Referral', '100', '10%' ],
		] );
	} );

	it.each( [
		[ 'donut', 'doughnut', '50%' ],
		[ 'bar', 'bar', undefined ],
	] as const )( 'draws a %s chart', async ( type, kind, cutout ) => {
		fakeServer( {
			chats: [
				chatOf( 6, [
					message( 'user', 'Q' ),
					message( 'assistant', 'A', {
						meta: {
							chart: {
								type,
								seriesName: 'Page Views',
								data: [
									{ value: 40, label: 'mobile' },
									{ value: 60, label: 'desktop' },
								],
							},
						},
					} ),
				] ),
			],
		} );
		renderChat( '/ai-insights/chat/6' );
		await screen.findByText( 'A' );
		const drawn = lastChartProps( kind );
		expect( drawn.data.datasets[ 0 ]?.data ).toEqual( [ 40, 60 ] );
		expect( drawn.options.cutout ).toBe( cutout );
		// Shares of a pie or a donut only: a bar's values may be rates.
		const table = screen.getByRole( 'table', { name: 'Page Views' } );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual(
			type === 'bar'
				? [ 'Label', 'Page Views' ]
				: [ 'Label', 'Page Views', 'Share' ]
		);
		expect(
			within( table ).getByRole( 'rowheader', { name: 'desktop' } )
				.parentElement?.textContent
		).toBe( type === 'bar' ? 'desktop60' : 'desktop6060%' );
	} );

	it( 'copies an answer with the toast “Copied to clipboard!”', async () => {
		const user = userEvent.setup();
		const writeText = jest.fn( async () => undefined );
		fakeServer( {
			chats: [
				chatOf( 5, [
					message( 'user', 'Q' ),
					message( 'assistant', 'You had 1,234 sessions.' ),
				] ),
			],
		} );
		const registry = renderChat( '/ai-insights/chat/5' );
		await screen.findByText( 'You had 1,234 sessions.' );
		Object.defineProperty( window.navigator, 'clipboard', {
			value: { writeText },
			configurable: true,
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Copy to clipboard' } )
		);
		expect( writeText ).toHaveBeenCalledWith( 'You had 1,234 sessions.' );
		await waitFor( () =>
			expect( toasts( registry ) ).toEqual( [
				[ 'success', 'Copied to clipboard!' ],
			] )
		);
	} );

	it( 'rates an answer; a thumbs-down asks for feedback, which hides once submitted or skipped', async () => {
		const user = userEvent.setup();
		const answer = message( 'assistant', 'An answer.' );
		const { calls } = fakeServer( {
			chats: [ chatOf( 5, [ message( 'user', 'Q' ), answer ] ) ],
		} );
		renderChat( '/ai-insights/chat/5' );
		await screen.findByText( 'An answer.' );
		const up = screen.getByRole( 'button', {
			name: 'This answer is helpful',
		} );
		await user.click( up );
		await waitFor( () =>
			expect( up ).toHaveAttribute( 'aria-pressed', 'true' )
		);
		expect(
			screen.queryByRole( 'textbox', {
				name: 'What was wrong with this answer?',
			} )
		).not.toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', { name: 'This answer is not helpful' } )
		);
		const box = await screen.findByRole( 'textbox', {
			name: 'What was wrong with this answer?',
		} );
		await user.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect(
			screen.getByText( 'Please write your feedback, or skip it.' )
		).toBeInTheDocument();
		await user.type( box, 'Wrong week.' );
		await user.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'textbox', {
					name: 'What was wrong with this answer?',
				} )
			).not.toBeInTheDocument()
		);
		expect(
			calls
				.filter( ( call ) => call.path.endsWith( '/rate' ) )
				.map( ( call ) => call.data )
		).toEqual( [
			{ message_id: answer.id, rating: 1 },
			{ message_id: answer.id, rating: 0 },
			{
				message_id: answer.id,
				feedback: 'Wrong week.',
				skipped_feedback: false,
			},
		] );
	} );

	it( 'skips the feedback', async () => {
		const user = userEvent.setup();
		const answer = message( 'assistant', 'An answer.', { rating: 0 } );
		const { calls } = fakeServer( {
			chats: [ chatOf( 5, [ message( 'user', 'Q' ), answer ] ) ],
		} );
		renderChat( '/ai-insights/chat/5' );
		await screen.findByRole( 'textbox', {
			name: 'What was wrong with this answer?',
		} );
		await user.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'textbox', {
					name: 'What was wrong with this answer?',
				} )
			).not.toBeInTheDocument()
		);
		expect( calls.at( -1 )?.data ).toEqual( {
			message_id: answer.id,
			feedback: '',
			skipped_feedback: true,
		} );
	} );

	it( 'opens the blocks that have chats and closes the empty ones; none toggles while loading', async () => {
		const user = userEvent.setup();
		let release: () => void = () => undefined;
		fakeServer( {
			chats: [ chatOf( 4, [ message( 'user', 'First question' ) ] ) ],
			listHeld: new Promise< void >( ( resolve ) => {
				release = resolve;
			} ),
		} );
		renderChat();
		// While the list loads: both closed, and clicking does not open them.
		const loading = await screen.findByRole( 'button', { name: 'Recent' } );
		await waitFor( () =>
			expect( loading ).toHaveAttribute( 'aria-disabled', 'true' )
		);
		await user.click( loading );
		expect( loading ).toHaveAttribute( 'aria-expanded', 'false' );
		await act( async () => release() );
		await waitFor( () =>
			expect( blockItems( 'Recent' ) ).toEqual( [ 'First question' ] )
		);
		expect( block( 'Recent' ).toggle ).not.toHaveAttribute(
			'aria-disabled'
		);
		expect( block( 'Recent' ).toggle ).toHaveAttribute(
			'aria-expanded',
			'true'
		);
		const pinned = block( 'Pinned Conversations' );
		expect( pinned.toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( pinned.region ).not.toBeVisible();
		await user.click( pinned.toggle );
		expect( pinned.toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			within( pinned.region ).getByText(
				'No pinned conversations yet. Pin one from its menu to keep it here.'
			)
		).toBeVisible();
	} );

	it( 'pins and unpins a chat, which moves it between the blocks', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer( {
			chats: [
				chatOf( 4, [ message( 'user', 'First question' ) ] ),
				chatOf( 3, [ message( 'user', 'Second question' ) ] ),
			],
		} );
		renderChat();
		await waitFor( () =>
			expect( blockItems( 'Recent' ) ).toEqual( [
				'First question',
				'Second question',
			] )
		);
		await user.click(
			screen.getByRole( 'button', {
				name: 'Actions for “Second question”',
			} )
		);
		await user.click( screen.getByRole( 'menuitem', { name: 'Pin' } ) );
		await waitFor( () =>
			expect( blockItems( 'Pinned Conversations' ) ).toEqual( [
				'Second question',
			] )
		);
		expect( blockItems( 'Recent' ) ).toEqual( [ 'First question' ] );
		expect( block( 'Pinned Conversations' ).toggle ).toHaveAttribute(
			'aria-expanded',
			'true'
		);
		expect( calls.find( ( call ) => call.method === 'PUT' ) ).toEqual( {
			method: 'PUT',
			path: `${ API }/ai-insights/chat/3`,
			data: { is_pinned: true },
		} );

		await user.click(
			screen.getByRole( 'button', {
				name: 'Actions for “Second question”',
			} )
		);
		await user.click( screen.getByRole( 'menuitem', { name: 'Unpin' } ) );
		await waitFor( () =>
			expect( blockItems( 'Recent' ) ).toEqual( [
				'First question',
				'Second question',
			] )
		);
		await waitFor( () =>
			expect( block( 'Pinned Conversations' ).toggle ).toHaveAttribute(
				'aria-expanded',
				'false'
			)
		);
	} );

	it( 'renames a chat: prefilled with the preview’s first 50 characters, at most 50', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer( {
			chats: [ chatOf( 4, [ message( 'user', LONG_PREVIEW ) ] ) ],
		} );
		renderChat();
		await user.click(
			await screen.findByRole( 'button', {
				name: `Actions for “${ LONG_PREVIEW }”`,
			} )
		);
		await user.click( screen.getByRole( 'menuitem', { name: 'Rename' } ) );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Rename conversation',
		} );
		const field = within( dialog ).getByRole( 'textbox', { name: 'Name' } );
		expect( field ).toHaveValue( LONG_PREVIEW.slice( 0, 50 ) );
		expect( field ).toHaveAttribute( 'maxLength', '50' );

		await user.clear( field );
		await user.paste( 'N'.repeat( 60 ) );
		expect( field ).toHaveValue( 'N'.repeat( 50 ) );
		await user.clear( field );
		await user.type( field, 'Organic search' );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Save' } )
		);
		await waitFor( () =>
			expect( blockItems( 'Recent' ) ).toEqual( [ 'Organic search' ] )
		);
		expect( calls.find( ( call ) => call.method === 'PUT' )?.data ).toEqual(
			{ title: 'Organic search' }
		);

		// The title prefills the field next time; empty falls back to the preview.
		await user.click(
			screen.getByRole( 'button', {
				name: 'Actions for “Organic search”',
			} )
		);
		await user.click( screen.getByRole( 'menuitem', { name: 'Rename' } ) );
		const again = within(
			screen.getByRole( 'dialog', { name: 'Rename conversation' } )
		).getByRole( 'textbox', { name: 'Name' } );
		expect( again ).toHaveValue( 'Organic search' );
		await user.clear( again );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await waitFor( () =>
			expect( blockItems( 'Recent' ) ).toEqual( [ LONG_PREVIEW ] )
		);
		expect(
			calls.filter( ( call ) => call.method === 'PUT' ).at( -1 )?.data
		).toEqual( { title: '' } );
	} );

	it( 'deletes the open chat after confirming and goes back to the new chat', async () => {
		const user = userEvent.setup();
		const { calls } = fakeServer( {
			chats: [
				chatOf( 4, [
					message( 'user', 'First question' ),
					message( 'assistant', 'First answer' ),
				] ),
			],
		} );
		renderChat( '/ai-insights/chat/4' );
		await screen.findByText( 'First answer' );
		await user.click(
			screen.getByRole( 'button', {
				name: 'Actions for “First question”',
			} )
		);
		await user.click( screen.getByRole( 'menuitem', { name: 'Delete' } ) );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete conversation?',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Delete' } )
		);
		await waitFor( () =>
			expect( currentPath() ).toBe( '/ai-insights/chat' )
		);
		expect(
			await screen.findByRole( 'button', { name: PRESETS[ 0 ] } )
		).toBeInTheDocument();
		expect( blockItems( 'Recent' ) ).toEqual( [] );
		expect( chatCalls( calls ) ).toContain( 'DELETE /ai-insights/chat/4' );
	} );
} );
