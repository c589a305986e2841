/**
 * The feedback box a thumbs-down opens (AI Insights, Conversations AI): a required text with
 * Submit, or Skip. Submitting an empty text says so instead of sending it.
 */
import { Button, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export interface FeedbackBoxProps {
	/** The text field's label, e.g. "What was wrong with this insight?". */
	label: string;
	/** The form's class; its buttons' row gets `${ className }-buttons`. */
	className: string;
	/** The most characters of the text, if any. */
	maxLength?: number;
	/**
	 * Sends the feedback (the text, trimmed, or "" when skipped); resolves to whether it was
	 * taken (the owner then hides the box).
	 */
	onSend: ( message: string, skipped: boolean ) => Promise< boolean >;
	/** Whether the buttons work (not in a sample). */
	disabled?: boolean;
}

/**
 * The box.
 *
 * @param props           Component props.
 * @param props.label     The text field's label.
 * @param props.className The form's class.
 * @param props.maxLength The most characters of the text.
 * @param props.onSend    Sends the feedback.
 * @param props.disabled  Whether the buttons are off.
 */
export function FeedbackBox( {
	label,
	className,
	maxLength,
	onSend,
	disabled = false,
}: FeedbackBoxProps ) {
	const [ message, setMessage ] = useState( '' );
	const [ invalid, setInvalid ] = useState( false );
	const [ sending, setSending ] = useState( false );

	const send = async ( skipped: boolean ) => {
		if ( disabled ) {
			return;
		}
		if ( ! skipped && '' === message.trim() ) {
			setInvalid( true );
			return;
		}
		setSending( true );
		const done = await onSend( skipped ? '' : message.trim(), skipped );
		setSending( false );
		if ( done ) {
			setMessage( '' );
			setInvalid( false );
		}
	};

	return (
		<form
			className={ className }
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				send( false );
			} }
		>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ label }
				value={ message }
				required
				maxLength={ maxLength }
				aria-invalid={ invalid }
				onChange={ ( value ) => {
					setMessage( value );
					setInvalid( false );
				} }
				help={
					invalid
						? __(
								'Please write your feedback, or skip it.',
								'monsterinsights-reports'
						  )
						: undefined
				}
			/>
			<div className={ `${ className }-buttons` }>
				<Button
					variant="primary"
					type="submit"
					isBusy={ sending }
					disabled={ sending || disabled }
				>
					{ __( 'Submit', 'monsterinsights-reports' ) }
				</Button>
				<Button
					variant="tertiary"
					disabled={ sending || disabled }
					onClick={ () => send( true ) }
				>
					{ __( 'Skip', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</form>
	);
}
