import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { TextDecoder as NodeTextDecoder, TextEncoder } from 'util';

import { createTestRegistry } from '../../../../tests/js/registry';
import { chatStore, createEventStreamParser, setStreamEndpoint } from '..';
import type { ServerSentEvent } from '../stream';
import { streamUrl } from '../stream';
import type { ChatMessage } from '../types';

const ROOT = 'https://example.test/wp-json/';

const ANSWER: ChatMessage = {
	id: 'm2',
	role: 'assistant',
	content: 'You had 27 sessions last week.',
	rating: null,
	feedback: '',
	skipped_feedback: false,
	meta: {
		chart: {
			type: 'pie',
			seriesName: 'Sessions',
			data: [ { value: 27, label: 'Organic Search' } ],
		},
	},
};

/**
 * An event as the server writes it.
 *
 * @param event Its name.
 * @param data  Its data.
 */
const sse = ( event: string, data: unknown ) =>
	`event: ${ event }\ndata: ${ JSON.stringify( data ) }\n\n`;

/** A body whose chunks the test hands over one at a time. */
function controlledBody() {
	const encoder = new TextEncoder();
	const queue: Array<
		( value: ReadableStreamReadResult< Uint8Array > ) => void
	> = [];
	const pending: Array< ReadableStreamReadResult< Uint8Array > > = [];
	const deliver = ( result: ReadableStreamReadResult< Uint8Array > ) => {
		const waiting = queue.shift();
		if ( waiting ) {
			waiting( result );
		} else {
			pending.push( result );
		}
	};
	return {
		body: {
			getReader: () => ( {
				read: () =>
					new Promise< ReadableStreamReadResult< Uint8Array > >(
						( resolve ) => {
							const next = pending.shift();
							if ( next ) {
								resolve( next );
							} else {
								queue.push( resolve );
							}
						}
					),
			} ),
		},
		send: ( text: string ) =>
			deliver( { done: false, value: encoder.encode( text ) } ),
		close: () =>
			deliver( {
				done: true,
				value: undefined,
			} as ReadableStreamReadResult< Uint8Array > ),
	};
}

/**
 * A fetch answer.
 *
 * @param status The status.
 * @param type   The content type.
 * @param body   The body.
 */
function response( status: number, type: string, body: unknown ) {
	return {
		ok: status >= 200 && status < 300,
		status,
		headers: {
			get: ( name: string ) => ( name === 'Content-Type' ? type : null ),
		},
		body,
	} as unknown as Response;
}

/** Lets the pending promises run. */
const settle = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

describe( 'the event stream parser', () => {
	it( 'reads events split anywhere, with comments, CRLF and several data lines', () => {
		const events: ServerSentEvent[] = [];
		const parser = createEventStreamParser( ( event ) =>
			events.push( event )
		);
		const text =
			': ' +
			' '.repeat( 20 ) +
			'\n\n' +
			sse( 'chat', { chat_id: 7 } ) +
			'event: delta\r\ndata: {"text":"You had "}\r\n\r\n' +
			sse( 'delta', { text: '27 sessions' } ) +
			'data: first\ndata: second\n\n' +
			'event: message\ndata: {"chat_id":7}';
		// Every split of the text in two, and one character at a time.
		for ( let at = 0; at <= text.length; at++ ) {
			events.length = 0;
			const split = createEventStreamParser( ( event ) =>
				events.push( event )
			);
			split.push( text.slice( 0, at ) );
			split.push( text.slice( at ) );
			split.end();
			expect( events ).toEqual( [
				{ event: 'chat', data: '{"chat_id":7}' },
				{ event: 'delta', data: '{"text":"You had "}' },
				{ event: 'delta', data: '{"text":"27 sessions"}' },
				{ event: 'message', data: 'first\nsecond' },
				{ event: 'message', data: '{"chat_id":7}' },
			] );
		}
		events.length = 0;
		for ( const character of text ) {
			parser.push( character );
		}
		parser.end();
		expect( events ).toHaveLength( 5 );
		expect( events[ 1 ] ).toEqual( {
			event: 'delta',
			data: '{"text":"You had "}',
		} );
	} );

	it( 'joins the REST root and a route as api-fetch does', () => {
		expect( streamUrl( ROOT, '/a/v1/chat/stream' ) ).toBe(
			'https://example.test/wp-json/a/v1/chat/stream'
		);
		expect(
			streamUrl(
				'https://example.test/?rest_route=/',
				'/a/v1/chat/stream'
			)
		).toBe( 'https://example.test/?rest_route=/a/v1/chat/stream' );
	} );
} );

