/**
 * The Forms Overview Report (docs/product-rules.md#dimensions-forms-and-media, route /forms): the
 * Sessions, Pageviews, Form Impressions and Form Completions tabs with their totals over one chart
 * (site notes as markers, the compare range as a second line), the breakdown selector (None, Source
 * / Medium, Campaign) and the forms table of the chosen breakdown — Form Name or ID, Impressions,
 * Conversions, Conversion Rate — searchable, sortable, paged, with its CSV, and 'View Full Forms
 * Report' to the source's own report when the payload links one (`galinks`); the site notes toggle
 * and panel right under the chart.
 */
import { Notice, SelectControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { createInterpolateElement, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { DataTable } from '../../components/ReportTable/DataTable';
import { MissingDimensions } from '../../components/report/MissingDimensions';
import type { ChartTab } from '../../components/report/MetricChart';
import { addonsStore } from '../../store/addons';
import type { FormsReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { NotedMetricChart } from '../shared/NotedMetricChart';
import './style.scss';

/** The breakdowns (none, sourceMedium, campaign) and the table each shows. */
const BREAKDOWNS = {
	none: 'forms',
	sourceMedium: 'forms_source_medium',
	campaign: 'forms_campaign',
} as const;

type Breakdown = keyof typeof BREAKDOWNS;

/**
 * The Form Impressions and Form Completions tabs.
 *
 * @param data      The payload.
 * @param comparing Whether a compare range is on.
 */
function formTabs( data: FormsReport, comparing: boolean ): ChartTab[] {
	const compare = comparing ? data.compare?.overviewgraph : undefined;
	return [
		{
			key: 'impressions',
			label: __( 'Form Impressions', 'monsterinsights-reports' ),
			series: data.overviewgraph.impressions,
			compare: compare?.impressions.datapoints,
		},
		{
			key: 'conversions',
			label: __( 'Form Completions', 'monsterinsights-reports' ),
			series: data.overviewgraph.conversions,
			compare: compare?.conversions.datapoints,
		},
	];
}

/**
 * The layout of a payload: chart, breakdown and table.
 *
 * @param props           Component props.
 * @param props.data      The payload.
 * @param props.comparing Whether a compare range is on.
 */
function FormsLayout( {
	data,
	comparing,
}: {
	data: FormsReport;
	comparing: boolean;
} ) {
	const [ breakdown, setBreakdown ] = useState< Breakdown >( 'none' );
	const table = BREAKDOWNS[ breakdown ];
	return (
		<div className="monsterinsights-reports-forms">
			<MissingDimensions names={ data.missing_dimensions } />
			<NotedMetricChart
				chart={ data.chart }
				id="forms"
				comparing={ comparing }
				extra={ formTabs( data, comparing ) }
			/>
			<div className="monsterinsights-reports-forms__breakdown">
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Breakdown', 'monsterinsights-reports' ) }
					value={ breakdown }
					options={ [
						{
							value: 'none',
							label: __( 'None', 'monsterinsights-reports' ),
						},
						{
							value: 'sourceMedium',
							label: __(
								'Source / Medium',
								'monsterinsights-reports'
							),
						},
						{
							value: 'campaign',
							label: __( 'Campaign', 'monsterinsights-reports' ),
						},
					] }
					onChange={ ( value ) => setBreakdown( value as Breakdown ) }
				/>
			</div>
			<DataTable
				key={ table }
				table={ table }
				page={ data[ table ] }
				title={ __( 'Forms', 'monsterinsights-reports' ) }
				emptyText={ __(
					'There were no impressions for this date range.',
					'monsterinsights-reports'
				) }
				link={ data.galinks?.forms }
				linkText={ __(
					'View Full Forms Report',
					'monsterinsights-reports'
				) }
			/>
		</div>
	);
}

/**
 * The notice while the Forms module is switched off: no form impression or conversion is being
 * recorded, so the report shows only what was recorded before. It links to the setting (the
 * modules card of #/settings). Nothing while the modules map is loading or could not load.
 */
export function FormsTrackingNotice() {
	const active = useSelect(
		( select ) => select( addonsStore ).getAddons()?.forms?.active,
		[]
	);
	if ( active !== false ) {
		return null;
	}
	return (
		<Notice
			status="warning"
			isDismissible={ false }
			className="monsterinsights-reports-forms__notice"
		>
			{ createInterpolateElement(
				__(
					'Form tracking is off: the Forms module is switched off, so no form impressions or conversions are being recorded. <a>Turn on the Forms module in Settings</a>.',
					'monsterinsights-reports'
				),
				// eslint-disable-next-line jsx-a11y/anchor-has-content -- The text comes from the translated string.
				{ a: <a href="#/settings" /> }
			) }
		</Notice>
	);
}

export function FormsScreen() {
	return (
		<ReportScreen< FormsReport >
			notice={ <FormsTrackingNotice /> }
			emptyText={ __(
				'There were no impressions for this date range.',
				'monsterinsights-reports'
			) }
			errorText={ __(
				'An unknown error has occurred.',
				'monsterinsights-reports'
			) }
		>
			{ ( data, { comparing } ) => (
				<FormsLayout data={ data } comparing={ comparing } />
			) }
		</ReportScreen>
	);
}

export default FormsScreen;
