import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';

import { createTestRegistry } from '../../../../tests/js/registry';
import { chatStore } from '..';
import type { ChatMessage } from '../types';

const ANSWER: ChatMessage = {
	id: 'm2',
	role: 'assistant',
	content: 'You had 27 sessions last week.',
	rating: null,
	feedback: '',
	skipped_feedback: false,
	meta: {},
};

describe( 'rating an answer', () => {
	afterEach( () => {
		apiFetch.setFetchHandler( () =>
			Promise.reject( new Error( 'no handler' ) )
		);
	} );

	it( 'sends the feedback only once the thumbs-down before it is answered, so the server keeps both', async () => {
		const sent: Array< Record< string, unknown > > = [];
		const answers: Array< () => void > = [];
		let stored = { ...ANSWER };
		apiFetch.setFetchHandler( ( options: APIFetchOptions ) => {
			const data = options.data as Record< string, unknown >;
			sent.push( data );
			return new Promise( ( resolve ) => {
				answers.push( () => {
					stored = { ...stored, ...data };
					resolve( stored );
				} );
			} );
		} );
		const registry = createTestRegistry();
		registry.dispatch( chatStore ).patch( {
			openId: 7,
			messages: [ ANSWER ],
		} );
		const rating = registry
			.dispatch( chatStore )
			.rate( 'm2', { rating: 0 } );
		const feedback = registry.dispatch( chatStore ).rate( 'm2', {
			feedback: 'I wanted the days too.',
			skipped_feedback: false,
		} );
		// Both show at once; only the first request is on its way.
		expect(
			registry.select( chatStore ).getChatState().messages[ 0 ]
		).toMatchObject( { rating: 0, feedback: 'I wanted the days too.' } );
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		expect( sent ).toEqual( [ { message_id: 'm2', rating: 0 } ] );
		answers[ 0 ]?.();
		await expect( rating ).resolves.toBeNull();
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		expect( sent ).toHaveLength( 2 );
		expect( sent[ 1 ] ).toEqual( {
			message_id: 'm2',
			feedback: 'I wanted the days too.',
			skipped_feedback: false,
		} );
		answers[ 1 ]?.();
		await expect( feedback ).resolves.toBeNull();
		expect( stored ).toMatchObject( {
			rating: 0,
			feedback: 'I wanted the days too.',
		} );
	} );
} );
