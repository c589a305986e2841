/**
 * The layers of src/ and the one-way rules between them (issue #29): a part never imports
 * a part it must not know. Type-only imports count too.
 */
const parts = {
	app: './src/app',
	store: './src/store',
	reports: './src/reports',
	components: './src/components',
	lib: './src/lib',
	demo: './src/demo',
	upsell: './src/upsell',
	tracker: './src/tracker',
};

const never = ( from, to, message ) => ( {
	target: parts[ from ],
	from: parts[ to ],
	message,
} );

const layerZones = [
	never( 'components', 'reports', 'shared cards know no report' ),
	never( 'components', 'app', 'shared cards know no shell' ),
	never( 'store', 'reports', 'data knows no screen' ),
	never( 'store', 'app', 'data knows no shell' ),
	never( 'store', 'components', 'data knows no screen' ),
	never( 'lib', 'reports', 'helpers are leaves' ),
	never( 'lib', 'app', 'helpers are leaves' ),
	never( 'lib', 'components', 'helpers are leaves' ),
	never( 'lib', 'store', 'helpers are leaves' ),
	never( 'tracker', 'lib', 'the tracker stands alone' ),
	never( 'tracker', 'store', 'the tracker stands alone' ),
	never( 'reports', 'app', 'a report knows no shell; a registry finds it' ),
	never( 'demo', 'reports', 'samples are data' ),
];

module.exports = {
	root: true,
	extends: [ 'plugin:@wordpress/eslint-plugin/recommended' ],
	rules: {
		'@wordpress/i18n-text-domain': [
			'error',
			{ allowedTextDomain: 'monsterinsights-reports' },
		],
		'@wordpress/no-unsafe-wp-apis': 'error',
		'import/no-restricted-paths': [
			'error',
			{ basePath: __dirname, zones: layerZones },
		],
	},
	settings: {
		'import/resolver': {
			node: { extensions: [ '.js', '.jsx', '.ts', '.tsx' ] },
		},
	},
	overrides: [
		{
			files: [ 'tests/e2e/**/*.ts' ],
			extends: [ 'plugin:@wordpress/eslint-plugin/test-playwright' ],
			rules: {
				// The visual tests assert through their helper (layout checks and a screenshot).
				'playwright/expect-expect': [
					'warn',
					{ assertFunctionNames: [ 'looksRight' ] },
				],
			},
		},
		{
			files: [ '**/*.test.ts', '**/*.test.tsx', 'tests/js/**' ],
			extends: [ 'plugin:@wordpress/eslint-plugin/test-unit' ],
			rules: {
				// Jest reads its per-file pragmas from the first docblock.
				'jsdoc/check-tag-names': [
					'error',
					{ definedTags: [ 'jest-environment' ] },
				],
			},
		},
		{
			files: [
				'bin/**/*.mjs',
				'bin/**/*.js',
				'*.config.js',
				'tests/js/jest.config.js',
			],
			rules: { 'no-console': 'off' },
		},
	],
};
