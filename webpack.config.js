/**
 * Extends @wordpress/scripts' webpack config with the plugin's two entries:
 * `reports` (the admin app, with lazy chunks for report screens) and `tracker` (the public tracker).
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

module.exports = {
	...defaultConfig,
	entry: {
		reports: path.resolve( __dirname, 'src/index.tsx' ),
		tracker: path.resolve( __dirname, 'src/tracker/index.ts' ),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
		chunkFilename: 'chunks/[name].[contenthash:8].js',
	},
};
