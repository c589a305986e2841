/**
 * The Publishers' demographics (google source only: Google signals): the users' age brackets as
 * bars, their gender as a donut, and their interests as a table of shares. Each shows only when
 * it has data; on a source without demographics none of them does.
 */
import { __ } from '@wordpress/i18n';

import { PieChart } from '../../components/PieChart';
import { formatNumber, formatPercent } from '../../lib/format';
import { genderName } from '../../lib/gender';
import type { PublisherReport } from '../../store/reports/types';

interface DemographicsProps {
	data: PublisherReport;
	locale: string;
	comparing: boolean;
}

/**
 * The age bars, the gender donut and the interests table.
 *
 * @param props           Component props.
 * @param props.data      The payload.
 * @param props.locale    The user's locale.
 * @param props.comparing Whether a compare range is shown.
 */
export function Demographics( { data, locale, comparing }: DemographicsProps ) {
	if ( ! data.available.demographics ) {
		return null;
	}
	const { age, gender, interest } = data;
	return (
		<>
			{ ( age.data.length > 0 || gender.data.length > 0 ) && (
				<div className="monsterinsights-reports-publisher__demographics">
					{ age.data.length > 0 && (
						<section
							className="monsterinsights-reports-publisher__card"
							aria-label={ __(
								'Age',
								'monsterinsights-reports'
							) }
						>
							<h2>{ __( 'Age', 'monsterinsights-reports' ) }</h2>
							<ul className="monsterinsights-reports-publisher__bars">
								{ age.labels.map( ( label, index ) => (
									<li key={ label }>
										<span className="monsterinsights-reports-publisher__bar-label">
											{ label }
										</span>
										<span
											className="monsterinsights-reports-publisher__bar"
											aria-hidden="true"
										>
											<span
												style={ {
													width: `${ Math.min(
														100,
														age.percents[ index ] ??
															0
													) }%`,
												} }
											/>
										</span>
										<span className="monsterinsights-reports-publisher__bar-value">
											{ formatPercent(
												age.percents[ index ] ?? 0,
												locale
											) }
										</span>
									</li>
								) ) }
							</ul>
						</section>
					) }
					{ gender.data.length > 0 && (
						<section
							className="monsterinsights-reports-publisher__card"
							aria-label={ __(
								'Gender',
								'monsterinsights-reports'
							) }
						>
							<h2>
								{ __( 'Gender', 'monsterinsights-reports' ) }
							</h2>
							<PieChart
								id="gender"
								title={ __(
									'Gender',
									'monsterinsights-reports'
								) }
								compare={ comparing && gender.compare !== null }
								slices={ gender.labels.map(
									( label, index ) => ( {
										label: genderName( label ),
										value: gender.data[ index ] ?? 0,
										compareValue: gender.compare?.[ index ],
									} )
								) }
							/>
						</section>
					) }
				</div>
			) }
			<section
				className="monsterinsights-reports-publisher__card monsterinsights-reports-publisher__interests"
				aria-label={ __( 'Interests', 'monsterinsights-reports' ) }
			>
				<h2>{ __( 'Interests', 'monsterinsights-reports' ) }</h2>
				{ interest.data.length === 0 ? (
					<p className="monsterinsights-reports-report__empty">
						{ __(
							'No interest groups detected for this time period.',
							'monsterinsights-reports'
						) }
					</p>
				) : (
					<table className="widefat striped">
						<thead>
							<tr>
								<th scope="col">
									{ __(
										'Interest',
										'monsterinsights-reports'
									) }
								</th>
								<th scope="col">
									{ __( 'Users', 'monsterinsights-reports' ) }
								</th>
								<th scope="col">
									{ __(
										'Percent',
										'monsterinsights-reports'
									) }
								</th>
							</tr>
						</thead>
						<tbody>
							{ interest.labels.map( ( label, index ) => (
								<tr key={ label }>
									<td>{ label }</td>
									<td>
										{ formatNumber(
											interest.data[ index ] ?? 0,
											locale,
											0
										) }
									</td>
									<td>
										{ formatPercent(
											interest.percents[ index ] ?? 0,
											locale
										) }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
				) }
			</section>
		</>
	);
}
