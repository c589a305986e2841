/**
 * The REST root and nonce api-fetch is configured with (src/boot.ts), for the few requests made
 * with `fetch` itself (Conversations AI's streamed answers, src/store/chat/stream.ts). Kept apart
 * from the code that uses it, so the reports page's first bundle carries only this.
 */

/** Where the REST routes are and the nonce they need. */
export interface RestEndpoint {
	/** The REST root, e.g. "https://example.com/wp-json/" or "…/?rest_route=/". */
	root: string;
	/** The REST nonce (X-WP-Nonce). */
	nonce: string;
}

let endpoint: RestEndpoint | null = null;

/**
 * Sets (or, with null, forgets) the REST root and nonce.
 *
 * @param value The endpoint.
 */
export function setRestEndpoint( value: RestEndpoint | null ): void {
	endpoint = value;
}

/** The REST root and nonce, or null before the app is configured. */
export function restEndpoint(): RestEndpoint | null {
	return endpoint;
}
