/**
 * The messages of a chat: the user's questions and the assistant's answers, each answer with its
 * chart (meta.chart), a copy button and thumbs; a thumbs-down opens a feedback box (Submit or Skip)
 * that hides once submitted or skipped. A loading message shows while an answer is awaited, until
 * its text streams in (it then grows in an answer without buttons until the stored answer, with its
 * chart and buttons, replaces it).
 */
import { Button, Spinner } from '@wordpress/components';
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { copy, thumbsDown, thumbsUp } from '@wordpress/icons';

import { AnswerChart } from '../../components/AnswerChart';
import { FeedbackBox } from '../../components/FeedbackBox';
import type { ChatMessage } from '../../store/chat';

/** What the answers' buttons do; none in the sample. */
export interface TranscriptActions {
	copy: ( text: string ) => void;
	rate: ( id: string, rating: 0 | 1 ) => void;
	feedback: (
		id: string,
		feedback: string,
		skipped: boolean
	) => Promise< boolean >;
}

/**
 * Whether an answer's feedback box is open: rated down, neither submitted nor skipped.
 *
 * @param message The answer.
 */
export const asksFeedback = ( message: ChatMessage ) =>
	message.rating === 0 && ! message.feedback && ! message.skipped_feedback;

/**
 * One message.
 *
 * @param props         Component props.
 * @param props.message The message.
 * @param props.actions What an answer's buttons do; none in the sample.
 */
function Message( {
	message,
	actions,
}: {
	message: ChatMessage;
	actions?: TranscriptActions;
} ) {
	const mine = message.role === 'user';
	const chart = message.meta?.chart;
	return (
		<li
			className={ `monsterinsights-reports-ai-chat__message is-${
				mine ? 'user' : 'assistant'
			}` }
		>
			<span className="screen-reader-text">
				{ mine
					? __( 'You:', 'monsterinsights-reports' )
					: __( 'AI:', 'monsterinsights-reports' ) }
			</span>
			<div className="monsterinsights-reports-ai-chat__bubble">
				<p className="monsterinsights-reports-ai-chat__text">
					{ message.content }
				</p>
				{ chart && chart.data.length > 0 && (
					<AnswerChart
						type={ chart.type }
						seriesName={ chart.seriesName }
						data={ chart.data }
					/>
				) }
			</div>
			{ ! mine && (
				<div className="monsterinsights-reports-ai-chat__message-actions">
					<Button
						size="small"
						icon={ copy }
						label={ __(
							'Copy to clipboard',
							'monsterinsights-reports'
						) }
						disabled={ ! actions }
						accessibleWhenDisabled
						onClick={ () => actions?.copy( message.content ) }
					/>
					<Button
						size="small"
						icon={ thumbsUp }
						label={ __(
							'This answer is helpful',
							'monsterinsights-reports'
						) }
						aria-pressed={ message.rating === 1 }
						isPressed={ message.rating === 1 }
						disabled={ ! actions }
						accessibleWhenDisabled
						onClick={ () => actions?.rate( message.id, 1 ) }
					/>
					<Button
						size="small"
						icon={ thumbsDown }
						label={ __(
							'This answer is not helpful',
							'monsterinsights-reports'
						) }
						aria-pressed={ message.rating === 0 }
						isPressed={ message.rating === 0 }
						disabled={ ! actions }
						accessibleWhenDisabled
						onClick={ () => actions?.rate( message.id, 0 ) }
					/>
				</div>
			) }
			{ ! mine && actions && asksFeedback( message ) && (
				<FeedbackBox
					className="monsterinsights-reports-ai-chat__feedback"
					label={ __(
						'What was wrong with this answer?',
						'monsterinsights-reports'
					) }
					maxLength={ 1000 }
					onSend={ ( text, skipped ) =>
						actions.feedback( message.id, text, skipped )
					}
				/>
			) }
		</li>
	);
}

/**
 * The transcript.
 *
 * @param props           Component props.
 * @param props.messages  The messages, oldest first.
 * @param props.waiting   Whether an answer is awaited.
 * @param props.streaming The awaited answer's text so far, while it streams.
 * @param props.actions   What an answer's buttons do; none in the sample.
 */
export function Transcript( {
	messages,
	waiting = false,
	streaming = null,
	actions,
}: {
	messages: ChatMessage[];
	waiting?: boolean;
	streaming?: string | null;
	actions?: TranscriptActions;
} ) {
	const end = useRef< HTMLDivElement >( null );
	const count = messages.length;
	const growing = waiting && streaming ? streaming : '';
	useEffect( () => {
		// The newest message in view (jsdom has no scrolling).
		if ( actions && count > 0 ) {
			end.current?.scrollIntoView?.( { block: 'nearest' } );
		}
	}, [ count, waiting, growing, actions ] );

	return (
		<div className="monsterinsights-reports-ai-chat__transcript">
			<ol
				className="monsterinsights-reports-ai-chat__messages"
				aria-label={ __( 'Conversation', 'monsterinsights-reports' ) }
			>
				{ messages.map( ( message ) => (
					<Message
						key={ message.id }
						message={ message }
						actions={ actions }
					/>
				) ) }
				{ growing && (
					<li
						className="monsterinsights-reports-ai-chat__message is-assistant is-streaming"
						aria-busy="true"
					>
						<span className="screen-reader-text">
							{ __( 'AI:', 'monsterinsights-reports' ) }
						</span>
						<div className="monsterinsights-reports-ai-chat__bubble">
							<p className="monsterinsights-reports-ai-chat__text">
								{ growing }
							</p>
						</div>
					</li>
				) }
			</ol>
			<div role="status" aria-live="polite">
				{ waiting && ! growing && (
					<p className="monsterinsights-reports-ai-chat__waiting">
						<Spinner />
						{ __(
							'Analyzing your data…',
							'monsterinsights-reports'
						) }
					</p>
				) }
			</div>
			<div ref={ end } />
		</div>
	);
}
