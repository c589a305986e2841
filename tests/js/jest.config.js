const defaultConfig = require( '@wordpress/scripts/config/jest-unit.config' );
const path = require( 'path' );

module.exports = {
	...defaultConfig,
	rootDir: path.resolve( __dirname, '../..' ),
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
