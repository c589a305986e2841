/**
 * Conversations AI's streamed answers: the stream routes (POST ai-insights/chat/stream,
 * …/chat/{id}/stream, …/chat/{id}/retry/stream) answer server-sent events — `chat` {chat_id},
 * `delta` {text, reset?} for each piece of the answer, then `message` {chat_id, latest_message}
 * or `error` {code, message, retryable, chat_id}. They are read with `fetch` and a stream reader,
 * with the REST root and nonce api-fetch was configured with (src/boot.ts).
 *
 * postStream() resolves to null when streaming cannot be used — no endpoint configured, no
 * `fetch` or stream reader (jsdom), a refusal before the stream (a non-2xx answer), a network
 * failure before the answer — and the caller then posts to the route without streaming, whose
 * answers and errors are as they always were.
 */
import { __ } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

import {
	restEndpoint,
	setRestEndpoint,
	type RestEndpoint,
} from '../../lib/restEndpoint';
import type { ChatMessage } from './types';

/** Where the stream routes are and the nonce they need. */
export type StreamEndpoint = RestEndpoint;

/**
 * Sets (or, with null, forgets) the REST root and nonce of the stream routes (src/boot.ts sets
 * them through src/lib/restEndpoint.ts; tests here).
 *
 * @param value The endpoint.
 */
export function setStreamEndpoint( value: StreamEndpoint | null ): void {
	setRestEndpoint( value );
}

/** One server-sent event. */
export interface ServerSentEvent {
	/** Its name ("message" when it has none). */
	event: string;
	/** Its data lines, joined with "\n". */
	data: string;
}

/** A reader of an event stream's text, fed in chunks that may split events, lines or "\r\n". */
export interface EventStreamParser {
	/** Reads a chunk of text. */
	push: ( chunk: string ) => void;
	/** The stream is over: reads what is left. */
	end: () => void;
}

/**
 * A reader of server-sent events (the `event` and `data` fields; comments and other fields are
 * skipped; an event is dispatched at its blank line).
 *
 * @param onEvent Gets each event, in order.
 */
export function createEventStreamParser(
	onEvent: ( event: ServerSentEvent ) => void
): EventStreamParser {
	let buffer = '';
	let name = '';
	let data: string[] = [];
	const line = ( text: string ) => {
		if ( text === '' ) {
			if ( data.length > 0 ) {
				onEvent( {
					event: name || 'message',
					data: data.join( '\n' ),
				} );
			}
			name = '';
			data = [];
			return;
		}
		if ( text.startsWith( ':' ) ) {
			return;
		}
		const colon = text.indexOf( ':' );
		const field = colon < 0 ? text : text.slice( 0, colon );
		let value = colon < 0 ? '' : text.slice( colon + 1 );
		if ( value.startsWith( ' ' ) ) {
			value = value.slice( 1 );
		}
		if ( field === 'event' ) {
			name = value;
		} else if ( field === 'data' ) {
			data.push( value );
		}
	};
	return {
		push( chunk ) {
			buffer += chunk;
			for (;;) {
				const match = /\r\n|\r|\n/.exec( buffer );
				// A "\r" at the end may be the first half of a "\r\n".
				if (
					! match ||
					( match[ 0 ] === '\r' && match.index === buffer.length - 1 )
				) {
					return;
				}
				const text = buffer.slice( 0, match.index );
				buffer = buffer.slice( match.index + match[ 0 ].length );
				line( text );
			}
		},
		end() {
			if ( buffer !== '' ) {
				line( buffer.replace( /\r$/, '' ) );
				buffer = '';
			}
			line( '' );
		},
	};
}

/** What a streamed answer resolves to: what the route without streaming answers. */
export interface StreamedAnswer {
	chat_id: number;
	latest_message: ChatMessage;
}

/** A failure, shaped as api-fetch rejects with a WP_Error. */
export interface StreamFailure {
	code: string;
	message: string;
	data: { retryable: boolean; chat_id?: number };
}

/** What the caller hears while the answer comes. */
export interface StreamHandlers {
	/** A piece of the answer's text; `reset`: the text so far is dropped first. */
	onDelta: ( text: string, reset: boolean ) => void;
}

