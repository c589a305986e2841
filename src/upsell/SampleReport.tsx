import { useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '../demo';
import {
	formatMoney,
	SAMPLE_CURRENCY,
	type MoneyCurrency,
} from '../lib/format';
import { loadDemo, type DemoKey } from '../reports/registry';
import { appStore } from '../store/app';
import './style.scss';

export interface SampleReportProps {
	/** Whose sample payload to show. */
	report: DemoKey;
}

/**
 * Formats a sample cell: numbers with the user's locale, money in the shop's currency.
 *
 * @param value    The cell.
 * @param locale   A BCP 47 locale.
 * @param currency The currency of a money cell; null for any other.
 */
function cell(
	value: string | number,
	locale: string,
	currency: MoneyCurrency | null = null
): string {
	if ( typeof value !== 'number' ) {
		return value;
	}
	if ( currency ) {
		return formatMoney( value, currency, locale );
	}
	try {
		return new Intl.NumberFormat( locale, {
			maximumFractionDigits: 2,
		} ).format( value );
	} catch {
		return String( value );
	}
}

/**
 * A report's sample payload as simple boxes and tables, for reports whose screen is not built yet.
 * The payload is loaded lazily; it is clearly labelled as sample data.
 *
 * @param props        Component props.
 * @param props.report The report.
 */
export function SampleReport( { report }: SampleReportProps ) {
	const [ layout, setLayout ] = useState< SampleLayout | null >( null );
	const userLocale = useSelect(
		( select ) => select( appStore ).getBoot()?.user.locale ?? 'en_US',
		[]
	);
	// A sample's money in the shop's currency, else the sample currency.
	const currency = useSelect(
		( select ) => select( appStore ).getShop()?.currency ?? SAMPLE_CURRENCY,
		[]
	);
	const locale = userLocale.replace( '_', '-' );

	useEffect( () => {
		let active = true;
		setLayout( null );
		loadDemo( report ).then(
			( module ) => {
				if ( active ) {
					setLayout( module.layout() );
				}
			},
			() => {
				// A chunk that fails to load leaves the sample empty; the overlay still shows.
			}
		);
		return () => {
			active = false;
		};
	}, [ report ] );

	return (
		<div
			className="monsterinsights-reports-sample"
			aria-busy={ ! layout || undefined }
		>
			{ ! layout && (
				<p className="monsterinsights-reports-sample__loading">
					{ __( 'Loading sample data…', 'monsterinsights-reports' ) }
				</p>
			) }
			{ layout?.boxes && (
				<div className="monsterinsights-reports-sample__boxes">
					{ layout.boxes.map( ( box ) => (
						<div
							key={ box.label }
							className="monsterinsights-reports-sample__box"
						>
							<span className="monsterinsights-reports-sample__box-label">
								{ box.label }
							</span>
							<span className="monsterinsights-reports-sample__box-value">
								{ cell(
									box.value,
									locale,
									box.money ? currency : null
								) }
							</span>
						</div>
					) ) }
				</div>
			) }
			{ layout?.tables?.map( ( table ) => (
				<div
					key={ table.title }
					className="monsterinsights-reports-sample__table-box"
				>
					<table className="monsterinsights-reports-sample__table widefat striped">
						<caption>{ table.title }</caption>
						<thead>
							<tr>
								{ table.columns.map( ( column ) => (
									<th key={ column } scope="col">
										{ column }
									</th>
								) ) }
							</tr>
						</thead>
						<tbody>
							{ table.rows.map( ( row, r ) => (
								<tr key={ r }>
									{ row.map( ( value, c ) => (
										<td key={ c }>
											{ cell(
												value,
												locale,
												table.money?.includes( c )
													? currency
													: null
											) }
										</td>
									) ) }
								</tr>
							) ) }
						</tbody>
					</table>
				</div>
			) ) }
		</div>
	);
}
