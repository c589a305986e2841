import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';

import { NoReportError, PDF_TEXTS, pdfFileName } from '../pdf';
import { exportReportPdf, PDF_DELAY_MS } from '../pdfExport';

jest.mock( 'html2canvas', () => ( { __esModule: true, default: jest.fn() } ) );
jest.mock( 'jspdf', () => ( { __esModule: true, jsPDF: jest.fn() } ) );

const html2canvasMock = html2canvas as unknown as jest.Mock;
const jsPDFMock = jsPDF as unknown as jest.Mock;

interface FakePdf {
	addImage: jest.Mock;
	addPage: jest.Mock;
	save: jest.Mock;
	setFillColor: jest.Mock;
	rect: jest.Mock;
}

function fakeCanvas( width: number, height: number ) {
	return {
		width,
		height,
		toDataURL: jest.fn( () => 'data:image/jpeg;base64,REPORT' ),
	};
}

function report() {
	const element = document.createElement( 'div' );
	element.id = 'report';
	element.style.width = '50%';
	element.innerHTML =
		'<h2>Overview</h2><button data-pdf-exclude>Export PDF Report</button>';
	document.body.appendChild( element );
	return element;
}

describe( 'pdfFileName', () => {
	it( 'names the file after the report and the date', () => {
		expect( pdfFileName( 'overview', '2026-11-22' ) ).toBe(
			'monsterinsights-reports-overview-2026-11-22.pdf'
		);
		expect( pdfFileName( 'traffic_source_medium', '2026-11-22' ) ).toBe(
			'monsterinsights-reports-traffic-source-medium-2026-11-22.pdf'
		);
	} );
} );

describe( 'PDF texts', () => {
	it( 'are the export texts word for word', () => {
		expect( PDF_TEXTS.generating ).toBe( 'Generating PDF Report' );
		expect( PDF_TEXTS.success ).toBe(
			'Downloaded PDF report successfully!'
		);
		expect( PDF_TEXTS.failed ).toBe( 'Download Failed' );
		expect( PDF_TEXTS.noReport ).toBe(
			'Download Failed, no report found!'
		);
	} );
} );

