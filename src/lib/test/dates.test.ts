/**
 * Date presets, ranges and texts.
 *
 * The whole file runs in the process's timezone and, through the last test, again under
 * Europe/Berlin and America/Santiago (where DST starts at midnight), so no preset depends on the
 * browser's clock or timezone.
 */
import { execFile } from 'child_process';
import path from 'path';

import {
	EARLIEST_DATE,
	PRESETS,
	PRESET_KEYS,
	dateState,
	defaultDateQuery,
	formatRangeText,
	isValidDateQuery,
	isValidRange,
	isYmd,
	parseYmd,
	presetLabel,
	presetQuery,
	presetRange,
	presetsFor,
	previousRange,
	rangeDays,
	shiftDays,
	type IntervalKey,
} from '../dates';

/**
 * Expected ranges, computed independently (Python's datetime) from the presets of
 * docs/product-rules.md#dates:
 * [ today, startOfWeek, preset, [ start, end, compareStart, compareEnd ] ]. Presets other than
 * lastweek do not depend on the start of the week and are listed once.
 */
const EXPECTED: Array< [ string, number, IntervalKey, string[] ] > = [
	[
		'2025-03-31',
		0,
		'today',
		[ '2025-03-31', '2025-03-31', '2025-03-30', '2025-03-30' ],
	],
	[
		'2025-03-31',
		0,
		'yesterday',
		[ '2025-03-30', '2025-03-30', '2025-03-29', '2025-03-29' ],
	],
	[
		'2025-03-31',
		0,
		'lastweek',
		[ '2025-03-23', '2025-03-29', '2025-03-16', '2025-03-22' ],
	],
	[
		'2025-03-31',
		0,
		'lastmonth',
		[ '2025-02-01', '2025-02-28', '2025-01-01', '2025-01-31' ],
	],
	[
		'2025-03-31',
		0,
		'last7days',
		[ '2025-03-24', '2025-03-30', '2025-03-17', '2025-03-23' ],
	],
	[
		'2025-03-31',
		0,
		'last30days',
		[ '2025-03-01', '2025-03-30', '2025-01-30', '2025-02-28' ],
	],
	[
		'2025-03-31',
		0,
		'last90days',
		[ '2024-12-31', '2025-03-30', '2024-10-02', '2024-12-30' ],
	],
	[
		'2025-03-31',
		1,
		'lastweek',
		[ '2025-03-24', '2025-03-30', '2025-03-17', '2025-03-23' ],
	],
	[
		'2025-01-01',
		0,
		'today',
		[ '2025-01-01', '2025-01-01', '2024-12-31', '2024-12-31' ],
	],
	[
		'2025-01-01',
		0,
		'yesterday',
		[ '2024-12-31', '2024-12-31', '2024-12-30', '2024-12-30' ],
	],
	[
		'2025-01-01',
		0,
		'lastweek',
		[ '2024-12-22', '2024-12-28', '2024-12-15', '2024-12-21' ],
	],
	[
		'2025-01-01',
		0,
		'lastmonth',
		[ '2024-12-01', '2024-12-31', '2024-11-01', '2024-11-30' ],
	],
	[
		'2025-01-01',
		0,
		'last7days',
		[ '2024-12-25', '2024-12-31', '2024-12-18', '2024-12-24' ],
	],
	[
		'2025-01-01',
		0,
		'last30days',
		[ '2024-12-02', '2024-12-31', '2024-11-02', '2024-12-01' ],
	],
	[
		'2025-01-01',
		0,
		'last90days',
		[ '2024-10-03', '2024-12-31', '2024-07-05', '2024-10-02' ],
	],
	[
		'2025-01-01',
		1,
		'lastweek',
		[ '2024-12-23', '2024-12-29', '2024-12-16', '2024-12-22' ],
	],
	[
		'2024-02-29',
		0,
		'today',
		[ '2024-02-29', '2024-02-29', '2024-02-28', '2024-02-28' ],
	],
	[
		'2024-02-29',
		0,
		'yesterday',
		[ '2024-02-28', '2024-02-28', '2024-02-27', '2024-02-27' ],
	],
	[
		'2024-02-29',
		0,
		'lastweek',
		[ '2024-02-18', '2024-02-24', '2024-02-11', '2024-02-17' ],
	],
	[
		'2024-02-29',
		0,
		'lastmonth',
		[ '2024-01-01', '2024-01-31', '2023-12-01', '2023-12-31' ],
	],
	[
		'2024-02-29',
		0,
		'last7days',
		[ '2024-02-22', '2024-02-28', '2024-02-15', '2024-02-21' ],
	],
	[
		'2024-02-29',
		0,
		'last30days',
		[ '2024-01-30', '2024-02-28', '2023-12-31', '2024-01-29' ],
	],
	[
		'2024-02-29',
		0,
		'last90days',
		[ '2023-12-01', '2024-02-28', '2023-09-02', '2023-11-30' ],
	],
	[
		'2024-02-29',
		1,
		'lastweek',
		[ '2024-02-19', '2024-02-25', '2024-02-12', '2024-02-18' ],
	],
	[
		'2025-10-26',
		0,
		'today',
		[ '2025-10-26', '2025-10-26', '2025-10-25', '2025-10-25' ],
	],
	[
		'2025-10-26',
		0,
		'yesterday',
		[ '2025-10-25', '2025-10-25', '2025-10-24', '2025-10-24' ],
	],
	[
		'2025-10-26',
		0,
		'lastweek',
		[ '2025-10-19', '2025-10-25', '2025-10-12', '2025-10-18' ],
	],
	[
		'2025-10-26',
		0,
		'lastmonth',
		[ '2025-09-01', '2025-09-30', '2025-08-01', '2025-08-31' ],
	],
	[
		'2025-10-26',
		0,
		'last7days',
		[ '2025-10-19', '2025-10-25', '2025-10-12', '2025-10-18' ],
	],
	[
		'2025-10-26',
		0,
		'last30days',
		[ '2025-09-26', '2025-10-25', '2025-08-27', '2025-09-25' ],
	],
	[
		'2025-10-26',
		0,
		'last90days',
		[ '2025-07-28', '2025-10-25', '2025-04-29', '2025-07-27' ],
	],
	[
		'2025-10-26',
		1,
		'lastweek',
		[ '2025-10-13', '2025-10-19', '2025-10-06', '2025-10-12' ],
	],
	[
		'2025-03-30',
		0,
		'today',
		[ '2025-03-30', '2025-03-30', '2025-03-29', '2025-03-29' ],
	],
	[
		'2025-03-30',
		0,
		'yesterday',
		[ '2025-03-29', '2025-03-29', '2025-03-28', '2025-03-28' ],
	],
	[
		'2025-03-30',
		0,
		'lastweek',
		[ '2025-03-23', '2025-03-29', '2025-03-16', '2025-03-22' ],
	],
	[
		'2025-03-30',
		0,
		'lastmonth',
		[ '2025-02-01', '2025-02-28', '2025-01-01', '2025-01-31' ],
	],
	[
		'2025-03-30',
		0,
		'last7days',
		[ '2025-03-23', '2025-03-29', '2025-03-16', '2025-03-22' ],
	],
	[
		'2025-03-30',
		0,
		'last30days',
		[ '2025-02-28', '2025-03-29', '2025-01-29', '2025-02-27' ],
	],
	[
		'2025-03-30',
		0,
		'last90days',
		[ '2024-12-30', '2025-03-29', '2024-10-01', '2024-12-29' ],
	],
	[
		'2025-03-30',
		1,
		'lastweek',
		[ '2025-03-17', '2025-03-23', '2025-03-10', '2025-03-16' ],
	],
	[
		'2025-09-07',
		0,
		'today',
		[ '2025-09-07', '2025-09-07', '2025-09-06', '2025-09-06' ],
	],
	[
		'2025-09-07',
		0,
		'yesterday',
		[ '2025-09-06', '2025-09-06', '2025-09-05', '2025-09-05' ],
	],
	[
		'2025-09-07',
		0,
		'lastweek',
		[ '2025-08-31', '2025-09-06', '2025-08-24', '2025-08-30' ],
	],
	[
		'2025-09-07',
		0,
		'lastmonth',
		[ '2025-08-01', '2025-08-31', '2025-07-01', '2025-07-31' ],
	],
	[
		'2025-09-07',
		0,
		'last7days',
		[ '2025-08-31', '2025-09-06', '2025-08-24', '2025-08-30' ],
	],
	[
		'2025-09-07',
		0,
		'last30days',
		[ '2025-08-08', '2025-09-06', '2025-07-09', '2025-08-07' ],
	],
	[
		'2025-09-07',
		0,
		'last90days',
		[ '2025-06-09', '2025-09-06', '2025-03-11', '2025-06-08' ],
	],
	[
		'2025-09-07',
		1,
		'lastweek',
		[ '2025-08-25', '2025-08-31', '2025-08-18', '2025-08-24' ],
	],
];

