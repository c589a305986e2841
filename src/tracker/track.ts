/**
 * The public-site tracker's logic: cookieless, no dependencies, no storage, no fingerprinting.
 *
 * WordPress prints it deferred with its settings as data attributes of its own script tag:
 *   data-endpoint  the collector URL (collect.php, or the REST route as a fallback)
 *   data-object    the post ID of the page, 0 elsewhere
 *   data-dnt="0"   when the site does not honour Do Not Track (honoured otherwise)
 *   data-gpc="0"   when the site does not honour Global Privacy Control (honoured otherwise)
 *   data-dl        the download extensions as a pattern, "pdf|zip|…" ("(?!)" for none)
 *   data-af        the affiliate paths as a pattern, "/go/|/recommend/" ("(?!)" for none)
 *   data-u         the logged-in visitor's role ("-" without one); absent when not logged in
 *                  or when the Dimensions report shows neither login state nor role
 *
 * It sends one page view when the page is actually seen (after prerendering, once visible, and
 * again when restored from the back/forward cache), then events: file downloads (a link to
 * a file with a listed extension, on any host), affiliate clicks (a link to this host whose path
 * starts with a listed path), outbound link clicks (another host), scroll depth and whatever later modules send through
 * `window.monsterinsightsReports.track( name, props )`.
 *
 * Bodies are JSON sent as text/plain (a CORS-safelisted type, so never a preflight) with
 * sendBeacon, or fetch with keepalive where the beacon is missing or refused. Field names are the
 * buffer's (includes/Sources/Builtin/Collection/Collector/Body.php documents the body); empty fields are
 * left out. The path keeps its query string, utm_* parameters included: the collector moves them
 * into the utm fields and out of the stored path. Of a click id (gclid, msclkid, fbclid) only the
 * name leaves the browser, never its value. The collector also derives the `ext` of downloads.
 * Every byte counts here: bin/bench.mjs holds build/tracker.js to 800 bytes gzipped.
 */

export type EventProps = Record< string, string | number | boolean >;

export interface TrackerOptions {
	endpoint?: string;
	object?: string;
	dnt?: string;
	gpc?: string;
	dl?: string;
	af?: string;
	u?: string;
}

export interface TrackerApi {
	track: ( name: string, props?: EventProps ) => void;
}

interface Hit {
	t: 'pageview' | 'event';
	p: string;
	o: number;
	u?: string;
	r?: string;
	ck?: string;
	en?: string;
	ep?: EventProps;
}

interface PrivacyNavigator extends Navigator {
	globalPrivacyControl?: boolean;
}

declare global {
	interface Window {
		monsterinsightsReports?: TrackerApi;
	}
	interface Document {
		prerendering?: boolean;
	}
}

/** A click id and its value in the query string: only which one was present is sent. */
const CLICK_ID = /([?&])(gclid|msclkid|fbclid)=[^&]*/g;

/**
 * Starts tracking the page shown in `w`, and defines `w.monsterinsightsReports`.
 *
 * @param w       The window of the page.
 * @param options The settings WordPress printed on the script tag.
 */
export function init( w: Window, options: TrackerOptions ): void {
	const d = w.document;
	const n: PrivacyNavigator = w.navigator;
	const l = w.location;
	const endpoint = options.endpoint;
	const ref = d.referrer;
	const off =
		! endpoint ||
		( options.gpc !== '0' && n.globalPrivacyControl ) ||
		( options.dnt !== '0' && n.doNotTrack === '1' );
	let sent = 0;
	let depth = 0;
	const hit: Hit = {
		t: 'pageview',
		p: '',
		o: +options.object! || 0,
		u: options.u,
	};

	const send = ( body: Hit ) => {
		const text = JSON.stringify( body );
		if ( ! n.sendBeacon?.( endpoint!, text ) ) {
			w.fetch( endpoint!, {
				method: 'POST',
				body: text,
				keepalive: true,
			} ).catch( () => 0 );
		}
	};
	const track = ( en: string, ep?: EventProps ) =>
		off || send( { ...hit, t: 'event', en, ep } );

	w.monsterinsightsReports = { track };
	if ( off ) {
		return;
	}
	hit.p =
		l.pathname +
		l.search.replace( CLICK_ID, ( _, sep: string, name: string ) => {
			hit.ck = name;
			return sep;
		} );
	if ( ref && new URL( ref ).host !== l.host ) {
		hit.r = ref;
	}

	const view = () => {
		if ( ! sent && ! d.prerendering && ! d.hidden ) {
			sent = 1;
			send( hit );
		}
	};
	d.addEventListener( 'prerenderingchange', view );
	d.addEventListener( 'visibilitychange', view );
	w.addEventListener( 'pageshow', ( event ) => {
		if ( event.persisted ) {
			sent = depth = 0;
			view();
		}
	} );
	view();

	d.addEventListener(
		'click',
		( event ) => {
			const href = ( event.target as Element ).closest?.( 'a' )?.href;
			if ( ! href ) {
				return;
			}
			const to = new URL( href, l.href );
			// A file of a listed type is a download; a link to this site under a listed path is
			// an affiliate click.
			let name: string | undefined;
			if ( RegExp( `\\.(${ options.dl })$`, 'i' ).test( to.pathname ) ) {
				name = 'file_download';
			} else if ( to.host !== l.host ) {
				name = to.host && 'outbound_click';
			} else if ( RegExp( `^(${ options.af })` ).test( to.pathname ) ) {
				name = 'affiliate_click';
			}
			if ( name ) {
				track( name, { url: to.href } );
			}
		},
		true
	);

	w.addEventListener( 'scroll', () => {
		// The quarter reached; `| 0` truncates in fewer shipped bytes than Math.floor.
		const quarter =
			( ( w.scrollY + w.innerHeight ) * 4 ) /
			d.documentElement.scrollHeight;
		const level = Math.min( 4, quarter | 0 ); // eslint-disable-line no-bitwise
		while ( depth < level ) {
			track( 'scroll', { percent: ++depth * 25 } );
		}
	} );
}
