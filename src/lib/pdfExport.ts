/**
 * The PDF export itself (docs/product-rules.md#pdf-export): check that the report exists, show a
 * loader, wait 2 seconds, render the report area at 980 px wide, scale 2, JPEG quality 1, and save
 * it. Loaded with html2canvas and jsPDF only when the user exports (PdfButton).
 */
import type { jsPDF as JsPdfClass } from 'jspdf';

import { NoReportError, PDF_EXCLUDE_ATTRIBUTE } from './pdf';

/** Rendering constants. */
export const PDF_WIDTH = 980;
export const PDF_SCALE = 2;
export const PDF_JPEG_QUALITY = 1;
/** The wait before rendering, so charts finish drawing. */
export const PDF_DELAY_MS = 2000;
/** Page margin, in the PDF's px units. */
export const PDF_MARGIN = 20;

export interface ExportPdfOptions {
	/** The report area; null or missing when no report is on the page. */
	element: HTMLElement | null | undefined;
	/** File name, e.g. from pdfFileName(). */
	fileName: string;
	/** URL of the header image (the `pdf_reports_header_image` setting), if any. */
	headerImage?: string | null;
	/** Called once the report is found, before the wait: show the loader. */
	onStart?: () => void;
}

/**
 * Waits some milliseconds.
 *
 * @param ms Milliseconds.
 */
export function wait( ms: number ): Promise< void > {
	return new Promise( ( resolve ) => setTimeout( resolve, ms ) );
}

/**
 * Loads now the images of an element that load when scrolled near (`loading="lazy"`), so a drawing
 * of the whole element has them. Settles when each has loaded or failed.
 *
 * @param element The element.
 */
export function loadLazyImages( element: HTMLElement ): Promise< void > {
	const lazy = Array.from(
		element.querySelectorAll< HTMLImageElement >( 'img[loading="lazy"]' )
	);
	lazy.forEach( ( image ) => {
		image.loading = 'eager';
	} );
	return Promise.all(
		lazy.map( ( image ) =>
			image.complete
				? undefined
				: new Promise< void >( ( resolve ) => {
						image.addEventListener( 'load', () => resolve(), {
							once: true,
						} );
						image.addEventListener( 'error', () => resolve(), {
							once: true,
						} );
				  } )
		)
	).then( () => undefined );
}

/**
 * Loads an image as a data URL with its size, or null when it cannot be read (a missing file, or a
 * host that does not allow cross-origin reads): the PDF is then made without the header.
 *
 * @param url The image URL.
 */
export function loadImage(
	url: string
): Promise< { data: string; width: number; height: number } | null > {
	return new Promise( ( resolve ) => {
		const image = new Image();
		image.crossOrigin = 'anonymous';
		image.onload = () => {
			try {
				const canvas = document.createElement( 'canvas' );
				canvas.width = image.naturalWidth;
				canvas.height = image.naturalHeight;
				const context = canvas.getContext( '2d' );
				if ( ! context || ! canvas.width || ! canvas.height ) {
					resolve( null );
					return;
				}
				context.drawImage( image, 0, 0 );
				resolve( {
					data: canvas.toDataURL( 'image/png' ),
					width: canvas.width,
					height: canvas.height,
				} );
			} catch {
				resolve( null );
			}
		};
		image.onerror = () => resolve( null );
		image.src = url;
	} );
}

/**
 * Exports a report area as a PDF. Rejects with NoReportError when there is no report, and with any
 * other error when rendering or saving fails.
 *
 * @param options Export options.
 */
export async function exportReportPdf(
	options: ExportPdfOptions
): Promise< void > {
	const { element, fileName, headerImage, onStart } = options;
	if ( ! element || ! element.isConnected ) {
		throw new NoReportError();
	}
	onStart?.();

	// The libraries load during the wait; a failure is reported after it.
	const libraries = Promise.all( [
		import( /* webpackChunkName: "html2canvas" */ 'html2canvas' ),
		import( /* webpackChunkName: "jspdf" */ 'jspdf' ),
	] );
	libraries.catch( () => undefined );

	// Lay the report out at the PDF's width while the loader covers the page; the 2 s wait lets
	// charts redraw at that width before the report is drawn. The page keeps its own viewport, so
	// the media queries of the drawing match the layout measured here.
	const previousWidth = element.style.width;
	element.style.width = `${ PDF_WIDTH }px`;
	// Images the page loads as they are scrolled to (the country flags) are all drawn.
	const images = loadLazyImages( element );
	let canvas: HTMLCanvasElement;
	let JsPdf: typeof JsPdfClass;
	try {
		await wait( PDF_DELAY_MS );
		await images;
		const [ { default: html2canvas }, { jsPDF } ] = await libraries;
		JsPdf = jsPDF;
		canvas = await html2canvas( element, {
			width: PDF_WIDTH,
			height: element.scrollHeight,
			scale: PDF_SCALE,
			useCORS: true,
			backgroundColor: '#ffffff',
			logging: false,
			ignoreElements: ( node: Element ) =>
				node.hasAttribute( PDF_EXCLUDE_ATTRIBUTE ),
		} );
	} finally {
		element.style.width = previousWidth;
	}

	const pageWidth = PDF_WIDTH + 2 * PDF_MARGIN;
	// A4 proportions at that width.
	const pageHeight = Math.round( ( pageWidth * 297 ) / 210 );
	const pdf = new JsPdf( {
		orientation: 'portrait',
		unit: 'px',
		format: [ pageWidth, pageHeight ],
		hotfixes: [ 'px_scaling' ],
		compress: true,
	} );

	let top = PDF_MARGIN;
	if ( headerImage ) {
		const header = await loadImage( headerImage );
		if ( header ) {
			const width = Math.min( PDF_WIDTH, header.width );
			const height = ( header.height * width ) / header.width;
			pdf.addImage( header.data, 'PNG', PDF_MARGIN, top, width, height );
			top += height + PDF_MARGIN;
		}
	}

	const image = canvas.toDataURL( 'image/jpeg', PDF_JPEG_QUALITY );
	const imageHeight = ( canvas.height * PDF_WIDTH ) / canvas.width;
	// One tall image, shifted up page by page; each page shows its slice.
	let offset = 0;
	let pageTop = top;
	for (;;) {
		pdf.addImage(
			image,
			'JPEG',
			PDF_MARGIN,
			pageTop - offset,
			PDF_WIDTH,
			imageHeight,
			'report',
			'NONE'
		);
		// White margins hide the parts of the image that belong to the previous or next page.
		pdf.setFillColor( 255, 255, 255 );
		pdf.rect( 0, pageHeight - PDF_MARGIN, pageWidth, PDF_MARGIN, 'F' );
		if ( offset > 0 ) {
			pdf.rect( 0, 0, pageWidth, PDF_MARGIN, 'F' );
		}
		offset += pageHeight - pageTop - PDF_MARGIN;
		if ( offset >= imageHeight ) {
			break;
		}
		pdf.addPage( [ pageWidth, pageHeight ], 'portrait' );
		pageTop = PDF_MARGIN;
	}
	pdf.save( fileName );
}
