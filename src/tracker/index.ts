/**
 * The public-site tracker: cookieless, no dependencies, no storage.
 *
 * It reads its endpoint from the `data-endpoint` attribute of its own script tag (or the global
 * `monsterinsightsReportsTracker.endpoint`) and sends nothing when the visitor asks not to be
 * tracked (Global Privacy Control or Do Not Track).
 */

interface TrackerConfig {
	endpoint?: string;
}

interface PrivacyNavigator extends Navigator {
	globalPrivacyControl?: boolean;
	msDoNotTrack?: string;
}

declare global {
	interface Window {
		monsterinsightsReportsTracker?: TrackerConfig;
		doNotTrack?: string;
	}
}

/**
 * Whether the visitor opted out through Global Privacy Control or Do Not Track.
 *
 * @param nav The navigator to read.
 * @param win The window to read.
 */
export function visitorOptedOut(
	nav: PrivacyNavigator,
	win: Pick< Window, 'doNotTrack' >
): boolean {
	if ( nav.globalPrivacyControl === true ) {
		return true;
	}
	const dnt = nav.doNotTrack ?? win.doNotTrack ?? nav.msDoNotTrack;
	return dnt === '1' || dnt === 'yes';
}

/**
 * Sends a body to the endpoint without a CORS preflight (text/plain), surviving page unload.
 *
 * @param endpoint The collector URL.
 * @param body     The serialised hit.
 */
export function send( endpoint: string, body: string ): void {
	if ( typeof navigator.sendBeacon === 'function' ) {
		const blob = new Blob( [ body ], { type: 'text/plain' } );
		if ( navigator.sendBeacon( endpoint, blob ) ) {
			return;
		}
	}
	if ( typeof fetch === 'function' ) {
		fetch( endpoint, {
			method: 'POST',
			body,
			keepalive: true,
			credentials: 'omit',
			headers: { 'Content-Type': 'text/plain' },
		} ).catch( () => undefined );
	}
}

function endpointFromScript(): string | undefined {
	const script = document.currentScript;
	return script?.getAttribute( 'data-endpoint' ) ?? undefined;
}

const endpoint =
	endpointFromScript() ?? window.monsterinsightsReportsTracker?.endpoint;

if ( endpoint && ! visitorOptedOut( navigator, window ) ) {
	send( endpoint, JSON.stringify( { t: 'pageview', p: location.pathname } ) );
}
