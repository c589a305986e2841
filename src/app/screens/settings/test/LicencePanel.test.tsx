import { act, fireEvent, screen } from '@testing-library/react';

import { appStore } from '../../../../store/app';
import type { BootData } from '../../../../store/app/types';
import { restError, type ApiCall } from '../../../../store/test/api';
import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import { LicencePanel, type LicenceState } from '../LicencePanel';
import {
	LICENCE,
	NETWORK_LICENCE,
	licenceWith,
	proKey,
	serve,
	toasts,
	writes,
	type Routes,
} from './server';

const KEY = 'eyJrZXlfaWQiOiJlMmUtdGVzdCJ9.c2lnbmF0dXJl';

/**
 * Renders the panel against a server holding a licence state.
 *
 * @param state  What GET answers.
 * @param routes Routes to add or replace.
 * @param scope  Site or network.
 * @param boot   Boot data sections.
 */
function renderPanel(
	state: LicenceState,
	routes: Routes = {},
	scope: 'site' | 'network' = 'site',
	boot: Partial< BootData > = {}
) {
	const path = scope === 'network' ? NETWORK_LICENCE : LICENCE;
	const calls = serve( { [ `GET ${ path }` ]: () => state, ...routes } );
	const registry = createShellRegistry( {
		source: { active: 'builtin', connected: true },
		...boot,
	} );
	renderIn( <LicencePanel scope={ scope } />, registry );
	return { calls, registry };
}

/**
 * Types a key and activates it.
 *
 * @param key The key.
 */
async function activate( key: string ): Promise< void > {
	fireEvent.change( screen.getByLabelText( 'Licence key' ), {
		target: { value: key },
	} );
	await act( async () => {
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Activate key' } )
		);
	} );
}

