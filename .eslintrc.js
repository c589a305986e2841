module.exports = {
	root: true,
	extends: [ 'plugin:@wordpress/eslint-plugin/recommended' ],
	rules: {
		'@wordpress/i18n-text-domain': [
			'error',
			{ allowedTextDomain: 'monsterinsights-reports' },
		],
		'@wordpress/no-unsafe-wp-apis': 'error',
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
