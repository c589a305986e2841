/**
 * The public tracker, each test in a fresh jsdom window so no listener of one test sees another.
 * The file runs in jest's node environment because it builds those windows itself.
 *
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';

import { init, type TrackerOptions } from '../track';

type Body = Record< string, unknown >;

/** A jsdom window, with its constructors (Event, PageTransitionEvent, Storage). */
type Win = Window & typeof globalThis;

interface PageSetup {
	url?: string;
	referrer?: string;
	options?: TrackerOptions;
	/** Runs before the tracker starts, to set navigator or document state. */
	before?: ( w: Win ) => void;
	/** What sendBeacon answers; undefined removes sendBeacon. */
	beacon?: boolean | undefined;
}

const ENDPOINT =
	'https://example.org/wp-content/plugins/monsterinsights-reports/collect.php?s=1';

/** The link settings as TrackerScript.php prints the defaults. */
const DL =
	'pdf|zip|rar|gz|doc|docx|xls|xlsx|ppt|pptx|csv|txt|mp3|mp4|mov|avi|dmg|exe|msi|apk|epub';
const AF = '/go/|/recommend/';

const BODY = `
	<a id="internal" href="/about/">About</a>
	<a id="outbound" href="https://other.example/page?q=1"><span id="inner">Other</span></a>
	<a id="pdf" href="/files/Report.PDF">Report</a>
	<a id="external-zip" href="https://cdn.example/pkg.zip">Package</a>
	<a id="mail" href="mailto:someone@example.org">Mail</a>
	<a id="affiliate" href="/go/hosting/?ref=7">Hosting</a>
	<a id="recommend" href="https://example.org/recommend/book">Book</a>
	<a id="external-go" href="https://other.example/go/x">Elsewhere</a>
	<a id="affiliate-epub" href="/recommend/guide.epub">Guide</a>
	<a id="gone" href="/gone/">Gone</a>
	<a id="nohref">No link</a>`;

/**
 * Defines a property on an object, replacing what jsdom put there.
 *
 * @param target The object.
 * @param name   The property.
 * @param get    Its getter.
 */
function define( target: object, name: string, get: () => unknown ): void {
	Object.defineProperty( target, name, { get, configurable: true } );
}

function page( setup: PageSetup = {} ) {
	const dom = new JSDOM(
		`<!doctype html><html><body>${ BODY }</body></html>`,
		{
			url: setup.url ?? 'https://example.org/hello-world/',
			...( setup.referrer ? { referrer: setup.referrer } : {} ),
			pretendToBeVisual: true,
		}
	);
	const w = dom.window as unknown as Win;
	const beacon = jest.fn< boolean | undefined, [ string, string ] >( () =>
		'beacon' in setup ? setup.beacon : true
	);
	if ( ! ( 'beacon' in setup ) || setup.beacon !== undefined ) {
		Object.defineProperty( w.navigator, 'sendBeacon', {
			value: beacon,
			configurable: true,
		} );
	}
	const fetch = jest.fn< Promise< Response >, [ string, RequestInit ] >( () =>
		Promise.resolve( new Response( null, { status: 204 } ) )
	);
	( w as unknown as { fetch: typeof fetch } ).fetch = fetch;
	// jsdom cannot navigate; the links' default action is not under test.
	w.addEventListener( 'click', ( event ) => event.preventDefault() );

	setup.before?.( w );
	init(
		w,
		setup.options ?? { endpoint: ENDPOINT, object: '42', dl: DL, af: AF }
	);

	// What reached the endpoint: beacons the browser accepted, then fetches.
	const bodies = (): Body[] => [
		...beacon.mock.calls
			.filter( ( _call, i ) => beacon.mock.results[ i ]!.value === true )
			.map( ( call ) => JSON.parse( call[ 1 ] ) as Body ),
		...fetch.mock.calls.map(
			( call ) => JSON.parse( String( call[ 1 ].body ) ) as Body
		),
	];
	const events = ( name?: string ) =>
		bodies().filter(
			( body ) =>
				body.t === 'event' && ( name === undefined || body.en === name )
		);
	const pageviews = () =>
		bodies().filter( ( body ) => body.t === 'pageview' );
	const click = ( id: string ) => w.document.getElementById( id )!.click();
	return { w, beacon, fetch, bodies, events, pageviews, click };
}

