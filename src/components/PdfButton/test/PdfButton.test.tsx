import { store as noticesStore } from '@wordpress/notices';
import { act, fireEvent, screen } from '@testing-library/react';
import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';

import { TOAST_CONTEXT } from '../../Toast';
import { REPORT_AREA_ID } from '../../../lib/pdf';
import { PdfButton } from '..';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';

jest.mock( 'html2canvas', () => ( { __esModule: true, default: jest.fn() } ) );
jest.mock( 'jspdf', () => ( { __esModule: true, jsPDF: jest.fn() } ) );

const html2canvasMock = html2canvas as unknown as jest.Mock;
const jsPDFMock = jsPDF as unknown as jest.Mock;

function toasts( registry: ReturnType< typeof createShellRegistry > ) {
	return registry
		.select( noticesStore )
		.getNotices( TOAST_CONTEXT )
		.map( ( notice: { status: string; content: string } ) => [
			notice.status,
			notice.content,
		] );
}

describe( 'PdfButton', () => {
	let save: jest.Mock;

	beforeEach( () => {
		jest.useFakeTimers();
		save = jest.fn();
		html2canvasMock.mockReset().mockResolvedValue( {
			width: 1960,
			height: 1000,
			toDataURL: () => 'data:image/jpeg;base64,R',
		} );
		jsPDFMock.mockReset().mockImplementation( () => ( {
			addImage: jest.fn(),
			addPage: jest.fn(),
			setFillColor: jest.fn(),
			rect: jest.fn(),
			save,
		} ) );
	} );

	afterEach( () => {
		jest.useRealTimers();
		document.body.innerHTML = '';
	} );

	function renderButton(
		level: 'lite' | 'basic' = 'basic',
		withReport = true
	) {
		const registry = createShellRegistry( {
			licence: { level, source: 'site' },
		} );
		renderIn(
			<div id={ withReport ? REPORT_AREA_ID : 'elsewhere' }>
				<PdfButton report="overview" />
			</div>,
			registry
		);
		return registry;
	}

	it( 'shows the loader, waits 2 s, saves the file and says so', async () => {
		const registry = renderButton();
		const button = screen.getByRole( 'button', {
			name: 'Export PDF Report',
		} );
		expect( button ).toHaveAttribute( 'data-pdf-exclude' );
		await act( async () => {
			fireEvent.click( button );
		} );
		expect(
			screen.getByRole( 'dialog', { name: 'Generating PDF Report' } )
		).toBeInTheDocument();
		await act( async () => {
			await jest.advanceTimersByTimeAsync( 1999 );
		} );
		expect( html2canvasMock ).not.toHaveBeenCalled();
		await act( async () => {
			await jest.advanceTimersByTimeAsync( 1 );
		} );
		expect( html2canvasMock ).toHaveBeenCalledWith(
			document.getElementById( REPORT_AREA_ID ),
			expect.objectContaining( { width: 980, scale: 2 } )
		);
		expect( save ).toHaveBeenCalledWith(
			'monsterinsights-reports-overview-2026-11-22.pdf'
		);
		expect(
			screen.queryByRole( 'dialog', { name: 'Generating PDF Report' } )
		).not.toBeInTheDocument();
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Downloaded PDF report successfully!' ],
		] );
	} );

	it( 'says when there is no report to export', async () => {
		const registry = renderButton( 'basic', false );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Export PDF Report' } )
			);
		} );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( toasts( registry ) ).toEqual( [
			[ 'error', 'Download Failed, no report found!' ],
		] );
	} );

	it( 'says when the download failed', async () => {
		html2canvasMock.mockRejectedValue( new Error( 'boom' ) );
		const registry = renderButton();
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Export PDF Report' } )
			);
		} );
		await act( async () => {
			await jest.advanceTimersByTimeAsync( 2000 );
		} );
		expect( toasts( registry ) ).toEqual( [
			[ 'error', 'Download Failed' ],
		] );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'shows the lite lock text instead of exporting', async () => {
		renderButton( 'lite' );
		const button = screen.getByRole( 'button', {
			name: 'Export PDF Report',
		} );
		await act( async () => {
			fireEvent.click( button );
		} );
		expect( button ).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			screen.getByText(
				'You can export PDF reports only in the PRO version.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Upgrade to Pro' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'utm_campaign=pdf-export' )
		);
		await act( async () => {
			await jest.advanceTimersByTimeAsync( 3000 );
		} );
		expect( html2canvasMock ).not.toHaveBeenCalled();
	} );
} );
