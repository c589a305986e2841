import { googleStore } from '..';
import { createTestRegistry } from '../../../../tests/js/registry';
import { flush, mockApi, restError } from '../../test/api';
import {
	PROPERTIES,
	SITES,
	connectedGoogle,
	googleWith,
	signedInGoogle,
} from './fixture';

const ROUTE = '/monsterinsights-reports/v1/google';

describe( 'google store', () => {
	it( 'loads the connection on first use', async () => {
		const calls = mockApi( () => connectedGoogle() );
		const registry = createTestRegistry();
		expect(
			registry.select( googleStore ).getGoogleConnection()
		).toBeUndefined();
		await flush();
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
		expect( registry.select( googleStore ).getGoogleConnection() ).toEqual(
			connectedGoogle()
		);
	} );

	it( 'lists properties and sites side by side; a list that fails is empty with its error', async () => {
		const calls = mockApi( ( call ) =>
			call.path.endsWith( '/sites' )
				? restError(
						'google_forbidden',
						'Google refused access to the selected property or site.',
						{ status: 403 }
				  )
				: PROPERTIES
		);
		const registry = createTestRegistry();
		await registry.dispatch( googleStore ).loadGoogleLists();
		expect( calls.map( ( call ) => call.path ).sort() ).toEqual( [
			`${ ROUTE }/properties`,
			`${ ROUTE }/sites`,
		] );
		const select = registry.select( googleStore );
		expect( select.getGoogleProperties() ).toEqual( PROPERTIES );
		expect( select.getGooglePropertiesError() ).toBeNull();
		expect( select.getGoogleSites() ).toEqual( [] );
		expect( select.getGoogleSitesError() ).toBe(
			'Google refused access to the selected property or site.'
		);
	} );

	it( 'forgets the lists and the test when the sign-in changes, not when the property does', async () => {
		mockApi( () => PROPERTIES );
		const registry = createTestRegistry();
		const dispatch = registry.dispatch( googleStore );
		dispatch.receiveGoogleConnection( signedInGoogle() );
		dispatch.receiveGoogleLists( {
			properties: PROPERTIES,
			sites: SITES,
			propertiesError: null,
			sitesError: null,
		} );
		dispatch.receiveGoogleConnection( connectedGoogle() );
		expect( registry.select( googleStore ).getGoogleSites() ).toEqual(
			SITES
		);
		dispatch.receiveGoogleConnection(
			googleWith( {
				auth: 'oauth',
				client_id: '1-x.apps.googleusercontent.com',
			} )
		);
		expect( registry.select( googleStore ).getGoogleSites() ).toBeNull();
		expect(
			registry.select( googleStore ).getGoogleProperties()
		).toBeNull();
		await flush();
	} );

	it( 'resolves a refused write to its message, never rejects', async () => {
		mockApi( () =>
			restError( 'rest_invalid_param', 'Invalid parameter(s): key', {
				status: 400,
				params: { key: 'This is not a JSON key file.' },
			} )
		);
		const registry = createTestRegistry();
		const result = await registry
			.dispatch( googleStore )
			.connectServiceAccount( '{' );
		expect( result ).toEqual( {
			success: false,
			error: 'This is not a JSON key file.',
		} );
		expect( registry.select( googleStore ).isSavingGoogle() ).toBe( false );
	} );
} );
