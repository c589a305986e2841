/**
 * Whether a payload made of the shared blocks has nothing to show: every table without rows,
 * every chart and pie all zero (issue #11 contract, "Empty state").
 */
import type { ChartBlock, SharesBlock, TablePage } from '../../types/reports';

function isRecord( value: unknown ): value is Record< string, unknown > {
	return (
		typeof value === 'object' && value !== null && ! Array.isArray( value )
	);
}

function isTablePage(
	value: Record< string, unknown >
): value is Record< string, unknown > & TablePage {
	return Array.isArray( value.columns ) && Array.isArray( value.rows );
}

function isChart(
	value: Record< string, unknown >
): value is Record< string, unknown > & ChartBlock {
	return Array.isArray( value.sessions ) && Array.isArray( value.page_views );
}

function isShares(
	value: Record< string, unknown >
): value is Record< string, unknown > & SharesBlock {
	return Array.isArray( value.labels ) && Array.isArray( value.series );
}

const allZero = ( values: unknown[] ) => values.every( ( value ) => ! value );

/**
 * Whether every block of a payload is empty; a payload without any known block is not.
 *
 * @param payload A report payload.
 */
export function isPayloadEmpty( payload: unknown ): boolean {
	if ( ! isRecord( payload ) ) {
		return true;
	}
	let blocks = 0;
	for ( const value of Object.values( payload ) ) {
		if ( ! isRecord( value ) ) {
			continue;
		}
		if ( isTablePage( value ) ) {
			blocks++;
			if ( value.rows.length > 0 ) {
				return false;
			}
		} else if ( isChart( value ) ) {
			blocks++;
			if (
				! allZero( value.sessions ) ||
				! allZero( value.page_views )
			) {
				return false;
			}
		} else if ( isShares( value ) ) {
			blocks++;
			if ( ! allZero( value.series ) ) {
				return false;
			}
		}
	}
	return blocks > 0;
}
