/**
 * The app's preset arithmetic against the server's: src/lib/test/date-presets.json holds each
 * preset's ranges as includes/Query/DateRange.php computes them (written by bin/export-tiers.php,
 * kept current by PHPUnit) for example days — month and year ends, a leap day, every weekday — and
 * every start of the week. The date rules themselves come from the same export (src/lib/dates.json).
 */
import {
	DEFAULT_PRESET,
	EARLIEST_DATE,
	PRESET_KEYS,
	PRESETS_HIDDEN_FOR_QUERIES,
	isIntervalKey,
	presetRange,
} from '../dates';
import examples from './date-presets.json';

type Row = [ string, number, string, string, string, string, string ];

describe( 'presets: the app computes what the server computes', () => {
	it( 'covers every preset for every start of the week', () => {
		expect( examples ).toHaveLength( 13 * 7 * PRESET_KEYS.length );
	} );

	it.each( examples as Row[] )(
		'%s, weeks from day %i: %s',
		( today, startOfWeek, key, start, end, compareStart, compareEnd ) => {
			expect( isIntervalKey( key ) ).toBe( true );
			if ( ! isIntervalKey( key ) ) {
				return;
			}
			expect( presetRange( key, today, startOfWeek ) ).toEqual( {
				start,
				end,
				compareStart,
				compareEnd,
			} );
		}
	);
} );

describe( 'the date rules exported from PHP', () => {
	it( 'are read as they are written there', () => {
		expect( EARLIEST_DATE ).toBe( '2005-01-01' );
		expect( DEFAULT_PRESET ).toBe( 'last30days' );
		expect( PRESET_KEYS ).toEqual( [
			'today',
			'yesterday',
			'lastweek',
			'lastmonth',
			'last7days',
			'last30days',
			'last90days',
		] );
		expect( PRESETS_HIDDEN_FOR_QUERIES ).toEqual( [
			'today',
			'yesterday',
		] );
	} );
} );
