/**
 * Conversations AI (docs/product-rules.md#conversations-ai, routes /ai-insights/chat and
 * /ai-insights/chat/{chatId}): questions about the site's numbers answered by the AI provider the
 * owner connected, which reads them through read-only queries; an answer may carry a chart.
 *
 * Below pro the sample chat sits blurred under the upsell (ReportScreen) and nothing is fetched.
 * For pro the screen asks GET ai-provider first: without a provider it explains how to connect one
 * (NotConfigured, no sample). With one: the chats' sidebar, the start screen with the four preset
 * questions (a new conversation) or the open chat's transcript, and the message input or the retry
 * bar. A new chat's first send moves to /ai-insights/chat/{chat_id}; a chat that cannot be opened
 * says why in a toast and sends the user back to /ai-insights/chat. The state lives in the chat
 * store (store/chat).
 */
import { Button, Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useCallback, useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { Loader } from '../../components/Loader';
import { useToast } from '../../components/Toast';
import { buildHash } from '../../lib/hash';
import { appStore } from '../../store/app';
import {
	chatStore,
	retryError,
	type ChatEntry,
	type ChatMessage,
	type SendResult,
} from '../../store/chat';
import { ReportScreen } from '../ReportScreen';
import { MessageInput, RetryBar } from './Composer';
import { NotConfigured } from './NotConfigured';
import { Sidebar, type SidebarActions } from './Sidebar';
import { Transcript, type TranscriptActions } from './Transcript';
import './style.scss';

/** The new conversation's route. */
export const NEW_CHAT_ROUTE = '/ai-insights/chat';

/** The sample's payload (src/demo/ai_chat.ts). */
export interface AiChatSample {
	id: string;
	chat: ChatMessage[];
}

/** The preset questions of the start screen (the fake provider knows them word for word). */
export const presetPrompts = () => [
	__( 'How many visits did I get last week?', 'monsterinsights-reports' ),
	__(
		'How many page views did I get last month?',
		'monsterinsights-reports'
	),
	__( 'What was my bounce rate last week?', 'monsterinsights-reports' ),
	__(
		'What was my most popular campaign last week?',
		'monsterinsights-reports'
	),
];

/**
 * The chat a route names: null for the new conversation, NaN for a segment that is no chat id.
 *
 * @param route The route path.
 */
export function chatIdOf( route: string ): number | null {
	if ( ! route.startsWith( NEW_CHAT_ROUTE + '/' ) ) {
		return null;
	}
	const segment = route.slice( NEW_CHAT_ROUTE.length + 1 );
	return /^[1-9][0-9]*$/.test( segment ) ? Number( segment ) : NaN;
}

/**
 * The start screen of a new conversation.
 *
 * @param props       Component props.
 * @param props.onAsk Sends a preset question.
 * @param props.busy  Whether an answer is awaited.
 */
function StartScreen( {
	onAsk,
	busy,
}: {
	onAsk: ( text: string ) => void;
	busy: boolean;
} ) {
	return (
		<div className="monsterinsights-reports-ai-chat__start">
			<h2>
				{ __(
					'What would you like to know?',
					'monsterinsights-reports'
				) }
			</h2>
			<p>
				{ __(
					'Ask about your visits, page views, bounce rate or campaigns. The answers come from your own reports.',
					'monsterinsights-reports'
				) }
			</p>
			<ul className="monsterinsights-reports-ai-chat__presets">
				{ presetPrompts().map( ( prompt ) => (
					<li key={ prompt }>
						<Button
							variant="secondary"
							className="monsterinsights-reports-ai-chat__preset"
							disabled={ busy }
							accessibleWhenDisabled
							onClick={ () => onAsk( prompt ) }
						>
							{ prompt }
						</Button>
					</li>
				) ) }
			</ul>
		</div>
	);
}

/**
 * The chat of a pro licence.
 */
function LiveChat() {
	const { route, dateQuery } = useSelect(
		( select ) => ( {
			route: select( appStore ).getRoute(),
			dateQuery: select( appStore ).getDateQuery(),
		} ),
		[]
	);
	const state = useSelect(
		( select ) => select( chatStore ).getChatState(),
		[]
	);
	const chat = useDispatch( chatStore );
	const toast = useToast();
	const routeId = chatIdOf( route );
	const configured = state.provider?.configured === true;

	// Leaving the screen (another chat's route remounts it) stops its navigation.
	const mounted = useRef( true );
	useEffect( () => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, [] );

	const href = useCallback(
		( id: number | null ) =>
			buildHash(
				id === null ? NEW_CHAT_ROUTE : `${ NEW_CHAT_ROUTE }/${ id }`,
				dateQuery
			),
		[ dateQuery ]
	);
	const go = useCallback(
		( id: number | null ) => {
			if ( mounted.current ) {
				window.location.hash = href( id );
			}
		},
		[ href ]
	);

	const { loadProvider, loadList, openChat } = chat;
	useEffect( () => {
		loadProvider();
	}, [ loadProvider ] );

	useEffect( () => {
		if ( configured ) {
			loadList();
		}
	}, [ configured, loadList ] );

	// The route's chat: opened unless it is the one shown (a new chat's first answer moved here).
	const openId = state.openId;
	const shownRef = useRef( openId );
	shownRef.current = openId;
	useEffect( () => {
		if ( ! configured ) {
			return;
		}
		if ( routeId !== null && Number.isNaN( routeId ) ) {
			go( null );
			return;
		}
		if ( routeId === shownRef.current ) {
			return;
		}
		openChat( routeId ).then( ( failed: string | null ) => {
			if ( failed !== null ) {
				toast.error( failed );
				go( null );
			}
		} );
	}, [ configured, routeId, openChat, go, toast ] );

	const afterSend = ( result: SendResult, wasNew: boolean ) => {
		if ( result.refused ) {
			toast.error( result.refused );
		}
		if ( wasNew && result.chatId !== null ) {
			go( result.chatId );
		}
	};

	const send = async ( text: string ) => {
		const wasNew = state.openId === null;
		afterSend( await chat.send( text ), wasNew );
	};

	const transcriptActions: TranscriptActions = {
		copy: async ( text ) => {
			try {
				await window.navigator.clipboard.writeText( text );
				toast.success(
					__( 'Copied to clipboard!', 'monsterinsights-reports' )
				);
			} catch ( failure ) {
				// The spec logs a failed copy and shows nothing.
				// eslint-disable-next-line no-console
				console.warn( failure );
			}
		},
		rate: async ( id, rating ) => {
			const failed = await chat.rate( id, { rating } );
			if ( failed ) {
				toast.error( failed );
			}
		},
		feedback: async ( id, feedback, skipped ) => {
			const failed = await chat.rate( id, {
				feedback,
				skipped_feedback: skipped,
			} );
			if ( failed ) {
				toast.error( failed );
				return false;
			}
			if ( ! skipped ) {
				toast.success(
					__(
						'Thank you for your feedback!',
						'monsterinsights-reports'
					)
				);
			}
			return true;
		},
	};

	const sidebarActions: SidebarActions = {
		href,
		pin: async ( entry: ChatEntry, pinned: boolean ) => {
			const failed = await chat.updateChat( entry.id, {
				is_pinned: pinned,
			} );
			if ( failed ) {
				toast.error( failed );
			}
		},
		rename: async ( entry: ChatEntry, title: string ) => {
			const failed = await chat.updateChat( entry.id, { title } );
			if ( failed ) {
				toast.error( failed );
				return false;
			}
			return true;
		},
		remove: async ( entry: ChatEntry ) => {
			const failed = await chat.deleteChat( entry.id );
			if ( failed ) {
				toast.error( failed );
				return false;
			}
			if ( entry.id === routeId ) {
				go( null );
			}
			return true;
		},
	};

	if ( ! state.provider ) {
		return state.providerError ? (
			<Notice status="error" isDismissible={ false }>
				<p>{ state.providerError }</p>
			</Notice>
		) : (
			<Loader />
		);
	}
	if ( ! configured ) {
		return <NotConfigured canManage={ state.provider.can_manage } />;
	}

	const error = retryError( state );
	const started = state.messages.length > 0 || state.openId !== null;
	let body;
	if ( state.loadingChat ) {
		body = <Loader />;
	} else if ( ! started ) {
		body = <StartScreen onAsk={ send } busy={ state.waiting } />;
	} else {
		body = (
			<Transcript
				messages={ state.messages }
				waiting={ state.waiting }
				streaming={ state.streaming }
				actions={ transcriptActions }
			/>
		);
	}

	return (
		<div className="monsterinsights-reports-ai-chat">
			<Sidebar
				list={ state.list }
				loading={ state.listLoading }
				activeId={ state.openId }
				actions={ sidebarActions }
			/>
			<section
				className="monsterinsights-reports-ai-chat__main"
				aria-label={ __( 'Conversation', 'monsterinsights-reports' ) }
			>
				{ body }
				{ ! state.loadingChat &&
					( error ? (
						<RetryBar
							error={ error }
							canTry={ state.openId !== null && ! state.waiting }
							onRetry={ async () =>
								afterSend( await chat.retry(), false )
							}
						/>
					) : (
						<MessageInput busy={ state.waiting } onSend={ send } />
					) ) }
			</section>
		</div>
	);
}

/**
 * The Conversations AI screen.
 */
export default function AiChat() {
	return (
		<ReportScreen< AiChatSample >
			period={ __(
				'Ask questions about your site’s numbers',
				'monsterinsights-reports'
			) }
			live={ () => <LiveChat /> }
		>
			{ ( data ) => (
				<div className="monsterinsights-reports-ai-chat is-sample">
					<section className="monsterinsights-reports-ai-chat__main">
						<Transcript messages={ data.chat } />
					</section>
				</div>
			) }
		</ReportScreen>
	);
}
