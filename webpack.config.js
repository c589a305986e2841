/**
 * Extends @wordpress/scripts' webpack config with the plugin's two entries:
 * `reports` (the admin app, with lazy chunks for report screens) and `tracker` (the public tracker).
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

// wp-scripts moves every `style.scss` into a separate `style-<entry>.css` chunk that PHP would
// have to enqueue by hand; keep each chunk's CSS with it instead (reports.css for the initial
// bundle, loaded by PHP; the lazy screens' CSS is loaded by webpack's runtime with their JS).
const { style, ...cacheGroups } =
	defaultConfig.optimization?.splitChunks?.cacheGroups ?? {};

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
	optimization: {
		...defaultConfig.optimization,
		splitChunks: {
			...defaultConfig.optimization?.splitChunks,
			cacheGroups,
		},
	},
};
