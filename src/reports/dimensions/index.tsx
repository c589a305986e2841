/**
 * The Dimensions report (docs/product-rules.md#dimensions-forms-and-media, route /dimensions): one
 * box per enabled custom dimension — its title, its tooltip and a searchable, sortable, paged table
 * of its values (label) and their page views (Views), with its CSV. A dimension that carries an
 * error shows the text for it instead (docs/product-rules.md#empty-states-and-errors):
 * MISSING_CUSTOM_DIMENSION names the dimension (the server sends it for every chosen dimension
 * while the Dimensions module is off), any other code is an unknown error. Without any enabled
 * dimension the report is empty.
 */
import { Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { DIMENSION_KEYS } from '../../store/reports/constants';
import { DataTable, TableCard } from '../../components/ReportTable/DataTable';
import type {
	DimensionError,
	DimensionKey,
	DimensionsReport,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import './style.scss';

/**
 * The dimensions the payload shows, in display order.
 *
 * @param data The payload.
 */
export function enabledDimensions( data: DimensionsReport ): DimensionKey[] {
	return DIMENSION_KEYS.filter(
		( key ) => data.dimensions[ key ]?.enabled && data[ key ]
	);
}

/**
 * The text of a dimension's error.
 *
 * @param error The error.
 */
export function errorMessage( error: DimensionError ): string {
	if ( error.code === 'MISSING_CUSTOM_DIMENSION' ) {
		return sprintf(
			/* translators: %s: a custom dimension's name, e.g. Author. */
			__(
				'Please set up custom dimension "%s" for this report to work.',
				'monsterinsights-reports'
			),
			error.data
		);
	}
	return __( 'An unknown error has occurred.', 'monsterinsights-reports' );
}

export function DimensionsScreen() {
	const errorText = __(
		'An unknown error has occurred.',
		'monsterinsights-reports'
	);
	const emptyText = __(
		'No data for this time period.',
		'monsterinsights-reports'
	);
	return (
		<ReportScreen< DimensionsReport >
			isEmpty={ ( data ) => enabledDimensions( data ).length === 0 }
			emptyText={ __(
				'No data currently for the report',
				'monsterinsights-reports'
			) }
			errorText={ errorText }
		>
			{ ( data ) => (
				<div className="monsterinsights-reports-dimensions">
					{ enabledDimensions( data ).map( ( key ) => {
						const dimension = data.dimensions[ key ];
						const table = data[ key ];
						return (
							<div
								key={ key }
								className="monsterinsights-reports-dimensions__box"
							>
								{ table.error ? (
									<TableCard
										title={ dimension.label }
										description={
											dimension.tooltip || undefined
										}
									>
										<Notice
											status="warning"
											isDismissible={ false }
										>
											{ errorMessage( table.error ) }
										</Notice>
									</TableCard>
								) : (
									<DataTable
										table={ key }
										page={ table }
										title={ dimension.label }
										description={
											dimension.tooltip || undefined
										}
										emptyText={ emptyText }
										errorText={ errorText }
									/>
								) }
							</div>
						);
					} ) }
				</div>
			) }
		</ReportScreen>
	);
}

export default DimensionsScreen;
