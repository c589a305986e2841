import { act, fireEvent, screen, within } from '@testing-library/react';

import { appStore } from '../../../../store/app';
import { settingsStore } from '../../../../store/settings';
import { settingsWith } from '../../../../store/settings/test/fixture';
import { restError } from '../../../../store/test/api';
import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import { SetupWizard } from '../SetupWizard';
import {
	PROPERTIES,
	SITES,
	connectedGoogle,
	googleWith,
	signedInGoogle,
} from '../../../../store/google/test/fixture';
import { GOOGLE, SETTINGS, serve, writes, type Routes } from './server';

const STEPS = [
	'Choose your data source',
	'Privacy and tracking',
	'Finish setup',
] as const;

/**
 * Renders the wizard on a fresh, not connected site.
 *
 * @param routes Routes to add or replace.
 */
function renderWizard( routes: Routes = {} ) {
	const stored = settingsWith( { source: '' } );
	const calls = serve( {
		[ `GET ${ SETTINGS }` ]: () => stored,
		[ `POST ${ SETTINGS }` ]: ( call ) => ( {
			...stored,
			...( call.data as object ),
			tracking: {
				...stored.tracking,
				...( call.data as { tracking?: object } ).tracking,
			},
		} ),
		...routes,
	} );
	const registry = createShellRegistry();
	renderIn( <SetupWizard />, registry );
	return { calls, registry };
}

/**
 * The current step's heading.
 *
 * @param step The step's title.
 */
