/**
 * PDF export of a report (docs/product-rules.md#pdf-export): what the export button and the report
 * area need up front. The export itself (pdfExport.ts, with html2canvas and jsPDF) is loaded only
 * when the user exports: it never weighs on the first load.
 */
import { __ } from '@wordpress/i18n';

/** Elements with this attribute are left out of the PDF (buttons, upsells, the export button). */
export const PDF_EXCLUDE_ATTRIBUTE = 'data-pdf-exclude';

/** Id of the element that holds the report screen; navigation and notices sit outside it. */
export const REPORT_AREA_ID = 'monsterinsights-reports-report';

/** The export's texts, word for word. */
export const PDF_TEXTS = {
	get generating(): string {
		return __( 'Generating PDF Report', 'monsterinsights-reports' );
	},
	get success(): string {
		return __(
			'Downloaded PDF report successfully!',
			'monsterinsights-reports'
		);
	},
	get failed(): string {
		return __( 'Download Failed', 'monsterinsights-reports' );
	},
	get noReport(): string {
		return __(
			'Download Failed, no report found!',
			'monsterinsights-reports'
		);
	},
} as const;

/** Thrown when there is no report to export. */
export class NoReportError extends Error {
	constructor() {
		super( 'no_report' );
		this.name = 'NoReportError';
	}
}

/**
 * The PDF's file name: monsterinsights-reports-{report}-{Y-m-d}.pdf.
 *
 * @param report The report name, e.g. "overview".
 * @param date   The site's today, Y-m-d.
 */
export function pdfFileName( report: string, date: string ): string {
	const slug =
		report
			.toLowerCase()
			.replace( /[^a-z0-9]+/g, '-' )
			.replace( /^-+|-+$/g, '' ) || 'report';
	return `monsterinsights-reports-${ slug }-${ date }.pdf`;
}
