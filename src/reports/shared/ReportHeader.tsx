import { useDispatch, useSelect } from '@wordpress/data';

import { PdfButton } from '../../components/PdfButton';
import { DatePicker } from '../../components/DatePicker';
import { __, sprintf } from '@wordpress/i18n';

import {
	defaultDateQuery,
	formatRangeText,
	presetRange,
	presetsFor,
} from '../../lib/dates';
import { canUse } from '../../lib/tiers';
import { appStore, type DateQuery, type PresetKey } from '../../store/app';
import { settingsStore } from '../../store/settings';
import { upgradeUrl } from '../../upsell/constants';
import './report-header.scss';

export interface ReportHeaderProps {
	/** The screen's title. */
	title: string;
	/** The report's name, for the PDF file. */
	report: string;
	/**
	 * A fixed period (the Year in Review's year), shown under the title in place of the picked
	 * dates; the date picker is left out.
	 */
	period?: string;
	/** The report is never compared: no compare range on offer or shown. */
	noCompare?: boolean;
}

/**
 * A report's header: its title, the shared date picker and the PDF export button.
 * Lite keeps the fixed last 30 days (docs/product-rules.md#licence-levels).
 *
 * @param props           Component props.
 * @param props.title     The title.
 * @param props.report    The report's name.
 * @param props.period    A fixed period instead of the date picker.
 * @param props.noCompare Whether the report is never compared.
 */
export function ReportHeader( {
	title,
	report,
	period,
	noCompare = false,
}: ReportHeaderProps ) {
	const { query, today, startOfWeek, level, headerImage, locale } = useSelect(
		( select ) => {
			const app = select( appStore );
			const site = app.getSite();
			const settings = select( settingsStore ).getSettings();
			return {
				query:
					app.getDateQuery() ?? defaultDateQuery( site?.today ?? '' ),
				today: site?.today ?? '',
				startOfWeek: site?.startOfWeek ?? 1,
				level: app.getLevel(),
				headerImage: settings?.pdf_reports_header_image ?? '',
				locale: app.getBoot()?.user.locale ?? 'en_US',
			};
		},
		[]
	);
	const { showDates } = useDispatch( appStore );
	const locked = ! canUse( level, 'custom_date_range' );

	return (
		<div className="monsterinsights-reports-report-header">
			<div>
				<h1 className="monsterinsights-reports-report-header__title">
					{ title }
				</h1>
				{ /* The dates, in the PDF too (the date picker is left out of it). */ }
				<p className="monsterinsights-reports-report-header__dates">
					{ period ??
						formatRangeText( query.start, query.end, locale ) }
					{ period === undefined &&
						! noCompare &&
						query.compareStart &&
						query.compareEnd &&
						' ' +
							sprintf(
								/* translators: %s: the compare range. */
								__(
									'compared with %s',
									'monsterinsights-reports'
								),
								formatRangeText(
									query.compareStart,
									query.compareEnd,
									locale
								)
							) }
				</p>
			</div>
			<div
				className="monsterinsights-reports-report-header__actions"
				data-pdf-exclude
			>
				{ period === undefined && (
					<DatePicker
						value={
							noCompare
								? {
										preset: query.preset,
										start: query.start,
										end: query.end,
								  }
								: query
						}
						presets={ presetsFor( {
							hideTodayAndYesterday: report === 'queries',
						} ).map( ( preset ) => ( {
							key: preset.key,
							label: preset.label,
						} ) ) }
						resolvePreset={ ( key: PresetKey ) =>
							presetRange(
								key === 'custom' ? 'last30days' : key,
								today,
								startOfWeek
							)
						}
						today={ today }
						startOfWeek={ startOfWeek }
						locked={ locked }
						allowCompare={ ! noCompare }
						upgradeUrl={ upgradeUrl(
							'date-range',
							level === 'lite'
						) }
						onChange={ ( value: DateQuery ) => showDates( value ) }
					/>
				) }
				<PdfButton report={ report } headerImage={ headerImage } />
			</div>
		</div>
	);
}
