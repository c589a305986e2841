/**
 * The Year in Review's Demographics section: the shares of age and gender (only when the payload
 * has them: the google source), GA4's genders named as on the Publishers report.
 */
import { __ } from '@wordpress/i18n';

import { genderName } from '../../lib/gender';
import type { YearInReviewReport } from '../../store/reports/types';
import { ListBox, percentColumn, Section } from './blocks';

interface DemographicsProps {
	data: YearInReviewReport;
	locale: string;
}

/**
 * Whether the payload has demographics to show.
 *
 * @param data The payload.
 */
export function hasDemographics( data: YearInReviewReport ): boolean {
	return ( data.age?.length ?? 0 ) > 0 || ( data.gender?.length ?? 0 ) > 0;
}

/**
 * The Demographics section.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 */
export function DemographicsSection( { data, locale }: DemographicsProps ) {
	const percent = percentColumn( locale );
	// A demographics box: the shares of one dimension, its name column headed as the box.
	const shareBox = < Row extends { percent: number } >(
		title: string,
		rows: Row[],
		name: ( row: Row ) => string
	) => (
		<ListBox< Row >
			title={ title }
			columns={ [ { header: title, cell: name }, percent ] }
			rows={ rows }
			emptyText={ __( 'No data to show', 'monsterinsights-reports' ) }
			// Shares of the year's users: every age bracket and gender, so they add up.
			allRows
		/>
	);
	return (
		<Section
			name="demographics"
			title={ __( 'Demographics', 'monsterinsights-reports' ) }
		>
			<div className="monsterinsights-reports-yir__lists">
				{ shareBox(
					__( 'Age', 'monsterinsights-reports' ),
					data.age ?? [],
					( row ) => row.age
				) }
				{ shareBox(
					__( 'Gender', 'monsterinsights-reports' ),
					data.gender ?? [],
					( row ) => genderName( row.gender )
				) }
			</div>
		</Section>
	);
}