/**
 * Whitespace as Intl prints it (narrow and thin spaces) made plain, for readable expectations.
 * @param text
 */
const plain = ( text: string ) => text.replace( /[\u2009\u202f\u00a0]/g, ' ' );

/**
 * Seven consecutive Y-m-d days, the first one given (computed in UTC, apart from the code under
 * test).
 *
 * @param first The first day.
 */
const sevenDaysFrom = ( first: string ): string[] =>
	Array.from( { length: 7 }, ( _, index ) =>
		new Date( Date.parse( `${ first }T00:00:00Z` ) + index * 86400000 )
			.toISOString()
			.slice( 0, 10 )
	);

describe( 'presetRange', () => {
	it.each( EXPECTED )(
		'today %s, week from %i: %s',
		(
			today,
			startOfWeek,
			key,
			[ start, end, compareStart, compareEnd ]
		) => {
			expect( presetRange( key, today, startOfWeek ) ).toEqual( {
				start,
				end,
				compareStart,
				compareEnd,
			} );
		}
	);

	it( 'covers every preset and both week starts', () => {
		for ( const key of PRESET_KEYS ) {
			expect( EXPECTED.some( ( row ) => row[ 2 ] === key ) ).toBe( true );
		}
		expect(
			EXPECTED.filter(
				( row ) => row[ 2 ] === 'lastweek' && row[ 1 ] === 1
			).length
		).toBeGreaterThan( 0 );
	} );

	it( 'only lastweek depends on the start of the week', () => {
		for ( const key of PRESET_KEYS ) {
			const ranges = [ 0, 1, 2, 3, 4, 5, 6 ].map( ( day ) =>
				JSON.stringify( presetRange( key, '2025-03-31', day ) )
			);
			expect( new Set( ranges ).size ).toBe( key === 'lastweek' ? 7 : 1 );
		}
	} );

	it( 'makes lastweek the last complete week, ending the day before the current week starts', () => {
		// Saturday weeks: the week of Monday 2025-03-31 starts on Saturday 2025-03-29.
		expect( presetRange( 'lastweek', '2025-03-31', 6 ) ).toEqual( {
			start: '2025-03-22',
			end: '2025-03-28',
			compareStart: '2025-03-15',
			compareEnd: '2025-03-21',
		} );
		// Every day of a Monday week (2025-03-24 … 2025-03-30) gives the same complete week.
		for ( const today of sevenDaysFrom( '2025-03-24' ) ) {
			expect( presetRange( 'lastweek', today, 1 ) ).toEqual( {
				start: '2025-03-17',
				end: '2025-03-23',
				compareStart: '2025-03-10',
				compareEnd: '2025-03-16',
			} );
		}
		// Every day of a Sunday week (2025-03-23 … 2025-03-29) likewise.
		for ( const today of sevenDaysFrom( '2025-03-23' ) ) {
			expect( presetRange( 'lastweek', today, 0 ) ).toEqual( {
				start: '2025-03-16',
				end: '2025-03-22',
				compareStart: '2025-03-09',
				compareEnd: '2025-03-15',
			} );
		}
		for ( const [ today, startOfWeek ] of [
			[ '2025-03-31', 0 ],
			[ '2025-10-26', 1 ],
			[ '2024-02-29', 3 ],
		] as const ) {
			const range = presetRange( 'lastweek', today, startOfWeek );
			expect( rangeDays( range.start, range.end ) ).toBe( 7 );
			expect( rangeDays( range.compareStart, range.compareEnd ) ).toBe(
				7
			);
			expect( previousRange( range.start, range.end ) ).toEqual( {
				start: range.compareStart,
				end: range.compareEnd,
			} );
			// Complete: it ends before today, and starts on the site's first day of the week.
			expect( range.end < today ).toBe( true );
			expect( parseYmd( range.start )?.getDay() ).toBe( startOfWeek );
		}
	} );

	it( 'treats an odd start of the week as WordPress does (Monday) or wraps it', () => {
		expect( presetRange( 'lastweek', '2025-03-31', Number.NaN ) ).toEqual(
			presetRange( 'lastweek', '2025-03-31', 1 )
		);
		expect( presetRange( 'lastweek', '2025-03-31', 7 ) ).toEqual(
			presetRange( 'lastweek', '2025-03-31', 0 )
		);
	} );

	it( 'gives ranges of the right length, compared with the period before', () => {
		const lengths: Record< string, number > = {
			today: 1,
			yesterday: 1,
			lastweek: 7,
			last7days: 7,
			last30days: 30,
			last90days: 90,
		};
		for ( const [ today, startOfWeek, key ] of EXPECTED.filter(
			( row ) => row[ 2 ] !== 'lastmonth'
		) ) {
			const range = presetRange( key, today, startOfWeek );
			expect( rangeDays( range.start, range.end ) ).toBe(
				lengths[ key ]
			);
			expect( previousRange( range.start, range.end ) ).toEqual( {
				start: range.compareStart,
				end: range.compareEnd,
			} );
		}
	} );

	it( 'makes lastmonth the previous calendar month, compared with the one before', () => {
		for ( const [ today, startOfWeek, key ] of EXPECTED.filter(
			( row ) => row[ 2 ] === 'lastmonth'
		) ) {
			const range = presetRange( key, today, startOfWeek );
			expect( range.start.slice( 8 ) ).toBe( '01' );
			expect( shiftDays( range.end, 1 ) ).toBe(
				today.slice( 0, 8 ) + '01'
			);
			expect( range.compareStart.slice( 8 ) ).toBe( '01' );
			expect( shiftDays( range.compareEnd, 1 ) ).toBe( range.start );
		}
	} );

	it( 'refuses a malformed today', () => {
		expect( () => presetRange( 'today', '2025-02-29', 0 ) ).toThrow(
			RangeError
		);
		expect( () => presetRange( 'today', '', 0 ) ).toThrow( RangeError );
	} );
} );

