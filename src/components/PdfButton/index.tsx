import { Button, Dropdown } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { LoadingDialog } from '../Dialogs';
import { useToast } from '../Toast';
import {
	NoReportError,
	PDF_TEXTS,
	pdfFileName,
	REPORT_AREA_ID,
} from '../../lib/pdf';
import { canUse } from '../../lib/tiers';
import { appStore } from '../../store/app';
import { LOCK_TEXTS, upgradeUrl } from '../../upsell/constants';

export interface PdfButtonProps {
	/** The report's name, for the file name (monsterinsights-reports-{report}-{date}.pdf). */
	report: string;
	/** URL of the `pdf_reports_header_image` setting, if any. */
	headerImage?: string | null;
	/** Id of the element to export; the shell's report area by default. */
	targetId?: string;
}

/**
 * The PDF export button of a report header (docs/product-rules.md#pdf-export). Lite shows its lock
 * text (docs/product-rules.md#upsells) instead; the export itself loads html2canvas and jsPDF only
 * when clicked.
 *
 * @param props             Component props.
 * @param props.report      The report's name.
 * @param props.headerImage The header image URL.
 * @param props.targetId    The element to export.
 */
export function PdfButton( {
	report,
	headerImage,
	targetId = REPORT_AREA_ID,
}: PdfButtonProps ) {
	const { level, today } = useSelect(
		( select ) => ( {
			level: select( appStore ).getLevel(),
			today: select( appStore ).getSite()?.today ?? '',
		} ),
		[]
	);
	const [ busy, setBusy ] = useState( false );
	const toast = useToast();
	const label = __( 'Export PDF Report', 'monsterinsights-reports' );

	if ( ! canUse( level, 'pdf_export' ) ) {
		return (
			<Dropdown
				className="monsterinsights-reports-pdf-button is-locked"
				popoverProps={ { placement: 'bottom-end' } }
				renderToggle={ ( { isOpen, onToggle } ) => (
					<Button
						variant="secondary"
						aria-expanded={ isOpen }
						onClick={ onToggle }
						data-pdf-exclude
					>
						{ label }
					</Button>
				) }
				renderContent={ () => (
					<div className="monsterinsights-reports-lock-popover">
						<p>{ LOCK_TEXTS.pdfExport }</p>
						<Button
							variant="primary"
							href={ upgradeUrl(
								'pdf-export',
								level === 'lite'
							) }
							target="_blank"
							rel="noopener noreferrer"
						>
							{ __(
								'Upgrade to Pro',
								'monsterinsights-reports'
							) }
						</Button>
					</div>
				) }
			/>
		);
	}

	const download = async () => {
		try {
			const { exportReportPdf } = await import(
				/* webpackChunkName: "pdf-export" */
				'../../lib/pdfExport'
			);
			await exportReportPdf( {
				element: document.getElementById( targetId ),
				fileName: pdfFileName( report, today ),
				headerImage,
				onStart: () => setBusy( true ),
			} );
			toast.success( PDF_TEXTS.success );
		} catch ( error ) {
			toast.error(
				error instanceof NoReportError
					? PDF_TEXTS.noReport
					: PDF_TEXTS.failed
			);
		} finally {
			setBusy( false );
		}
	};

	return (
		<>
			<Button
				variant="secondary"
				className="monsterinsights-reports-pdf-button"
				onClick={ download }
				disabled={ busy }
				accessibleWhenDisabled
				data-pdf-exclude
			>
				{ label }
			</Button>
			{ busy && (
				<LoadingDialog
					title={ PDF_TEXTS.generating }
					text={ __(
						'Your report is being turned into a PDF. This takes a few seconds.',
						'monsterinsights-reports'
					) }
				/>
			) }
		</>
	);
}
