import { DEMO_KEYS, loadDemo, REPORT_NAMES } from '../registry';

describe( 'sample payloads', () => {
	it( 'has one for every report of the registry', () => {
		expect( DEMO_KEYS ).toEqual( REPORT_NAMES );
	} );

	it.each( DEMO_KEYS )(
		'%s is labelled as sample data and lays out as tables or boxes',
		async ( key ) => {
			const module = await loadDemo( key );
			expect( module.SAMPLE ).toBe( true );
			expect( module.payload ).toBeTruthy();
			const layout = module.layout();
			const parts =
				( layout.boxes?.length ?? 0 ) + ( layout.tables?.length ?? 0 );
			expect( parts ).toBeGreaterThan( 0 );
			layout.tables?.forEach( ( table ) => {
				expect( table.title ).not.toBe( '' );
				expect( table.rows.length ).toBeGreaterThan( 0 );
				table.rows.forEach( ( row ) =>
					expect( row ).toHaveLength( table.columns.length )
				);
			} );
		}
	);
} );
