import { Button, Modal, Spinner } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';
import type { KeyboardEvent, ReactNode } from 'react';

import './style.scss';

/**
 * Modal props that make a dialog impossible to dismiss except through its own buttons: no close
 * button, no closing by a click outside or by Escape
 * (docs/product-rules.md#dialogs-and-toasts).
 */
const NOT_DISMISSIBLE = {
	isDismissible: false,
	shouldCloseOnClickOutside: false,
	shouldCloseOnEsc: false,
	// The dialog gets focus itself, not its first button, so Enter does not press OK.
	focusOnMount: true,
	// Never called with the settings above; Modal requires it.
	onRequestClose: () => {},
} as const;

/**
 * Enter on the dialog itself (not on one of its buttons) does nothing, and must not reach the
 * page behind it.
 *
 * @param event The key event.
 */
function swallowEnter( event: KeyboardEvent< HTMLDivElement > ) {
	if (
		event.key === 'Enter' &&
		! ( event.target instanceof HTMLButtonElement ) &&
		! ( event.target instanceof HTMLAnchorElement )
	) {
		event.preventDefault();
		event.stopPropagation();
	}
}

export interface ErrorDialogProps {
	/** Title; 'Error' by default. */
	title?: string;
	/** Text; 'Please try again.' by default. */
	text?: ReactNode;
	/** Label of the confirm button; 'OK' by default. */
	confirmLabel?: string;
	onConfirm: () => void;
	/** With this, a cancel button is shown. */
	onCancel?: () => void;
	/** Label of the cancel button; 'Cancel' by default. */
	cancelLabel?: string;
	/** Shown under the buttons, e.g. a help link. */
	footer?: ReactNode;
	className?: string;
}

/**
 * The error dialog (docs/product-rules.md#dialogs-and-toasts): 'Error' / 'Please try again.' / OK,
 * an optional cancel button and footer. Only its buttons close it (render it while it should show).
 *
 * @param props Component props.
 */
export function ErrorDialog( props: ErrorDialogProps ) {
	const {
		title,
		text,
		confirmLabel,
		onConfirm,
		onCancel,
		cancelLabel,
		footer,
		className,
	} = props;
	const instanceId = useInstanceId(
		ErrorDialog,
		'monsterinsights-reports-error-dialog'
	);
	const textId = `${ instanceId }-text`;
	return (
		<Modal
			{ ...NOT_DISMISSIBLE }
			title={ title ?? __( 'Error', 'monsterinsights-reports' ) }
			role="alertdialog"
			aria={ { describedby: textId } }
			size="small"
			className={ [ 'monsterinsights-reports-dialog is-error', className ]
				.filter( Boolean )
				.join( ' ' ) }
			onKeyDown={ swallowEnter }
		>
			<div id={ textId } className="monsterinsights-reports-dialog__text">
				{ text ?? __( 'Please try again.', 'monsterinsights-reports' ) }
			</div>
			<div className="monsterinsights-reports-dialog__actions">
				{ onCancel && (
					<Button variant="tertiary" onClick={ onCancel }>
						{ cancelLabel ??
							__( 'Cancel', 'monsterinsights-reports' ) }
					</Button>
				) }
				<Button variant="primary" onClick={ onConfirm }>
					{ confirmLabel ?? __( 'OK', 'monsterinsights-reports' ) }
				</Button>
			</div>
			{ footer && (
				<div className="monsterinsights-reports-dialog__footer">
					{ footer }
				</div>
			) }
		</Modal>
	);
}

export interface LoadingDialogProps {
	/** Title; 'Refreshing Report' by default ('Generating PDF Report' for the PDF export). */
	title?: string;
	/** Text; 'Loading new report data...' by default. */
	text?: ReactNode;
	className?: string;
}

/**
 * The loading dialog, with a spinner; nothing dismisses it (render it while the
 * work runs).
 *
 * @param props Component props.
 */
export function LoadingDialog( props: LoadingDialogProps ) {
	const { title, text, className } = props;
	const instanceId = useInstanceId(
		LoadingDialog,
		'monsterinsights-reports-loading-dialog'
	);
	const textId = `${ instanceId }-text`;
	return (
		<Modal
			{ ...NOT_DISMISSIBLE }
			title={
				title ?? __( 'Refreshing Report', 'monsterinsights-reports' )
			}
			aria={ { describedby: textId } }
			size="small"
			className={ [
				'monsterinsights-reports-dialog is-loading',
				className,
			]
				.filter( Boolean )
				.join( ' ' ) }
			onKeyDown={ swallowEnter }
		>
			<div
				className="monsterinsights-reports-dialog__loading"
				aria-busy="true"
			>
				<Spinner />
				<p
					id={ textId }
					className="monsterinsights-reports-dialog__text"
				>
					{ text ??
						// The text word for word, with its three dots.
						// eslint-disable-next-line @wordpress/i18n-ellipsis
						__(
							'Loading new report data...',
							'monsterinsights-reports'
						) }
				</p>
			</div>
		</Modal>
	);
}