describe( 'the page view', () => {
	it( 'sends the path, the object id and nothing else on a plain visit', () => {
		const { pageviews } = page();
		expect( pageviews() ).toEqual( [
			{ t: 'pageview', p: '/hello-world/', o: 42 },
		] );
	} );

	it( 'keeps the query and the utm parameters in the path, without the fragment', () => {
		const { pageviews } = page( {
			url: 'https://example.org/shop/?color=red&utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=shoes&utm_content=hero#top',
		} );
		expect( pageviews()[ 0 ]!.p ).toBe(
			'/shop/?color=red&utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=shoes&utm_content=hero'
		);
	} );

	it.each( [ 'gclid', 'msclkid', 'fbclid' ] )(
		'sends that %s was present, never its value',
		( name ) => {
			const { bodies } = page( {
				url: `https://example.org/landing/?a=1&${ name }=SECRET-CLICK-ID&b=2`,
			} );
			const [ hit ] = bodies();
			expect( hit!.ck ).toBe( name );
			expect( hit!.p ).not.toContain( name );
			expect( JSON.stringify( bodies() ) ).not.toContain(
				'SECRET-CLICK-ID'
			);
			// The collector tidies the separators left behind.
			expect( String( hit!.p ).split( /[?&]+/ ) ).toEqual( [
				'/landing/',
				'a=1',
				'b=2',
			] );
		}
	);

	it( 'has no click-id flag when there is none', () => {
		const { pageviews } = page( { url: 'https://example.org/?gclidx=1' } );
		expect( pageviews()[ 0 ] ).not.toHaveProperty( 'ck' );
	} );

	it( 'sends an external referrer', () => {
		const { pageviews } = page( {
			referrer: 'https://www.google.com/search?q=x',
		} );
		expect( pageviews()[ 0 ]!.r ).toBe(
			'https://www.google.com/search?q=x'
		);
	} );

	it( 'leaves out a referrer from the same site', () => {
		const { pageviews } = page( {
			referrer: 'https://example.org/previous-page/',
		} );
		expect( pageviews()[ 0 ] ).not.toHaveProperty( 'r' );
	} );

	it( 'sends the logged-in visitor’s role WordPress printed, and no role otherwise', () => {
		const { pageviews } = page( {
			options: { endpoint: ENDPOINT, object: '42', u: 'editor' },
		} );
		expect( pageviews() ).toEqual( [
			{ t: 'pageview', p: '/hello-world/', o: 42, u: 'editor' },
		] );
		expect( page().pageviews()[ 0 ] ).not.toHaveProperty( 'u' );
	} );

	it( 'sends 0 as the object id when the page has none', () => {
		const { pageviews } = page( { options: { endpoint: ENDPOINT } } );
		expect( pageviews()[ 0 ]!.o ).toBe( 0 );
	} );

	it( 'posts to the endpoint with sendBeacon and a text body (no CORS preflight)', () => {
		const { beacon, fetch } = page();
		expect( beacon ).toHaveBeenCalledTimes( 1 );
		expect( beacon.mock.calls[ 0 ]![ 0 ] ).toBe( ENDPOINT );
		// A string body is sent as text/plain;charset=UTF-8, a CORS-safelisted type.
		expect( typeof beacon.mock.calls[ 0 ]![ 1 ] ).toBe( 'string' );
		expect( fetch ).not.toHaveBeenCalled();
	} );

	it( 'falls back to fetch with keepalive when the beacon is refused', () => {
		const { beacon, fetch, pageviews } = page( { beacon: false } );
		expect( beacon ).toHaveBeenCalledTimes( 1 );
		expect( beacon ).toHaveReturnedWith( false );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		const [ url, request ] = fetch.mock.calls[ 0 ]!;
		expect( url ).toBe( ENDPOINT );
		expect( request ).toEqual( {
			method: 'POST',
			body: expect.any( String ),
			keepalive: true,
		} );
		// No custom headers: nothing that would need a preflight.
		expect( request ).not.toHaveProperty( 'headers' );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'falls back to fetch when the browser has no sendBeacon', () => {
		const { fetch } = page( { beacon: undefined } );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( fetch.mock.calls[ 0 ]![ 1 ].keepalive ).toBe( true );
	} );

	it( 'swallows a failed fetch', async () => {
		const failing = jest.fn( () =>
			Promise.reject( new Error( 'offline' ) )
		);
		page( {
			beacon: false,
			before: ( w ) => {
				( w as unknown as { fetch: unknown } ).fetch = failing;
			},
		} );
		expect( failing ).toHaveBeenCalledTimes( 1 );
		await expect(
			( failing.mock.results[ 0 ]!.value as Promise< unknown > ).catch(
				() => 'handled'
			)
		).resolves.toBe( 'handled' );
	} );

	it( 'sends nothing without an endpoint', () => {
		const { bodies, w } = page( { options: {} } );
		w.monsterinsightsReports!.track( 'signup' );
		expect( bodies() ).toEqual( [] );
	} );
} );

describe( 'privacy signals', () => {
	const gpc = ( w: Win ) =>
		define( w.navigator, 'globalPrivacyControl', () => true );
	const dnt = ( w: Win ) => define( w.navigator, 'doNotTrack', () => '1' );

	it.each( [
		[ 'Global Privacy Control', gpc ],
		[ 'Do Not Track', dnt ],
	] )( 'sends nothing at all under %s', ( _name, signal ) => {
		const { bodies, beacon, fetch, w, click } = page( { before: signal } );
		click( 'outbound' );
		w.monsterinsightsReports!.track( 'signup', { plan: 'pro' } );
		define( w, 'scrollY', () => 5000 );
		w.dispatchEvent( new w.Event( 'scroll' ) );
		expect( bodies() ).toEqual( [] );
		expect( beacon ).not.toHaveBeenCalled();
		expect( fetch ).not.toHaveBeenCalled();
	} );

	it( 'tracks with DNT unset or 0', () => {
		const { pageviews } = page( {
			before: ( w ) => define( w.navigator, 'doNotTrack', () => '0' ),
		} );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'tracks despite the signals when the site turned honouring them off', () => {
		const { pageviews } = page( {
			options: { endpoint: ENDPOINT, dnt: '0', gpc: '0' },
			before: ( w ) => {
				gpc( w );
				dnt( w );
			},
		} );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'honours GPC even when only DNT honouring is off', () => {
		const { bodies } = page( {
			options: { endpoint: ENDPOINT, dnt: '0' },
			before: gpc,
		} );
		expect( bodies() ).toEqual( [] );
	} );
} );

describe( 'when the page is seen', () => {
	it( 'waits for a prerendered page to be activated', () => {
		let prerendering = true;
		const { pageviews, w } = page( {
			before: ( win ) =>
				define( win.document, 'prerendering', () => prerendering ),
		} );
		expect( pageviews() ).toHaveLength( 0 );
		prerendering = false;
		w.document.dispatchEvent( new w.Event( 'prerenderingchange' ) );
		expect( pageviews() ).toHaveLength( 1 );
		w.document.dispatchEvent( new w.Event( 'visibilitychange' ) );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'waits until a page opened in the background becomes visible', () => {
		let hidden = true;
		const { pageviews, w } = page( {
			before: ( win ) => define( win.document, 'hidden', () => hidden ),
		} );
		w.document.dispatchEvent( new w.Event( 'visibilitychange' ) );
		expect( pageviews() ).toHaveLength( 0 );
		hidden = false;
		w.document.dispatchEvent( new w.Event( 'visibilitychange' ) );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'sends one page view only, however often the tab is shown again', () => {
		let hidden = false;
		const { pageviews, w } = page( {
			before: ( win ) => define( win.document, 'hidden', () => hidden ),
		} );
		hidden = true;
		w.document.dispatchEvent( new w.Event( 'visibilitychange' ) );
		hidden = false;
		w.document.dispatchEvent( new w.Event( 'visibilitychange' ) );
		expect( pageviews() ).toHaveLength( 1 );
	} );

	it( 'sends again when the page is restored from the back/forward cache', () => {
		const { pageviews, w } = page();
		w.dispatchEvent(
			new w.PageTransitionEvent( 'pageshow', { persisted: false } )
		);
		expect( pageviews() ).toHaveLength( 1 );
		w.dispatchEvent(
			new w.PageTransitionEvent( 'pageshow', { persisted: true } )
		);
		expect( pageviews() ).toHaveLength( 2 );
		expect( pageviews()[ 1 ] ).toEqual( pageviews()[ 0 ] );
	} );
} );

describe( 'events', () => {
	it( 'sends an outbound click with the link, the page and the object id', () => {
		const { events, click } = page();
		click( 'inner' );
		expect( events() ).toEqual( [
			expect.objectContaining( {
				t: 'event',
				en: 'outbound_click',
				ep: { url: 'https://other.example/page?q=1' },
				p: '/hello-world/',
				o: 42,
			} ),
		] );
	} );

	it( 'ignores internal links, links without href and non-web links', () => {
		const { events, click } = page();
		click( 'internal' );
		click( 'nohref' );
		click( 'mail' );
		expect( events() ).toEqual( [] );
	} );

	it( 'sends a file download for a listed extension, on this host or another', () => {
		const { events, click } = page();
		click( 'pdf' );
		click( 'external-zip' );
		expect( events().map( ( e ) => [ e.en, e.ep ] ) ).toEqual( [
			[
				'file_download',
				{ url: 'https://example.org/files/Report.PDF' },
			],
			[ 'file_download', { url: 'https://cdn.example/pkg.zip' } ],
		] );
	} );

	it( 'sends an affiliate click for a link to this site under a listed path', () => {
		const { events, click } = page();
		click( 'affiliate' );
		click( 'recommend' );
		click( 'gone' );
		expect( events().map( ( e ) => [ e.en, e.ep ] ) ).toEqual( [
			[
				'affiliate_click',
				{ url: 'https://example.org/go/hosting/?ref=7' },
			],
			[
				'affiliate_click',
				{ url: 'https://example.org/recommend/book' },
			],
		] );
	} );

	it( 'counts a listed path on another site as outbound, and a file under it as a download', () => {
		const { events, click } = page();
		click( 'external-go' );
		click( 'affiliate-epub' );
		expect( events().map( ( e ) => [ e.en, e.ep ] ) ).toEqual( [
			[ 'outbound_click', { url: 'https://other.example/go/x' } ],
			[
				'file_download',
				{ url: 'https://example.org/recommend/guide.epub' },
			],
		] );
	} );

	it( 'follows the site’s own lists, literally, and nothing for "(?!)"', () => {
		const custom = page( {
			options: {
				endpoint: ENDPOINT,
				dl: 'zip',
				af: '/gone/|/out\\.x/',
			},
		} );
		custom.click( 'pdf' );
		custom.click( 'external-zip' );
		custom.click( 'affiliate' );
		custom.click( 'gone' );
		expect( custom.events().map( ( e ) => [ e.en, e.ep ] ) ).toEqual( [
			[ 'file_download', { url: 'https://cdn.example/pkg.zip' } ],
			[ 'affiliate_click', { url: 'https://example.org/gone/' } ],
		] );

		const none = page( {
			options: { endpoint: ENDPOINT, dl: '(?!)', af: '(?!)' },
		} );
		none.click( 'pdf' );
		none.click( 'affiliate' );
		none.click( 'external-zip' );
		expect( none.events().map( ( e ) => [ e.en, e.ep ] ) ).toEqual( [
			[ 'outbound_click', { url: 'https://cdn.example/pkg.zip' } ],
		] );
	} );

	it( 'sends each scroll depth once per page view, and again after a bfcache restore', () => {
		let y = 0;
		const { events, w } = page( {
			before: ( win ) => {
				define( win, 'scrollY', () => y );
				define( win, 'innerHeight', () => 500 );
				define(
					win.document.documentElement,
					'scrollHeight',
					() => 2000
				);
			},
		} );
		const scrollTo = ( to: number ) => {
			y = to;
			w.dispatchEvent( new w.Event( 'scroll' ) );
		};
		const percents = () =>
			events( 'scroll' ).map( ( e ) => ( e.ep as Body ).percent );

		scrollTo( 0 ); // 25 % seen.
		expect( percents() ).toEqual( [ 25 ] );
		scrollTo( 100 ); // Still under 50 %.
		scrollTo( 0 );
		expect( percents() ).toEqual( [ 25 ] );
		scrollTo( 1100 ); // 80 %: 50 and 75 reached.
		expect( percents() ).toEqual( [ 25, 50, 75 ] );
		scrollTo( 1500 ); // The bottom.
		scrollTo( 1500 );
		expect( percents() ).toEqual( [ 25, 50, 75, 100 ] );

		w.dispatchEvent(
			new w.PageTransitionEvent( 'pageshow', { persisted: true } )
		);
		scrollTo( 1500 );
		expect( percents() ).toEqual( [ 25, 50, 75, 100, 25, 50, 75, 100 ] );
	} );

	it( 'offers track( name, props ) to other scripts', () => {
		const { events, w } = page();
		w.monsterinsightsReports!.track( 'newsletter_signup', {
			list: 'weekly',
			count: 2,
			first: true,
		} );
		expect( events() ).toEqual( [
			{
				t: 'event',
				p: '/hello-world/',
				o: 42,
				en: 'newsletter_signup',
				ep: { list: 'weekly', count: 2, first: true },
			},
		] );
	} );
} );

describe( 'storage', () => {
	it( 'writes no cookie and nothing to web storage', () => {
		const cookie = jest.fn();
		const { w, click } = page( {
			referrer: 'https://www.google.com/',
			url: 'https://example.org/?utm_source=x&gclid=1',
			before: ( win ) => {
				Object.defineProperty( win.document, 'cookie', {
					get: () => '',
					set: cookie,
					configurable: true,
				} );
			},
		} );
		const setItem = jest.spyOn( w.Storage.prototype, 'setItem' );
		click( 'outbound' );
		click( 'pdf' );
		w.monsterinsightsReports!.track( 'x' );
		w.dispatchEvent( new w.Event( 'scroll' ) );
		w.dispatchEvent(
			new w.PageTransitionEvent( 'pageshow', { persisted: true } )
		);
		expect( cookie ).not.toHaveBeenCalled();
		expect( setItem ).not.toHaveBeenCalled();
		expect( w.localStorage ).toHaveLength( 0 );
		expect( w.sessionStorage ).toHaveLength( 0 );
	} );
} );

describe( 'the entry script', () => {
	it( 'reads its settings from the data attributes of its own tag', async () => {
		const dom = new JSDOM( '<!doctype html><title>x</title>', {
			url: 'https://example.org/',
			pretendToBeVisual: true,
		} );
		const w = dom.window as unknown as Window;
		const script = w.document.createElement( 'script' );
		script.dataset.endpoint = '/collect.php?s=1';
		script.dataset.object = '7';
		define( w.document, 'currentScript', () => script );
		const beacon = jest.fn( () => true );
		Object.defineProperty( w.navigator, 'sendBeacon', { value: beacon } );
		const globals = globalThis as unknown as Record< string, unknown >;
		globals.window = w;
		globals.document = w.document;
		try {
			await jest.isolateModulesAsync( async () => {
				await import( '..' );
			} );
		} finally {
			delete globals.window;
			delete globals.document;
		}
		expect( beacon ).toHaveBeenCalledWith(
			'/collect.php?s=1',
			JSON.stringify( { t: 'pageview', p: '/', o: 7 } )
		);
		expect( typeof w.monsterinsightsReports?.track ).toBe( 'function' );
	} );
} );
