import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dispatch, select } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';
import type { ReactElement } from 'react';

import {
	TOAST_CONTEXT,
	TOAST_TIMEOUT,
	ToastRegion,
	useSuccessToast,
	useToast,
} from '..';

function SaveButton() {
	const showSuccess = useSuccessToast();
	return (
		<button type="button" onClick={ () => showSuccess() }>
			Save
		</button>
	);
}

function FailButton() {
	const toast = useToast();
	return (
		<button
			type="button"
			onClick={ () => toast.error( 'Server said no.' ) }
		>
			Fail
		</button>
	);
}

function clearToasts() {
	const notices = select( noticesStore ).getNotices( TOAST_CONTEXT );
	notices.forEach( ( notice ) =>
		dispatch( noticesStore ).removeNotice( notice.id, TOAST_CONTEXT )
	);
}

/** A user whose waits run on jest's fake timers, which it turns on (afterEach turns them off). */
function userOnFakeTimers() {
	jest.useFakeTimers();
	return userEvent.setup( { advanceTimers: jest.advanceTimersByTime } );
}

/**
 * Lets time pass on the fake timers.
 *
 * @param ms Milliseconds.
 */
function advance( ms: number ) {
	act( () => {
		jest.advanceTimersByTime( ms );
	} );
}

/**
 * Renders a button that raises a toast beside the toast region.
 *
 * @param button The button.
 */
function renderWithRegion( button: ReactElement ) {
	return render(
		<>
			{ button }
			<ToastRegion />
		</>
	);
}

describe( 'toasts', () => {
	afterEach( () => {
		act( clearToasts );
		jest.useRealTimers();
	} );

	it( 'shows Settings Updated in a live region, which closes after 3000 ms', async () => {
		const user = userOnFakeTimers();
		renderWithRegion( <SaveButton /> );
		const region = screen.getByRole( 'status' );
		expect( region ).toBeEmptyDOMElement();

		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect( region ).toHaveTextContent( 'Settings Updated' );
		expect(
			select( noticesStore ).getNotices( TOAST_CONTEXT )[ 0 ]
		).toMatchObject( { status: 'success', type: 'snackbar' } );

		expect( TOAST_TIMEOUT ).toBe( 3000 );
		advance( 2999 );
		expect( region ).toHaveTextContent( 'Settings Updated' );
		advance( 1 );
		expect( region ).toBeEmptyDOMElement();
		expect( select( noticesStore ).getNotices( TOAST_CONTEXT ) ).toEqual(
			[]
		);
	} );

	it( 'closes with its close button', async () => {
		renderWithRegion( <SaveButton /> );
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Close' } )
		);
		expect(
			screen.queryByText( 'Settings Updated' )
		).not.toBeInTheDocument();
	} );

	it( 'waits while the pointer is on the toast', async () => {
		const user = userOnFakeTimers();
		renderWithRegion( <SaveButton /> );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await user.hover( screen.getByText( 'Settings Updated' ) );
		advance( 5000 );
		expect( screen.getByText( 'Settings Updated' ) ).toBeInTheDocument();
		await user.unhover( screen.getByText( 'Settings Updated' ) );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		advance( TOAST_TIMEOUT );
		expect(
			screen.queryByText( 'Settings Updated' )
		).not.toBeInTheDocument();
	} );

	it( 'keeps an error toast with the server’s text until it is closed', async () => {
		const user = userOnFakeTimers();
		renderWithRegion( <FailButton /> );
		await user.click( screen.getByRole( 'button', { name: 'Fail' } ) );
		advance( 10000 );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Server said no.'
		);
		await user.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( screen.getByRole( 'status' ) ).toBeEmptyDOMElement();
	} );
} );
