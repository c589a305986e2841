/**
 * The Real-Time report's own fetching (docs/product-rules.md#real-time): on load, then every 60
 * seconds, with the seconds since the last update; it stops after more than 5 failed fetches, and
 * pauses (the screen then says so) when the window lacks focus at an automatic refresh.
 */
import apiFetch from '@wordpress/api-fetch';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';

import { toReportError } from '../../store/reports/errors';
import type { RealtimeReport, ReportError } from '../../store/reports/types';

/** Seconds between two fetches. */
export const REFRESH_SECONDS = 60;

/** Failed fetches tolerated; one more stops the refresh. */
export const MAX_FAILURES = 5;

/** The report's route: no dates, real time has none. */
export const REALTIME_PATH = '/monsterinsights-reports/v1/reports/realtime';

/** Errors the app handles itself (the lock, no data source): no retry. */
const FINAL_CODES = [ 'not_connected', 'upgrade_required' ];

export interface RealtimeState {
	/** The last payload, kept while later fetches fail. */
	data: RealtimeReport | undefined;
	/** The last fetch's error, until a fetch succeeds. */
	error: ReportError | undefined;
	/** Whole seconds since the last payload arrived; null before the first. */
	secondsSinceUpdate: number | null;
	/** More than MAX_FAILURES fetches failed: no more fetches. */
	stopped: boolean;
	/** The window lacked focus at an automatic refresh: no more fetches. */
	paused: boolean;
}

/**
 * Fetches the report and keeps it fresh.
 *
 * @param onFinalError Called with an error the app handles (upgrade_required, not_connected).
 */
export function useRealtime(
	onFinalError: ( error: ReportError ) => void
): RealtimeState {
	const [ data, setData ] = useState< RealtimeReport | undefined >();
	const [ error, setError ] = useState< ReportError | undefined >();
	const [ updatedAt, setUpdatedAt ] = useState< number | null >( null );
	const [ clock, setClock ] = useState( () => Date.now() );
	const [ stopped, setStopped ] = useState( false );
	const [ paused, setPaused ] = useState( false );
	const failures = useRef( 0 );
	const mounted = useRef( true );
	const onError = useRef( onFinalError );
	onError.current = onFinalError;

	const load = useCallback( async () => {
		try {
			const payload = await apiFetch< RealtimeReport >( {
				path: REALTIME_PATH,
			} );
			if ( ! mounted.current ) {
				return;
			}
			const now = Date.now();
			setData( payload );
			setError( undefined );
			setUpdatedAt( now );
			setClock( now );
		} catch ( caught ) {
			if ( ! mounted.current ) {
				return;
			}
			const failure = toReportError( caught );
			setError( failure );
			if ( FINAL_CODES.includes( failure.code ) ) {
				setStopped( true );
				onError.current( failure );
				return;
			}
			failures.current += 1;
			if ( failures.current > MAX_FAILURES ) {
				setStopped( true );
			}
		}
	}, [] );

	// On load.
	useEffect( () => {
		mounted.current = true;
		load();
		return () => {
			mounted.current = false;
		};
	}, [ load ] );

	// Every REFRESH_SECONDS, unless stopped or paused; a window without focus pauses instead.
	useEffect( () => {
		if ( stopped || paused ) {
			return undefined;
		}
		const timer = window.setInterval( () => {
			if ( ! document.hasFocus() ) {
				setPaused( true );
				return;
			}
			load();
		}, REFRESH_SECONDS * 1000 );
		return () => window.clearInterval( timer );
	}, [ stopped, paused, load ] );

	// The seconds-since-update counter.
	useEffect( () => {
		if ( updatedAt === null ) {
			return undefined;
		}
		const timer = window.setInterval( () => setClock( Date.now() ), 1000 );
		return () => window.clearInterval( timer );
	}, [ updatedAt ] );

	return {
		data,
		error,
		secondsSinceUpdate:
			updatedAt === null
				? null
				: Math.max( 0, Math.floor( ( clock - updatedAt ) / 1000 ) ),
		stopped,
		paused,
	};
}
