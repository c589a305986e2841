/**
 * The Conversations AI store (docs/product-rules.md#conversations-ai): the provider's status, the
 * sidebar's chats, the open chat's messages, whether an answer is awaited and why the last message
 * got none. It lives in the registry, not in the screen, because the screen is mounted anew on
 * every chat route (a new chat's first answer moves to /ai-insights/chat/{id}, and its error must
 * still show there).
 *
 * The thunks never reject: they resolve to what the screen needs to know (where to go, what to
 * toast).
 */
import apiFetch from '@wordpress/api-fetch';
import { createReduxStore, register } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { errorText } from '../errors';
import { REST_NAMESPACE } from '../reports/query';
import { postStream } from './stream';
import type {
	AiProviderStatus,
	ChatEntry,
	ChatError,
	ChatList,
	ChatMessage,
	ChatState,
} from './types';

/** The rating requests' queue: each waits for the one before (see rate()). */
let ratingQueue: Promise< void > = Promise.resolve();

export type * from './types';
export {
	createEventStreamParser,
	setStreamEndpoint,
	type StreamEndpoint,
} from './stream';

export const CHAT_STORE = 'monsterinsights-reports/chat';

/** The provider route. */
export const AI_PROVIDER_PATH = `/${ REST_NAMESPACE }/ai-provider`;

/** The list route. */
export const CHATS_PATH = `/${ REST_NAMESPACE }/ai-insights/chats`;

/** The chat routes: POST here starts a chat, `/{id}` is one. */
export const CHAT_PATH = `/${ REST_NAMESPACE }/ai-insights/chat`;

/** The most characters of a message (docs/product-rules.md#conversations-ai). */
export const MESSAGE_MAX = 300;

/** The most characters of a chat's title. */
export const TITLE_MAX = 50;

/** The retry bar's text when the server gave no reason. */
export const notSentText = () =>
	__(
		'Looks like your last message was not sent. Please try again.',
		'monsterinsights-reports'
	);

export const initialState: ChatState = {
	provider: null,
	providerError: null,
	list: null,
	listLoading: false,
	openId: null,
	messages: [],
	loadingChat: false,
	waiting: false,
	streaming: null,
	error: null,
};

type ChatAction = { type: 'CHAT_PATCH'; patch: Partial< ChatState > };

/**
 * Changes parts of the state.
 *
 * @param parts The parts.
 */
export function patch( parts: Partial< ChatState > ): ChatAction {
	return { type: 'CHAT_PATCH', patch: parts };
}

export function reducer(
	state: ChatState = initialState,
	action: ChatAction
): ChatState {
	if ( action.type === 'CHAT_PATCH' ) {
		return { ...state, ...action.patch };
	}
	return state;
}

export const selectors = {
	getChatState: ( state: ChatState ): ChatState => state,
};

interface ChatThunkArgs {
	dispatch: ( action: ChatAction ) => unknown;
	select: { getChatState: () => ChatState };
}

/** A failed call's error data (the ProviderError's WP_Error). */
interface FailureData {
	status?: number;
	retryable?: boolean;
	chat_id?: number;
}

/**
 * The data of an api-fetch rejection.
 *
 * @param failure What api-fetch rejected with.
 */
function failureData( failure: unknown ): FailureData {
	const data =
		typeof failure === 'object' && failure !== null
			? ( failure as { data?: unknown } ).data
			: undefined;
	return typeof data === 'object' && data !== null
		? ( data as FailureData )
		: {};
}

/**
 * An answer with success false (the server's error in `error` or `message`), else null.
 *
 * @param answer What a route answered.
 */
function refusal( answer: unknown ): string | null {
	if (
		typeof answer !== 'object' ||
		answer === null ||
		( answer as { success?: unknown } ).success !== false
	) {
		return null;
	}
	const { error, message } = answer as { error?: unknown; message?: unknown };
	if ( typeof error === 'string' && error ) {
		return error;
	}
	return typeof message === 'string' && message
		? message
		: __( 'An unknown error has occurred.', 'monsterinsights-reports' );
}

/**
 * The chat route of a chat.
 *
 * @param id   The chat.
 * @param rest What follows, e.g. "/retry".
 */
