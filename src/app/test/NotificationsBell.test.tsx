import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { NotificationsBell } from '../NotificationsBell';
import {
	notificationsStore,
	type NotificationsPayload,
	type ReportsNotification,
} from '../../store/notifications';
import {
	deferred,
	mockApi,
	restError,
	type ApiCall,
} from '../../store/test/api';
import { connect } from '../../store/notifications/test/fixture';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';

const ROUTE = '/monsterinsights-reports/v1/notifications';

const stalled: ReportsNotification = {
	id: 'aggregation-stalled',
	type: 'error',
	title: 'New visits are not being processed',
	content: 'Run <b>cron</b> from the system.',
	date: '2026-11-21T10:00:00+00:00',
	actions: [
		{
			label: 'How to set up a real cron job',
			url: 'https://developer.wordpress.org/plugins/cron/',
			primary: true,
		},
	],
	dismissed: false,
};

const twoActive: NotificationsPayload = {
	active: [ stalled, connect ],
	dismissed: [],
};

const afterDismissingConnect: NotificationsPayload = {
	active: [ stalled ],
	dismissed: [ { ...connect, dismissed: true } ],
};

const empty: NotificationsPayload = { active: [], dismissed: [] };

/**
 * Renders the bell with a fake server.
 *
 * @param answer What the server answers.
 */
function renderBell( answer: ( call: ApiCall ) => unknown ) {
	const calls = mockApi( answer );
	const registry = createShellRegistry();
	const view = renderIn( <NotificationsBell />, registry );
	return { calls, registry, ...view };
}

function bell(): HTMLElement {
	return screen.getByRole( 'button', { name: 'Notifications' } );
}

async function openPanel( user: ReturnType< typeof userEvent.setup > ) {
	await user.click( bell() );
	return screen.findByRole( 'dialog', { name: 'Notifications' } );
}

