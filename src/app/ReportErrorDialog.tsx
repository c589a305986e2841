import { useDispatch, useSelect } from '@wordpress/data';

import { ErrorDialog } from '../components/Dialogs';
import { reportsStore } from '../store/reports';

/**
 * The error dialog (docs/product-rules.md#dialogs-and-toasts) for report requests that failed for a
 * reason other than the ones the app handles itself (not connected, invalid dates, upgrade
 * required).
 */
export function ReportErrorDialog() {
	const dialog = useSelect(
		( select ) => select( reportsStore ).getErrorDialog(),
		[]
	);
	const { dismissErrorDialog } = useDispatch( reportsStore );
	if ( ! dialog ) {
		return null;
	}
	return (
		<ErrorDialog
			title={ dialog.title }
			text={ dialog.text }
			onConfirm={ () => dismissErrorDialog() }
		/>
	);
}
