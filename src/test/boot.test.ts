import apiFetch from '@wordpress/api-fetch';

import { configureApiFetch, parseBoot } from '../boot';
import { makeBoot } from '../../tests/js/registry';

describe( 'parseBoot', () => {
	it( 'accepts the payload the reports page prints', () => {
		const boot = makeBoot();
		expect( parseBoot( JSON.parse( JSON.stringify( boot ) ) ) ).toEqual(
			boot
		);
	} );

	it.each( [
		[ 'nothing', undefined ],
		[ 'a string', 'boot' ],
		[ 'no rest section', { ...makeBoot(), rest: undefined } ],
		[ 'no nonce', { ...makeBoot(), rest: { root: '/wp-json/' } } ],
		[
			'no site timezone',
			{ ...makeBoot(), site: { today: '2026-11-22' } },
		],
	] )( 'refuses %s', ( _label, value ) => {
		expect( parseBoot( value ) ).toBeNull();
	} );
} );

describe( 'configureApiFetch', () => {
	it( 'sends requests to the REST root with the nonce', async () => {
		const fetchHandler = jest.fn( async () => ( { ok: true } ) );
		apiFetch.setFetchHandler( fetchHandler );
		configureApiFetch(
			makeBoot( {
				rest: {
					root: 'http://example.org/wp-json/',
					namespace: 'monsterinsights-reports/v1',
					nonce: 'n0nce',
				},
			} )
		);
		await apiFetch( { path: '/monsterinsights-reports/v1/boot' } );
		expect( fetchHandler ).toHaveBeenCalledWith(
			expect.objectContaining( {
				url: 'http://example.org/wp-json/monsterinsights-reports/v1/boot?_locale=user',
				headers: expect.objectContaining( { 'X-WP-Nonce': 'n0nce' } ),
			} )
		);
	} );
} );
