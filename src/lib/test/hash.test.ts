import { defaultDateQuery, presetRange } from '../dates';
import {
	buildHash,
	dateQueryFromParams,
	normalizePath,
	parseHash,
	sameDateQuery,
	type DateQueryOptions,
} from '../hash';

const TODAY = '2026-11-22';

function options( overrides: Partial< DateQueryOptions > = {} ) {
	return {
		today: TODAY,
		allowCustom: true,
		fallback: defaultDateQuery( TODAY ),
		presetRange: ( preset: Parameters< typeof presetRange >[ 0 ] ) =>
			presetRange( preset, TODAY, 1 ),
		...overrides,
	};
}

describe( 'normalizePath', () => {
	it.each( [
		[ '', '/' ],
		[ '/', '/' ],
		[ 'publishers', '/publishers' ],
		[ '/publishers/', '/publishers' ],
		[ '//ai-insights//chat/12/', '/ai-insights/chat/12' ],
	] )( '%j → %j', ( input, expected ) => {
		expect( normalizePath( input ) ).toBe( expected );
	} );
} );

describe( 'parseHash', () => {
	it( 'reads the route and the date parameters', () => {
		expect(
			parseHash(
				'#/publishers?start=2026-10-01&end=2026-10-31&compare_start=2026-09-01&compare_end=2026-09-30&preset=custom'
			)
		).toEqual( {
			path: '/publishers',
			params: {
				start: '2026-10-01',
				end: '2026-10-31',
				compare_start: '2026-09-01',
				compare_end: '2026-09-30',
				preset: 'custom',
			},
		} );
	} );

	it( 'treats an empty hash as the root without parameters', () => {
		expect( parseHash( '' ) ).toEqual( { path: '/', params: {} } );
		expect( parseHash( '#' ) ).toEqual( { path: '/', params: {} } );
		expect( parseHash( '#/' ) ).toEqual( { path: '/', params: {} } );
	} );

	it( 'accepts a hash without "#" and drops unknown or empty parameters', () => {
		expect( parseHash( '/forms?foo=1&start=&preset=last7days' ) ).toEqual( {
			path: '/forms',
			params: { preset: 'last7days' },
		} );
	} );

	it( 'decodes path segments', () => {
		expect( parseHash( '#/ai-insights/chat/a%20b' ).path ).toBe(
			'/ai-insights/chat/a b'
		);
	} );

	it( 'turns a malformed escape into an unknown path', () => {
		expect( parseHash( '#/%E0%A4%A' ).path ).toBe( '/%' );
	} );
} );

describe( 'buildHash', () => {
	it( 'writes the route and the dates in a fixed order', () => {
		expect(
			buildHash( '/publishers', {
				preset: 'custom',
				start: '2026-10-01',
				end: '2026-10-31',
				compareStart: '2026-09-01',
				compareEnd: '2026-09-30',
			} )
		).toBe(
			'#/publishers?start=2026-10-01&end=2026-10-31&compare_start=2026-09-01&compare_end=2026-09-30&preset=custom'
		);
	} );

	it( 'leaves compare out when it is off, and the query out without dates', () => {
		expect(
			buildHash( '/', {
				preset: 'last30days',
				start: '2026-10-23',
				end: '2026-11-21',
			} )
		).toBe( '#/?start=2026-10-23&end=2026-11-21&preset=last30days' );
		expect( buildHash( 'forms/', null ) ).toBe( '#/forms' );
	} );

	it( 'round-trips with parseHash, encoded segments included', () => {
		const query = {
			preset: 'custom' as const,
			start: '2026-01-01',
			end: '2026-01-31',
		};
		const hash = buildHash( '/ai-insights/chat/a b', query );
		expect( hash ).toContain( '/ai-insights/chat/a%20b?' );
		expect( parseHash( hash ) ).toEqual( {
			path: '/ai-insights/chat/a b',
			params: {
				start: '2026-01-01',
				end: '2026-01-31',
				preset: 'custom',
			},
		} );
	} );
} );

