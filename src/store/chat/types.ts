/**
 * Conversations AI (docs/product-rules.md#conversations-ai): the shapes of the provider and chat
 * routes (monsterinsights-reports/v1 ai-provider, ai-insights/chats, ai-insights/chat/…).
 */

/** What GET/POST/DELETE ai-provider answer. */
export interface AiProviderStatus {
	configured: boolean;
	/** Only for users who may save settings, else "". */
	base_url: string;
	model: string;
	has_key: boolean;
	/** Whether the user may change the provider (the settings card). */
	can_manage: boolean;
}

/** A chart of an answer, built on the server from a query's rows. */
export interface ChatChart {
	type: 'pie' | 'donut' | 'bar';
	/** The metric's label, e.g. "Sessions". */
	seriesName: string;
	data: Array< { value: number; label: string } >;
}

/** One message of a chat. */
export interface ChatMessage {
	id: string;
	role: 'user' | 'assistant';
	content: string;
	/** 1 up, 0 down, null none. */
	rating: 0 | 1 | null;
	feedback: string;
	skipped_feedback: boolean;
	meta: { chart?: ChatChart };
}

/** A chat of the sidebar. */
export interface ChatEntry {
	id: number;
	/** "" until renamed. */
	title: string;
	/** The first user message, at most 100 characters. */
	preview: string;
	is_pinned: boolean;
}

/** GET ai-insights/chats. */
export interface ChatList {
	pinned: ChatEntry[];
	recent: ChatEntry[];
}

/** Why the last message got no answer. */
export interface ChatError {
	message: string;
	/** Whether Retry is offered. */
	retryable: boolean;
}

export interface ChatState {
	provider: AiProviderStatus | null;
	providerError: string | null;
	list: ChatList | null;
	listLoading: boolean;
	/** The chat whose messages are shown; null for a new conversation. */
	openId: number | null;
	messages: ChatMessage[];
	/** The open chat's messages are loading. */
	loadingChat: boolean;
	/** An answer is awaited. */
	waiting: boolean;
	/**
	 * The text of the awaited answer so far, while it streams; null when none is streaming (the
	 * stored answer then replaces it).
	 */
	streaming: string | null;
	error: ChatError | null;
}
