/**
 * Extends @wordpress/scripts' webpack config with the plugin's four entries:
 * `reports` (the admin app, with lazy chunks for report screens), `tracker` (the public tracker),
 * `vitals` (the Core Web Vitals of a page view, printed after the tracker while Site Speed is in use)
 * and `events` (the form and media events, printed only while their modules are on).
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

// wp-scripts moves every `style.scss` into a separate `style-<entry>.css` chunk that PHP would
// have to enqueue by hand; keep each chunk's CSS with it instead (reports.css for the initial
// bundle, loaded by PHP; the lazy screens' CSS is loaded by webpack's runtime with their JS).
const { style, ...cacheGroups } =
	defaultConfig.optimization?.splitChunks?.cacheGroups ?? {};

/**
 * Writes build/chunk-groups.php: the JS files of every named lazy chunk group (a report screen and
 * the chunks it shares), as a PHP array. The reports page preloads the default screen's group with
 * the page (includes/Admin/Preload.php), and bin/bench.mjs weighs what a screen needs.
 */
class ChunkGroupsManifest {
	apply( compiler ) {
		compiler.hooks.thisCompilation.tap(
			'ChunkGroupsManifest',
			( compilation ) => {
				compilation.hooks.processAssets.tap(
					{
						name: 'ChunkGroupsManifest',
						stage: compilation.constructor
							.PROCESS_ASSETS_STAGE_REPORT,
					},
					() => {
						const groups = {};
						for ( const group of compilation.chunkGroups ) {
							if ( ! group.name ) {
								continue;
							}
							groups[ group.name ] = group.chunks
								.flatMap( ( chunk ) => [ ...chunk.files ] )
								.filter( ( file ) => file.endsWith( '.js' ) );
						}
						compilation.emitAsset(
							'chunk-groups.php',
							new compiler.webpack.sources.RawSource(
								phpArray( groups )
							)
						);
					}
				);
			}
		);
	}
}

/**
 * A PHP file that returns the chunk groups: name => list of files.
 *
 * @param {Object<string, string[]>} groups The groups.
 * @return {string} PHP.
 */
function phpArray( groups ) {
	const quote = ( text ) =>
		`'${ text.replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;
	const rows = Object.entries( groups ).map(
		( [ name, files ] ) =>
			`\t${ quote( name ) } => array( ${ files
				.map( quote )
				.join( ', ' ) } ),`
	);
	return [
		'<?php',
		'// The JS files of each lazily loaded chunk group, written by webpack.config.js. Do not edit.',
		'return array(',
		...rows,
		');',
		'',
	].join( '\n' );
}

/**
 * A PostCSS plugin: no stylesheet of ours redefines WordPress's admin theme colours on `:root`.
 * DataViews' bundled styles reset them (`--wp-admin-theme-color: #007cba`, …) for pages of their
 * own; on the reports page that would turn every header button a lighter blue below 4.5:1 on the
 * admin's grey, and only on screens that load a table.
 */
const keepAdminThemeColors = () => ( {
	postcssPlugin: 'monsterinsights-reports-keep-admin-theme-colors',
	Rule( rule ) {
		if ( rule.selector.trim() !== ':root' ) {
			return;
		}
		rule.walkDecls( /^--wp-(admin|block|bound)-/, ( decl ) =>
			decl.remove()
		);
		if ( ! rule.nodes.length ) {
			const parent = rule.parent;
			rule.remove();
			if ( parent && parent.type === 'atrule' && ! parent.nodes.length ) {
				parent.remove();
			}
		}
	},
} );
keepAdminThemeColors.postcss = true;

/**
 * The default rules, with keepAdminThemeColors after every PostCSS loader's plugins.
 *
 * @param {Array<Object>} rules webpack rules.
 */
function withStylePlugins( rules ) {
	return rules.map( ( rule ) => {
		if ( ! Array.isArray( rule.use ) ) {
			return rule;
		}
		return {
			...rule,
			use: rule.use.map( ( use ) =>
				typeof use === 'object' &&
				/postcss-loader/.test( use.loader ?? '' ) &&
				Array.isArray( use.options?.postcssOptions?.plugins )
					? {
							...use,
							options: {
								...use.options,
								postcssOptions: {
									...use.options.postcssOptions,
									plugins: [
										...use.options.postcssOptions.plugins,
										keepAdminThemeColors,
									],
								},
							},
					  }
					: use
			),
		};
	} );
}

module.exports = {
	...defaultConfig,
	entry: {
		reports: path.resolve( __dirname, 'src/index.tsx' ),
		tracker: path.resolve( __dirname, 'src/tracker/index.ts' ),
		vitals: path.resolve( __dirname, 'src/vitals/index.ts' ),
		events: path.resolve( __dirname, 'src/events/index.ts' ),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
		chunkFilename: 'chunks/[name].[contenthash:8].js',
	},
	module: {
		...defaultConfig.module,
		rules: [
			...withStylePlugins( defaultConfig.module.rules ),
			{
				// The upsell and demo modules only declare components, texts, data and their
				// styles, nothing runs when they load: a screen that imports one component through
				// `src/upsell/index.ts` gets that component, not the upsell texts of every report,
				// the locked-report overlay and the sample data loader with it (≈ 4 KB gzipped off
				// the Overview).
				test: /[\\/]src[\\/](upsell|demo)[\\/][^\\/]+\.tsx?$/,
				sideEffects: false,
			},
		],
	},
	plugins: [ ...defaultConfig.plugins, new ChunkGroupsManifest() ],
	optimization: {
		...defaultConfig.optimization,
		splitChunks: {
			...defaultConfig.optimization?.splitChunks,
			cacheGroups: {
				...cacheGroups,
				// The upsell's stylesheet is all the CSS the locked-report and unbuilt-report
				// screens have: one `upsell.css` (and its -rtl mirror) for both instead of two
				// identical files each. The Overview keeps its copy in report-overview.css, the
				// one stylesheet the reports page preloads with its first screen.
				upsell: {
					type: 'css/mini-extract',
					test: /[\\/]src[\\/]upsell[\\/]style\.scss$/,
					chunks: ( chunk ) =>
						chunk.name === 'report-locked' ||
						chunk.name === 'unbuilt-report',
					name: 'upsell',
					enforce: true,
				},
				// Search Console's and Cart Abandonment's screens use the same shared parts (a
				// list card's table and trend): their stylesheet once, in `report-list-parts.css`,
				// instead of two identical files.
				listParts: {
					type: 'css/mini-extract',
					chunks: ( chunk ) =>
						chunk.name === 'report-queries' ||
						chunk.name === 'report-cart-abandonment',
					minChunks: 2,
					name: 'report-list-parts',
					enforce: true,
				},
			},
		},
	},
};