describe( 'exportReportPdf', () => {
	let pdf: FakePdf;

	beforeEach( () => {
		jest.useFakeTimers();
		pdf = {
			addImage: jest.fn(),
			addPage: jest.fn(),
			save: jest.fn(),
			setFillColor: jest.fn(),
			rect: jest.fn(),
		};
		jsPDFMock.mockReset().mockImplementation( () => pdf );
		html2canvasMock
			.mockReset()
			.mockResolvedValue( fakeCanvas( 1960, 1200 ) );
	} );

	afterEach( () => {
		jest.useRealTimers();
		document.body.innerHTML = '';
	} );

	it( 'refuses when there is no report, before showing the loader', async () => {
		const onStart = jest.fn();
		await expect(
			exportReportPdf( { element: null, fileName: 'x.pdf', onStart } )
		).rejects.toBeInstanceOf( NoReportError );
		const detached = document.createElement( 'div' );
		await expect(
			exportReportPdf( { element: detached, fileName: 'x.pdf', onStart } )
		).rejects.toBeInstanceOf( NoReportError );
		expect( onStart ).not.toHaveBeenCalled();
		expect( html2canvasMock ).not.toHaveBeenCalled();
	} );

	it( 'waits 2 seconds, then renders at 980 px, scale 2, JPEG quality 1', async () => {
		const element = report();
		const onStart = jest.fn();
		const done = exportReportPdf( {
			element,
			fileName: 'monsterinsights-reports-overview-2026-11-22.pdf',
			onStart,
		} );
		expect( onStart ).toHaveBeenCalledTimes( 1 );
		// Laid out at 980 px during the wait, so charts redraw at that width.
		expect( element.style.width ).toBe( '980px' );
		await jest.advanceTimersByTimeAsync( PDF_DELAY_MS - 1 );
		expect( html2canvasMock ).not.toHaveBeenCalled();
		await jest.advanceTimersByTimeAsync( 1 );
		await done;

		expect( PDF_DELAY_MS ).toBe( 2000 );
		expect( html2canvasMock ).toHaveBeenCalledTimes( 1 );
		const [ target, options ] = html2canvasMock.mock.calls[ 0 ];
		expect( target ).toBe( element );
		expect( options ).toMatchObject( {
			width: 980,
			scale: 2,
			height: element.scrollHeight,
		} );
		// Elements marked data-pdf-exclude are left out.
		const button = element.querySelector( 'button' ) as Element;
		expect( options.ignoreElements( button ) ).toBe( true );
		expect( options.ignoreElements( element.querySelector( 'h2' ) ) ).toBe(
			false
		);
		// The report was given its width back once drawn.
		expect( element.style.width ).toBe( '50%' );

		const canvas = await html2canvasMock.mock.results[ 0 ]?.value;
		expect( canvas.toDataURL ).toHaveBeenCalledWith( 'image/jpeg', 1 );
		expect( jsPDFMock ).toHaveBeenCalledWith(
			expect.objectContaining( { unit: 'px', orientation: 'portrait' } )
		);
		expect( pdf.addImage ).toHaveBeenCalledWith(
			'data:image/jpeg;base64,REPORT',
			'JPEG',
			20,
			20,
			980,
			600,
			'report',
			'NONE'
		);
		expect( pdf.addPage ).not.toHaveBeenCalled();
		expect( pdf.save ).toHaveBeenCalledWith(
			'monsterinsights-reports-overview-2026-11-22.pdf'
		);
	} );

	it( 'spreads a tall report over several pages', async () => {
		html2canvasMock.mockResolvedValue( fakeCanvas( 1960, 6000 ) );
		const done = exportReportPdf( {
			element: report(),
			fileName: 'x.pdf',
		} );
		await jest.advanceTimersByTimeAsync( PDF_DELAY_MS );
		await done;
		// 3000 px of report on A4-shaped pages 1020 × 1443 px with 20 px margins (1403 px of
		// report each): 3 pages.
		expect( pdf.addImage ).toHaveBeenCalledTimes( 3 );
		expect( pdf.addPage ).toHaveBeenCalledTimes( 2 );
		const ys = pdf.addImage.mock.calls.map( ( call ) => call[ 3 ] );
		expect( ys ).toEqual( [ 20, 20 - 1403, 20 - 2806 ] );
		expect( jsPDFMock ).toHaveBeenCalledWith(
			expect.objectContaining( { format: [ 1020, 1443 ] } )
		);
	} );

	it( 'puts the header image above the report', async () => {
		const getContext = jest
			.spyOn( HTMLCanvasElement.prototype, 'getContext' )
			.mockReturnValue( {
				drawImage: jest.fn(),
			} as unknown as CanvasRenderingContext2D );
		const toDataURL = jest
			.spyOn( HTMLCanvasElement.prototype, 'toDataURL' )
			.mockReturnValue( 'data:image/png;base64,HEADER' );
		const OriginalImage = window.Image;
		class FakeImage {
			naturalWidth = 490;
			naturalHeight = 100;
			crossOrigin = '';
			onload: ( () => void ) | null = null;
			onerror: ( () => void ) | null = null;
			set src( _url: string ) {
				setTimeout( () => this.onload?.(), 0 );
			}
		}
		window.Image = FakeImage as unknown as typeof Image;
		try {
			const done = exportReportPdf( {
				element: report(),
				fileName: 'x.pdf',
				headerImage: 'https://example.org/logo.png',
			} );
			await jest.advanceTimersByTimeAsync( PDF_DELAY_MS + 1 );
			await done;
			expect( pdf.addImage ).toHaveBeenNthCalledWith(
				1,
				'data:image/png;base64,HEADER',
				'PNG',
				20,
				20,
				490,
				100
			);
			// The report starts under the header and its margin.
			expect( pdf.addImage.mock.calls[ 1 ]?.[ 3 ] ).toBe( 140 );
		} finally {
			window.Image = OriginalImage;
			getContext.mockRestore();
			toDataURL.mockRestore();
		}
	} );

	it( 'skips a header image that cannot be loaded', async () => {
		const OriginalImage = window.Image;
		class BrokenImage {
			onerror: ( () => void ) | null = null;
			set src( _url: string ) {
				setTimeout( () => this.onerror?.(), 0 );
			}
		}
		window.Image = BrokenImage as unknown as typeof Image;
		try {
			const done = exportReportPdf( {
				element: report(),
				fileName: 'x.pdf',
				headerImage: 'https://example.org/missing.png',
			} );
			await jest.advanceTimersByTimeAsync( PDF_DELAY_MS + 1 );
			await done;
			expect( pdf.addImage ).toHaveBeenCalledTimes( 1 );
			expect( pdf.save ).toHaveBeenCalled();
		} finally {
			window.Image = OriginalImage;
		}
	} );

	it( 'rejects when rendering fails, and gives the report its width back', async () => {
		html2canvasMock.mockRejectedValue( new Error( 'tainted canvas' ) );
		const element = report();
		const done = exportReportPdf( { element, fileName: 'x.pdf' } ).catch(
			( error: Error ) => error
		);
		await jest.advanceTimersByTimeAsync( PDF_DELAY_MS );
		expect( await done ).toEqual( new Error( 'tainted canvas' ) );
		expect( element.style.width ).toBe( '50%' );
		expect( pdf.save ).not.toHaveBeenCalled();
	} );
} );
