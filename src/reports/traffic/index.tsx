/**
 * The five traffic reports (docs/product-rules.md#traffic-publishers-and-pages) with a chart and a
 * details table, each a line of configuration over ChartTableReport: Traffic Overview (channels),
 * Landing Page Details, Campaigns, Source / Medium and Social Media. One lazily loaded chunk holds
 * them all.
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { FaviconCell } from '../../components/ReportTable/FaviconCell';
import type { TableRow, TrafficChartReport } from '../../store/reports/types';
import { useRoutedReport } from '../registry';
import { ChartTableReport } from './ChartTableReport';

/** The traffic reports this module has a screen for. */
export type TrafficScreenName =
	| 'traffic_overview'
	| 'traffic_landing_pages'
	| 'traffic_campaign'
	| 'traffic_source_medium'
	| 'traffic_social';

/**
 * A social network's site icon beside its name: the icon of its site's host (facebook.com for Facebook).
 *
 * @param row     The row.
 * @param content The name.
 */
function networkIcon( row: TableRow, content: ReactNode ): ReactNode {
	const icon = typeof row.icon === 'string' ? row.icon : '';
	return icon ? (
		<FaviconCell domain={ icon } showFavicon>
			{ content }
		</FaviconCell>
	) : (
		content
	);
}

/** What tells the screens apart: their table, its heading, its empty text, extras. */
interface TrafficScreenConfig {
	table: string;
	title: () => string;
	emptyText: () => string;
	inverse?: readonly string[];
	decorate?: ( row: TableRow, content: ReactNode ) => ReactNode;
	notes?: boolean;
}

const CONFIGS: Record< TrafficScreenName, TrafficScreenConfig > = {
	traffic_overview: {
		table: 'channels',
		title: () => __( 'Traffic Details', 'monsterinsights-reports' ),
		emptyText: () =>
			__(
				'No data currently for the Traffic report',
				'monsterinsights-reports'
			),
	},
	traffic_landing_pages: {
		table: 'landing_pages',
		title: () => __( 'Top Landing Pages', 'monsterinsights-reports' ),
		emptyText: () =>
			__(
				'No data currently for the Landing Page report',
				'monsterinsights-reports'
			),
	},
	traffic_campaign: {
		table: 'campaigns',
		title: () => __( 'Campaign Details', 'monsterinsights-reports' ),
		emptyText: () =>
			__(
				'No data currently for the Campaigns report',
				'monsterinsights-reports'
			),
	},
	traffic_source_medium: {
		table: 'source_medium',
		title: () => __( 'Source / Medium Details', 'monsterinsights-reports' ),
		emptyText: () =>
			__(
				'No data currently for the Source / Medium report',
				'monsterinsights-reports'
			),
	},
	// Social Media: the chart and a Report Details table, no notes panel
	// (docs/product-rules.md#traffic-publishers-and-pages).
	traffic_social: {
		table: 'social',
		title: () => __( 'Report Details', 'monsterinsights-reports' ),
		emptyText: () =>
			__(
				'No data currently for the social media report.',
				'monsterinsights-reports'
			),
		inverse: [ 'bounce_rate' ],
		decorate: networkIcon,
		notes: false,
	},
};

/** The traffic reports this screen shows. */
export const TRAFFIC_SCREEN_NAMES = Object.keys(
	CONFIGS
) as TrafficScreenName[];

/**
 * Whether a report is one of these traffic screens.
 *
 * @param name A report.
 */
function isTrafficScreen( name: string ): name is TrafficScreenName {
	return Object.prototype.hasOwnProperty.call( CONFIGS, name );
}

/**
 * The screen of the traffic report the route hands it.
 */
export function TrafficScreen() {
	const name = useRoutedReport();
	if ( ! isTrafficScreen( name ) ) {
		throw new Error( `${ name } is not a traffic report of this screen.` );
	}
	const { table, title, emptyText, ...rest } = CONFIGS[ name ];
	return (
		<ChartTableReport< TrafficChartReport< string > >
			table={ table }
			title={ title() }
			emptyText={ emptyText() }
			{ ...rest }
		/>
	);
}

export default TrafficScreen;