describe( 'dateQueryFromParams', () => {
	it( 'falls back to the default last 30 days without dates', () => {
		expect( dateQueryFromParams( {}, options() ) ).toEqual( {
			preset: 'last30days',
			start: '2026-10-23',
			end: '2026-11-21',
		} );
	} );

	it( 'keeps a valid custom range with its compare range', () => {
		expect(
			dateQueryFromParams(
				{
					start: '2026-10-01',
					end: '2026-10-31',
					compare_start: '2026-09-01',
					compare_end: '2026-09-30',
					preset: 'custom',
				},
				options()
			)
		).toEqual( {
			preset: 'custom',
			start: '2026-10-01',
			end: '2026-10-31',
			compareStart: '2026-09-01',
			compareEnd: '2026-09-30',
		} );
	} );

	it( 'takes dates without a preset as a custom range', () => {
		expect(
			dateQueryFromParams(
				{ start: '2026-10-01', end: '2026-10-31' },
				options()
			)
		).toEqual( {
			preset: 'custom',
			start: '2026-10-01',
			end: '2026-10-31',
		} );
	} );

	it( 'recomputes a named preset for today, whatever dates the hash has', () => {
		expect(
			dateQueryFromParams(
				{ start: '2020-01-01', end: '2020-01-07', preset: 'last7days' },
				options()
			)
		).toEqual( {
			preset: 'last7days',
			start: '2026-11-15',
			end: '2026-11-21',
		} );
	} );

	it( 'gives a named preset its own compare range when compare is on', () => {
		expect(
			dateQueryFromParams(
				{
					preset: 'yesterday',
					compare_start: 'x',
					compare_end: 'y',
				},
				options()
			)
		).toEqual( {
			preset: 'yesterday',
			start: '2026-11-21',
			end: '2026-11-21',
			compareStart: '2026-11-20',
			compareEnd: '2026-11-20',
		} );
	} );

	it.each( [
		[ 'a reversed range', { start: '2026-10-31', end: '2026-10-01' } ],
		[
			'a range ending after today',
			{ start: '2026-11-01', end: '2026-11-23' },
		],
		[
			'a range starting before 2005',
			{ start: '2004-12-31', end: '2005-01-31' },
		],
		[ 'an impossible date', { start: '2026-02-30', end: '2026-03-01' } ],
		[ 'a malformed date', { start: '2026-1-1', end: '2026-01-31' } ],
		[
			'an unknown preset',
			{ start: '2026-10-01', end: '2026-10-31', preset: 'lastyear' },
		],
	] )( 'falls back for %s', ( _name, params ) => {
		expect( dateQueryFromParams( params, options() ) ).toEqual(
			defaultDateQuery( TODAY )
		);
	} );

	it( 'drops an invalid compare range and keeps the range', () => {
		expect(
			dateQueryFromParams(
				{
					start: '2026-10-01',
					end: '2026-10-31',
					compare_start: '2026-09-30',
					compare_end: '2026-09-01',
				},
				options()
			)
		).toEqual( {
			preset: 'custom',
			start: '2026-10-01',
			end: '2026-10-31',
		} );
	} );

	it( 'keeps lite on the default range whatever the hash says', () => {
		expect(
			dateQueryFromParams(
				{ start: '2026-10-01', end: '2026-10-31', preset: 'custom' },
				options( { allowCustom: false } )
			)
		).toEqual( defaultDateQuery( TODAY ) );
		expect(
			dateQueryFromParams(
				{ preset: 'last7days' },
				options( { allowCustom: false } )
			)
		).toEqual( defaultDateQuery( TODAY ) );
	} );
} );

describe( 'sameDateQuery', () => {
	const a = {
		preset: 'custom' as const,
		start: '2026-01-01',
		end: '2026-01-02',
	};
	it( 'compares every field', () => {
		expect( sameDateQuery( a, { ...a } ) ).toBe( true );
		expect( sameDateQuery( a, { ...a, end: '2026-01-03' } ) ).toBe( false );
		expect(
			sameDateQuery( a, {
				...a,
				compareStart: '2025-12-30',
				compareEnd: '2025-12-31',
			} )
		).toBe( false );
		expect( sameDateQuery( null, null ) ).toBe( true );
		expect( sameDateQuery( a, null ) ).toBe( false );
	} );
} );