export const chatPath = ( id: number, rest = '' ) =>
	`${ CHAT_PATH }/${ encodeURIComponent( String( id ) ) }${ rest }`;

/**
 * Replaces an entry of both groups of the list.
 *
 * @param list  The list.
 * @param entry The entry as the server has it.
 */
function withEntry( list: ChatList, entry: ChatEntry ): ChatList {
	const all = [ ...list.pinned, ...list.recent ];
	const index = all.findIndex( ( item ) => item.id === entry.id );
	if ( index >= 0 ) {
		all[ index ] = entry;
	}
	// Pinned and recent keep their order (newest first): the server orders by date, which an
	// entry keeps when it is pinned or unpinned.
	const order = [ ...list.pinned, ...list.recent ]
		.map( ( item ) => item.id )
		.sort( ( a, b ) => b - a );
	const sorted = order
		.map( ( id ) => all.find( ( item ) => item.id === id ) )
		.filter( ( item ): item is ChatEntry => item !== undefined );
	return {
		pinned: sorted.filter( ( item ) => item.is_pinned ),
		recent: sorted.filter( ( item ) => ! item.is_pinned ),
	};
}

/**
 * The handler of a streamed answer's pieces: the open chat's growing text, while the chat the
 * answer is for is still open.
 *
 * @param args    The thunk's dispatch and select.
 * @param current Whether that chat is still open.
 */
function growing( args: ChatThunkArgs, current: () => boolean ) {
	const { dispatch, select } = args;
	return {
		onDelta: ( text: string, reset: boolean ) => {
			if ( current() ) {
				const before = select.getChatState().streaming;
				dispatch(
					patch( {
						streaming:
							( reset || before === null ? '' : before ) + text,
					} )
				);
			}
		},
	};
}

/** What a send or retry tells the screen. */
export interface SendResult {
	/** The chat the message went to (a new chat's id once the server made it). */
	chatId: number | null;
	/** An answer with success false: its error, for a toast. */
	refused?: string;
}

