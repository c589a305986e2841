/**
 * The layer rules of src/ (.eslintrc.js, `import/no-restricted-paths`): each one-way "never" rule
 * fires on a value import and on a type-only import, with its reason, and an allowed direction
 * stays quiet.
 *
 * @jest-environment node
 */
import path from 'path';

/** What this test uses of ESLint's Node API (eslint 8 ships no types of its own). */
interface LintMessage {
	ruleId: string | null;
	message: string;
	line: number;
}
interface LintResult {
	messages: LintMessage[];
}
interface ESLintApi {
	lintText: (
		code: string,
		options: { filePath: string }
	) => Promise< LintResult[] >;
}

// A plain require: the package has no type declarations to import against. ESLint comes with
// @wordpress/scripts, whose lint-js runs it.
// eslint-disable-next-line @typescript-eslint/no-var-requires, import/no-extraneous-dependencies
const { ESLint } = require( 'eslint' ) as {
	ESLint: new ( options: { cwd: string } ) => ESLintApi;
};

const ROOT = path.resolve( __dirname, '../..' );

type Part =
	| 'app'
	| 'store'
	| 'reports'
	| 'components'
	| 'lib'
	| 'demo'
	| 'tracker';

/** A module of each imported part with a value and a type it exports. */
const EXPORTS: Record<
	Exclude< Part, 'demo' | 'tracker' >,
	[ string, string, string ]
> = {
	app: [ 'app/routes', 'ROUTES', 'RouteContext' ],
	store: [ 'store/app', 'appStore', 'AppState' ],
	reports: [ 'reports/registry', 'REPORT_NAMES', 'ReportName' ],
	components: [ 'components/PdfButton', 'PdfButton', 'PdfButtonProps' ],
	lib: [ 'lib/format', 'formatNumber', 'ChangeTone' ],
};

/** The never rules: from, to, and the reason the lint gives. */
const NEVER: Array< [ Part, keyof typeof EXPORTS, string ] > = [
	[ 'components', 'reports', 'shared cards know no report' ],
	[ 'components', 'app', 'shared cards know no shell' ],
	[ 'store', 'reports', 'data knows no screen' ],
	[ 'store', 'app', 'data knows no shell' ],
	[ 'store', 'components', 'data knows no screen' ],
	[ 'lib', 'reports', 'helpers are leaves' ],
	[ 'lib', 'app', 'helpers are leaves' ],
	[ 'lib', 'components', 'helpers are leaves' ],
	[ 'lib', 'store', 'helpers are leaves' ],
	[ 'tracker', 'lib', 'the tracker stands alone' ],
	[ 'tracker', 'store', 'the tracker stands alone' ],
	[ 'reports', 'app', 'a report knows no shell; a registry finds it' ],
	[ 'demo', 'reports', 'samples are data' ],
];

/** Directions the layers allow. */
const ALLOWED: Array< [ Part, keyof typeof EXPORTS ] > = [
	[ 'app', 'reports' ],
	[ 'reports', 'components' ],
	[ 'components', 'store' ],
	[ 'store', 'lib' ],
	[ 'demo', 'store' ],
];

const eslint = new ESLint( { cwd: ROOT } );

/**
 * The layer errors of a module of a part that imports a value and a type of another part.
 *
 * @param from The importing part.
 * @param to   The imported part.
 * @return The restricted-paths messages.
 */
async function layerErrors(
	from: Part,
	to: keyof typeof EXPORTS
): Promise< LintMessage[] > {
	const [ module, value, type ] = EXPORTS[ to ];
	const code = [
		`import { ${ value } } from '../${ module }';`,
		`import type { ${ type } } from '../${ module }';`,
		`export const used: [ unknown, ${ type } | null ] = [ ${ value }, null ];`,
		'',
	].join( '\n' );
	const [ result ] = await eslint.lintText( code, {
		filePath: path.join( ROOT, 'src', from, 'layer-check.ts' ),
	} );
	return ( result?.messages ?? [] ).filter(
		( message ) => message.ruleId === 'import/no-restricted-paths'
	);
}

describe( 'layer rules', () => {
	it.each( NEVER )(
		'%s never imports %s: "%s"',
		async ( from, to, reason ) => {
			const errors = await layerErrors( from, to );
			expect( errors.map( ( error ) => error.line ) ).toEqual( [ 1, 2 ] );
			errors.forEach( ( error ) =>
				expect( error.message ).toContain( reason )
			);
		}
	);

	it.each( ALLOWED )( '%s may import %s', async ( from, to ) => {
		expect( await layerErrors( from, to ) ).toEqual( [] );
	} );
} );