describe( 'presetQuery and defaultDateQuery', () => {
	it( 'defaults to the last 30 days ending yesterday, not compared', () => {
		expect( defaultDateQuery( '2026-11-22' ) ).toEqual( {
			preset: 'last30days',
			start: '2026-10-23',
			end: '2026-11-21',
		} );
		expect( defaultDateQuery( '2025-03-01' ) ).toEqual( {
			preset: 'last30days',
			start: '2025-01-30',
			end: '2025-02-28',
		} );
	} );

	it( 'adds the compare range when asked', () => {
		expect( presetQuery( 'last7days', '2026-11-22', 1, true ) ).toEqual( {
			preset: 'last7days',
			start: '2026-11-15',
			end: '2026-11-21',
			compareStart: '2026-11-08',
			compareEnd: '2026-11-14',
		} );
		expect( presetQuery( 'yesterday', '2026-11-22', 1 ) ).toEqual( {
			preset: 'yesterday',
			start: '2026-11-21',
			end: '2026-11-21',
		} );
	} );
} );

describe( 'PRESETS', () => {
	it( 'lists the presets in order with their labels', () => {
		expect(
			PRESETS.map( ( preset ) => [ preset.key, preset.label ] )
		).toEqual( [
			[ 'today', 'Today' ],
			[ 'yesterday', 'Yesterday' ],
			[ 'lastweek', 'Last Week' ],
			[ 'lastmonth', 'Last Month' ],
			[ 'last7days', 'Last 7 days' ],
			[ 'last30days', 'Last 30 days' ],
			[ 'last90days', 'Last 90 days' ],
		] );
		expect( presetLabel( 'last30days' ) ).toBe( 'Last 30 days' );
	} );

	it( 'hides Today and Yesterday for the Queries report', () => {
		expect(
			presetsFor( { hideTodayAndYesterday: true } ).map( ( p ) => p.key )
		).toEqual( [
			'lastweek',
			'lastmonth',
			'last7days',
			'last30days',
			'last90days',
		] );
		expect( presetsFor() ).toBe( PRESETS );
	} );
} );

