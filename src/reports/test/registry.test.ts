import tiersJson from '../../lib/tiers.json';
import { REPORT_FEATURES } from '../../lib/tiers';
import { UPSELL_KEYS } from '../../upsell/content';
import { ROUTES } from '../../app/routes';
import { navigationEntries, isNavGroup } from '../../app/navigation';
import { DEMO_KEYS, REPORTS, REPORT_NAMES, type ReportDef } from '../registry';

const defs = REPORT_NAMES.map(
	( name ) => [ name, REPORTS[ name ] as ReportDef ] as const
);

describe( 'report registry', () => {
	it( 'has a screen for exactly the reports the PHP registry builds (tiers.json "built")', () => {
		const built = ( tiersJson as { built?: string[] } ).built;
		expect( built ).toBeDefined();
		expect(
			defs
				.filter( ( [ , def ] ) => def.screen !== undefined )
				.map( ( [ name ] ) => name )
				.sort()
		).toEqual( [ ...( built ?? [] ) ].sort() );
	} );

	it( 'gates each report with the feature the tier table gives its name', () => {
		defs.forEach( ( [ name, def ] ) =>
			expect( [ name, def.feature ] ).toEqual( [
				name,
				REPORT_FEATURES[ name ],
			] )
		);
	} );

	it( 'is where the demo keys come from', () => {
		expect( [ ...DEMO_KEYS ] ).toEqual( REPORT_NAMES );
	} );

	it( 'uses upsell entries that exist, and every entry is a report’s or a named extra', () => {
		const used = new Set( defs.map( ( [ , def ] ) => def.upsell ) );
		used.forEach( ( key ) => expect( UPSELL_KEYS ).toContain( key ) );
		// Extras: the product-sales card of the eCommerce screen and the publisher report's
		// alternate entry.
		expect(
			UPSELL_KEYS.filter( ( key ) => ! used.has( key ) ).sort()
		).toEqual( [ 'ecommerce_product_sales', 'publisher' ] );
	} );

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
