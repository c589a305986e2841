/**
 * The form and media events of build/events.js, in jsdom: the form ids of each plugin's markup,
 * impressions once per form and page view, conversions of plain forms only, and the plays, watch
 * time and completions of HTML5 media and of a YouTube embed's messages.
 */
import { formId, watchForms } from '../forms';
import { play, watchMedia } from '../media';

type Sent = Array< [ string, Record< string, unknown > | undefined ] >;

/** The IntersectionObserver the page gets; `show` makes elements intersect. */
class FakeObserver {
	static current: FakeObserver | undefined;
	readonly observed = new Set< Element >();
	constructor(
		private readonly callback: (
			entries: IntersectionObserverEntry[]
		) => void
	) {
		FakeObserver.current = this;
	}
	observe( element: Element ) {
		this.observed.add( element );
	}
	unobserve( element: Element ) {
		this.observed.delete( element );
	}
	show( elements: Element[] ) {
		this.callback(
			elements.map(
				( target ) =>
					( {
						target,
						isIntersecting: true,
					} ) as unknown as IntersectionObserverEntry
			)
		);
	}
}

const MARKUP = `
	<div class="wpcf7 no-js" id="wpcf7-f12-p3-o1" data-wpcf7-id="12"><form class="wpcf7-form" id="cf7-inner"></form></div>
	<form id="wpforms-form-34" data-formid="34"></form>
	<form id="gform_5"></form>
	<div id="frm_form_6_container"><form id="frm-inner"></form></div>
	<div id="nf-form-8-cont"></div>
	<form id="newsletter"></form>
	<form name="quote"></form>
	<form role="search"></form>`;

beforeEach( () => {
	document.body.innerHTML = MARKUP;
	(
		window as unknown as { IntersectionObserver: unknown }
	 ).IntersectionObserver = FakeObserver;
} );

describe( 'form ids', () => {
	it( 'are the plugins’ ids, else the element’s id or name', () => {
		const ids = Array.from(
			document.querySelectorAll( 'form, [id$="-cont"]' )
		).map( ( element ) => formId( element ) );
		expect( ids ).toEqual( [
			{ id: 'wpcf7-12', server: true },
			{ id: 'wpforms-34', server: true },
			{ id: 'gform-5', server: true },
			{ id: 'frm-6', server: true },
			{ id: 'nf-8', server: true },
			{ id: 'newsletter', server: false },
			{ id: 'quote', server: false },
			undefined,
		] );
	} );
} );

describe( 'watchForms', () => {
	it( 'sends one impression per form and page view, and conversions of plain forms only', () => {
		const sent: Sent = [];
		watchForms( window, ( name, props ) => sent.push( [ name, props ] ) );
		const observer = FakeObserver.current!;
		const all = Array.from( observer.observed );
		observer.show( all );
		observer.show( all );
		expect( sent ).toEqual( [
			[ 'form_impression', { form: 'wpcf7-12' } ],
			[ 'form_impression', { form: 'wpforms-34' } ],
			[ 'form_impression', { form: 'gform-5' } ],
			[ 'form_impression', { form: 'frm-6' } ],
			[ 'form_impression', { form: 'nf-8' } ],
			[ 'form_impression', { form: 'newsletter' } ],
			[ 'form_impression', { form: 'quote' } ],
		] );

		sent.length = 0;
		for ( const id of [ 'cf7-inner', 'wpforms-form-34', 'newsletter' ] ) {
			document
				.getElementById( id )!
				.dispatchEvent( new Event( 'submit', { bubbles: true } ) );
		}
		expect( sent ).toEqual( [
			[ 'form_conversion', { form: 'newsletter' } ],
		] );

		// A back/forward-cache restore is a new page view.
		sent.length = 0;
		const restored = new Event( 'pageshow' ) as PageTransitionEvent;
		Object.defineProperty( restored, 'persisted', { value: true } );
		window.dispatchEvent( restored );
		observer.show( [ document.getElementById( 'newsletter' )! ] );
		expect( sent ).toEqual( [
			[ 'form_impression', { form: 'newsletter' } ],
		] );
	} );
} );

describe( 'WordPress’s toolbar', () => {
	/** The toolbar as WordPress prints it for a logged-in visitor, with its search form. */
	const TOOLBAR = `
		<div id="wpadminbar" class="nojq">
			<div class="quicklinks" id="wp-toolbar" role="navigation" aria-label="Toolbar">
				<ul role="menu" id="wp-admin-bar-top-secondary" class="ab-top-secondary ab-top-menu">
					<li role="group" id="wp-admin-bar-search" class="admin-bar-search">
						<div class="ab-item ab-empty-item" tabindex="-1" role="menuitem">
							<form action="https://example.org/" method="get" id="adminbarsearch">
								<input class="adminbar-input" name="s" id="adminbar-search" type="text" value="" maxlength="150" />
								<label for="adminbar-search" class="screen-reader-text">Search</label>
								<input type="submit" class="adminbar-button" value="Search" />
							</form>
						</div>
					</li>
				</ul>
			</div>
		</div>`;

	it( 'has no site form: only the page content’s form is tracked, seen or sent', () => {
		document.body.innerHTML =
			'<main><form id="newsletter"></form></main>' + TOOLBAR;
		expect(
			formId( document.getElementById( 'adminbarsearch' )! )
		).toBeUndefined();

		const sent: Sent = [];
		watchForms( window, ( name, props ) => sent.push( [ name, props ] ) );
		const observer = FakeObserver.current!;
		observer.show( Array.from( observer.observed ) );
		for ( const id of [ 'adminbarsearch', 'newsletter' ] ) {
			document
				.getElementById( id )!
				.dispatchEvent( new Event( 'submit', { bubbles: true } ) );
		}
		expect( sent ).toEqual( [
			[ 'form_impression', { form: 'newsletter' } ],
			[ 'form_conversion', { form: 'newsletter' } ],
		] );
	} );
} );

