/**
 * The bench's table: each figure with its value, unit, budget and whether it is within it.
 */

/**
 * A number as bin/bench.php prints it.
 *
 * @param {number} value The value.
 * @return {string} The text.
 */
function format( value ) {
	if ( typeof value === 'string' ) {
		return value;
	}
	const abs = Math.abs( value );
	if ( Number.isInteger( value ) || abs >= 1000 ) {
		return Math.round( value )
			.toString()
			.replace( /\B(?=(\d{3})+(?!\d))/g, ' ' );
	}
	let digits = 3;
	if ( abs >= 100 ) {
		digits = 0;
	} else if ( abs >= 10 ) {
		digits = 1;
	} else if ( abs >= 1 ) {
		digits = 2;
	}
	return String( Number( value.toFixed( digits ) ) );
}

/**
 * Prints rows as an aligned table.
 *
 * @param {Array<Object>} rows Rows.
 */
export function printTable( rows ) {
	const lines = [
		[ 'figure', 'value', 'unit', 'budget', 'ok' ],
		...rows.map( ( row ) => [
			row.figure,
			format( row.value ),
			row.unit,
			row.budget,
			// Figures without a budget are for the record.
			row.budget === '' ? '-' : ( row.ok && 'yes' ) || 'NO',
		] ),
	];
	const widths = lines[ 0 ].map( ( _, i ) =>
		Math.max( ...lines.map( ( line ) => line[ i ].length ) )
	);
	for ( const line of lines ) {
		console.log(
			line
				.map( ( cell, i ) =>
					i === 1
						? cell.padStart( widths[ i ] )
						: cell.padEnd( widths[ i ] )
				)
				.join( '  ' )
				.trimEnd()
		);
	}
}
