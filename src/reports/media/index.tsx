/**
 * The Media report (docs/product-rules.md#dimensions-forms-and-media, route /media): the Video
 * Plays line chart (its trend points in the tooltip, site notes as markers, the compare range as a
 * second line) and the videos table — title, plays, average watch time, average percent watched,
 * completion rate — searchable, sortable, paged, with its CSV. Nothing played: its empty text.
 */
import { __ } from '@wordpress/i18n';

import { LineChart } from '../../components/LineChart';
import { DataTable } from '../../components/ReportTable/DataTable';
import { MissingDimensions } from '../../components/report/MissingDimensions';
import { formatNumber } from '../../lib/format';
import type { MediaReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';

/**
 * The layout of a payload.
 *
 * @param props           Component props.
 * @param props.data      The payload.
 * @param props.comparing Whether a compare range is on.
 * @param props.locale    The user's locale.
 * @param props.emptyText The report's empty text.
 */
function MediaLayout( {
	data,
	comparing,
	locale,
	emptyText,
}: {
	data: MediaReport;
	comparing: boolean;
	locale: string;
	emptyText: string;
} ) {
	const graph = data.line_chart_report;
	const compare = comparing
		? data.compare?.line_chart_report.video_start.datapoints
		: undefined;
	const label = __( 'Video Plays', 'monsterinsights-reports' );
	return (
		<div className="monsterinsights-reports-media">
			<MissingDimensions names={ data.missing_dimensions } />
			<section
				className="monsterinsights-reports-metric-chart"
				aria-label={ label }
			>
				<h2 className="monsterinsights-reports-media__title">
					{ label }
				</h2>
				<LineChart
					id="media-video-plays"
					label={ label }
					labels={ graph.labels }
					timestamps={ graph.timestamps }
					datapoints={ graph.video_start.datapoints }
					trendpoints={ graph.video_start.trendpoints }
					notes={ graph.notes.map( ( note ) => ( {
						id: note.id,
						timestamp: note.timestamp,
						title: note.title,
						color: note.color || undefined,
					} ) ) }
					formatValue={ ( value ) =>
						formatNumber( value, locale, 0 )
					}
					compare={
						compare
							? {
									label: __(
										'Compare Period',
										'monsterinsights-reports'
									),
									datapoints: compare,
							  }
							: undefined
					}
				/>
			</section>
			<DataTable
				table="video_details_rows"
				page={ data.video_details_rows }
				title={ __( 'Videos', 'monsterinsights-reports' ) }
				emptyText={ emptyText }
			/>
		</div>
	);
}

export function MediaScreen() {
	const emptyText = __(
		'No video plays tracked during this time period.',
		'monsterinsights-reports'
	);
	return (
		<ReportScreen< MediaReport > emptyText={ emptyText }>
			{ ( data, { comparing, locale } ) => (
				<MediaLayout
					data={ data }
					comparing={ comparing }
					locale={ locale }
					emptyText={ emptyText }
				/>
			) }
		</ReportScreen>
	);
}

export default MediaScreen;
