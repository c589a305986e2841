/**
 * The eCommerce Funnel (docs/reports.md#ecommerce-funnel): the funnel chart of the three stages
 * (View Item, Add to Cart, Purchase; orange, purple, green) with each stage's completion and
 * abandonment rates, the site notes toggle, the breakdown selector (None, Channel, Country; None at
 * first, never empty) and the table of the chosen breakdown — Step, Category (with a breakdown),
 * Users (% of step 1), Completion Rate, Abandonments, Abandonment Rate; the Purchase step's '--'
 * shown as it is. Never compared; only with a shop, else its notice.
 */
import { SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { FunnelChart } from '../../components/FunnelChart';
import type { ReportColumn } from '../../components/ReportTable';
import { ListCard } from '../../components/report/ListCard';
import type {
	EcommerceFunnelReport,
	FunnelBreakdown,
	FunnelRow,
} from '../../demo/ecommerce_funnel';
import { formatNumber, formatPercent } from '../../lib/format';
import { ReportScreen } from '../ReportScreen';
import { ChartNotes, useChartNotesState } from '../shared/site-notes';
import './style.scss';

/**
 * A rate, or '--' as it is.
 *
 * @param value  The rate or '--'.
 * @param locale The user's locale.
 */
function rate( value: number | string, locale: string ): string {
	return typeof value === 'number' ? formatPercent( value, locale ) : value;
}

/**
 * A count, or '--' as it is.
 *
 * @param value  The count or '--'.
 * @param locale The user's locale.
 */
function count( value: number | string, locale: string ): string {
	return typeof value === 'number' ? formatNumber( value, locale ) : value;
}

/** The stages' names, in order. */
const stageNames = () => [
	__( 'View Item', 'monsterinsights-reports' ),
	__( 'Add to Cart', 'monsterinsights-reports' ),
	__( 'Purchase', 'monsterinsights-reports' ),
];

/**
 * The table's columns: Category only with a breakdown.
 *
 * @param breakdown The breakdown.
 * @param locale    The user's locale.
 */
function columns(
	breakdown: FunnelBreakdown,
	locale: string
): Array< ReportColumn< FunnelRow > > {
	return [
		{
			key: 'step',
			header: __( 'Step', 'monsterinsights-reports' ),
		},
		...( breakdown === 'none'
			? []
			: [
					{
						key: 'breakdown_category',
						header: __( 'Category', 'monsterinsights-reports' ),
					},
			  ] ),
		{
			key: 'users',
			header: __( 'Users (% of step 1)', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row: FunnelRow ) =>
				sprintf(
					/* translators: 1: users, 2: their percent of step 1. */
					__( '%1$s (%2$s)', 'monsterinsights-reports' ),
					formatNumber( row.users, locale ),
					formatPercent( row.users_rate, locale )
				),
		},
		{
			key: 'completion_rate',
			header: __( 'Completion Rate', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row: FunnelRow ) => rate( row.completion_rate, locale ),
		},
		{
			key: 'abandonments',
			header: __( 'Abandonments', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row: FunnelRow ) => count( row.abandonments, locale ),
		},
		{
			key: 'abandonments_rate',
			header: __( 'Abandonment Rate', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row: FunnelRow ) => rate( row.abandonments_rate, locale ),
		},
	];
}

/**
 * The layout of a payload, real or sample.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 */
export function FunnelLayout( {
	data,
	locale,
}: {
	data: EcommerceFunnelReport;
	locale: string;
} ) {
	const [ breakdown, setBreakdown ] = useState< FunnelBreakdown >( 'none' );
	const notes = useChartNotesState();
	const names = stageNames();
	const stages = data.funnel_chart.map( ( stage, index ) => ( {
		label: names[ index ] ?? '',
		value: stage.value,
	} ) );
	// Completion and abandonment of each stage but the last, from the unbroken table.
	const total = data.funnel_table.none.rows;
	const title = __( 'eCommerce Funnel', 'monsterinsights-reports' );
	return (
		<div className="monsterinsights-reports-funnel">
			<div className="monsterinsights-reports-funnel__chart">
				<FunnelChart title={ title } stages={ stages } />
				<ul className="monsterinsights-reports-funnel__rates">
					{ total.slice( 0, -1 ).map( ( row, index ) => (
						<li key={ row.step }>
							<strong>
								{ sprintf(
									/* translators: 1: a stage, 2: the next stage. */
									__(
										'%1$s → %2$s',
										'monsterinsights-reports'
									),
									names[ index ] ?? '',
									names[ index + 1 ] ?? ''
								) }
							</strong>
							<span>
								{ sprintf(
									/* translators: %s: a percent. */
									__(
										'Completion Rate: %s',
										'monsterinsights-reports'
									),
									rate( row.completion_rate, locale )
								) }
							</span>
							<span>
								{ sprintf(
									/* translators: %s: a percent. */
									__(
										'Abandonment Rate: %s',
										'monsterinsights-reports'
									),
									rate( row.abandonments_rate, locale )
								) }
							</span>
						</li>
					) ) }
				</ul>
				<ChartNotes state={ notes } />
			</div>
			<ListCard< FunnelRow >
				tableKey={ breakdown }
				title={ title }
				controls={
					<div className="monsterinsights-reports-funnel__breakdown">
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __(
								'Breakdown',
								'monsterinsights-reports'
							) }
							value={ breakdown }
							options={ [
								{
									value: 'none',
									label: __(
										'None',
										'monsterinsights-reports'
									),
								},
								{
									value: 'channel',
									label: __(
										'Channel',
										'monsterinsights-reports'
									),
								},
								{
									value: 'country',
									label: __(
										'Country',
										'monsterinsights-reports'
									),
								},
							] }
							onChange={ ( value ) =>
								setBreakdown( value as FunnelBreakdown )
							}
						/>
					</div>
				}
				columns={ columns( breakdown, locale ) }
				rows={ data.funnel_table[ breakdown ].rows }
				rowKey={ ( row ) =>
					`${ row.breakdown_category }|${ row.step }`
				}
				searchable
				searchLabel={ __( 'Search', 'monsterinsights-reports' ) }
				emptyText={ __(
					'No data currently for the report',
					'monsterinsights-reports'
				) }
			/>
		</div>
	);
}

export function EcommerceFunnelScreen() {
	return (
		<ReportScreen< EcommerceFunnelReport >
			isEmpty={ ( data ) => ( data.funnel_chart[ 0 ]?.value ?? 0 ) === 0 }
			emptyText={ __(
				'No data currently for the report',
				'monsterinsights-reports'
			) }
		>
			{ ( data, { locale } ) => (
				<FunnelLayout data={ data } locale={ locale } />
			) }
		</ReportScreen>
	);
}

export default EcommerceFunnelScreen;