describe( 'a streamed answer in the chat store', () => {
	const realFetch = global.fetch;
	const realDecoder = global.TextDecoder;
	let fetchMock: jest.Mock;
	let apiCalls: APIFetchOptions[];

	beforeEach( () => {
		global.TextDecoder = NodeTextDecoder as unknown as typeof TextDecoder;
		fetchMock = jest.fn();
		global.fetch = fetchMock;
		setStreamEndpoint( { root: ROOT, nonce: 'n0nce' } );
		apiCalls = [];
		apiFetch.setFetchHandler( async ( options ) => {
			apiCalls.push( options );
			if ( options.path?.includes( '/chats' ) ) {
				return { pinned: [], recent: [] };
			}
			return { chat_id: 12, latest_message: ANSWER };
		} );
	} );

	afterEach( () => {
		global.fetch = realFetch;
		global.TextDecoder = realDecoder;
		setStreamEndpoint( null );
	} );

	it( 'grows the text as the pieces arrive, then the stored answer replaces it', async () => {
		const registry = createTestRegistry();
		const stream = controlledBody();
		fetchMock.mockResolvedValue(
			response( 200, 'text/event-stream; charset=utf-8', stream.body )
		);
		const sent = registry
			.dispatch( chatStore )
			.send( 'How many visits did I get last week?' );
		const state = () => registry.select( chatStore ).getChatState();
		await settle();
		expect( fetchMock ).toHaveBeenCalledWith(
			'https://example.test/wp-json/monsterinsights-reports/v1/ai-insights/chat/stream?_locale=user',
			expect.objectContaining( {
				method: 'POST',
				body: JSON.stringify( {
					message: 'How many visits did I get last week?',
				} ),
				headers: expect.objectContaining( { 'X-WP-Nonce': 'n0nce' } ),
			} )
		);
		expect( state().waiting ).toBe( true );
		expect( state().streaming ).toBeNull();

		// An event split in the middle of its data.
		stream.send(
			': padding\n\n' +
				sse( 'chat', { chat_id: 12 } ) +
				'event: delta\ndata: {"te'
		);
		await settle();
		expect( state().streaming ).toBeNull();
		stream.send( 'xt":"You had "}\n\n' );
		await settle();
		expect( state().streaming ).toBe( 'You had ' );
		stream.send( sse( 'delta', { text: '27 sessions ' } ) );
		await settle();
		expect( state().streaming ).toBe( 'You had 27 sessions ' );
		// The text of a tool round is dropped.
		stream.send( sse( 'delta', { text: 'You had 27 ', reset: true } ) );
		await settle();
		expect( state().streaming ).toBe( 'You had 27 ' );
		stream.send( sse( 'delta', { text: 'sessions last week.' } ) );
		await settle();
		expect( state().streaming ).toBe( 'You had 27 sessions last week.' );
		expect( state().waiting ).toBe( true );

		stream.send(
			sse( 'message', { chat_id: 12, latest_message: ANSWER } )
		);
		stream.close();
		await expect( sent ).resolves.toEqual( { chatId: 12 } );
		expect( state() ).toMatchObject( {
			openId: 12,
			waiting: false,
			streaming: null,
			error: null,
		} );
		expect(
			state().messages.map( ( item: ChatMessage ) => item.content )
		).toEqual( [ 'How many visits did I get last week?', ANSWER.content ] );
		expect( state().messages[ 1 ] ).toEqual( ANSWER );
		// No send without streaming; the list is read again.
		expect(
			apiCalls.map( ( call ) => call.path?.split( '?' )[ 0 ] )
		).toEqual( [ '/monsterinsights-reports/v1/ai-insights/chats' ] );
	} );

	it( 'an error event is the retry bar’s error, as without streaming', async () => {
		const registry = createTestRegistry();
		const stream = controlledBody();
		fetchMock.mockResolvedValue(
			response( 200, 'text/event-stream', stream.body )
		);
		const sent = registry.dispatch( chatStore ).send( 'Hello?' );
		stream.send(
			sse( 'chat', { chat_id: 31 } ) +
				sse( 'delta', { text: 'one two ' } ) +
				sse( 'error', {
					code: 'ai_provider_bad_response',
					message:
						'The AI provider sent an answer that could not be read. Please try again.',
					retryable: true,
					chat_id: 31,
				} )
		);
		stream.close();
		await expect( sent ).resolves.toEqual( { chatId: 31 } );
		expect( registry.select( chatStore ).getChatState() ).toMatchObject( {
			openId: 31,
			waiting: false,
			streaming: null,
			error: {
				message:
					'The AI provider sent an answer that could not be read. Please try again.',
				retryable: true,
			},
		} );
	} );

	it( 'a stream that ends without its answer leaves the message for a retry', async () => {
		const registry = createTestRegistry();
		const stream = controlledBody();
		fetchMock.mockResolvedValue(
			response( 200, 'text/event-stream', stream.body )
		);
		const sent = registry.dispatch( chatStore ).send( 'Hello?' );
		stream.send(
			sse( 'chat', { chat_id: 8 } ) + sse( 'delta', { text: 'one ' } )
		);
		stream.close();
		await expect( sent ).resolves.toEqual( { chatId: 8 } );
		expect( registry.select( chatStore ).getChatState() ).toMatchObject( {
			openId: 8,
			streaming: null,
			error: {
				message:
					'Looks like your last message was not sent. Please try again.',
				retryable: true,
			},
		} );
	} );

	it( 'posts without streaming when the stream route refuses, and when fetch cannot stream', async () => {
		const registry = createTestRegistry();
		fetchMock.mockResolvedValue(
			response( 404, 'application/json', null )
		);
		await expect(
			registry.dispatch( chatStore ).send( 'Hello?' )
		).resolves.toEqual( { chatId: 12 } );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		expect( apiCalls[ 0 ] ).toMatchObject( {
			path: '/monsterinsights-reports/v1/ai-insights/chat?_locale=user',
			method: 'POST',
			data: { message: 'Hello?' },
		} );
		expect(
			registry.select( chatStore ).getChatState().messages[ 1 ]
		).toEqual( ANSWER );

		// No fetch at all (jsdom): straight to the route without streaming.
		global.fetch = undefined as unknown as typeof fetch;
		apiCalls = [];
		await registry.dispatch( chatStore ).send( 'Again?' );
		expect( apiCalls[ 0 ] ).toMatchObject( {
			path: '/monsterinsights-reports/v1/ai-insights/chat/12?_locale=user',
			method: 'POST',
		} );
	} );

	it( 'retries through the retry stream route', async () => {
		const registry = createTestRegistry();
		registry.dispatch( chatStore ).patch( {
			openId: 5,
			messages: [
				{ ...ANSWER, id: 'u1', role: 'user', content: 'Hi?', meta: {} },
			],
		} );
		const stream = controlledBody();
		fetchMock.mockResolvedValue(
			response( 200, 'text/event-stream', stream.body )
		);
		const retried = registry.dispatch( chatStore ).retry();
		stream.send(
			sse( 'chat', { chat_id: 5 } ) + sse( 'delta', { text: 'Hello ' } )
		);
		await settle();
		expect( registry.select( chatStore ).getChatState().streaming ).toBe(
			'Hello '
		);
		stream.send( sse( 'message', { chat_id: 5, latest_message: ANSWER } ) );
		stream.close();
		await expect( retried ).resolves.toEqual( { chatId: 5 } );
		expect( fetchMock.mock.calls[ 0 ][ 0 ] ).toBe(
			'https://example.test/wp-json/monsterinsights-reports/v1/ai-insights/chat/5/retry/stream?_locale=user'
		);
		expect(
			registry.select( chatStore ).getChatState().messages
		).toHaveLength( 2 );
		expect( apiCalls ).toEqual( [] );
	} );
} );