describe( 'Y-m-d dates', () => {
	it( 'accepts real dates only', () => {
		for ( const value of [
			'2024-02-29',
			'2005-01-01',
			'2025-12-31',
			'0099-01-01',
		] ) {
			expect( isYmd( value ) ).toBe( true );
			expect( parseYmd( value )?.getHours() ).toBe( 12 );
		}
		for ( const value of [
			'2025-02-29',
			'2025-13-01',
			'2025-00-10',
			'2025-04-31',
			'2025-1-1',
			'20250101',
			'2025-01-01T00:00',
			' 2025-01-01',
			'',
		] ) {
			expect( isYmd( value ) ).toBe( false );
		}
		expect( isYmd( 20250101 ) ).toBe( false );
		expect( isYmd( null ) ).toBe( false );
	} );

	it( 'shifts across months, years and leap days', () => {
		expect( shiftDays( '2024-02-28', 1 ) ).toBe( '2024-02-29' );
		expect( shiftDays( '2025-02-28', 1 ) ).toBe( '2025-03-01' );
		expect( shiftDays( '2025-01-01', -1 ) ).toBe( '2024-12-31' );
		expect( shiftDays( '2025-03-29', 2 ) ).toBe( '2025-03-31' );
		expect( shiftDays( '2025-10-25', 2 ) ).toBe( '2025-10-27' );
		expect( shiftDays( '2025-09-06', 1 ) ).toBe( '2025-09-07' );
		expect( shiftDays( '2025-09-07', 1 ) ).toBe( '2025-09-08' );
	} );
} );

