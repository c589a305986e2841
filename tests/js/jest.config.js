const defaultConfig = require( '@wordpress/scripts/config/jest-unit.config' );
const path = require( 'path' );

module.exports = {
	...defaultConfig,
	rootDir: path.resolve( __dirname, '../..' ),
	// Jest's 5 s default is a wall-clock limit in disguise: on a loaded 2-core machine a screen test
	// that types into a dozen fields takes longer. This only catches a test that hangs.
	testTimeout: 120_000,
	testMatch: [
		'<rootDir>/src/**/*.test.[jt]s?(x)',
		'<rootDir>/tests/js/**/*.test.[jt]s?(x)',
	],
	setupFilesAfterEnv: [
		...( defaultConfig.setupFilesAfterEnv ?? [] ),
		'<rootDir>/tests/js/setup.ts',
	],
	moduleNameMapper: {
		...( defaultConfig.moduleNameMapper ?? {} ),
		'\\.(css|scss)$': '<rootDir>/tests/js/style-mock.js',
	},
};
