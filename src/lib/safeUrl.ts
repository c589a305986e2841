/**
 * The one rule for every link or image the app renders from data (report payloads, notifications,
 * notes): an absolute http(s) URL, or a path relative to the current page ("/wp-admin/…",
 * "admin.php?page=…", "#/settings"). Anything else — javascript:, data:, vbscript:, any other
 * scheme, a protocol-relative "//host" — is not a link: the caller shows its text without one.
 *
 * The URL is read with the browser's own parser (WHATWG URL), so it sees a scheme exactly as the
 * browser would when following the link: leading spaces and control characters dropped, tabs and
 * newlines inside it ignored, letters in any case.
 */

/** The schemes a rendered link may have. */
const SCHEMES = [ 'http:', 'https:' ];

/** A base no real URL resolves to, to tell a relative path from a URL with a host of its own. */
const BASE = 'https://relative.invalid/';

/**
 * The URL to put in an href or src, or undefined when it must not be one.
 *
 * @param url The URL from data (any type: payloads are JSON).
 * @return The URL as given (trimmed), or undefined.
 */
export function safeUrl( url: unknown ): string | undefined {
	if ( typeof url !== 'string' ) {
		return undefined;
	}
	const text = url.trim();
	if ( text === '' ) {
		return undefined;
	}
	let absolute: URL | null = null;
	try {
		absolute = new URL( text );
	} catch {
		// No scheme of its own: relative, resolved below.
	}
	if ( absolute ) {
		return SCHEMES.includes( absolute.protocol ) ? text : undefined;
	}
	let resolved: URL;
	try {
		resolved = new URL( text, BASE );
	} catch {
		return undefined;
	}
	// "//evil.example" or "/\evil.example" has a host of its own: not a path of this site.
	return resolved.origin === new URL( BASE ).origin ? text : undefined;
}
