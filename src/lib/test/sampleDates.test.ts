import { fitDays, sampleInRange } from '../sampleDates';

/** A sample of three days, 1–3 October 2025, as src/demo/series.ts dates them. */
const OCT_1 = Date.UTC( 2025, 9, 1 ) / 1000;
const SAMPLE = {
	chart: {
		categories: [ 'Oct 1', 'Oct 2', 'Oct 3' ],
		timestamps: [ OCT_1, OCT_1 + 86400, OCT_1 + 2 * 86400 ],
		sessions: [ 10, 20, 30 ],
		page_views: [ 11, 21, 31 ],
		notes: [],
		compare: { sessions: [ 1, 2, 3 ] },
	},
	graph: {
		labels: [ 'Oct 1', 'Oct 2', 'Oct 3' ],
		timestamps: [ OCT_1, OCT_1 + 86400, OCT_1 + 2 * 86400 ],
		count: 3,
		plays: {
			datapoints: [ 4, 5, 6 ],
			trendpoints: [ null, 25, 20 ],
			total: 15,
		},
		rate: { datapoints: [ 50, 60, 70 ], total: 61.5 },
	},
	// Minutes, not days: left alone.
	minutes: {
		labels: [ '-1 min', 'now' ],
		timestamps: [ 1000, 1060 ],
		datapoints: [ 1, 2 ],
	},
	table: { rows: [ { name: 'a', sessions: 3 } ] },
};

describe( 'sampleInRange', () => {
	it( 'fits per-day values to a range: the last days, or repeated backwards', () => {
		expect( fitDays( [ 1, 2, 3 ], 2 ) ).toEqual( [ 2, 3 ] );
		expect( fitDays( [ 1, 2, 3 ], 3 ) ).toEqual( [ 1, 2, 3 ] );
		expect( fitDays( [ 1, 2, 3 ], 5 ) ).toEqual( [ 2, 3, 1, 2, 3 ] );
	} );

	it( 'dates every daily series with the days of a shorter range', () => {
		const dated = sampleInRange( SAMPLE, '2026-11-20', '2026-11-21' );
		const nov20 = Date.UTC( 2026, 10, 20 ) / 1000;
		expect( dated.chart ).toEqual( {
			categories: [ 'Nov 20', 'Nov 21' ],
			timestamps: [ nov20, nov20 + 86400 ],
			sessions: [ 20, 30 ],
			page_views: [ 21, 31 ],
			notes: [],
			compare: { sessions: [ 2, 3 ] },
		} );
		expect( dated.graph ).toEqual( {
			labels: [ 'Nov 20', 'Nov 21' ],
			timestamps: [ nov20, nov20 + 86400 ],
			count: 2,
			// A total that was the sum of its points stays the sum; a rate's stays.
			plays: { datapoints: [ 5, 6 ], trendpoints: [ 25, 20 ], total: 11 },
			rate: { datapoints: [ 60, 70 ], total: 61.5 },
		} );
		expect( dated.minutes ).toEqual( SAMPLE.minutes );
		expect( dated.table ).toEqual( SAMPLE.table );
	} );

	it( 'dates a longer range across a month end, labelled in the user’s language', () => {
		const dated = sampleInRange(
			SAMPLE,
			'2026-02-27',
			'2026-03-02',
			'de_DE'
		);
		expect( dated.chart.categories ).toEqual( [
			'27. Feb.',
			'28. Feb.',
			'1. März',
			'2. März',
		] );
		expect( dated.chart.sessions ).toEqual( [ 30, 10, 20, 30 ] );
		expect( dated.graph.count ).toBe( 4 );
		expect( dated.chart.timestamps[ 2 ] ).toBe(
			Date.UTC( 2026, 2, 1 ) / 1000
		);
	} );

	it( 'leaves the sample as it is without a range', () => {
		expect( sampleInRange( SAMPLE, '', '' ) ).toBe( SAMPLE );
	} );
} );