/**
 * The URL of a route below the REST root, as api-fetch's root middleware makes it.
 *
 * @param root The REST root.
 * @param path The route, e.g. "/monsterinsights-reports/v1/ai-insights/chat/stream".
 */
export function streamUrl( root: string, path: string ): string {
	let route = path.replace( /^\//, '' );
	if ( root.includes( '?' ) ) {
		route = route.replace( '?', '&' );
	}
	return root + route;
}

function isRecord( value: unknown ): value is Record< string, unknown > {
	return typeof value === 'object' && value !== null;
}

/**
 * Posts to a stream route and reads its events: resolves to the stored answer, rejects with the
 * `error` event (or a cut stream) as api-fetch rejects with a WP_Error, resolves to null when the
 * caller should post without streaming (see the module's comment).
 *
 * @param path     The stream route.
 * @param body     The JSON body.
 * @param handlers Gets the pieces of the answer.
 */
export async function postStream(
	path: string,
	body: Record< string, unknown >,
	handlers: StreamHandlers
): Promise< StreamedAnswer | null > {
	const endpoint = restEndpoint();
	if (
		endpoint === null ||
		typeof fetch !== 'function' ||
		typeof TextDecoder === 'undefined'
	) {
		return null;
	}
	let response: Response;
	try {
		// In the user's language, as api-fetch asks.
		const url = addQueryArgs( streamUrl( endpoint.root, path ), {
			_locale: 'user',
		} );
		response = await fetch( url, {
			method: 'POST',
			credentials: 'same-origin',
			headers: {
				Accept: 'text/event-stream',
				'Content-Type': 'application/json',
				'X-WP-Nonce': endpoint.nonce,
			},
			body: JSON.stringify( body ),
		} );
	} catch {
		return null;
	}
	const reader =
		response.ok &&
		( response.headers.get( 'Content-Type' ) ?? '' ).includes(
			'text/event-stream'
		) &&
		response.body &&
		typeof response.body.getReader === 'function'
			? response.body.getReader()
			: null;
	if ( reader === null ) {
		return null;
	}

	let chatId: number | undefined;
	let answer: StreamedAnswer | null = null;
	let failure: StreamFailure | null = null;
	const parser = createEventStreamParser( ( { event, data } ) => {
		let parsed: unknown;
		try {
			parsed = JSON.parse( data );
		} catch {
			return;
		}
		if ( ! isRecord( parsed ) ) {
			return;
		}
		if ( event === 'chat' && typeof parsed.chat_id === 'number' ) {
			chatId = parsed.chat_id;
		} else if ( event === 'delta' && typeof parsed.text === 'string' ) {
			handlers.onDelta( parsed.text, parsed.reset === true );
		} else if ( event === 'message' && isRecord( parsed.latest_message ) ) {
			answer = {
				chat_id:
					typeof parsed.chat_id === 'number'
						? parsed.chat_id
						: chatId ?? 0,
				latest_message: parsed.latest_message as unknown as ChatMessage,
			};
		} else if ( event === 'error' ) {
			failure = {
				code: typeof parsed.code === 'string' ? parsed.code : '',
				message:
					typeof parsed.message === 'string' ? parsed.message : '',
				data: {
					retryable: parsed.retryable !== false,
					chat_id:
						typeof parsed.chat_id === 'number'
							? parsed.chat_id
							: chatId,
				},
			};
		}
	} );
	const decoder = new TextDecoder();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if ( done ) {
				break;
			}
			parser.push( decoder.decode( value, { stream: true } ) );
		}
		parser.push( decoder.decode() );
		parser.end();
	} catch {
		// The connection broke: what arrived counts.
		parser.end();
	}
	if ( answer !== null ) {
		return answer;
	}
	// A stream that ends without its answer: the message was not answered (the retry bar).
	throw (
		failure ?? {
			code: 'chat_stream_cut',
			message: __(
				'Looks like your last message was not sent. Please try again.',
				'monsterinsights-reports'
			),
			data: { retryable: true, chat_id: chatId },
		}
	);
}
