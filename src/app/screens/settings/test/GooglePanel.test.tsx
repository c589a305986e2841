import { act, fireEvent, screen, within } from '@testing-library/react';

import { googleNetworkStore, googleStore } from '../../../../store/google';
import {
	CLIENT_EMAIL,
	PROPERTIES,
	SITES,
	connectedGoogle,
	googleWith,
	signedInGoogle,
} from '../../../../store/google/test/fixture';
import { restError } from '../../../../store/test/api';
import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import {
	GooglePanel,
	clientProblem,
	keyProblem,
	oauthReturn,
} from '../GooglePanel';
import { GOOGLE, NETWORK_GOOGLE, serve, writes, type Routes } from './server';

const KEY = JSON.stringify( {
	type: 'service_account',
	project_id: 'fake-reports-project',
	private_key_id: '0123456789abcdef',
	private_key:
		'-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
	client_email: CLIENT_EMAIL,
} );

const CLIENT_ID = '100000000001-fakereportsclient.apps.googleusercontent.com';

/**
 * Renders the panel against a server.
 *
 * @param routes   The routes.
 * @param navigate Receives the sign-in URL.
 */
function renderPanel(
	routes: Routes,
	navigate: ( url: string ) => void = () => undefined
) {
	const calls = serve( routes );
	const registry = createShellRegistry();
	renderIn(
		<GooglePanel returnTo="settings" navigate={ navigate } />,
		registry
	);
	return { calls, registry };
}

/**
 * Clicks a button and lets what it starts finish.
 *
 * @param name The button's name.
 */
async function click( name: string ): Promise< void > {
	await act( async () => {
		fireEvent.click( screen.getByRole( 'button', { name } ) );
	} );
}

/**
 * Types into a field by its label.
 *
 * @param label The label.
 * @param value The value.
 */
function type( label: string, value: string ): void {
	fireEvent.change( screen.getByLabelText( label ), { target: { value } } );
}

/**
 * The routes of a site signed in with the service account.
 *
 * @param connection What GET /google answers.
 */
function signedInRoutes( connection = signedInGoogle() ): Routes {
	return {
		[ `GET ${ GOOGLE }` ]: () => connection,
		[ `GET ${ GOOGLE }/properties` ]: () => PROPERTIES,
		[ `GET ${ GOOGLE }/sites` ]: () => SITES,
	};
}

describe( 'keyProblem, clientProblem and oauthReturn', () => {
	it( 'name what is wrong with a key or a client before anything is sent', () => {
		expect( keyProblem( ' ' ) ).toBe(
			'Paste the service account’s JSON key, or choose the key file.'
		);
		expect( keyProblem( '{"type":' ) ).toMatch(
			/^This is not a JSON key file\./
		);
		expect( keyProblem( '[1]' ) ).toMatch(
			/^This is not a JSON key file\./
		);
		expect(
			keyProblem( JSON.stringify( { type: 'authorized_user' } ) )
		).toMatch( /^This JSON is not a service account key/ );
		expect(
			keyProblem(
				JSON.stringify( { ...JSON.parse( KEY ), private_key: '' } )
			)
		).toBe(
			'The service account key has no "private_key". Paste the whole JSON file, unchanged.'
		);
		expect( keyProblem( KEY ) ).toBeNull();

		expect( clientProblem( 'abc', 'secret', '' ) ).toBe(
			'Client ID: enter the OAuth client’s id, which ends in .apps.googleusercontent.com.'
		);
		expect( clientProblem( CLIENT_ID, '', '' ) ).toBe(
			'Client secret: enter the OAuth client’s secret.'
		);
		// A secret stored for the same client may stay.
		expect( clientProblem( CLIENT_ID, '', CLIENT_ID ) ).toBeNull();
		expect( clientProblem( ` ${ CLIENT_ID } `, 's', '' ) ).toBeNull();

		expect( oauthReturn( '#/settings?google=connected' ) ).toBe(
			'connected'
		);
		expect( oauthReturn( '#/setup-wizard?google=failed' ) ).toBe(
			'failed'
		);
		expect( oauthReturn( '#/settings' ) ).toBeNull();
	} );
} );

