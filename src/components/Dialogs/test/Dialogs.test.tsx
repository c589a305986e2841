import { render, screen, waitFor } from '@testing-library/react';
import { Modal } from '@wordpress/components';
import userEvent from '@testing-library/user-event';

import { ErrorDialog, LoadingDialog } from '..';

/** The modal's backdrop: a click on it is a click outside the dialog. */
function overlay(): HTMLElement {
	const element = document.querySelector< HTMLElement >(
		'.components-modal__screen-overlay'
	);
	if ( ! element ) {
		throw new Error( 'No modal overlay' );
	}
	return element;
}

/** Long enough for a modal's exit animation to have closed it. */
function afterExitAnimation() {
	return new Promise( ( resolve ) => setTimeout( resolve, 500 ) );
}

describe( 'ErrorDialog', () => {
	it( 'is tested with keys and clicks that do close an ordinary modal', async () => {
		const onRequestClose = jest.fn();
		const { unmount } = render(
			<Modal title="Ordinary" onRequestClose={ onRequestClose }>
				Text
			</Modal>
		);
		await userEvent.keyboard( '{Escape}' );
		expect( overlay() ).toHaveClass( 'is-animating-out' );
		await waitFor( () =>
			expect( onRequestClose ).toHaveBeenCalledTimes( 1 )
		);
		await userEvent.click( overlay() );
		await waitFor( () =>
			expect( onRequestClose ).toHaveBeenCalledTimes( 2 )
		);
		unmount();
	} );

	it( 'shows its default texts', () => {
		render( <ErrorDialog onConfirm={ () => {} } /> );
		const dialog = screen.getByRole( 'alertdialog', { name: 'Error' } );
		expect( dialog ).toHaveAccessibleDescription( 'Please try again.' );
		expect( screen.getByRole( 'button', { name: 'OK' } ) ).toBeVisible();
		expect(
			screen.queryByRole( 'button', { name: 'Cancel' } )
		).not.toBeInTheDocument();
		// No close button: only OK closes it.
		expect( screen.getAllByRole( 'button' ) ).toHaveLength( 1 );
	} );

	it( 'takes a title, text, labels, a cancel button and a footer', async () => {
		const onConfirm = jest.fn();
		const onCancel = jest.fn();
		render(
			<ErrorDialog
				title="Report Unavailable"
				text="Please activate the eCommerce addon to view User journey reports."
				confirmLabel="Activate Addon"
				onConfirm={ onConfirm }
				cancelLabel="Dismiss"
				onCancel={ onCancel }
				footer={ <a href="#help">Need help?</a> }
			/>
		);
		expect(
			screen.getByRole( 'alertdialog', { name: 'Report Unavailable' } )
		).toHaveAccessibleDescription(
			'Please activate the eCommerce addon to view User journey reports.'
		);
		expect(
			screen.getByRole( 'link', { name: 'Need help?' } )
		).toBeVisible();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Dismiss' } )
		);
		expect( onCancel ).toHaveBeenCalledTimes( 1 );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Activate Addon' } )
		);
		expect( onConfirm ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is not dismissed by Escape, Enter or a click outside', async () => {
		const onConfirm = jest.fn();
		const onCancel = jest.fn();
		render( <ErrorDialog onConfirm={ onConfirm } onCancel={ onCancel } /> );
		const dialog = screen.getByRole( 'alertdialog' );
		// The dialog itself has focus, not OK, so Enter presses nothing.
		expect( dialog ).toHaveFocus();
		await userEvent.keyboard( '{Enter}' );
		await userEvent.keyboard( '{Escape}' );
		await userEvent.click( overlay() );
		expect( overlay() ).not.toHaveClass( 'is-animating-out' );
		await afterExitAnimation();
		expect( onConfirm ).not.toHaveBeenCalled();
		expect( onCancel ).not.toHaveBeenCalled();
		expect( screen.getByRole( 'alertdialog' ) ).toBeInTheDocument();
	} );

	it( 'can be confirmed from the keyboard once OK has focus', async () => {
		const onConfirm = jest.fn();
		render( <ErrorDialog onConfirm={ onConfirm } /> );
		await userEvent.tab();
		expect( screen.getByRole( 'button', { name: 'OK' } ) ).toHaveFocus();
		await userEvent.keyboard( '{Enter}' );
		expect( onConfirm ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'LoadingDialog', () => {
	it( 'shows its default texts without any button', () => {
		render( <LoadingDialog /> );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Refreshing Report',
		} );
		expect( dialog ).toHaveAccessibleDescription(
			'Loading new report data...'
		);
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
	} );

	it( 'takes another title, e.g. for the PDF export', () => {
		render( <LoadingDialog title="Generating PDF Report" text="" /> );
		expect(
			screen.getByRole( 'dialog', { name: 'Generating PDF Report' } )
		).toBeInTheDocument();
	} );

	it( 'is not dismissed by Escape, Enter or a click outside', async () => {
		render( <LoadingDialog /> );
		await userEvent.keyboard( '{Escape}' );
		await userEvent.keyboard( '{Enter}' );
		await userEvent.click( overlay() );
		expect( overlay() ).not.toHaveClass( 'is-animating-out' );
		await afterExitAnimation();
		expect(
			screen.getByRole( 'dialog', { name: 'Refreshing Report' } )
		).toBeInTheDocument();
	} );
} );