describe( 'isValidRange', () => {
	const today = '2026-11-22';

	it( 'accepts 2005-01-01 ≤ start ≤ end ≤ today', () => {
		expect( isValidRange( EARLIEST_DATE, today, today ) ).toBe( true );
		expect( isValidRange( today, today, today ) ).toBe( true );
		expect( isValidRange( '2026-10-23', '2026-11-21', today ) ).toBe(
			true
		);
	} );

	it( 'refuses ranges outside the bounds, reversed or not real', () => {
		expect( isValidRange( '2004-12-31', '2005-01-31', today ) ).toBe(
			false
		);
		expect( isValidRange( '2026-11-21', '2026-11-23', today ) ).toBe(
			false
		);
		expect( isValidRange( '2026-11-21', '2026-11-20', today ) ).toBe(
			false
		);
		expect( isValidRange( '2025-02-29', '2025-03-01', today ) ).toBe(
			false
		);
		expect( isValidRange( '2026-11-01', 'yesterday', today ) ).toBe(
			false
		);
		expect( isValidRange( '2026-11-01', '2026-11-02', 'today' ) ).toBe(
			false
		);
	} );

	it( 'checks the compare range of a query, which must come as a pair', () => {
		const query = {
			preset: 'custom' as const,
			start: '2026-11-01',
			end: '2026-11-07',
		};
		expect( isValidDateQuery( query, today ) ).toBe( true );
		expect(
			isValidDateQuery(
				{
					...query,
					compareStart: '2026-10-25',
					compareEnd: '2026-10-31',
				},
				today
			)
		).toBe( true );
		expect(
			isValidDateQuery( { ...query, compareStart: '2026-10-25' }, today )
		).toBe( false );
		expect(
			isValidDateQuery(
				{
					...query,
					compareStart: '2004-10-25',
					compareEnd: '2004-10-31',
				},
				today
			)
		).toBe( false );
		expect(
			isValidDateQuery( { ...query, end: '2026-11-23' }, today )
		).toBe( false );
	} );
} );

describe( 'rangeDays and previousRange', () => {
	it( 'counts both ends, across DST changes and leap days', () => {
		expect( rangeDays( '2025-03-30', '2025-03-30' ) ).toBe( 1 );
		expect( rangeDays( '2025-03-29', '2025-03-31' ) ).toBe( 3 );
		expect( rangeDays( '2025-10-25', '2025-10-27' ) ).toBe( 3 );
		expect( rangeDays( '2024-02-01', '2024-03-01' ) ).toBe( 30 );
		expect( rangeDays( '2024-01-01', '2024-12-31' ) ).toBe( 366 );
		expect( rangeDays( '2025-03-02', '2025-03-01' ) ).toBe( 0 );
		expect( rangeDays( 'x', '2025-03-01' ) ).toBe( 0 );
	} );

	it( 'gives the range of the same length just before', () => {
		expect( previousRange( '2025-03-01', '2025-03-31' ) ).toEqual( {
			start: '2025-01-29',
			end: '2025-02-28',
		} );
		expect( previousRange( '2025-01-01', '2025-01-01' ) ).toEqual( {
			start: '2024-12-31',
			end: '2024-12-31',
		} );
		expect( previousRange( '2025-10-27', '2025-11-02' ) ).toEqual( {
			start: '2025-10-20',
			end: '2025-10-26',
		} );
		expect( () => previousRange( '2025-03-02', '2025-03-01' ) ).toThrow(
			RangeError
		);
	} );
} );

