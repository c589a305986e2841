import tiersJson from '../../lib/tiers.json';
import { REPORT_FEATURES } from '../../lib/tiers';
import { UPSELL_KEYS } from '../../upsell/content';
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
				.filter(
					( [ , def ] ) =>
						def.screen !== undefined && def.reportRoute !== false
				)
				.map( ( [ name ] ) => name )
				.sort()
		).toEqual( [ ...( built ?? [] ) ].sort() );
	} );

	it( 'has screens of their own routes only for reports the PHP registry does not build', () => {
		const built = ( tiersJson as { built?: string[] } ).built ?? [];
		expect(
			defs
				.filter( ( [ , def ] ) => def.reportRoute === false )
				.map( ( [ name, def ] ) => [ name, Boolean( def.screen ) ] )
		).toEqual( [ [ 'ai_chat', true ] ] );
		expect( built ).not.toContain( 'ai_chat' );
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
		// A report without an entry carries its copy in its sample (tsc requires it there).
		const used = new Set(
			defs.flatMap( ( [ , def ] ) =>
				def.upsell ? [ def.upsell ] : []
			)
		);
		used.forEach( ( key ) => expect( UPSELL_KEYS ).toContain( key ) );
		// Extras: the product-sales card of the eCommerce screen and the publisher report's
		// alternate entry.
		expect(
			UPSELL_KEYS.filter( ( key ) => ! used.has( key ) ).sort()
		).toEqual( [ 'ecommerce_product_sales', 'publisher' ] );
	} );
} );
