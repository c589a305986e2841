import apiFetch from '@wordpress/api-fetch';

import { startedRequestsMiddleware } from './app/firstScreen';
import { setRestEndpoint } from './lib/restEndpoint';
import { staleAnswersMiddleware } from './store/reports/staleAnswers';
import type { BootData } from './store/app/types';

declare global {
	interface Window {
		monsterinsightsReportsBoot?: unknown;
		monsterinsightsReportsPreload?: unknown;
	}
}

function isRecord( value: unknown ): value is Record< string, unknown > {
	return typeof value === 'object' && value !== null;
}

/**
 * Checks the boot payload the page printed. Returns null when it is missing or malformed, so the
 * app can say so instead of failing somewhere deeper.
 *
 * @param value The value of window.monsterinsightsReportsBoot.
 */
export function parseBoot( value: unknown ): BootData | null {
	if ( ! isRecord( value ) ) {
		return null;
	}
	const { rest, user, site, plugin } = value;
	if (
		! isRecord( rest ) ||
		typeof rest.root !== 'string' ||
		typeof rest.nonce !== 'string' ||
		! isRecord( user ) ||
		! isRecord( user.capabilities ) ||
		! isRecord( site ) ||
		typeof site.timezone !== 'string' ||
		typeof site.today !== 'string' ||
		! isRecord( plugin )
	) {
		return null;
	}
	return value as unknown as BootData;
}

/**
 * Points api-fetch at the site's REST root, authenticates it with the page's nonce and hands it the
 * answers the page preloaded (each used once, by a GET of its path; see src/app/firstScreen.ts).
 *
 * The report routes' answers are read for their stale header (staleAnswersMiddleware) after a
 * started request is handed over, so the hand-over still sees the request as asked. The chat's
 * streamed answers, read with `fetch`, get the same root and nonce (src/lib/restEndpoint.ts).
 *
 * @param boot      The boot payload.
 * @param preloaded The preloaded answers, by path.
 * @param onStale   Called when a report answer was built from Google's last answers.
 */
export function configureApiFetch(
	boot: BootData,
	preloaded: Record< string, unknown > = {},
	onStale: () => void = () => {}
): void {
	apiFetch.use( apiFetch.createRootURLMiddleware( boot.rest.root ) );
	apiFetch.use( apiFetch.createNonceMiddleware( boot.rest.nonce ) );
	apiFetch.use( apiFetch.createPreloadingMiddleware( preloaded ) );
	apiFetch.use( staleAnswersMiddleware( onStale ) );
	apiFetch.use( startedRequestsMiddleware );
	setRestEndpoint( { root: boot.rest.root, nonce: boot.rest.nonce } );
}
