import { send, visitorOptedOut } from '..';

describe( 'visitorOptedOut', () => {
	const nav = ( values: Record< string, unknown > ) =>
		values as unknown as Navigator;

	it( 'honours Global Privacy Control', () => {
		expect(
			visitorOptedOut( nav( { globalPrivacyControl: true } ), {} )
		).toBe( true );
	} );

	it.each( [ '1', 'yes' ] )( 'honours Do Not Track = %s', ( value ) => {
		expect( visitorOptedOut( nav( { doNotTrack: value } ), {} ) ).toBe(
			true
		);
		expect( visitorOptedOut( nav( {} ), { doNotTrack: value } ) ).toBe(
			true
		);
	} );

	it( 'tracks when no signal is set', () => {
		expect( visitorOptedOut( nav( { doNotTrack: '0' } ), {} ) ).toBe(
			false
		);
		expect( visitorOptedOut( nav( {} ), {} ) ).toBe( false );
	} );
} );

describe( 'send', () => {
	afterEach( () => {
		Object.defineProperty( navigator, 'sendBeacon', {
			value: undefined,
			configurable: true,
		} );
	} );

	it( 'uses sendBeacon with a body that needs no preflight', () => {
		const beacon = jest.fn( () => true );
		Object.defineProperty( navigator, 'sendBeacon', {
			value: beacon,
			configurable: true,
		} );
		send( '/collect', '{"t":"pageview"}' );
		expect( beacon ).toHaveBeenCalledTimes( 1 );
		const [ url, blob ] = beacon.mock.calls[ 0 ] as unknown as [
			string,
			Blob,
		];
		expect( url ).toBe( '/collect' );
		expect( blob.type ).toBe( 'text/plain' );
	} );

	it( 'falls back to fetch with keepalive when the beacon is refused', () => {
		Object.defineProperty( navigator, 'sendBeacon', {
			value: () => false,
			configurable: true,
		} );
		const fetchMock = jest.fn( () => Promise.resolve( {} ) );
		global.fetch = fetchMock as unknown as typeof fetch;
		send( '/collect', 'x' );
		expect( fetchMock ).toHaveBeenCalledWith(
			'/collect',
			expect.objectContaining( {
				method: 'POST',
				keepalive: true,
				credentials: 'omit',
				headers: { 'Content-Type': 'text/plain' },
			} )
		);
	} );
} );
