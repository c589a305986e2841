import { notificationsStore, type NotificationsPayload } from '..';
import { createTestRegistry } from '../../../../tests/js/registry';
import {
	deferred,
	mockApi,
	restError,
	flush,
	forbidApiInEachTest,
} from '../../test/api';
import { connect } from './fixture';

const ROUTE = '/monsterinsights-reports/v1/notifications';

const visits = {
	id: 'no-recent-visits',
	type: 'info',
	title: 'Waiting for your first visits',
	content: 'Visits appear a few minutes after people visit your site.',
	date: '2026-11-21T10:00:00+00:00',
	actions: [],
	dismissed: false,
} as const;

const twoActive: NotificationsPayload = {
	active: [
		{ ...connect, actions: [ ...connect.actions ] },
		{ ...visits, actions: [] },
	],
	dismissed: [],
};

const oneDismissed: NotificationsPayload = {
	active: [ { ...visits, actions: [] } ],
	dismissed: [
		{ ...connect, actions: [ ...connect.actions ], dismissed: true },
	],
};

const unexpected = forbidApiInEachTest();

describe( 'notifications store', () => {
	it( 'returns seeded notifications without fetching', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( notificationsStore )
			.receiveNotifications( twoActive );
		expect( registry.select( notificationsStore ).getNotifications() ).toBe(
			twoActive
		);
		expect(
			registry.select( notificationsStore ).getActiveNotificationCount()
		).toBe( 2 );
		await flush();
		expect( unexpected ).toEqual( [] );
	} );

	it( 'loads the notifications once, on first use', async () => {
		const answer = deferred< NotificationsPayload >();
		const calls = mockApi( () => answer.promise );
		const registry = createTestRegistry();
		const select = registry.select( notificationsStore );

		expect( select.getNotifications() ).toBeUndefined();
		expect( select.getActiveNotificationCount() ).toBe( 0 );
		await flush();
		expect( select.isLoadingNotifications() ).toBe( true );

		answer.resolve( twoActive );
		await flush();
		expect( select.getNotifications() ).toEqual( twoActive );
		expect( select.isLoadingNotifications() ).toBe( false );
		expect( select.getActiveNotificationCount() ).toBe( 2 );

		// Asking again, even from another component, fetches nothing more.
		select.getNotifications();
		await flush();
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
	} );

	it( 'keeps the reason a load failed, and loads again on request', async () => {
		let fail = true;
		const calls = mockApi( () =>
			fail
				? restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
						status: 403,
				  } )
				: twoActive
		);
		const registry = createTestRegistry();
		const select = registry.select( notificationsStore );
		select.getNotifications();
		await flush();
		await flush();
		expect( select.getNotifications() ).toBeUndefined();
		expect( select.getNotificationsLoadError() ).toBe(
			'Sorry, you are not allowed.'
		);

		fail = false;
		await registry.dispatch( notificationsStore ).loadNotifications();
		expect( select.getNotificationsLoadError() ).toBeNull();
		expect( select.getNotifications() ).toEqual( twoActive );
		expect( calls ).toHaveLength( 2 );
	} );

	it( 'dismisses one and takes the state from the response', async () => {
		const answer = deferred< NotificationsPayload >();
		const calls = mockApi( () => answer.promise );
		const registry = createTestRegistry();
		registry
			.dispatch( notificationsStore )
			.receiveNotifications( twoActive );
		const select = registry.select( notificationsStore );

		const dismissing = registry
			.dispatch( notificationsStore )
			.dismiss( 'source-not-connected' );
		expect( select.isDismissing( 'source-not-connected' ) ).toBe( true );
		expect( select.isDismissing( 'no-recent-visits' ) ).toBe( false );

		answer.resolve( oneDismissed );
		expect( await dismissing ).toEqual( { success: true } );
		expect( select.isDismissing( 'source-not-connected' ) ).toBe( false );
		expect( select.getNotifications() ).toEqual( oneDismissed );
		expect( select.getActiveNotificationCount() ).toBe( 1 );
		expect( calls ).toEqual( [
			{
				path: `${ ROUTE }/source-not-connected/dismiss`,
				method: 'POST',
			},
		] );
	} );

	it( 'dismisses all', async () => {
		const allDismissed: NotificationsPayload = {
			active: [],
			dismissed: [ ...oneDismissed.dismissed, ...oneDismissed.active ],
		};
		const calls = mockApi( () => allDismissed );
		const registry = createTestRegistry();
		registry
			.dispatch( notificationsStore )
			.receiveNotifications( twoActive );

		const dismissing = registry.dispatch( notificationsStore ).dismissAll();
		expect(
			registry
				.select( notificationsStore )
				.isDismissing( 'no-recent-visits' )
		).toBe( true );
		expect( await dismissing ).toEqual( { success: true } );
		expect(
			registry.select( notificationsStore ).getNotifications()
		).toEqual( allDismissed );
		expect( calls ).toEqual( [
			{ path: `${ ROUTE }/dismiss-all`, method: 'POST' },
		] );
	} );

	it( 'keeps the state and the server’s error text when a dismissal fails', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		const registry = createTestRegistry();
		registry
			.dispatch( notificationsStore )
			.receiveNotifications( twoActive );

		expect(
			await registry
				.dispatch( notificationsStore )
				.dismiss( 'no-recent-visits' )
		).toEqual( { success: false, error: 'Sorry, you are not allowed.' } );
		const select = registry.select( notificationsStore );
		expect( select.getNotifications() ).toBe( twoActive );
		expect( select.getDismissError() ).toBe(
			'Sorry, you are not allowed.'
		);
		expect( select.isDismissing( 'no-recent-visits' ) ).toBe( false );

		// The next attempt clears the error.
		mockApi( () => oneDismissed );
		await registry
			.dispatch( notificationsStore )
			.dismiss( 'source-not-connected' );
		expect( select.getDismissError() ).toBeNull();
	} );

	it( 'reloads the list when the notification no longer applies', async () => {
		const calls = mockApi( ( call ) =>
			call.method === 'POST'
				? restError(
						'rest_notification_not_found',
						'There is no notification "no-recent-visits" to dismiss; it may no longer apply.',
						{ status: 404 }
				  )
				: { active: [ { ...connect, actions: [] } ], dismissed: [] }
		);
		const registry = createTestRegistry();
		registry
			.dispatch( notificationsStore )
			.receiveNotifications( twoActive );

		const result = await registry
			.dispatch( notificationsStore )
			.dismiss( 'no-recent-visits' );
		expect( result ).toEqual( {
			success: false,
			error: 'There is no notification "no-recent-visits" to dismiss; it may no longer apply.',
		} );
		expect(
			registry.select( notificationsStore ).getNotifications()?.active
		).toHaveLength( 1 );
		expect( calls.map( ( call ) => call.method ) ).toEqual( [
			'POST',
			'GET',
		] );
	} );
} );
