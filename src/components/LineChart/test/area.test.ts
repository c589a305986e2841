import { areaPlugin, AREA_PLUGIN_ID, drawArea, type AreaChart } from '../area';

const CHART_AREA = { top: 8, bottom: 300, left: 40, right: 600 };

/**
 * A chart whose canvas records what is drawn, with one dataset.
 *
 * @param dataset   The dataset's options.
 * @param zeroPixel Where the value axis puts 0.
 */
function chartWith(
	dataset: Record< string, unknown >,
	zeroPixel = 300
): { chart: AreaChart; calls: unknown[][] } {
	const calls: unknown[][] = [];
	const record =
		( name: string ) =>
		( ...args: unknown[] ) =>
			calls.push( [ name, ...args ] );
	const ctx = {
		save: record( 'save' ),
		restore: record( 'restore' ),
		beginPath: record( 'beginPath' ),
		rect: record( 'rect' ),
		clip: record( 'clip' ),
		lineTo: record( 'lineTo' ),
		closePath: record( 'closePath' ),
		fill() {
			calls.push( [ 'fill', this.fillStyle ] );
		},
		fillStyle: '',
	};
	const chart = {
		ctx,
		chartArea: CHART_AREA,
		data: { labels: [], datasets: [ { data: [ 1, 2 ], ...dataset } ] },
		scales: { y: { getPixelForValue: () => zeroPixel } },
	} as unknown as AreaChart;
	return { chart, calls };
}

/**
 * A line element of two points whose path() and control points are recorded.
 *
 * @param calls Where to record.
 */
function lineOf( calls: unknown[][] ) {
	return {
		points: [
			{ x: 40, y: 100 },
			{ x: 200, y: 50 },
		],
		path: () => {
			calls.push( [ 'path' ] );
			return false;
		},
		updateControlPoints: ( area: unknown, axis: unknown ) => {
			calls.push( [ 'updateControlPoints', area, axis ] );
		},
	} as unknown as Parameters< typeof drawArea >[ 2 ];
}

describe( 'drawArea', () => {
	it( "fills from the line's own path down to zero, inside the chart area, in the dataset's colour", () => {
		const { chart, calls } = chartWith( {
			backgroundColor: 'rgba(34, 113, 177, 0.08)',
		} );
		drawArea( chart, 0, lineOf( calls ) );
		expect( calls ).toEqual( [
			[ 'updateControlPoints', CHART_AREA, 'x' ],
			[ 'save' ],
			[ 'beginPath' ],
			[ 'rect', 40, 8, 560, 292 ],
			[ 'clip' ],
			[ 'beginPath' ],
			[ 'path' ],
			[ 'lineTo', 200, 300 ],
			[ 'lineTo', 40, 300 ],
			[ 'closePath' ],
			[ 'fill', 'rgba(34, 113, 177, 0.08)' ],
			[ 'restore' ],
		] );
	} );

	it( 'keeps the baseline inside the chart area when zero is off the axis', () => {
		const { chart, calls } = chartWith( { backgroundColor: '#000' }, 420 );
		drawArea( chart, 0, lineOf( calls ) );
		expect( calls ).toContainEqual( [ 'lineTo', 200, 300 ] );
		expect( calls ).toContainEqual( [ 'lineTo', 40, 300 ] );
	} );

	it( 'draws nothing without points', () => {
		const { chart, calls } = chartWith( {} );
		drawArea( chart, 0, {
			...lineOf( calls ),
			points: [],
		} as unknown as Parameters< typeof drawArea >[ 2 ] );
		expect( calls ).toEqual( [] );
	} );
} );

describe( 'areaPlugin', () => {
	it( "draws the area of each dataset its options name, before the dataset's line", () => {
		const { chart, calls } = chartWith( {
			backgroundColor: '#123456',
		} );
		expect( areaPlugin.id ).toBe( AREA_PLUGIN_ID );
		areaPlugin.beforeDatasetDraw?.(
			chart as never,
			{ index: 0, meta: { dataset: lineOf( calls ) } } as never,
			{ datasets: [ 0 ] }
		);
		expect( calls ).toContainEqual( [ 'fill', '#123456' ] );
	} );

	it( 'draws nothing for a dataset its options do not name (the compare line)', () => {
		const { chart, calls } = chartWith( { backgroundColor: '#123456' } );
		areaPlugin.beforeDatasetDraw?.(
			chart as never,
			{ index: 0, meta: { dataset: lineOf( calls ) } } as never,
			{ datasets: [ 1 ] }
		);
		areaPlugin.beforeDatasetDraw?.(
			chart as never,
			{ index: 0, meta: { dataset: lineOf( calls ) } } as never,
			{}
		);
		expect( calls ).toEqual( [] );
	} );
} );
