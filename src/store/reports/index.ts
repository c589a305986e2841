import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const REPORTS_STORE = 'monsterinsights-reports/reports';

export const reportsStore = createReduxStore( REPORTS_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export {
	FALLBACK_METRIC,
	MAX_METRICS,
	METRIC_IDS,
	PRO_METRICS,
	isMetricId,
	isProMetric,
	metricDefinitions,
	metricLabel,
} from './constants';
export {
	reportKey,
	reportPath,
	requestDates,
	tableKey,
	tablePath,
} from './query';
export type { RequestDates, TableParams, TableRequest } from './query';
export { isNoticeError, NOTICE_CODES, toReportError } from './errors';
export type {
	ChartNote,
	DimensionsReport,
	CountryRow,
	DeviceShares,
	ErrorDialog,
	GraphSeries,
	InfoboxMetric,
	MetricId,
	NewVsReturning,
	NewVsReturningShares,
	OverviewCompare,
	OverviewGraph,
	OverviewInfobox,
	OverviewLinks,
	OverviewReport,
	PayloadOf,
	PopularContent,
	PopularDay,
	PopularHour,
	PopularShare,
	ReferralRow,
	ReportError,
	ReportName,
	ReportPayloads,
	SiteSummaryReport,
	SiteSummaryTotals,
	SiteSpeedFigures,
	SiteSpeedReport,
	SpeedDevice,
	SpeedMetric,
	SpeedMetricKey,
	EngagementPagesReport,
	ExceptionCategory,
	ExceptionRow,
	ExceptionsReport,
	FormsGraph,
	FormsReport,
	MediaGraph,
	MediaReport,
	TablePage,
	TableColumn,
	TableRow,
	TopListRow,
	TopPageRow,
} from './types';
