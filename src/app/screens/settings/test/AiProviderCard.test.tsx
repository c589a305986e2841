import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import { chatStore, type AiProviderStatus } from '../../../../store/chat';
import { restError } from '../../../../store/test/api';
import { AiProviderCard, asksForCard } from '../AiProviderCard';
import { serve, toasts, writes } from './server';

const PROVIDER = '/monsterinsights-reports/v1/ai-provider';

const NONE: AiProviderStatus = {
	configured: false,
	base_url: '',
	model: '',
	has_key: false,
	can_manage: true,
};

const FAKE: AiProviderStatus = {
	configured: true,
	base_url: 'http://127.0.0.1:9751/v1',
	model: 'fake-analyst',
	has_key: true,
	can_manage: true,
};

/**
 * Renders the card with the provider routes.
 *
 * @param state  What GET answers.
 * @param routes Other routes.
 * @param level
 */
function renderCard(
	state: AiProviderStatus,
	routes: Parameters< typeof serve >[ 0 ] = {},
	level: 'lite' | 'plus' | 'pro' = 'pro'
) {
	const calls = serve( { [ `GET ${ PROVIDER }` ]: () => state, ...routes } );
	const registry = createShellRegistry( {
		licence: { level, source: 'lite' === level ? 'none' : 'site' },
	} );
	renderIn( <AiProviderCard />, registry );
	return { calls, registry };
}

const field = ( name: string ) => screen.getByLabelText( name );

describe( 'AiProviderCard', () => {
	it( 'says below pro that a connected provider is used once the licence is Pro', async () => {
		const notice =
			'Conversations AI and the AI Insights need a Pro licence: a provider connected here is used once your licence is Pro.';
		renderCard( NONE, {}, 'plus' );
		await screen.findByText( 'Status: not connected.' );
		expect(
			screen.getByText( notice, {
				selector: '.components-notice__content',
			} )
		).toBeVisible();
		// The fields stay usable: the owner may connect before upgrading.
		expect( field( 'Base URL' ) ).toBeEnabled();
	} );

	it( 'has no licence notice for pro', async () => {
		renderCard( NONE );
		await screen.findByText( 'Status: not connected.' );
		expect(
			screen.queryByText( /need a Pro licence/, {
				selector: '.components-notice__content',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'saves the base URL, model and key, and tells the chat screen', async () => {
		const user = userEvent.setup();
		const { calls, registry } = renderCard( NONE, {
			[ `POST ${ PROVIDER }` ]: () => FAKE,
		} );
		await screen.findByRole( 'heading', { name: 'Conversations AI' } );
		expect( screen.getByText( 'Status: not connected.' ) ).toBeVisible();
		expect( field( 'API key' ) ).toHaveAttribute( 'type', 'password' );
		// Nothing saved yet: nothing to test or disconnect.
		expect(
			screen.getByRole( 'button', { name: 'Test connection' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		expect(
			screen.queryByRole( 'button', { name: 'Disconnect' } )
		).not.toBeInTheDocument();

		await user.type( field( 'Base URL' ), 'http://127.0.0.1:9751/v1' );
		await user.type( field( 'Model' ), 'fake-analyst' );
		await user.type( field( 'API key' ), 'sk-test' );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await screen.findByText( 'Status: connected.' );
		expect( writes( calls ) ).toEqual( [
			{
				path: PROVIDER,
				method: 'POST',
				data: {
					base_url: 'http://127.0.0.1:9751/v1',
					model: 'fake-analyst',
					api_key: 'sk-test',
				},
			},
		] );
		// The key is never shown back; a saved key is kept when the field stays empty.
		expect( field( 'API key' ) ).toHaveValue( '' );
		expect(
			screen.getByText(
				'A key is saved. Leave empty to keep the saved key.'
			)
		).toBeInTheDocument();
		expect( registry.select( chatStore ).getChatState().provider ).toEqual(
			FAKE
		);
		expect( toasts( registry ).map( ( [ status ] ) => status ) ).toEqual( [
			'success',
		] );
	} );

	it( 'keeps the saved key when the field stays empty', async () => {
		const user = userEvent.setup();
		const { calls } = renderCard( FAKE, {
			[ `POST ${ PROVIDER }` ]: () => ( { ...FAKE, model: 'other' } ),
		} );
		await waitFor( () =>
			expect( field( 'Model' ) ).toHaveValue( 'fake-analyst' )
		);
		expect( field( 'Base URL' ) ).toHaveValue( 'http://127.0.0.1:9751/v1' );
		await user.clear( field( 'Model' ) );
		await user.type( field( 'Model' ), 'other' );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await waitFor( () => expect( writes( calls ) ).toHaveLength( 1 ) );
		expect( writes( calls )[ 0 ]?.data ).toEqual( {
			base_url: 'http://127.0.0.1:9751/v1',
			model: 'other',
		} );
	} );

	it( 'shows the server’s refusal of a bad URL', async () => {
		const user = userEvent.setup();
		renderCard( NONE, {
			[ `POST ${ PROVIDER }` ]: () =>
				restError(
					'rest_invalid_param',
					'Invalid parameter(s): base_url',
					{
						status: 400,
						params: {
							base_url:
								'The base URL must be an http or https URL.',
						},
					}
				),
		} );
		await screen.findByRole( 'heading', { name: 'Conversations AI' } );
		await user.type( field( 'Base URL' ), 'ftp://x' );
		await user.type( field( 'Model' ), 'm' );
		await user.type( field( 'API key' ), 'k' );
		await user.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'The base URL must be an http or https URL.'
		);
	} );

	it( 'tests the connection: the route’s message, or the provider’s error', async () => {
		const user = userEvent.setup();
		let fail = false;
		renderCard( FAKE, {
			[ `POST ${ PROVIDER }/test` ]: () =>
				fail
					? restError(
							'ai_provider_unauthorized',
							'The AI provider refused the API key. Check the key under Settings → Conversations AI.',
							{ status: 502, retryable: false }
					  )
					: {
							success: true,
							message:
								'Connected: the model “fake-analyst” answered.',
					  },
		} );
		const test = await screen.findByRole( 'button', {
			name: 'Test connection',
		} );
		await user.click( test );
		expect( await screen.findByRole( 'status' ) ).toHaveTextContent(
			'Connected: the model “fake-analyst” answered.'
		);
		fail = true;
		await user.click( test );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'The AI provider refused the API key. Check the key under Settings → Conversations AI.'
		);
	} );

	it( 'disconnects', async () => {
		const user = userEvent.setup();
		const { calls } = renderCard( FAKE, {
			[ `DELETE ${ PROVIDER }` ]: () => NONE,
		} );
		await user.click(
			await screen.findByRole( 'button', { name: 'Disconnect' } )
		);
		await screen.findByText( 'Status: not connected.' );
		expect( writes( calls ) ).toEqual( [
			{ path: PROVIDER, method: 'DELETE' },
		] );
		expect( field( 'Base URL' ) ).toHaveValue( '' );
	} );

	it( 'is not shown to a user who cannot manage the provider', async () => {
		const { calls } = renderCard( { ...FAKE, can_manage: false } );
		await waitFor( () => expect( calls ).toHaveLength( 1 ) );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'heading', { name: 'Conversations AI' } )
			).not.toBeInTheDocument()
		);
		expect( screen.queryByRole( 'textbox' ) ).not.toBeInTheDocument();
	} );

	it( 'knows the chat screen’s link to it', () => {
		expect( asksForCard( '#/settings?card=conversations-ai' ) ).toBe(
			true
		);
		expect( asksForCard( '#/settings' ) ).toBe( false );
	} );
} );