function stepHeading( step: ( typeof STEPS )[ number ] ): HTMLElement {
	return screen.getByRole( 'heading', { level: 3, name: step } );
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

describe( 'SetupWizard', () => {
	beforeEach( () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=monsterinsights_reports#/setup-wizard'
		);
	} );

	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'lists three steps and starts on the data source, its heading focused', async () => {
		renderWizard();
		expect( screen.getByText( 'Loading settings…' ) ).toBeInTheDocument();
		expect(
			await screen.findByRole( 'heading', {
				level: 2,
				name: 'Setup Wizard',
			} )
		).toBeInTheDocument();
		const steps = within( screen.getByRole( 'list' ) ).getAllByRole(
			'listitem'
		);
		expect( steps.map( ( step ) => step.textContent ) ).toEqual(
			STEPS.map( ( title, index ) => `${ index + 1 }. ${ title }` )
		);
		expect( steps[ 0 ] ).toHaveAttribute( 'aria-current', 'step' );
		expect( steps[ 1 ] ).not.toHaveAttribute( 'aria-current' );
		expect( stepHeading( STEPS[ 0 ] ) ).toHaveFocus();
		expect(
			screen.getByRole( 'radio', { name: 'Built-in analytics' } )
		).toBeChecked();
		expect( screen.getByRole( 'button', { name: 'Back' } ) ).toBeDisabled();
	} );

	it( 'asks to connect google before going on, then finishes on the chosen property', async () => {
		let connection = signedInGoogle();
		const { calls } = renderWizard( {
			[ `GET ${ GOOGLE }` ]: () => connection,
			[ `GET ${ GOOGLE }/properties` ]: () => PROPERTIES,
			[ `GET ${ GOOGLE }/sites` ]: () => SITES,
			[ `POST ${ GOOGLE }/select` ]: () => {
				connection = connectedGoogle( { sc_site: '' } );
				return connection;
			},
		} );
		await screen.findByRole( 'heading', { name: STEPS[ 0 ] } );
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		);
		await screen.findByRole( 'combobox', {
			name: 'Google Analytics 4 property',
		} );
		await click( 'Continue' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Connect Google Analytics first: sign in and choose a property, then continue.'
		);
		expect( stepHeading( STEPS[ 0 ] ) ).toBeInTheDocument();

		fireEvent.change(
			screen.getByRole( 'combobox', {
				name: 'Google Analytics 4 property',
			} ),
			{ target: { value: '300000001' } }
		);
		await click( 'Save Google settings' );
		await click( 'Continue' );
		expect( stepHeading( STEPS[ 1 ] ) ).toHaveFocus();
		await click( 'Continue' );
		expect(
			screen.getByText(
				'Your reports will use Google Analytics 4, property example.com - GA4.'
			)
		).toBeInTheDocument();
		await click( 'Finish Setup and View Reports' );
		expect(
			writes( calls ).map( ( call ) => [ call.path, call.data ] )
		).toEqual( [
			[
				`${ GOOGLE }/select`,
				{
					property: '300000001',
					property_name: 'example.com - GA4',
					sc_site: '',
					psi_key: null,
					clear_psi: false,
				},
			],
			[ SETTINGS, expect.objectContaining( { source: 'google' } ) ],
		] );
		expect( window.location.hash ).toBe( '#/' );
	} );

	it( 'goes on with google on a site that uses the network’s connection', async () => {
		const { calls } = renderWizard( {
			[ `GET ${ GOOGLE }` ]: () => googleWith( { uses_network: true } ),
		} );
		await screen.findByRole( 'heading', { name: STEPS[ 0 ] } );
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		);
		await screen.findByText(
			'This site uses the network’s Google connection. Connecting here gives the site a connection of its own.'
		);
		await click( 'Continue' );
		expect( stepHeading( STEPS[ 1 ] ) ).toHaveFocus();
		await click( 'Continue' );
		expect(
			screen.getByText(
				'Your reports will use Google Analytics 4 through the network’s Google connection.'
			)
		).toBeInTheDocument();
		await click( 'Finish Setup and View Reports' );
		expect( writes( calls ) ).toEqual( [
			expect.objectContaining( {
				path: SETTINGS,
				data: expect.objectContaining( { source: 'google' } ),
			} ),
		] );
	} );

	it( 'starts on google when Google’s sign-in comes back to it', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=monsterinsights_reports#/setup-wizard?google=connected'
		);
		renderWizard( {
			[ `GET ${ GOOGLE }` ]: () =>
				googleWith( {
					auth: 'oauth',
					client_id: '1-x.apps.googleusercontent.com',
				} ),
			[ `GET ${ GOOGLE }/properties` ]: () => PROPERTIES,
			[ `GET ${ GOOGLE }/sites` ]: () => SITES,
		} );
		await screen.findByRole( 'heading', { name: STEPS[ 0 ] } );
		expect(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		).toBeChecked();
		expect(
			await screen.findByText(
				'Signed in with Google. Now choose the property.'
			)
		).toBeInTheDocument();
	} );

	it( 'walks the steps with focus on each heading, then saves the tracking choices and the source in one request', async () => {
		const { calls, registry } = renderWizard();
		await screen.findByRole( 'heading', { name: STEPS[ 0 ] } );
		await click( 'Continue' );

		// Step 2: the basic tracking fields only.
		expect( stepHeading( STEPS[ 1 ] ) ).toHaveFocus();
		expect( screen.getAllByRole( 'listitem' )[ 1 ] ).toHaveAttribute(
			'aria-current',
			'step'
		);
		expect(
			screen.queryByLabelText( 'Keep raw visits for (months)' )
		).not.toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Editor' } ) );
		fireEvent.click(
			screen.getByRole( 'checkbox', {
				name: 'Honour Global Privacy Control',
			} )
		);
		fireEvent.change( screen.getByLabelText( 'Excluded IP addresses' ), {
			target: { value: '192.0.2.10\n\n 2001:db8::/32 ' },
		} );

		// Back keeps what was typed.
		await click( 'Back' );
		expect( stepHeading( STEPS[ 0 ] ) ).toHaveFocus();
		await click( 'Continue' );
		expect( screen.getByLabelText( 'Excluded IP addresses' ) ).toHaveValue(
			'192.0.2.10\n\n 2001:db8::/32 '
		);
		await click( 'Continue' );

		// Step 3: nothing is stored yet.
		expect( stepHeading( STEPS[ 2 ] ) ).toHaveFocus();
		expect(
			screen.getByText(
				'Your reports will use Built-in analytics. Visits are counted without cookies and without storing IP addresses.'
			)
		).toBeInTheDocument();
		expect( writes( calls ) ).toEqual( [] );
		expect( registry.select( appStore ).getBoot()?.source.connected ).toBe(
			false
		);

		await click( 'Finish Setup and View Reports' );
		expect( writes( calls ) ).toEqual( [
			{
				path: SETTINGS,
				method: 'POST',
				data: {
					tracking: {
						excluded_roles: [ 'administrator', 'editor' ],
						honor_dnt: true,
						honor_gpc: false,
						excluded_ips: [ '192.0.2.10', '2001:db8::/32' ],
					},
					source: 'builtin',
				},
			},
		] );
		expect( registry.select( appStore ).getBoot()?.source ).toEqual( {
			active: 'builtin',
			connected: true,
		} );
		expect( registry.select( settingsStore ).getSettings()?.source ).toBe(
			'builtin'
		);
		expect( window.location.hash ).toBe( '#/' );
	} );

	it( 'shows the server’s message when finishing fails, and stays unconnected', async () => {
		const message =
			'source: the “builtin” data source is not available in this version.';
		const { calls, registry } = renderWizard( {
			[ `POST ${ SETTINGS }` ]: () =>
				restError(
					'rest_invalid_param',
					'Invalid parameter(s): source',
					{
						status: 400,
						params: { source: message },
					}
				),
		} );
		await screen.findByRole( 'heading', { name: STEPS[ 0 ] } );
		await click( 'Continue' );
		await click( 'Continue' );
		await click( 'Finish Setup and View Reports' );

		expect( writes( calls ) ).toHaveLength( 1 );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent( message );
		expect( stepHeading( STEPS[ 2 ] ) ).toBeInTheDocument();
		expect( registry.select( appStore ).getBoot()?.source.connected ).toBe(
			false
		);
		expect( window.location.hash ).toBe( '#/setup-wizard' );
	} );
} );
