/**
 * The shell every report screen uses: its header (title, date picker, PDF export), then its own
 * layout — a render function of the payload — in one of these states:
 *
 * - locked: the licence does not include the report (the tier table, or the server's 403
 *   upgrade_required). The same layout renders the report's demo payload, blurred under its upsell
 *   with 'See a Sample Report' (docs/product-rules.md#upsells); nothing is fetched.
 * - loading: a spinner until the first payload arrives; refreshing: the 'Refreshing Report'
 *   dialog over the previous payload while new dates load.
 * - error: the report's error text (default 'An unknown error has occurred.') in a
 *   notice, with the server's message under it.
 * - no shop: an eCommerce report (registry feature `ecommerce`) on a site without a shop
 *   (WooCommerce or Easy Digital Downloads with the eCommerce module on) is fetched like any
 *   other; the server answers 400 no_shop with the report's notice (what is missing, or the
 *   shops the report supports), shown word for word in an info notice, with no error dialog.
 *   So are the other notices of what the site lacks for a report (store/reports/errors.ts
 *   NOTICE_CODES: the Queries report on a source that does not read Search Console).
 * - empty: the report's empty text (default 'No data to show').
 *
 * A report whose chart carries site notes shows their toggle and panel right under that chart
 * (shared/site-notes ChartNotes), not here. A report that is never compared (`compare: false` in
 * its registry entry) offers no compare range and asks its dates alone.
 */
import { Notice } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { lazy, Suspense, useContext, useMemo } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { LoadingDialog } from '../components/Dialogs';
import { Loader } from '../components/Loader';
import {
	ReportContext,
	type ReportContextValue,
} from '../components/report/context';
import { isPayloadEmpty } from '../components/report/empty';
import { canUse } from '../lib/tiers';
import { appStore } from '../store/app';
import { isNoticeError, reportsStore, requestDates } from '../store/reports';
import {
	reportDef,
	RouteContextContext,
	useRoutedReport,
	type ReportName,
} from './registry';
import { ReportHeader } from './shared/ReportHeader';
import { useReport } from './shared/useReport';

/** What the layout learns besides the payload. */
export interface ReportLayoutState {
	/** The payload is the report's sample data (locked). */
	demo: boolean;
	locale: string;
	/** Whether a compare range is on. */
	comparing: boolean;
}

/**
 * A report screen's props. The report is the one its route hands it (RoutedReportContext); `P` is
 * that report's payload type, which the layout's parameter names.
 */
export interface ReportScreenProps< P > {
	/** The report's layout for a payload: the same for real and sample data. */
	children: ( data: P, state: ReportLayoutState ) => ReactNode;
	/** Whether a payload has nothing to show; by default every block of it is empty. */
	isEmpty?: ( data: P ) => boolean;
	/** The empty text of the report; 'No data to show' by default. */
	emptyText?: string;
	/** The error text of the report; 'An unknown error has occurred.' by default. */
	errorText?: string;
	/** A fixed period shown in the header instead of the date picker (the Year in Review). */
	period?: string;
	/**
	 * The body while the licence includes the report, in place of the fetch by the app's dates
	 * (the Real-Time report fetches and refreshes itself); it gets the layout to render payloads.
	 */
	live?: ( layout: ReportScreenProps< P >[ 'children' ] ) => ReactNode;
	/**
	 * A notice under the header while the licence includes the report, whatever the payload's
	 * state (e.g. the tracking the report needs is switched off, so there is nothing new to show).
	 */
	notice?: ReactNode;
}

/**
 * The locked body, loaded only when a report is locked: the upsell overlay and every report's
 * upsell texts stay out of the screens a licence includes (the Overview's first render above all).
 */
const LockedBody = lazy(
	() => import( /* webpackChunkName: "report-locked" */ './LockedBody' )
);

/** Codes the app handles elsewhere: not connected, a reset of the dates, the lock. */
const HANDLED_ELSEWHERE = [
	'not_connected',
	'invalid_date_range',
	'upgrade_required',
];

/** A report screen's props with the report its route handed it. */
export type RoutedScreenProps< P > = ReportScreenProps< P > & {
	name: ReportName;
};