describe( 'texts', () => {
	it( 'formats a range in the user locale', () => {
		expect(
			plain( formatRangeText( '2026-10-23', '2026-11-21', 'en_US' ) )
		).toBe( 'October 23 – November 21, 2026' );
		expect(
			plain( formatRangeText( '2025-12-23', '2026-01-21', 'en_US' ) )
		).toBe( 'December 23, 2025 – January 21, 2026' );
		expect( formatRangeText( '2026-11-21', '2026-11-21', 'en-US' ) ).toBe(
			'November 21, 2026'
		);
		expect(
			plain( formatRangeText( '2026-10-23', '2026-11-21', 'de_DE' ) )
		).toBe( '23. Oktober – 21. November 2026' );
		expect( formatRangeText( '2026-03-29', '2026-03-29', 'de_DE' ) ).toBe(
			'29. März 2026'
		);
	} );

	it( 'builds the date state of a preset', () => {
		const state = dateState( defaultDateQuery( '2026-11-22' ), 'en_US' );
		expect( {
			...state,
			text: plain( state.text ),
			intervalText: plain( state.intervalText ),
		} ).toEqual( {
			start: '2026-10-23',
			end: '2026-11-21',
			interval: 'last30days',
			text: 'Last 30 days: October 23 – November 21, 2026',
			compareReport: false,
			compareStart: '',
			compareEnd: '',
			compareText: '',
			intervalText: 'October 23 – November 21, 2026',
			intervalCompareText: '',
		} );
	} );

	it( 'builds the date state of custom dates and of a comparison', () => {
		const custom = dateState(
			{ preset: 'custom', start: '2026-11-01', end: '2026-11-01' },
			'en_US'
		);
		expect( custom.text ).toBe( 'Custom dates: November 1, 2026' );
		expect( custom.interval ).toBe( 'custom' );

		const compared = dateState(
			presetQuery( 'yesterday', '2026-11-22', 1, true ),
			'en_US'
		);
		expect( compared ).toMatchObject( {
			compareReport: true,
			compareStart: '2026-11-20',
			compareEnd: '2026-11-20',
			intervalText: 'November 21, 2026',
			intervalCompareText: 'November 20, 2026',
			text: 'Comparison: November 21, 2026 To November 20, 2026',
			compareText: 'Compare To: November 20, 2026',
		} );
	} );

	it( 'ignores half a compare range', () => {
		const state = dateState( {
			preset: 'custom',
			start: '2026-11-01',
			end: '2026-11-02',
			compareStart: '2026-10-30',
		} );
		expect( state.compareReport ).toBe( false );
		expect( state.compareStart ).toBe( '' );
	} );
} );

const CHILD = 'MIR_DATES_TZ_CHILD';

/**
 * Runs this file again in a jest of its own under another timezone.
 *
 * @param timeZone IANA timezone.
 */
function runUnder( timeZone: string ): Promise< string > {
	const root = path.resolve( __dirname, '../../..' );
	return new Promise( ( resolve, reject ) => {
		execFile(
			process.execPath,
			[
				require.resolve( 'jest/bin/jest' ),
				'--config',
				'tests/js/jest.config.js',
				'--runTestsByPath',
				path.relative( root, __filename ),
			],
			{
				cwd: root,
				env: { ...process.env, TZ: timeZone, [ CHILD ]: '1' },
				timeout: 120000,
			},
			( error, stdout, stderr ) =>
				error
					? reject( new Error( `${ timeZone }: ${ stderr }` ) )
					: resolve( stderr )
		);
	} );
}

( process.env[ CHILD ] ? describe.skip : describe )( 'other timezones', () => {
	it( 'gives the same answers under Europe/Berlin and America/Santiago', async () => {
		const outputs = await Promise.all( [
			runUnder( 'Europe/Berlin' ),
			runUnder( 'America/Santiago' ),
		] );
		for ( const output of outputs ) {
			expect( output ).toMatch( /Tests:\s+1 skipped, \d+ passed/ );
		}
	}, 120000 );
} );
