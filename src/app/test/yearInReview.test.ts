import { routeContext } from '../router';
import type { BootData } from '../../store/app/types';
import { getYearInReview } from '../yearInReview';

describe( 'getYearInReview', () => {
	it.each( [
		[ '2026-01-01', true ],
		[ '2026-01-14', true ],
		[ '2026-01-15', false ],
		[ '2025-12-31', false ],
		[ '2026-02-01', false ],
		[ '2026-11-22', false ],
	] )( 'on %s shows: %s', ( today, show ) => {
		expect( getYearInReview( today ).show_report ).toBe( show );
	} );

	it( 'looks back on the previous calendar year', () => {
		expect( getYearInReview( '2026-01-05' ) ).toEqual( {
			show_report: true,
			report_year: 2025,
		} );
		expect( getYearInReview( '2026-11-22' ).report_year ).toBe( 2025 );
	} );

	it( 'shows any day when forced', () => {
		expect( getYearInReview( '2026-06-30', true ).show_report ).toBe(
			true
		);
	} );
} );

describe( 'routeContext', () => {
	const boot = ( site: Partial< BootData[ 'site' ] > ) =>
		( { site: { today: '2026-06-30', ...site } } ) as unknown as BootData; // Only `site` is read.

	it( 'takes what the server says, its force filter included', () => {
		expect(
			routeContext(
				boot( {
					yearInReview: { show_report: true, report_year: 2025 },
				} )
			).yearInReview
		).toEqual( { show_report: true, report_year: 2025 } );
	} );

	it( 'works it out from today without it', () => {
		expect( routeContext( boot( {} ) ).yearInReview ).toEqual( {
			show_report: false,
			report_year: 2025,
		} );
	} );
} );
