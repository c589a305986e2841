/**
 * The Publishers report, engagement overview (docs/product-rules.md#traffic-publishers-and-pages,
 * route /publishers): the average scroll depth with its explanation, then the landing pages (with
 * the change of their entrances while comparing), exit pages, outbound links, affiliate links and
 * downloads, each a searchable, sortable table with a tooltip and its CSV, and a 'View Full … Report'
 * button to the source's own report when the payload links one (`galinks`: GA4's, on google).
 *
 * The age, gender and interests (Demographics) show only when the source has them (the google
 * source); the exit pages and the scroll depth only when the source measures them (`available`:
 * GA4 has no exits and no scroll depth).
 */
import { __ } from '@wordpress/i18n';

import { InfoBox } from '../../components/InfoBox';
import { DataTable } from '../../components/ReportTable/DataTable';
import { isPayloadEmpty } from '../../components/report/empty';
import { formatPercent } from '../../lib/format';
import type { PublisherReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { Demographics } from './Demographics';
import './style.scss';

/** A table of the payload. */
type TableKey =
	| 'landingpages'
	| 'exitpages'
	| 'outboundlinks'
	| 'affiliatelinks'
	| 'downloadlinks';

interface Section {
	table: TableKey;
	title: string;
	help: string;
	empty: string;
	/** The button to the source's own report of the table. */
	linkText: string;
	inverse?: readonly string[];
}

/**
 * The tables in order, with their headings, tooltips and empty texts.
 */
function sections(): Section[] {
	return [
		{
			table: 'landingpages',
			title: __( 'Top Landing Pages', 'monsterinsights-reports' ),
			help: __(
				'The pages visitors arrive on first: how many sessions started there, how long those sessions lasted, how many left without interacting, and the change since the compared period.',
				'monsterinsights-reports'
			),
			empty: __(
				'No landing pages tracked during this time period.',
				'monsterinsights-reports'
			),
			linkText: __(
				'View Full Landing Pages Report',
				'monsterinsights-reports'
			),
			inverse: [ 'bounce' ],
		},
		{
			table: 'exitpages',
			title: __( 'Top Exit Pages', 'monsterinsights-reports' ),
			help: __(
				'The last pages visitors see before they leave: how many sessions ended there, out of how many views.',
				'monsterinsights-reports'
			),
			empty: __(
				'No exit pages tracked during this time period.',
				'monsterinsights-reports'
			),
			linkText: __(
				'View Full Exit Pages Report',
				'monsterinsights-reports'
			),
		},
		{
			table: 'outboundlinks',
			title: __( 'Top Outbound Links', 'monsterinsights-reports' ),
			help: __(
				'Links to other websites that visitors clicked most.',
				'monsterinsights-reports'
			),
			empty: __(
				'No outbound link clicks detected for this time period.',
				'monsterinsights-reports'
			),
			linkText: __(
				'View Full Outbound Links Report',
				'monsterinsights-reports'
			),
		},
		{
			table: 'affiliatelinks',
			title: __( 'Top Affiliate Links', 'monsterinsights-reports' ),
			help: __(
				'Clicks on links to this site under the affiliate paths set in the tracking settings (such as /go/).',
				'monsterinsights-reports'
			),
			empty: __(
				'No affiliate link clicks detected for this time period.',
				'monsterinsights-reports'
			),
			linkText: __(
				'View Full Affiliate Links Report',
				'monsterinsights-reports'
			),
		},
		{
			table: 'downloadlinks',
			title: __( 'Top Download Links', 'monsterinsights-reports' ),
			help: __(
				'Clicks on links to files with the download extensions set in the tracking settings (such as PDF or ZIP).',
				'monsterinsights-reports'
			),
			empty: __(
				'No download link clicks detected for this time period.',
				'monsterinsights-reports'
			),
			linkText: __(
				'View Full Downloads Report',
				'monsterinsights-reports'
			),
		},
	];
}

/**
 * Whether the payload has nothing: no table has a row and no page was scrolled.
 *
 * @param data The payload.
 */
function isEmpty( data: PublisherReport ): boolean {
	return (
		isPayloadEmpty( data ) &&
		! data.scroll.average &&
		data.age.data.length === 0 &&
		data.gender.data.length === 0 &&
		data.interest.data.length === 0
	);
}

export function PublisherScreen() {
	const errorText = __(
		'An unknown error has occurred.',
		'monsterinsights-reports'
	);
	return (
		<ReportScreen< PublisherReport >
			isEmpty={ isEmpty }
			errorText={ errorText }
		>
			{ ( data, { locale, comparing } ) => (
				<div className="monsterinsights-reports-publisher">
					{ data.available.scroll && (
						<InfoBox
							className="monsterinsights-reports-publisher__scroll"
							title={ __(
								'Average Scroll Depth',
								'monsterinsights-reports'
							) }
							value={ formatPercent(
								data.scroll.average,
								locale
							) }
							help={ __(
								'How far down visitors scroll, on average: for each page a visitor viewed, the deepest point reached (25%, 50%, 75% or 100% of the page), averaged over the pages they scrolled.',
								'monsterinsights-reports'
							) }
						/>
					) }
					{ sections()
						.filter(
							( section ) =>
								section.table !== 'exitpages' ||
								data.available.exitpages
						)
						.map( ( section ) => (
							<div
								key={ section.table }
								className="monsterinsights-reports-publisher__section"
							>
								<DataTable
									title={ section.title }
									help={ section.help }
									table={ section.table }
									page={ data[ section.table ] }
									inverse={ section.inverse }
									emptyText={ section.empty }
									errorText={ errorText }
									link={ data.galinks?.[ section.table ] }
									linkText={ section.linkText }
								/>
							</div>
						) ) }
					<Demographics
						data={ data }
						locale={ locale }
						comparing={ comparing }
					/>
				</div>
			) }
		</ReportScreen>
	);
}

export default PublisherScreen;