describe( 'LicencePanel', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'shows the level and the stored key from GET /licence', async () => {
		const { calls } = renderPanel(
			licenceWith( { level: 'pro', source: 'site', site: proKey() } )
		);
		expect(
			await screen.findByText( 'Your level: Pro' )
		).toBeInTheDocument();
		expect( screen.getByText( 'eyJrZX…QECg' ) ).toBeInTheDocument();
		expect(
			screen.getByText( 'Pro, issued to Example Ltd' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Remove licence key' } )
		).toBeInTheDocument();
		expect( calls ).toEqual( [ { path: LICENCE, method: 'GET' } ] );
	} );

	it( 'says when the level comes from the network licence', async () => {
		renderPanel(
			licenceWith( {
				level: 'plus',
				source: 'network',
				network: proKey( { level: 'plus', network: true } ),
			} )
		);
		expect(
			await screen.findByText(
				'Your level: Plus (from the network licence)'
			)
		).toBeInTheDocument();
		// The site has no key of its own to remove.
		expect(
			screen.queryByRole( 'button', { name: 'Remove licence key' } )
		).not.toBeInTheDocument();
	} );

	it( 'warns about a stored key that no longer counts', async () => {
		renderPanel(
			licenceWith( {
				site: proKey( {
					status: 'expired',
					message: 'This licence key expired on 1 January 2020.',
				} ),
			} )
		);
		expect(
			await screen.findByText( 'Your level: Lite' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'This licence key expired on 1 January 2020.' )
		).toBeInTheDocument();
	} );

	it( 'activates a key: POSTs it trimmed, shows the new level and unlocks the app at once', async () => {
		const { calls, registry } = renderPanel( licenceWith(), {
			[ `POST ${ LICENCE }` ]: () =>
				licenceWith( { level: 'pro', source: 'site', site: proKey() } ),
		} );
		await screen.findByText( 'Your level: Lite' );
		expect( registry.select( appStore ).getLevel() ).toBe( 'lite' );

		await activate( `  ${ KEY }\n` );
		expect( writes( calls ) ).toEqual( [
			{ path: LICENCE, method: 'POST', data: { key: KEY } },
		] );
		expect( screen.getByText( 'Your level: Pro' ) ).toBeInTheDocument();
		expect( registry.select( appStore ).getLevel() ).toBe( 'pro' );
		expect( registry.select( appStore ).getBoot()?.licence ).toEqual( {
			level: 'pro',
			source: 'site',
		} );
		// The rest of the boot data stays.
		expect( registry.select( appStore ).getBoot()?.source ).toEqual( {
			active: 'builtin',
			connected: true,
		} );
		expect( screen.getByLabelText( 'Licence key' ) ).toHaveValue( '' );
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Licence key activated' ],
		] );
	} );

	it( 'shows why a key was refused and changes nothing', async () => {
		const message =
			'This licence key expired on 1 January 2020. Renew your licence to get a new key.';
		const { calls, registry } = renderPanel( licenceWith(), {
			[ `POST ${ LICENCE }` ]: () =>
				restError( 'licence_expired', message, {
					status: 400,
					param: 'key',
				} ),
		} );
		await screen.findByText( 'Your level: Lite' );
		await activate( KEY );

		expect( writes( calls ) ).toHaveLength( 1 );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent( message );
		expect( registry.select( appStore ).getLevel() ).toBe( 'lite' );
		expect( screen.getByText( 'Your level: Lite' ) ).toBeInTheDocument();
		expect( toasts( registry ) ).toEqual( [] );
		// The key stays in the field to be corrected.
		expect( screen.getByLabelText( 'Licence key' ) ).toHaveValue( KEY );
	} );

	it( 'asks for a key instead of sending an empty one', async () => {
		const { calls } = renderPanel( licenceWith() );
		await screen.findByText( 'Your level: Lite' );
		await activate( '   ' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Licence key: paste the key you received.'
		);
		expect( writes( calls ) ).toEqual( [] );
	} );

	it( 'removes the key with DELETE and locks the app again', async () => {
		const { calls, registry } = renderPanel(
			licenceWith( { level: 'pro', source: 'site', site: proKey() } ),
			{ [ `DELETE ${ LICENCE }` ]: () => licenceWith() },
			'site',
			{ licence: { level: 'pro', source: 'site' } }
		);
		await screen.findByText( 'Your level: Pro' );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Remove licence key' } )
			);
		} );

		expect( writes( calls ) ).toEqual( [
			{ path: LICENCE, method: 'DELETE' },
		] );
		expect( screen.getByText( 'Your level: Lite' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Remove licence key' } )
		).not.toBeInTheDocument();
		expect( registry.select( appStore ).getBoot()?.licence ).toEqual( {
			level: 'lite',
			source: 'none',
		} );
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Licence key removed' ],
		] );
	} );

	it( 'shows why the licence could not be read', async () => {
		renderPanel( licenceWith(), {
			[ `GET ${ LICENCE }` ]: () =>
				restError(
					'rest_forbidden',
					'Sorry, you are not allowed to change settings.',
					{ status: 403 }
				),
		} );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to change settings.'
		);
	} );

	it( 'manages the network licence on its own route without touching the site’s level', async () => {
		const { calls, registry } = renderPanel(
			licenceWith(),
			{
				[ `POST ${ NETWORK_LICENCE }` ]: ( call: ApiCall ) => {
					expect( call.data ).toEqual( { key: KEY } );
					return licenceWith( {
						network: proKey( { network: true } ),
					} );
				},
			},
			'network'
		);
		expect(
			await screen.findByRole( 'heading', { name: 'Network licence' } )
		).toBeInTheDocument();
		await screen.findByText( 'Your level: Lite' );
		await activate( KEY );

		expect( writes( calls ) ).toEqual( [
			{ path: NETWORK_LICENCE, method: 'POST', data: { key: KEY } },
		] );
		expect( screen.getByText( 'eyJrZX…QECg' ) ).toBeInTheDocument();
		expect( registry.select( appStore ).getBoot()?.licence ).toEqual( {
			level: 'lite',
			source: 'none',
		} );
	} );
} );
