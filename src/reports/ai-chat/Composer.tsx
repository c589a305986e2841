/**
 * Under the transcript: the message input (required, at most 300 characters with a counter;
 * Enter sends, Enter with Ctrl, Shift, Alt or Meta does not), or — while the chat's last message
 * is the user's — the retry bar with why it got no answer and, when the failure allows it, Retry.
 */
import { Button, TextareaControl } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { KeyboardEvent } from 'react';

import { MESSAGE_MAX, type ChatError } from '../../store/chat';

/**
 * Whether a key press sends the message: Enter alone.
 *
 * @param event The key press.
 */
export function sendsOnKey(
	event: Pick<
		KeyboardEvent,
		'key' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'
	> & { nativeEvent?: { isComposing?: boolean } }
): boolean {
	return (
		event.key === 'Enter' &&
		! event.ctrlKey &&
		! event.shiftKey &&
		! event.altKey &&
		! event.metaKey &&
		! event.nativeEvent?.isComposing
	);
}

/**
 * The message input.
 *
 * @param props        Component props.
 * @param props.busy   Whether an answer is awaited (nothing is sent meanwhile).
 * @param props.onSend Sends a message.
 */
export function MessageInput( {
	busy,
	onSend,
}: {
	busy: boolean;
	onSend: ( text: string ) => void;
} ) {
	const [ text, setText ] = useState( '' );
	const counterId = useInstanceId(
		MessageInput,
		'monsterinsights-reports-ai-chat-counter'
	);
	const length = Array.from( text ).length;
	const ready = text.trim() !== '' && ! busy;
	const send = () => {
		if ( ready ) {
			onSend( text.trim() );
			setText( '' );
		}
	};

	return (
		<form
			className="monsterinsights-reports-ai-chat__input"
			onSubmit={ ( event ) => {
				event.preventDefault();
				send();
			} }
		>
			<TextareaControl
				__nextHasNoMarginBottom
				className="monsterinsights-reports-ai-chat__textarea"
				label={ __(
					'Ask a question about your site',
					'monsterinsights-reports'
				) }
				hideLabelFromVision
				placeholder={ __(
					'Ask a question about your site…',
					'monsterinsights-reports'
				) }
				rows={ 2 }
				required
				maxLength={ MESSAGE_MAX }
				aria-describedby={ counterId }
				value={ text }
				onChange={ ( value ) =>
					setText(
						Array.from( value ).slice( 0, MESSAGE_MAX ).join( '' )
					)
				}
				onKeyDown={ ( event: KeyboardEvent< HTMLTextAreaElement > ) => {
					if ( sendsOnKey( event ) ) {
						event.preventDefault();
						send();
					}
				} }
			/>
			<div className="monsterinsights-reports-ai-chat__input-bar">
				<span
					id={ counterId }
					className="monsterinsights-reports-ai-chat__counter"
				>
					{ sprintf(
						/* translators: 1: characters typed, 2: the most allowed (300). */
						__( '%1$d / %2$d', 'monsterinsights-reports' ),
						length,
						MESSAGE_MAX
					) }
				</span>
				<Button
					variant="primary"
					type="submit"
					disabled={ ! ready }
					accessibleWhenDisabled
				>
					{ __( 'Send', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</form>
	);
}

/**
 * The retry bar.
 *
 * @param props         Component props.
 * @param props.error   Why the last message got no answer.
 * @param props.canTry  Whether a retry is possible now (a chat exists, nothing is awaited).
 * @param props.onRetry Asks again.
 */
export function RetryBar( {
	error,
	canTry,
	onRetry,
}: {
	error: ChatError;
	canTry: boolean;
	onRetry: () => void;
} ) {
	return (
		<div className="monsterinsights-reports-ai-chat__retry" role="alert">
			<p>{ error.message }</p>
			{ error.retryable && canTry && (
				<Button variant="primary" onClick={ onRetry }>
					{ __( 'Retry', 'monsterinsights-reports' ) }
				</Button>
			) }
		</div>
	);
}
