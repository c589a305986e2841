/**
 * The payload contract's middle link: every report the PHP Registry builds (tiers.json `built`)
 * has a sample payload (src/demo) that validates against its route's schema, exported from PHP into
 * src/store/reports/test/schemas.json (tests/php/Shared/ReportPayloadContractTest.php keeps that
 * file current), and declares exactly the schema's properties at every depth. tsc types each sample
 * as its report's payload type, so the two languages meet in the sample.
 */
import Ajv from 'ajv';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import tiers from '../../lib/tiers.json';
import schemas from '../../store/reports/test/schemas.json';
import { isReportName, loadDemo } from '../registry';

type Schema = {
	type?: string | string[];
	properties?: Record< string, Schema >;
	items?: Schema;
	/** Present when some properties are optional (a compare range's part): the others. */
	required?: string[];
};

const types = ( schema: Schema ): string[] =>
	Array.isArray( schema.type ) ? schema.type : [ schema.type ?? '' ];

/**
 * The paths at which a value and its schema differ in their object properties, looking into list
 * items too (PHP's twin of this walk is gone: the PHP side only exports).
 *
 * @param value  The sample value.
 * @param schema Its schema.
 * @param path   Where we are.
 */
function propertyDifferences(
	value: unknown,
	schema: Schema,
	path: string
): string[] {
	const kinds = types( schema );
	// An object-or-array property (popular_page) may be an empty list; a nullable one may be null.
	if (
		( kinds.includes( 'object' ) &&
			kinds.includes( 'array' ) &&
			Array.isArray( value ) &&
			value.length === 0 ) ||
		( value === null && kinds.includes( 'null' ) )
	) {
		return [];
	}
	if ( kinds.includes( 'array' ) && schema.items ) {
		if ( ! types( schema.items ).includes( 'object' ) ) {
			return [];
		}
		if ( ! Array.isArray( value ) ) {
			return [ `${ path }: not a list` ];
		}
		return value.flatMap( ( item, index ) =>
			propertyDifferences(
				item,
				schema.items as Schema,
				`${ path }[${ index }]`
			)
		);
	}
	if ( ! kinds.includes( 'object' ) || ! schema.properties ) {
		return [];
	}
	if ( typeof value !== 'object' || value === null ) {
		return [ `${ path }: not an object` ];
	}
	const declared = Object.keys( schema.properties );
	const actual = Object.keys( value );
	const properties = schema.properties;
	return [
		...actual
			.filter( ( key ) => ! declared.includes( key ) )
			.map( ( key ) => `${ path }.${ key }: not in the schema` ),
		...( schema.required ?? declared )
			.filter( ( key ) => ! actual.includes( key ) )
			.map( ( key ) => `${ path }.${ key }: missing from the sample` ),
		...declared
			.filter( ( key ) => actual.includes( key ) )
			.flatMap( ( key ) =>
				propertyDifferences(
					( value as Record< string, unknown > )[ key ],
					properties[ key ] ?? {},
					`${ path }.${ key }`
				)
			),
	];
}

const exported = schemas as Record< string, Schema >;
// WordPress schemas carry keywords Ajv does not know (e.g. `type` lists with 'null'): not strict.
const ajv = new Ajv( { strict: false, allErrors: true } );

/**
 * Expects a payload to validate against its report's exported schema with exactly its properties.
 *
 * @param payload The payload.
 * @param name    Its report.
 */
function expectToMatch( payload: unknown, name: string ) {
	const schema = exported[ name ];
	if ( ! schema ) {
		throw new Error( `No exported schema for ${ name }` );
	}
	const validate = ajv.compile( schema );
	expect( validate( payload ) ? [] : validate.errors ).toEqual( [] );
	expect( propertyDifferences( payload, schema, name ) ).toEqual( [] );
}

describe( 'the payload contract', () => {
	it( 'has an exported schema for every report PHP builds, and no other', () => {
		expect( Object.keys( exported ) ).toEqual( tiers.built );
		tiers.built.forEach( ( name ) =>
			expect( isReportName( name ) ).toBe( true )
		);
	} );

	it.each( tiers.built )(
		"%s's sample validates against its route's schema with exactly its properties",
		async ( name ) => {
			expect( isReportName( name ) ).toBe( true );
			if ( ! isReportName( name ) ) {
				return;
			}
			const { payload } = await loadDemo( name );
			expectToMatch( payload, name );
		}
	);

	// The fixtures some tests render (src/store/reports/test/fixtures) hold to the same schemas.
	const fixtures = join( __dirname, '../../store/reports/test/fixtures' );
	it.each(
		readdirSync( fixtures )
			.filter( ( file ) => file.endsWith( '.json' ) )
			.map( ( file ) => file.replace( /\.json$/, '' ) )
	)( "the %s fixture matches its route's schema", ( name ) => {
		expect( tiers.built ).toContain( name );
		expectToMatch(
			JSON.parse(
				readFileSync( join( fixtures, `${ name }.json` ), 'utf8' )
			),
			name
		);
	} );
} );
