/**
 * The flags shown in an element, as their file names and texts: ["DE.svg", ""] for Germany's
 * beside its name. Flags live under the plugin's build/flags/ (tests/js/registry.ts's assetsUrl).
 *
 * @param element Where to look.
 */
export function flagsIn(
	element: Element
): Array< [ string, string | null ] > {
	const prefix =
		'http://example.org/wp-content/plugins/monsterinsights-reports/build/flags/';
	return Array.from(
		element.querySelectorAll( 'img.monsterinsights-reports-flag' ),
		( img ) => {
			const src = img.getAttribute( 'src' ) ?? '';
			return [
				src.startsWith( prefix ) ? src.slice( prefix.length ) : src,
				img.getAttribute( 'alt' ),
			];
		}
	);
}
