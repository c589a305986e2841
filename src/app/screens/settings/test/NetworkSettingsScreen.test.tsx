import { act, fireEvent, screen } from '@testing-library/react';

import { restError } from '../../../../store/test/api';
import { FRESH_TRACKING } from '../../../../store/settings/test/fixture';
import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import {
	NetworkSettingsScreen,
	type NetworkSettings,
} from '../NetworkSettingsScreen';
import { googleWith } from '../../../../store/google/test/fixture';
import {
	NETWORK_GOOGLE,
	NETWORK_LICENCE,
	NETWORK_SETTINGS,
	licenceWith,
	serve,
	toasts,
	writes,
	type Routes,
} from './server';

const DEFAULTS: NetworkSettings = {
	tracking: {
		...FRESH_TRACKING,
		custom_dimensions: [ 'author', 'logged_in' ],
		site_speed_sample: -1,
	},
	modules: {
		dimensions: false,
		woocommerce: false,
		forms: true,
		media: false,
		'user-journey': false,
	},
};

function renderScreen( routes: Routes = {} ) {
	const calls = serve( {
		[ `GET ${ NETWORK_SETTINGS }` ]: () => DEFAULTS,
		[ `GET ${ NETWORK_LICENCE }` ]: () => licenceWith(),
		[ `GET ${ NETWORK_GOOGLE }` ]: () => googleWith( { scope: 'network' } ),
		...routes,
	} );
	const registry = createShellRegistry();
	renderIn( <NetworkSettingsScreen />, registry );
	return { calls, registry };
}

async function save(): Promise< void > {
	await act( async () => {
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save Changes' } )
		);
	} );
}

describe( 'NetworkSettingsScreen', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'shows the network’s Google connection, which sites without their own use', async () => {
		const { calls } = renderScreen();
		expect(
			await screen.findByRole( 'region', {
				name: 'Connect Google Analytics for the network',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Sites of the network that have no Google connection of their own use this one: their reports read the property chosen here. A site’s administrator can still connect the site to Google in its own settings.'
			)
		).toBeInTheDocument();
		expect(
			calls.filter( ( call ) => call.path.includes( '/google' ) )
		).toEqual( [ { path: NETWORK_GOOGLE, method: 'GET' } ] );
	} );

	it( 'saves the default tracking choices and modules of the network’s sites', async () => {
		const { calls, registry } = renderScreen( {
			[ `POST ${ NETWORK_SETTINGS }` ]: ( call ) => {
				const data = call.data as NetworkSettings;
				return {
					tracking: { ...DEFAULTS.tracking, ...data.tracking },
					modules: data.modules,
				};
			},
		} );
		expect(
			await screen.findByRole( 'checkbox', { name: 'Forms' } )
		).toBeChecked();
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Media' } ) );
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Author' } ) );
		fireEvent.change( screen.getByLabelText( 'Excluded IP addresses' ), {
			target: { value: '10.0.0.0/8\n' },
		} );
		await save();

		expect( writes( calls ) ).toEqual( [
			{
				path: NETWORK_SETTINGS,
				method: 'POST',
				data: {
					tracking: {
						excluded_roles: [ 'administrator', 'author' ],
						honor_dnt: true,
						honor_gpc: true,
						excluded_ips: [ '10.0.0.0/8' ],
					},
					modules: { ...DEFAULTS.modules, media: true },
				},
			},
		] );
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Settings Updated' ],
		] );
		expect(
			screen.getByRole( 'checkbox', { name: 'Media' } )
		).toBeChecked();
	} );

	it( 'shows the server’s message for a refused default', async () => {
		const message =
			'tracking.excluded_ips[0]: “nope” is not an IP address or a CIDR range such as 192.0.2.0/24.';
		const { registry } = renderScreen( {
			[ `POST ${ NETWORK_SETTINGS }` ]: () =>
				restError(
					'rest_invalid_param',
					'Invalid parameter(s): tracking',
					{
						status: 400,
						params: { tracking: message },
					}
				),
		} );
		await screen.findByRole( 'checkbox', { name: 'Forms' } );
		fireEvent.change( screen.getByLabelText( 'Excluded IP addresses' ), {
			target: { value: 'nope' },
		} );
		await save();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent( message );
		expect( toasts( registry ) ).toEqual( [] );
	} );
} );