export const actions = {
	patch,

	/** Reads the provider's status (GET ai-provider). */
	loadProvider:
		() =>
		async ( { dispatch }: ChatThunkArgs ): Promise< void > => {
			try {
				const provider = await apiFetch< AiProviderStatus >( {
					path: AI_PROVIDER_PATH,
				} );
				dispatch( patch( { provider, providerError: null } ) );
			} catch ( failure ) {
				dispatch( patch( { providerError: errorText( failure ) } ) );
			}
		},

	/** Reads the sidebar's chats. */
	loadList:
		() =>
		async ( { dispatch }: ChatThunkArgs ): Promise< void > => {
			dispatch( patch( { listLoading: true } ) );
			try {
				const list = await apiFetch< ChatList >( {
					path: CHATS_PATH,
				} );
				dispatch(
					patch( {
						list: {
							pinned: list.pinned ?? [],
							recent: list.recent ?? [],
						},
						listLoading: false,
					} )
				);
			} catch {
				dispatch( patch( { listLoading: false } ) );
			}
		},

	/**
	 * Shows a chat, or a new conversation (null). Resolves to why the chat could not be loaded
	 * (the state is then cleared and the list read again, and the screen goes back to the new
	 * chat), else null.
	 *
	 * @param id The chat, or null.
	 */
	openChat:
		( id: number | null ) =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< string | null > => {
			const empty = {
				messages: [],
				error: null,
				waiting: false,
				streaming: null,
				loadingChat: false,
			};
			if ( id === null ) {
				dispatch( patch( { ...empty, openId: null } ) );
				return null;
			}
			dispatch( patch( { ...empty, openId: id, loadingChat: true } ) );
			try {
				const chat = await apiFetch< {
					id: number;
					chat: ChatMessage[];
				} >( { path: chatPath( id ) } );
				if ( select.getChatState().openId === id ) {
					dispatch(
						patch( { messages: chat.chat, loadingChat: false } )
					);
				}
				return null;
			} catch ( failure ) {
				if ( select.getChatState().openId === id ) {
					dispatch( patch( { ...empty, openId: null } ) );
				}
				await actions.loadList()( { dispatch, select } );
				return errorText( failure );
			}
		},

	/**
	 * Sends a message to the open chat, or starts a chat with it. The message shows at once and
	 * the answer is awaited; a failure leaves it as the last message (the retry bar).
	 *
	 * @param text The message.
	 */
	send:
		( text: string ) =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< SendResult > => {
			const start = select.getChatState();
			const openId = start.openId;
			const mine: ChatMessage = {
				id: `local-${ Date.now() }`,
				role: 'user',
				content: text,
				rating: null,
				feedback: '',
				skipped_feedback: false,
				meta: {},
			};
			dispatch(
				patch( {
					messages: [ ...start.messages, mine ],
					waiting: true,
					streaming: null,
					error: null,
				} )
			);
			// Still the conversation the message went to (the user may have opened another).
			const current = () => select.getChatState().openId === openId;
			try {
				// Streamed when it can be, else as always.
				const answer =
					( await postStream(
						openId === null
							? `${ CHAT_PATH }/stream`
							: chatPath( openId, '/stream' ),
						{ message: text },
						growing( { dispatch, select }, current )
					) ) ??
					( await apiFetch< {
						chat_id: number;
						latest_message: ChatMessage;
					} >( {
						path: openId === null ? CHAT_PATH : chatPath( openId ),
						method: 'POST',
						data: { message: text },
					} ) );
				const refused = refusal( answer );
				if ( refused !== null ) {
					if ( current() ) {
						dispatch(
							patch( {
								waiting: false,
								streaming: null,
								error: { message: refused, retryable: false },
							} )
						);
					}
					return { chatId: openId, refused };
				}
				if ( current() ) {
					dispatch(
						patch( {
							openId: answer.chat_id,
							messages: [
								...select.getChatState().messages,
								answer.latest_message,
							],
							waiting: false,
							streaming: null,
						} )
					);
				}
				await actions.loadList()( { dispatch, select } );
				return { chatId: answer.chat_id };
			} catch ( failure ) {
				const data = failureData( failure );
				const chatId =
					typeof data.chat_id === 'number' ? data.chat_id : openId;
				if ( current() ) {
					dispatch(
						patch( {
							openId: chatId,
							waiting: false,
							streaming: null,
							error: {
								message: errorText( failure ),
								retryable: data.retryable !== false,
							},
						} )
					);
				}
				await actions.loadList()( { dispatch, select } );
				return { chatId };
			}
		},

	/** Asks again for the answer to the open chat's last message. */
	retry:
		() =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< SendResult > => {
			const openId = select.getChatState().openId;
			if ( openId === null ) {
				return { chatId: null };
			}
			dispatch( patch( { waiting: true, streaming: null } ) );
			const current = () => select.getChatState().openId === openId;
			try {
				const answer =
					( await postStream(
						chatPath( openId, '/retry/stream' ),
						{},
						growing( { dispatch, select }, current )
					) ) ??
					( await apiFetch< {
						latest_message: ChatMessage;
					} >( {
						path: chatPath( openId, '/retry' ),
						method: 'POST',
					} ) );
				const refused = refusal( answer );
				if ( current() ) {
					dispatch(
						patch(
							refused === null
								? {
										messages: [
											...select.getChatState().messages,
											answer.latest_message,
										],
										waiting: false,
										streaming: null,
										error: null,
								  }
								: {
										waiting: false,
										streaming: null,
										error: {
											message: refused,
											retryable: false,
										},
								  }
						)
					);
				}
				return refused === null
					? { chatId: openId }
					: { chatId: openId, refused };
			} catch ( failure ) {
				if ( current() ) {
					dispatch(
						patch( {
							waiting: false,
							streaming: null,
							error: {
								message: errorText( failure ),
								retryable:
									failureData( failure ).retryable !== false,
							},
						} )
					);
				}
				return { chatId: openId };
			}
		},

	/**
	 * Rates an answer, or gives (or skips) the feedback after a thumbs-down. The message changes
	 * at once, then as the server has it. Resolves to the error text of a failure, else null.
	 *
	 * @param messageId The answer.
	 * @param change    The rating, or the feedback and whether it was skipped.
	 */
	rate:
		(
			messageId: string,
			change:
				| { rating: 0 | 1 }
				| { feedback: string; skipped_feedback: boolean }
		) =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< string | null > => {
			const openId = select.getChatState().openId;
			if ( openId === null ) {
				return null;
			}
			const update = ( message: Partial< ChatMessage > ) => {
				if ( select.getChatState().openId !== openId ) {
					return;
				}
				dispatch(
					patch( {
						messages: select
							.getChatState()
							.messages.map( ( item ) =>
								item.id === messageId
									? { ...item, ...message }
									: item
							),
					} )
				);
			};
			const before = select
				.getChatState()
				.messages.find( ( item ) => item.id === messageId );
			update( change );
			// One rating request at a time, in order: a thumbs-down and the feedback typed right
			// after it change the same stored message, and the server keeps what arrives last.
			const previous = ratingQueue;
			let release = () => {};
			ratingQueue = new Promise< void >( ( resolve ) => {
				release = resolve;
			} );
			let failed: string | null = null;
			try {
				await previous;
				const saved = await apiFetch< ChatMessage >( {
					path: chatPath( openId, '/rate' ),
					method: 'POST',
					data: { message_id: messageId, ...change },
				} );
				if ( saved && typeof saved === 'object' && 'id' in saved ) {
					update( saved );
				}
			} catch ( failure ) {
				if ( before ) {
					update( before );
				}
				failed = errorText( failure );
			} finally {
				release();
			}
			return failed;
		},

	/**
	 * Pins, unpins or renames a chat. Resolves to the error text of a failure, else null.
	 *
	 * @param id               The chat.
	 * @param change           What changes.
	 * @param change.is_pinned
	 * @param change.title
	 */
	updateChat:
		( id: number, change: { is_pinned?: boolean; title?: string } ) =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< string | null > => {
			try {
				const entry = await apiFetch< ChatEntry >( {
					path: chatPath( id ),
					method: 'PUT',
					data: change,
				} );
				const list = select.getChatState().list;
				if ( list ) {
					dispatch( patch( { list: withEntry( list, entry ) } ) );
				}
				// Then in the server's order.
				await actions.loadList()( { dispatch, select } );
				return null;
			} catch ( failure ) {
				return errorText( failure );
			}
		},

	/**
	 * Deletes a chat. Resolves to the error text of a failure, else null.
	 *
	 * @param id The chat.
	 */
	deleteChat:
		( id: number ) =>
		async ( {
			dispatch,
			select,
		}: ChatThunkArgs ): Promise< string | null > => {
			try {
				await apiFetch( { path: chatPath( id ), method: 'DELETE' } );
				const { list, openId } = select.getChatState();
				if ( list ) {
					dispatch(
						patch( {
							list: {
								pinned: list.pinned.filter(
									( item ) => item.id !== id
								),
								recent: list.recent.filter(
									( item ) => item.id !== id
								),
							},
						} )
					);
				}
				if ( openId === id ) {
					dispatch(
						patch( {
							openId: null,
							messages: [],
							error: null,
							waiting: false,
							streaming: null,
						} )
					);
				}
				return null;
			} catch ( failure ) {
				return errorText( failure );
			}
		},
};

export const chatStore = createReduxStore( CHAT_STORE, {
	reducer,
	actions,
	selectors,
} );

// Registered on the page's registry when this module loads: only the Conversations AI screen and
// the settings card import it (lazy chunks), so the reports page's first bundle does not carry the
// chat. Tests' registries register it too (tests/js/registry.ts).
register( chatStore );

/**
 * The retry bar's error while the open chat's last message is the user's: why the send failed,
 * else that it was not sent (a retry is then allowed); null otherwise, and while an answer is
 * awaited.
 *
 * @param state The state.
 */
export function retryError( state: ChatState ): ChatError | null {
	const last = state.messages[ state.messages.length - 1 ];
	if ( state.waiting || ! last || last.role !== 'user' ) {
		return null;
	}
	return state.error ?? { message: notSentText(), retryable: true };
}