/**
 * The report shell of the report the route hands the screen.
 *
 * @param screenProps Component props.
 */
export function ReportScreen< P >( screenProps: ReportScreenProps< P > ) {
	const name = useRoutedReport();
	const props: RoutedScreenProps< P > = { ...screenProps, name };
	const def = reportDef( name );
	const { level, serverLocked } = useSelect(
		( select ) => ( {
			level: select( appStore ).getLevel(),
			serverLocked: select( reportsStore ).isReportLocked( name ),
		} ),
		[ name ]
	);
	const title = def.title( useContext( RouteContextContext ) );
	const locked = serverLocked || ! canUse( level, def.feature );
	const noCompare = def.compare === false;

	return (
		<div
			className={ `monsterinsights-reports-report monsterinsights-reports-report--${ name }` }
		>
			<ReportHeader
				title={ title }
				report={ name }
				period={ props.period }
				noCompare={ noCompare }
			/>
			{ locked && (
				<Suspense fallback={ <Loader /> }>
					<LockedBody
						// The lazy component is typed for any payload; these are this report's props.
						{ ...( props as RoutedScreenProps< unknown > ) }
					/>
				</Suspense>
			) }
			{ ! locked && props.notice }
			{ ! locked &&
				( props.live ? (
					props.live( props.children )
				) : (
					<LiveBody { ...props } noCompare={ noCompare } />
				) ) }
		</div>
	);
}

/**
 * A report the licence includes: fetched for the app's dates.
 *
 * @param props           Component props.
 * @param props.name      The report.
 * @param props.children  Its layout.
 * @param props.isEmpty   Whether a payload has nothing to show.
 * @param props.emptyText The empty text.
 * @param props.errorText The error text.
 * @param props.noCompare Whether the report is never compared.
 */
function LiveBody< P >( {
	name,
	children,
	isEmpty = isPayloadEmpty,
	emptyText,
	errorText,
	noCompare,
}: RoutedScreenProps< P > & { noCompare: boolean } ) {
	const report = useReport( name, { compare: ! noCompare } );
	const { isLoading, isRefreshing, query, locale } = report;
	// The payload of the report the route handed the screen, whose type the screen names.
	const data = report.data as P | undefined;
	const { error, rest } = useSelect(
		( select ) => ( {
			error: select( reportsStore ).getReportError( name, query ),
			rest: select( appStore ).getBoot()?.rest,
		} ),
		[ name, query ]
	);
	const dates = requestDates( query );
	const datesKey = JSON.stringify( dates );

	const context = useMemo(
		(): ReportContextValue => ( {
			report: name,
			dates: JSON.parse( datesKey ),
			locale,
			restRoot: rest?.root ?? '',
			nonce: rest?.nonce ?? '',
			demo: false,
		} ),
		[ name, datesKey, locale, rest ]
	);

	const comparing = Boolean( query.compareStart && query.compareEnd );
	let body: ReactNode = null;
	if ( data ) {
		body = isEmpty( data ) ? (
			<p className="monsterinsights-reports-report__empty">
				{ emptyText ??
					__( 'No data to show', 'monsterinsights-reports' ) }
			</p>
		) : (
			children( data, { demo: false, locale, comparing } )
		);
	} else if ( isNoticeError( error ) ) {
		// What the site lacks for the report (a shop, …): the server's notice, not a failure.
		body = (
			<Notice status="info" isDismissible={ false }>
				<p>{ error?.message }</p>
			</Notice>
		);
	} else if ( error && ! HANDLED_ELSEWHERE.includes( error.code ) ) {
		body = (
			<Notice status="error" isDismissible={ false }>
				<p>
					{ errorText ??
						__(
							'An unknown error has occurred.',
							'monsterinsights-reports'
						) }
				</p>
				{ error.message && <p>{ error?.message }</p> }
			</Notice>
		);
	} else if ( isLoading || ! error ) {
		body = <Loader />;
	}

	return (
		<ReportContext.Provider value={ context }>
			{ isRefreshing && <LoadingDialog /> }
			{ body }
		</ReportContext.Provider>
	);
}