describe( 'play', () => {
	it( 'counts a start, the seconds watched (not the seeks), the furthest point and the end', () => {
		const sent: Sent = [];
		const state = play(
			( name, props ) => sent.push( [ name, props ] ),
			() => 'Tour'
		);
		state.play();
		for ( const time of [ 0, 0.5, 1, 1.5, 2, 30, 30.5, 31 ] ) {
			state.at( { time, duration: 40 } );
		}
		state.pause();
		state.play();
		state.at( { time: 31, duration: 40 } );
		state.at( { time: 32, duration: 40 } );
		state.end();
		expect( sent ).toEqual( [
			[ 'video_start', { title: 'Tour' } ],
			// 2 s, then a seek to 30 and 1 s more: 3 s, furthest 31 of 40.
			[ 'video_progress', { title: 'Tour', seconds: 3, percent: 78 } ],
			[ 'video_progress', { title: 'Tour', seconds: 1, percent: 100 } ],
			[ 'video_complete', { title: 'Tour' } ],
		] );
	} );
} );

describe( 'watchMedia', () => {
	it( 'follows an HTML5 video by its title and a YouTube embed by its messages', () => {
		document.body.innerHTML = `
			<figure><video src="/clips/tour.webm"></video><figcaption>Company tour</figcaption></figure>
			<iframe title="Launch video" src="https://www.youtube.com/embed/abc?enablejsapi=1"></iframe>`;
		const sent: Sent = [];
		watchMedia( window, ( name, props ) => sent.push( [ name, props ] ) );

		const video = document.querySelector( 'video' )!;
		let time = 0;
		Object.defineProperty( video, 'currentTime', { get: () => time } );
		Object.defineProperty( video, 'duration', { get: () => 4 } );
		let ended = false;
		Object.defineProperty( video, 'ended', { get: () => ended } );
		video.dispatchEvent( new Event( 'playing' ) );
		for ( const at of [ 1, 2, 3, 4 ] ) {
			time = at;
			video.dispatchEvent( new Event( 'timeupdate' ) );
		}
		ended = true;
		video.dispatchEvent( new Event( 'pause' ) );
		video.dispatchEvent( new Event( 'ended' ) );

		const frame = document.querySelector( 'iframe' )!;
		const message = ( info: Record< string, unknown > ) =>
			window.dispatchEvent(
				new MessageEvent( 'message', {
					data: JSON.stringify( { event: 'infoDelivery', info } ),
					source: frame.contentWindow,
				} )
			);
		message( { playerState: 1, currentTime: 0, duration: 10 } );
		message( { currentTime: 1 } );
		message( { currentTime: 2 } );
		message( { playerState: 2, currentTime: 2.5 } );

		expect( sent ).toEqual( [
			[ 'video_start', { title: 'Company tour' } ],
			[
				'video_progress',
				{ title: 'Company tour', seconds: 4, percent: 100 },
			],
			[ 'video_complete', { title: 'Company tour' } ],
			[ 'video_start', { title: 'Launch video' } ],
			[
				'video_progress',
				{ title: 'Launch video', seconds: 3, percent: 25 },
			],
		] );
	} );

	it( 'says an <audio> element’s plays are audio (the Media report counts videos only)', () => {
		document.body.innerHTML = `<audio src="/episodes/ep-1.mp3"></audio>`;
		const sent: Sent = [];
		watchMedia( window, ( name, props ) => sent.push( [ name, props ] ) );
		const audio = document.querySelector( 'audio' )!;
		let time = 0;
		Object.defineProperty( audio, 'currentTime', { get: () => time } );
		Object.defineProperty( audio, 'duration', { get: () => 2 } );
		Object.defineProperty( audio, 'ended', { get: () => time === 2 } );
		audio.dispatchEvent( new Event( 'playing' ) );
		for ( const at of [ 1, 2 ] ) {
			time = at;
			audio.dispatchEvent( new Event( 'timeupdate' ) );
		}
		audio.dispatchEvent( new Event( 'ended' ) );
		expect( sent ).toEqual( [
			[ 'video_start', { title: 'ep-1.mp3', kind: 'audio' } ],
			[
				'video_progress',
				{ title: 'ep-1.mp3', kind: 'audio', seconds: 2, percent: 100 },
			],
			[ 'video_complete', { title: 'ep-1.mp3', kind: 'audio' } ],
		] );
	} );
} );