describe( 'NotificationsBell', () => {
	let rects: jest.SpyInstance;

	beforeEach( () => {
		// jsdom lays nothing out; @wordpress/dom only focuses elements with client rects.
		rects = jest
			.spyOn( HTMLElement.prototype, 'getClientRects' )
			.mockReturnValue( [ {} ] as unknown as DOMRectList );
	} );

	afterEach( () => {
		rects.mockRestore();
		document.body.innerHTML = '';
	} );

	it( 'loads the notifications once and shows how many are new', async () => {
		const { calls } = renderBell( () => twoActive );
		expect( bell() ).toHaveAttribute( 'aria-expanded', 'false' );
		await waitFor( () =>
			expect( bell() ).toHaveAccessibleDescription(
				'2 new notifications'
			)
		);
		expect( within( bell() ).getByText( '2' ) ).toHaveAttribute(
			'aria-hidden',
			'true'
		);
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
	} );

	it( 'opens a panel listing them; Escape closes it and focus returns to the bell', async () => {
		const user = userEvent.setup();
		renderBell( () => twoActive );
		await waitFor( () =>
			expect( bell() ).toHaveAccessibleDescription(
				'2 new notifications'
			)
		);

		const panel = await openPanel( user );
		expect( bell() ).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			within( panel ).getByRole( 'tab', { name: 'Active' } )
		).toHaveAttribute( 'aria-selected', 'true' );
		const titles = within( panel )
			.getAllByRole( 'heading', { level: 3 } )
			.map( ( heading ) => heading.textContent );
		expect( titles ).toEqual( [
			'Error: New visits are not being processed',
			'Warning: Connect a data source',
		] );
		// Text is text: markup in the content is not interpreted.
		expect(
			within( panel ).getByText( 'Run <b>cron</b> from the system.' )
		).toBeInTheDocument();
		expect(
			within( panel ).getByRole( 'link', { name: 'Launch Setup Wizard' } )
		).toHaveAttribute( 'href', connect.actions[ 0 ]?.url );
		const external = within( panel ).getByRole( 'link', {
			name: 'How to set up a real cron job (opens in a new tab)',
		} );
		expect( external ).toHaveAttribute( 'target', '_blank' );
		expect( external ).toHaveAttribute( 'rel', 'noopener noreferrer' );

		// user-event sends keyCode 0; browsers (and @wordpress/compose's useDialog) use 27.
		fireEvent.keyDown( bell().ownerDocument.activeElement as HTMLElement, {
			key: 'Escape',
			keyCode: 27,
		} );
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( bell() ).toHaveFocus();
		expect( bell() ).toHaveAttribute( 'aria-expanded', 'false' );
	} );

	it( 'shows an action whose URL is not http(s) as text, not as a link', async () => {
		const user = userEvent.setup();
		renderBell( () => ( {
			dismissed: [],
			active: [
				{
					...connect,
					actions: [
						{
							label: 'Run it',
							url: ' JavaScript:alert(1)',
							primary: true,
						},
						{
							label: 'Open the file',
							url: 'data:text/html,<b>x</b>',
							primary: false,
						},
					],
				},
			],
		} ) );
		const panel = await openPanel( user );
		const action = await within( panel ).findByText( 'Run it' );
		expect( action.closest( 'a' ) ).toBeNull();
		expect(
			within( panel ).getByText( 'Open the file' ).closest( 'a' )
		).toBeNull();
		expect( within( panel ).queryAllByRole( 'link' ) ).toEqual( [] );
	} );

	it( 'dismisses a notification through the route and keeps focus in the panel', async () => {
		const user = userEvent.setup();
		const { calls } = renderBell( ( call ) =>
			call.method === 'POST' ? afterDismissingConnect : twoActive
		);
		const panel = await openPanel( user );
		await user.click(
			await within( panel ).findByRole( 'button', {
				name: 'Dismiss: Connect a data source',
			} )
		);

		await waitFor( () =>
			expect(
				within( panel ).queryByText( 'Connect a data source' )
			).not.toBeInTheDocument()
		);
		expect( calls ).toEqual( [
			{ path: ROUTE, method: 'GET' },
			{ path: `${ ROUTE }/source-not-connected/dismiss`, method: 'POST' },
		] );
		expect( bell() ).toHaveAccessibleDescription( '1 new notification' );
		expect( panel ).toContainElement(
			panel.ownerDocument.activeElement as HTMLElement
		);

		// It is listed under Dismissed, without a Dismiss button.
		await user.click(
			within( panel ).getByRole( 'tab', { name: 'Dismissed' } )
		);
		expect(
			within( panel ).getByText( 'Connect a data source' )
		).toBeInTheDocument();
		expect(
			within( panel ).queryByRole( 'button', { name: /^Dismiss:/ } )
		).not.toBeInTheDocument();
	} );

	it( 'dismisses all, then says there is nothing new', async () => {
		const user = userEvent.setup();
		const { calls } = renderBell( ( call ) =>
			call.method === 'POST'
				? {
						active: [],
						dismissed: twoActive.active.map( ( n ) => ( {
							...n,
							dismissed: true,
						} ) ),
				  }
				: twoActive
		);
		const panel = await openPanel( user );
		await user.click(
			await within( panel ).findByRole( 'button', {
				name: 'Dismiss all',
			} )
		);
		expect(
			await within( panel ).findByText( 'You have no new notifications.' )
		).toBeInTheDocument();
		expect( calls[ 1 ] ).toEqual( {
			path: `${ ROUTE }/dismiss-all`,
			method: 'POST',
		} );
		expect( bell() ).toHaveAccessibleDescription( '0 new notifications' );
		expect( within( bell() ).queryByText( /\d/ ) ).not.toBeInTheDocument();
		expect(
			within( panel ).queryByRole( 'button', { name: 'Dismiss all' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows the empty texts of both tabs', async () => {
		const user = userEvent.setup();
		renderBell( () => empty );
		const panel = await openPanel( user );
		expect(
			await within( panel ).findByText( 'You have no new notifications.' )
		).toBeInTheDocument();
		await user.click(
			within( panel ).getByRole( 'tab', { name: 'Dismissed' } )
		);
		expect(
			within( panel ).getByText( 'You have no dismissed notifications.' )
		).toBeInTheDocument();
	} );

	it( 'shows a loading state until the notifications arrive', async () => {
		const user = userEvent.setup();
		const answer = deferred< NotificationsPayload >();
		renderBell( () => answer.promise );
		const panel = await openPanel( user );
		expect( within( panel ).getByRole( 'status' ) ).toHaveTextContent(
			'Loading notifications…'
		);
		expect( bell() ).not.toHaveAccessibleDescription();

		await act( async () => answer.resolve( twoActive ) );
		expect(
			await within( panel ).findByText( 'Connect a data source' )
		).toBeInTheDocument();
		expect(
			within( panel ).queryByRole( 'status' )
		).not.toBeInTheDocument();
	} );

	it( 'shows the server’s error when a dismissal fails, and keeps the notification', async () => {
		const user = userEvent.setup();
		const { registry } = renderBell( ( call ) =>
			call.method === 'POST'
				? restError(
						'rest_forbidden',
						'Sorry, you are not allowed to do that.',
						{ status: 403 }
				  )
				: twoActive
		);
		const panel = await openPanel( user );
		await user.click(
			await within( panel ).findByRole( 'button', {
				name: 'Dismiss: Connect a data source',
			} )
		);
		expect(
			await within( panel ).findByText(
				'Sorry, you are not allowed to do that.'
			)
		).toBeInTheDocument();
		expect(
			within( panel ).getByText( 'Connect a data source' )
		).toBeInTheDocument();
		expect(
			registry.select( notificationsStore ).getActiveNotificationCount()
		).toBe( 2 );
	} );

	it( 'shows why loading failed and tries again on request', async () => {
		const user = userEvent.setup();
		let fail = true;
		const { calls } = renderBell( () =>
			fail
				? restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
						status: 403,
				  } )
				: twoActive
		);
		const panel = await openPanel( user );
		expect(
			await within( panel ).findByText(
				'The notifications could not be loaded: Sorry, you are not allowed.'
			)
		).toBeInTheDocument();

		fail = false;
		await user.click(
			within( panel ).getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await within( panel ).findByText( 'Connect a data source' )
		).toBeInTheDocument();
		expect( calls ).toHaveLength( 2 );
	} );
} );