describe( 'GooglePanel', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'offers both ways to sign in, with labelled fields, and checks the key before sending it', async () => {
		const { calls } = renderPanel( {
			[ `GET ${ GOOGLE }` ]: () => googleWith(),
		} );
		expect(
			await screen.findByRole( 'region', {
				name: 'Connect Google Analytics',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'radio', { name: 'Service account key' } )
		).toBeChecked();
		expect(
			screen.getByRole( 'textbox', {
				name: 'Service account key (JSON)',
			} )
		).toHaveValue( '' );
		expect(
			screen.getByLabelText( 'Or read the key file' )
		).toHaveAttribute( 'type', 'file' );

		await click( 'Connect with this key' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Paste the service account’s JSON key, or choose the key file.'
		);
		type( 'Service account key (JSON)', '{"type": "service_account"' );
		await click( 'Connect with this key' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'This is not a JSON key file.'
		);
		expect( writes( calls ) ).toEqual( [] );
	} );

	it( 'sends a pasted key, shows the server’s refusal, and goes on to the property once Google accepts it', async () => {
		let refuse = true;
		const { calls } = renderPanel( {
			...signedInRoutes(),
			[ `GET ${ GOOGLE }` ]: () => googleWith(),
			[ `POST ${ GOOGLE }/service-account` ]: () =>
				refuse
					? restError(
							'google_key_refused',
							'Google refused this service account key: invalid_grant: Invalid JWT Signature.',
							{ status: 400, param: 'key' }
					  )
					: signedInGoogle(),
		} );
		await screen.findByRole( 'region', {
			name: 'Connect Google Analytics',
		} );
		type( 'Service account key (JSON)', KEY );
		await click( 'Connect with this key' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Google refused this service account key: invalid_grant: Invalid JWT Signature.'
		);
		expect( writes( calls ) ).toEqual( [
			{
				path: `${ GOOGLE }/service-account`,
				method: 'POST',
				data: { key: KEY },
			},
		] );

		refuse = false;
		await click( 'Connect with this key' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Google accepted the key. Now choose the property.'
		);
		expect(
			screen.getByText(
				`Signed in with the service account ${ CLIENT_EMAIL }.`
			)
		).toBeInTheDocument();
		const picker = await screen.findByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		expect(
			within( picker )
				.getAllByRole( 'group' )
				.map( ( group ) => group.getAttribute( 'label' ) )
		).toEqual( [ 'Example Company', 'Side Project' ] );
		expect(
			within( picker )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [
			'Choose a property',
			'example.com - GA4 (300000001)',
			'shop.example.com - GA4 (300000002)',
			'blog.example.org (300000003)',
		] );
		expect(
			screen.queryByRole( 'textbox', {
				name: 'Service account key (JSON)',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'starts the OAuth sign-in after checking the client, and sends the browser to Google', async () => {
		const navigate = jest.fn();
		const url = 'https://accounts.google.com/o/oauth2/v2/auth?state=x';
		const { calls } = renderPanel(
			{
				[ `GET ${ GOOGLE }` ]: () => googleWith(),
				[ `POST ${ GOOGLE }/oauth/start` ]: () => ( {
					url,
					redirect_uri: googleWith().redirect_uri,
				} ),
			},
			navigate
		);
		await screen.findByRole( 'region', {
			name: 'Connect Google Analytics',
		} );
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'OAuth client' } )
		);
		expect(
			screen.getByText( googleWith().redirect_uri, { selector: 'code' } )
		).toBeInTheDocument();
		expect( screen.getByLabelText( 'Client secret' ) ).toHaveAttribute(
			'type',
			'password'
		);

		type( 'Client ID', 'my-client' );
		await click( 'Sign in with Google' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Client ID: enter the OAuth client’s id, which ends in .apps.googleusercontent.com.'
		);
		type( 'Client ID', CLIENT_ID );
		await click( 'Sign in with Google' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Client secret: enter the OAuth client’s secret.'
		);
		expect( writes( calls ) ).toEqual( [] );

		type( 'Client secret', 'GOCSPX-secret' );
		await click( 'Sign in with Google' );
		expect( writes( calls ) ).toEqual( [
			{
				path: `${ GOOGLE }/oauth/start`,
				method: 'POST',
				data: {
					client_id: CLIENT_ID,
					client_secret: 'GOCSPX-secret',
					return: 'settings',
				},
			},
		] );
		expect( navigate ).toHaveBeenCalledWith( url );
	} );

	it( 'saves the property, the site and the PageSpeed key, says a key is saved without showing it, and deletes it on request', async () => {
		let connection = signedInGoogle();
		const { calls, registry } = renderPanel( {
			...signedInRoutes(),
			[ `GET ${ GOOGLE }` ]: () => connection,
			[ `POST ${ GOOGLE }/select` ]: ( call ) => {
				const data = call.data as { clear_psi: boolean };
				connection = connectedGoogle( {
					has_psi_key: ! data.clear_psi,
				} );
				return connection;
			},
		} );
		await screen.findByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		// No property yet: no currency nor time zone.
		expect( screen.queryByText( /Property currency/ ) ).toBeNull();
		await click( 'Save Google settings' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Property: choose the Google Analytics 4 property to report on.'
		);
		expect(
			screen.getByRole( 'button', { name: 'Test connection' } )
		).toBeDisabled();

		fireEvent.change(
			screen.getByRole( 'combobox', {
				name: 'Google Analytics 4 property',
			} ),
			{ target: { value: '300000001' } }
		);
		fireEvent.change(
			screen.getByRole( 'combobox', { name: 'Search Console site' } ),
			{ target: { value: 'https://example.com/' } }
		);
		expect(
			screen.getByLabelText( 'PageSpeed Insights API key (optional)' )
		).toHaveAttribute( 'type', 'password' );
		type( 'PageSpeed Insights API key (optional)', ' AIzaKey ' );
		await click( 'Save Google settings' );
		expect( writes( calls )[ 0 ] ).toEqual( {
			path: `${ GOOGLE }/select`,
			method: 'POST',
			data: {
				property: '300000001',
				property_name: 'example.com - GA4',
				sc_site: 'https://example.com/',
				psi_key: 'AIzaKey',
				clear_psi: false,
			},
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Google settings saved.'
		);
		expect(
			registry.select( googleStore ).getGoogleConnection()?.connected
		).toBe( true );
		// The saved property's currency and time zone, as the server read them from Google.
		expect(
			screen.getByText(
				'Property currency: USD. Time zone: America/New_York.'
			)
		).toBeInTheDocument();
		// Not while another property is picked and not saved yet.
		const picker = screen.getByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		fireEvent.change( picker, { target: { value: '300000002' } } );
		expect( screen.queryByText( /Property currency/ ) ).toBeNull();
		fireEvent.change( picker, { target: { value: '300000001' } } );
		expect(
			screen.getByLabelText( 'PageSpeed Insights API key (optional)' )
		).toHaveValue( '' );
		expect(
			screen.getByText(
				'A key is saved. Leave empty to keep it, or enter a new one.'
			)
		).toBeInTheDocument();

		fireEvent.click(
			screen.getByRole( 'checkbox', {
				name: 'Delete the saved PageSpeed key',
			} )
		);
		await click( 'Save Google settings' );
		expect( writes( calls )[ 1 ]?.data ).toEqual( {
			property: '300000001',
			property_name: 'example.com - GA4',
			sc_site: 'https://example.com/',
			psi_key: null,
			clear_psi: true,
		} );
		expect(
			screen.queryByRole( 'checkbox', {
				name: 'Delete the saved PageSpeed key',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'refuses a property the server refuses with its message', async () => {
		renderPanel( {
			...signedInRoutes(),
			[ `POST ${ GOOGLE }/select` ]: () =>
				restError(
					'google_unknown_property',
					'property: 300000002 is not one of the GA4 properties these credentials can read.',
					{ status: 400, param: 'property' }
				),
		} );
		fireEvent.change(
			await screen.findByRole( 'combobox', {
				name: 'Google Analytics 4 property',
			} ),
			{ target: { value: '300000002' } }
		);
		await click( 'Save Google settings' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'property: 300000002 is not one of the GA4 properties these credentials can read.'
		);
	} );

	it( 'lists what each API answered to Test connection', async () => {
		const { calls } = renderPanel( {
			...signedInRoutes( connectedGoogle() ),
			[ `POST ${ GOOGLE }/test` ]: () => ( {
				analytics: {
					ok: true,
					configured: true,
					message: '42 sessions yesterday',
				},
				searchconsole: {
					ok: false,
					configured: true,
					message: 'User does not have sufficient permission.',
				},
				pagespeed: {
					ok: false,
					configured: false,
					message:
						'Not configured: add a PageSpeed Insights API key.',
				},
			} ),
		} );
		await screen.findByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		expect(
			screen.getByRole( 'combobox', {
				name: 'Google Analytics 4 property',
			} )
		).toHaveValue( '300000001' );
		await click( 'Test connection' );
		expect( writes( calls ) ).toEqual( [
			{ path: `${ GOOGLE }/test`, method: 'POST' },
		] );
		const list = screen.getByRole( 'list', {
			name: 'What each Google API answered',
		} );
		expect(
			within( list )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [
			'Google Analytics 4: OK — 42 sessions yesterday',
			'Search Console: Error — User does not have sufficient permission.',
			'PageSpeed Insights: Not configured — Not configured: add a PageSpeed Insights API key.',
		] );
	} );

	it( 'disconnects and starts over', async () => {
		const onDisconnected = jest.fn();
		const calls = serve( {
			...signedInRoutes( connectedGoogle() ),
			[ `DELETE ${ GOOGLE }` ]: () => googleWith(),
		} );
		renderIn(
			<GooglePanel
				returnTo="settings"
				onDisconnected={ onDisconnected }
			/>,
			createShellRegistry()
		);
		await screen.findByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		await click( 'Disconnect' );
		expect( writes( calls ) ).toEqual( [
			{ path: GOOGLE, method: 'DELETE' },
		] );
		expect( onDisconnected ).toHaveBeenCalledTimes( 1 );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Google Analytics is disconnected. Its credentials were deleted from this site.'
		);
		expect(
			screen.getByRole( 'textbox', {
				name: 'Service account key (JSON)',
			} )
		).toBeInTheDocument();
	} );

	it( 'says when Google asks to sign in again and when the site uses the network’s connection', async () => {
		renderPanel( {
			[ `GET ${ GOOGLE }` ]: () =>
				googleWith( { reauth: true, uses_network: true } ),
		} );
		expect(
			await screen.findByText(
				'Google no longer accepts these credentials. Sign in again (paste a new key or sign in with Google).'
			)
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'This site uses the network’s Google connection. Connecting here gives the site a connection of its own.'
			)
		).toBeInTheDocument();
	} );
} );

describe( 'GooglePanel for the network', () => {
	const REDIRECT =
		'http://example.org/wp-admin/network/admin.php?page=monsterinsights_reports';

	/**
	 * The network's connection as GET /google/network answers it.
	 *
	 * @param changes The fields to change.
	 */
	function networkWith( changes: Parameters< typeof googleWith >[ 0 ] = {} ) {
		return googleWith( {
			scope: 'network',
			redirect_uri: REDIRECT,
			...changes,
		} );
	}

	/**
	 * Renders the network's panel against a server that answers only the network's routes.
	 *
	 * @param routes   The routes.
	 * @param navigate Receives the sign-in URL.
	 */
	function renderNetworkPanel(
		routes: Routes,
		navigate: ( url: string ) => void = () => undefined
	) {
		const calls = serve( routes );
		const registry = createShellRegistry();
		renderIn(
			<GooglePanel
				scope="network"
				returnTo="settings"
				navigate={ navigate }
			/>,
			registry
		);
		return { calls, registry };
	}

	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'connects the network by a key, picks its property and site, tests and disconnects it on the network’s routes only', async () => {
		let connection = networkWith();
		const { calls, registry } = renderNetworkPanel( {
			[ `GET ${ NETWORK_GOOGLE }` ]: () => connection,
			[ `POST ${ NETWORK_GOOGLE }/service-account` ]: () => {
				connection = networkWith( {
					auth: 'service_account',
					client_email: CLIENT_EMAIL,
				} );
				return connection;
			},
			[ `GET ${ NETWORK_GOOGLE }/properties` ]: () => PROPERTIES,
			[ `GET ${ NETWORK_GOOGLE }/sites` ]: () => SITES,
			[ `POST ${ NETWORK_GOOGLE }/select` ]: () => {
				connection = networkWith( {
					...connectedGoogle(),
					scope: 'network',
					redirect_uri: REDIRECT,
				} );
				return connection;
			},
			[ `POST ${ NETWORK_GOOGLE }/test` ]: () => ( {
				analytics: {
					ok: true,
					configured: true,
					message: '512 sessions yesterday',
				},
				searchconsole: {
					ok: true,
					configured: true,
					message: '3 sites readable',
				},
				pagespeed: {
					ok: false,
					configured: false,
					message: 'Not configured',
				},
			} ),
			[ `DELETE ${ NETWORK_GOOGLE }` ]: () => networkWith(),
		} );

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
			screen.getByRole( 'group', {
				name: 'How the network signs in to Google',
			} )
		).toBeInTheDocument();

		type( 'Service account key (JSON)', KEY );
		await click( 'Connect with this key' );
		expect(
			screen.getByText(
				`Signed in with the service account ${ CLIENT_EMAIL }.`
			)
		).toBeInTheDocument();
		fireEvent.change(
			await screen.findByRole( 'combobox', {
				name: 'Google Analytics 4 property',
			} ),
			{ target: { value: '300000001' } }
		);
		fireEvent.change(
			screen.getByRole( 'combobox', { name: 'Search Console site' } ),
			{ target: { value: 'https://example.com/' } }
		);
		await click( 'Save Google settings' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Google settings saved. The network’s sites without a connection of their own report on this property.'
		);
		await click( 'Test connection' );
		expect(
			within(
				screen.getByRole( 'list', {
					name: 'What each Google API answered',
				} )
			)
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [
			'Google Analytics 4: OK — 512 sessions yesterday',
			'Search Console: OK — 3 sites readable',
			'PageSpeed Insights: Not configured — Not configured',
		] );
		await click( 'Disconnect' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'The network’s Google Analytics connection is disconnected. Its credentials were deleted. Sites that used it are not connected until the network or the site connects again.'
		);

		// Every call went to the network's routes; the site's connection was never asked.
		expect(
			calls.map( ( call ) => `${ call.method } ${ call.path }` )
		).toEqual( [
			`GET ${ NETWORK_GOOGLE }`,
			`POST ${ NETWORK_GOOGLE }/service-account`,
			`GET ${ NETWORK_GOOGLE }/properties`,
			`GET ${ NETWORK_GOOGLE }/sites`,
			`POST ${ NETWORK_GOOGLE }/select`,
			`POST ${ NETWORK_GOOGLE }/test`,
			`DELETE ${ NETWORK_GOOGLE }`,
		] );
		expect( writes( calls )[ 1 ] ).toEqual( {
			path: `${ NETWORK_GOOGLE }/select`,
			method: 'POST',
			data: {
				property: '300000001',
				property_name: 'example.com - GA4',
				sc_site: 'https://example.com/',
				psi_key: null,
				clear_psi: false,
			},
		} );
		// The site's store was not touched.
		expect( registry.select( googleStore ).hasGoogleConnection() ).toBe(
			false
		);
		expect(
			registry.select( googleNetworkStore ).getGoogleConnection()
		).toEqual( networkWith() );
	} );

	it( 'starts the OAuth sign-in for the network and shows the network admin page as the redirect URI', async () => {
		const navigate = jest.fn();
		const url = 'https://accounts.google.com/o/oauth2/v2/auth?state=n';
		const { calls } = renderNetworkPanel(
			{
				[ `GET ${ NETWORK_GOOGLE }` ]: () => networkWith(),
				[ `POST ${ NETWORK_GOOGLE }/oauth/start` ]: () => ( {
					url,
					redirect_uri: REDIRECT,
				} ),
			},
			navigate
		);
		await screen.findByRole( 'region', {
			name: 'Connect Google Analytics for the network',
		} );
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'OAuth client' } )
		);
		expect(
			screen.getByText( REDIRECT, { selector: 'code' } )
		).toBeInTheDocument();
		type( 'Client ID', CLIENT_ID );
		type( 'Client secret', 'GOCSPX-network' );
		await click( 'Sign in with Google' );
		expect( writes( calls ) ).toEqual( [
			{
				path: `${ NETWORK_GOOGLE }/oauth/start`,
				method: 'POST',
				data: {
					client_id: CLIENT_ID,
					client_secret: 'GOCSPX-network',
					return: 'settings',
				},
			},
		] );
		expect( navigate ).toHaveBeenCalledWith( url );
	} );
} );
