/**
 * The locale numbers and dates are formatted in: the admin user's, which WordPress prints as the
 * `lang` attribute of the admin page's <html> element
 * (docs/product-rules.md#numbers-and-comparison-colours). Undefined lets Intl use the browser's
 * default.
 */
export function getLocale(): string | undefined {
	if ( typeof document === 'undefined' ) {
		return undefined;
	}
	const lang = document.documentElement.lang;
	if ( ! lang ) {
		return undefined;
	}
	try {
		// Throws a RangeError for a tag Intl does not accept.
		return Intl.getCanonicalLocales( lang.replace( '_', '-' ) )[ 0 ];
	} catch {
		return undefined;
	}
}
