import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { ErrorDialog } from '../components/Dialogs';
import { appStore } from '../store/app';
import { reportsStore } from '../store/reports';

/**
 * The error dialog (docs/product-rules.md#dialogs-and-toasts) for report requests that failed for a
 * reason other than the ones the app handles itself (not connected, invalid dates, upgrade
 * required). When Google did not answer, its main button asks again (Retry); when Google no longer
 * accepts the site's credentials, it leads to the settings to connect again (Reconnect).
 */
export function ReportErrorDialog() {
	const { dialog, reportsUrl, canSaveSettings } = useSelect(
		( select ) => ( {
			dialog: select( reportsStore ).getErrorDialog(),
			reportsUrl: select( appStore ).getBoot()?.plugin.reportsUrl ?? '',
			canSaveSettings: select( appStore ).userCan( 'saveSettings' ),
		} ),
		[]
	);
	const { dismissErrorDialog, refreshReports } = useDispatch( reportsStore );
	if ( ! dialog ) {
		return null;
	}
	if ( dialog.action === 'retry' ) {
		return (
			<ErrorDialog
				title={ dialog.title }
				text={ dialog.text }
				confirmLabel={ __( 'Retry', 'monsterinsights-reports' ) }
				onConfirm={ () => {
					dismissErrorDialog();
					refreshReports();
				} }
				onCancel={ () => dismissErrorDialog() }
				cancelLabel={ __( 'Close', 'monsterinsights-reports' ) }
			/>
		);
	}
	if ( dialog.action === 'reconnect' && canSaveSettings ) {
		return (
			<ErrorDialog
				title={ dialog.title }
				text={ dialog.text }
				confirmLabel={ __( 'Reconnect', 'monsterinsights-reports' ) }
				onConfirm={ () => {
					dismissErrorDialog();
					window.location.assign( `${ reportsUrl }#/settings` );
				} }
				onCancel={ () => dismissErrorDialog() }
				cancelLabel={ __( 'Not now', 'monsterinsights-reports' ) }
			/>
		);
	}
	return (
		<ErrorDialog
			title={ dialog.title }
			text={ dialog.text }
			onConfirm={ () => dismissErrorDialog() }
		/>
	);
}
