import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';

import './style.scss';

/** The notices context of the app's toasts. */
export const TOAST_CONTEXT = 'monsterinsights-reports/toasts';

/** Toasts close by themselves after this many ms (docs/product-rules.md#dialogs-and-toasts). */
export const TOAST_TIMEOUT = 3000;

export type ToastStatus = 'success' | 'info' | 'warning' | 'error';

interface ToastNotice {
	id: string;
	status: string;
	content: string;
}

/**
 * Shows toasts through the @wordpress/notices store. The snackbars of @wordpress/components close
 * after 10 s at the bottom of the screen; the app's close after 3000 ms at the top right, so
 * ToastRegion draws them.
 */
export function useToast() {
	const { createNotice } = useDispatch( noticesStore );
	return useMemo( () => {
		const show = ( status: ToastStatus, message: string ) =>
			createNotice( status, message, {
				context: TOAST_CONTEXT,
				type: 'snackbar',
				explicitDismiss: true,
				// ToastRegion is a live region; a second announcement would repeat it.
				speak: false,
			} );
		return {
			/**
			 * 'Settings Updated' by default.
			 * @param message
			 */
			success: ( message?: string ) =>
				show(
					'success',
					message ??
						__( 'Settings Updated', 'monsterinsights-reports' )
				),
			info: ( message: string ) => show( 'info', message ),
			/**
			 * Stays until closed, so the message can be read.
			 * @param message
			 */
			error: ( message: string ) => show( 'error', message ),
		};
	}, [ createNotice ] );
}

/**
 * The success toast (docs/product-rules.md#dialogs-and-toasts): call it, e.g. after saving
 * settings, for 'Settings Updated'.
 */
export function useSuccessToast(): ( message?: string ) => void {
	return useToast().success;
}

function Toast( {
	notice,
	onClose,
}: {
	notice: ToastNotice;
	onClose: ( id: string ) => void;
} ) {
	const [ paused, setPaused ] = useState( false );
	const sticky = notice.status === 'error';

	// Closes after 3000 ms; the timer waits while the pointer or focus is on the toast.
	useEffect( () => {
		if ( paused || sticky ) {
			return undefined;
		}
		const timer = setTimeout( () => onClose( notice.id ), TOAST_TIMEOUT );
		return () => clearTimeout( timer );
	}, [ paused, sticky, notice.id, onClose ] );

	return (
		<div
			className={ `monsterinsights-reports-toast is-${ notice.status }` }
			onMouseEnter={ () => setPaused( true ) }
			onMouseLeave={ () => setPaused( false ) }
			onFocus={ () => setPaused( true ) }
			onBlur={ () => setPaused( false ) }
		>
			<p className="monsterinsights-reports-toast__message">
				{ notice.content }
			</p>
			<button
				type="button"
				className="monsterinsights-reports-toast__close"
				aria-label={ __( 'Close', 'monsterinsights-reports' ) }
				onClick={ () => onClose( notice.id ) }
			>
				<span aria-hidden="true">×</span>
			</button>
		</div>
	);
}

/**
 * Draws the app's toasts at the top right, in a polite live region. The shell renders it once.
 */
export function ToastRegion() {
	const notices = useSelect(
		( select ) =>
			select( noticesStore ).getNotices( TOAST_CONTEXT ) as ToastNotice[],
		[]
	);
	const { removeNotice } = useDispatch( noticesStore );
	const close = useMemo(
		() => ( id: string ) => removeNotice( id, TOAST_CONTEXT ),
		[ removeNotice ]
	);

	return (
		<div className="monsterinsights-reports-toasts" role="status">
			{ notices.map( ( notice ) => (
				<Toast key={ notice.id } notice={ notice } onClose={ close } />
			) ) }
		</div>
	);
}
