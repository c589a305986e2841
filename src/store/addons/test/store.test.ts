import { addonsStore, type AddonsMap } from '..';
import { createTestRegistry } from '../../../../tests/js/registry';
import {
	deferred,
	mockApi,
	restError,
	flush,
	forbidApiInEachTest,
} from '../../test/api';
import { addonsWith } from './fixture';

const ROUTE = '/monsterinsights-reports/v1/addons';

const unexpected = forbidApiInEachTest();

describe( 'addons store', () => {
	it( 'returns a seeded map without fetching', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( addonsStore )
			.receiveAddons( addonsWith( { forms: true } ) );
		expect( registry.select( addonsStore ).getAddons() ).toEqual(
			addonsWith( { forms: true } )
		);
		expect( registry.select( addonsStore ).isAddonActive( 'forms' ) ).toBe(
			true
		);
		expect( registry.select( addonsStore ).isAddonActive( 'media' ) ).toBe(
			false
		);
		await flush();
		expect( unexpected ).toEqual( [] );
	} );

	it( 'loads the map once, however often it is read', async () => {
		const calls = mockApi( () => addonsWith( { dimensions: true } ) );
		const registry = createTestRegistry();
		expect( registry.select( addonsStore ).getAddons() ).toBeUndefined();
		registry.select( addonsStore ).getAddons();
		await flush();
		await flush();
		expect( registry.select( addonsStore ).getAddons() ).toEqual(
			addonsWith( { dimensions: true } )
		);
		registry.select( addonsStore ).getAddons();
		await flush();
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
	} );

	it( 'reads whether a module is on without loading the map', async () => {
		const registry = createTestRegistry();
		expect(
			registry.select( addonsStore ).isAddonActive( 'dimensions' )
		).toBe( false );
		await flush();
		expect( unexpected ).toEqual( [] );
	} );

	it( 'keeps the reason a load failed', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		const registry = createTestRegistry();
		registry.select( addonsStore ).getAddons();
		await flush();
		await flush();
		expect( registry.select( addonsStore ).getAddons() ).toBeUndefined();
		expect( registry.select( addonsStore ).getAddonsLoadError() ).toBe(
			'Sorry, you are not allowed.'
		);
	} );

	it( 'posts {active} to the module’s route and stores the map the server answers', async () => {
		const answer = deferred< AddonsMap >();
		const calls = mockApi( () => answer.promise );
		const registry = createTestRegistry();
		registry.dispatch( addonsStore ).receiveAddons( addonsWith() );

		const switching = registry
			.dispatch( addonsStore )
			.setAddonActive( 'user-journey', true );
		expect(
			registry.select( addonsStore ).isAddonSaving( 'user-journey' )
		).toBe( true );
		expect( registry.select( addonsStore ).isAddonSaving( 'forms' ) ).toBe(
			false
		);
		// The server's answer, not the request, decides the map.
		answer.resolve( addonsWith( { 'user-journey': true, media: true } ) );
		expect( await switching ).toEqual( {
			success: true,
			addons: addonsWith( { 'user-journey': true, media: true } ),
		} );
		expect( calls ).toEqual( [
			{
				path: `${ ROUTE }/user-journey`,
				method: 'POST',
				data: { active: true },
			},
		] );
		expect( registry.select( addonsStore ).getAddons() ).toEqual(
			addonsWith( { 'user-journey': true, media: true } )
		);
		expect(
			registry.select( addonsStore ).isAddonActive( 'user-journey' )
		).toBe( true );
		expect(
			registry.select( addonsStore ).isAddonSaving( 'user-journey' )
		).toBe( false );
	} );

	it( 'turns a module off with {active: false}', async () => {
		const calls = mockApi( () => addonsWith() );
		const registry = createTestRegistry();
		registry
			.dispatch( addonsStore )
			.receiveAddons( addonsWith( { forms: true } ) );
		await registry.dispatch( addonsStore ).setAddonActive( 'forms', false );
		expect( calls ).toEqual( [
			{
				path: `${ ROUTE }/forms`,
				method: 'POST',
				data: { active: false },
			},
		] );
		expect( registry.select( addonsStore ).isAddonActive( 'forms' ) ).toBe(
			false
		);
	} );

	it.each( [
		[
			'the server’s error text',
			'rest_forbidden',
			'Sorry, you are not allowed to change settings.',
			{ status: 403 },
			'Sorry, you are not allowed to change settings.',
		],
		[
			'the per-field message of an invalid parameter',
			'rest_invalid_param',
			'Invalid parameter(s): active',
			{
				status: 400,
				params: { active: 'active is not of type boolean.' },
			},
			'active is not of type boolean.',
		],
	] )(
		'answers %s and keeps the map when a switch is refused',
		async ( _case, code, message, data, text ) => {
			mockApi( () => restError( code, message, data ) );
			const registry = createTestRegistry();
			registry.dispatch( addonsStore ).receiveAddons( addonsWith() );
			expect(
				await registry
					.dispatch( addonsStore )
					.setAddonActive( 'media', true )
			).toEqual( { success: false, error: text } );
			expect( registry.select( addonsStore ).getAddons() ).toEqual(
				addonsWith()
			);
			expect(
				registry.select( addonsStore ).isAddonSaving( 'media' )
			).toBe( false );
		}
	);
} );
