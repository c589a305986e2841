import {
	REPORTS,
	REPORT_NAMES,
	pathsOf,
	type ReportDef,
} from '../../reports/registry';
import { navigationEntries, isNavGroup } from '../navigation';
import { ROUTES } from '../routes';

const defs = REPORT_NAMES.map(
	( name ) =>
		[
			name,
			{ ...( REPORTS[ name ] as ReportDef ), paths: pathsOf( name ) },
		] as const
);

describe( 'report registry', () => {
	it( 'derives the route table: each path once, with its report’s gate, upsell and screen', () => {
		const paths = defs.flatMap( ( [ , def ] ) =>
			def.paths.map( ( p ) => p.path )
		);
		expect( ROUTES.map( ( route ) => route.path ) ).toEqual( paths );
		expect( new Set( paths ).size ).toBe( paths.length );
		ROUTES.forEach( ( route ) => {
			const def: ReportDef = REPORTS[ route.report ];
			expect( route.feature ).toBe( def.feature );
			expect( route.upsell ).toBe( def.upsell );
			expect( route.load ).toBe( def.screen );
		} );
		expect(
			ROUTES.find( ( route ) => route.path === '/publishers-pages' )?.load
		).toBe( REPORTS.engagement_pages.screen );
	} );

	it( 'routes a report at its name with dashes unless it names its own routes', () => {
		expect( pathsOf( 'traffic_campaign' ) ).toEqual( [
			{ path: '/traffic-campaign' },
		] );
		expect( pathsOf( 'sitespeed' ) ).toEqual( [ { path: '/site-speed' } ] );
		expect( pathsOf( 'site_summary' ) ).toEqual( [] );
		REPORT_NAMES.filter(
			( name ) => ! ( REPORTS[ name ] as ReportDef ).paths
		).forEach( ( name ) =>
			expect( ROUTES.map( ( route ) => route.path ) ).toContain(
				'/' + name.replace( /_/g, '-' )
			)
		);
	} );

	it( 'derives the navigation from the menu placements', () => {
		const context = {
			yearInReview: { show_report: true, report_year: 2025 },
		};
		const links = navigationEntries( context ).flatMap( ( entry ) =>
			isNavGroup( entry ) ? entry.items : [ entry ]
		);
		const placed = defs.filter( ( [ , def ] ) => def.menu );
		expect( links.map( ( link ) => link.path ).sort() ).toEqual(
			placed.map( ( [ , def ] ) => def.paths[ 0 ]?.path ).sort()
		);
		expect(
			links.find( ( link ) => link.path === '/publishers-pages' )?.label
		).toBe( 'Pages Report' );
	} );
} );
