/**
 * The stylesheets of lazily loaded screens follow the page's direction.
 *
 * The build writes every chunk's CSS twice, `<chunk>.css` and its mirror `<chunk>-rtl.css`
 * (wp-scripts' RTLCSS). WordPress picks the right file for the stylesheets it enqueues
 * (`wp_style_add_data( …, 'rtl', 'replace' )`), but a chunk's stylesheet is added by webpack's
 * runtime, which knows one name per chunk; in a right-to-left language it takes the mirror.
 */

/* eslint-disable camelcase -- webpack names its runtime __webpack_require__. */

/** The part of webpack's runtime that names a chunk's stylesheet (mini-css-extract-plugin). */
declare const __webpack_require__: {
	miniCssF?: ( chunkId: string | number ) => string;
};

/**
 * Points webpack's runtime at the `-rtl.css` files when the document is right-to-left.
 *
 * @param doc The document.
 */
export function mirrorChunkStylesForRtl( doc: Document = document ): void {
	if (
		typeof __webpack_require__ === 'undefined' ||
		doc.documentElement.dir !== 'rtl'
	) {
		return;
	}
	const name = __webpack_require__.miniCssF;
	if ( typeof name !== 'function' ) {
		return;
	}
	__webpack_require__.miniCssF = ( chunkId ) =>
		name( chunkId ).replace( /\.css$/, '-rtl.css' );
}
