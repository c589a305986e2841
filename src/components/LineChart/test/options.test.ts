import { lineChartOptions } from '../options';

/**
 * Chart.js's y-axis tick callback of the options, called as Chart.js calls it.
 * @param values
 * @param format
 */
function yLabels( values: number[], format: ( value: number ) => string ) {
	const options = lineChartOptions( true, () => format );
	const callback = options.scales?.y?.ticks?.callback as unknown as (
		value: number,
		index: number,
		ticks: Array< { value: number } >
	) => string;
	const ticks = values.map( ( value ) => ( { value } ) );
	return values.map( ( value, index ) => callback( value, index, ticks ) );
}

describe( 'the y-axis labels', () => {
	it( 'leave out a label the formatter rounds to the one below it', () => {
		const rounded = ( value: number ) => String( Math.round( value ) );
		// Chart.js's steps for a series that peaks at 1.
		expect( yLabels( [ 0, 0.2, 0.4, 0.6, 0.8, 1 ], rounded ) ).toEqual( [
			'0',
			'',
			'',
			'1',
			'',
			'',
		] );
	} );

	it( 'keep every label of distinct values', () => {
		expect(
			yLabels( [ 0, 10, 20, 30 ], ( value ) => `${ value }` )
		).toEqual( [ '0', '10', '20', '30' ] );
	} );
} );

describe( 'the y-axis steps', () => {
	it( 'are whole numbers for whole-number series only', () => {
		const format = () => ( value: number ) => String( value );
		expect(
			lineChartOptions( true, format, true ).scales?.y?.ticks
		).toMatchObject( { precision: 0 } );
		expect(
			lineChartOptions( true, format, false ).scales?.y?.ticks
		).not.toHaveProperty( 'precision' );
	} );
} );
