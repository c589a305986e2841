/**
 * The Site Speed report's Run Audit: the audit route, the request, and the toast of a failed audit.
 */
import apiFetch from '@wordpress/api-fetch';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { useReportContext } from '../../components/report/context';
import { useToast } from '../../components/Toast';
import { reportsStore } from '../../store/reports';
import { REST_NAMESPACE } from '../../store/reports/query';
import type { SpeedDevice } from '../../store/reports/types';

/** The audit route. */
export const AUDIT_PATH = `/${ REST_NAMESPACE }/site-speed/audit`;

/**
 * The toast text of a failed audit.
 *
 * @param failure What apiFetch rejected with: the Response (parse: false), or an error without a
 *                status (the network).
 */
function auditFailure( failure: unknown ): string {
	const response =
		typeof failure === 'object' && failure !== null && 'status' in failure
			? ( failure as { status: unknown; statusText?: unknown } )
			: null;
	return sprintf(
		/* translators: 1: an HTTP status code such as 502, 2: its text such as Bad Gateway. */
		__( 'Failed to load report: %1$s, %2$s', 'monsterinsights-reports' ),
		String( response?.status ?? 0 ),
		response
			? String( response.statusText ?? '' )
			: __( 'Network error', 'monsterinsights-reports' )
	);
}

/**
 * Runs an audit of a device: the server fetches the front page, then the report is fetched again.
 * Under the upsell (demo data), and while an audit runs, it does nothing.
 *
 * @param device The device to audit.
 * @param demo   Sample data under the upsell.
 */
export function useAudit( device: SpeedDevice, demo: boolean ) {
	const [ auditing, setAuditing ] = useState( false );
	const { invalidateReport } = useDispatch( reportsStore );
	const toast = useToast();
	const context = useReportContext();

	const runAudit = async () => {
		if ( demo || auditing ) {
			return;
		}
		setAuditing( true );
		try {
			await apiFetch( {
				path: AUDIT_PATH,
				method: 'POST',
				data: { device },
				parse: false,
			} );
			invalidateReport( context.report );
		} catch ( failure ) {
			toast.error( auditFailure( failure ) );
		} finally {
			setAuditing( false );
		}
	};

	return { auditing, runAudit };
}
