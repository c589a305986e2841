/**
 * Media plays, watch time and completions: HTML5 `<video>` and `<audio>`, and YouTube and Vimeo
 * embeds through their iframe APIs (the postMessage protocols their players speak; a YouTube
 * embed speaks it when its URL has `enablejsapi=1`, a Vimeo embed always). No script is loaded
 * from either service.
 *
 * Events (the collector checks their props):
 *   video_start     {title}                   a play began (again after the end)
 *   video_progress  {title, seconds, percent} seconds watched since the last report, and the
 *                   furthest point reached in percent of the duration; sent on pause, at the
 *                   end and when the page is hidden
 *   video_complete  {title}                   the play reached the end
 * An `<audio>` element's events also carry `kind: 'audio'` (a video's carry no kind): they are
 * recorded, but the Media report counts videos only (includes/Sources/Builtin/Aggregation/InteractionRollups.php).
 * The title is the element's title, aria-label or figure caption, else its file name; an embed's
 * is the iframe's title (WordPress gives oEmbed iframes the video's).
 */
import type { Track } from './forms';

/** What a player reports: where it is and how long the media is, in seconds. */
interface Position {
	time: number;
	duration: number;
}

/** The play state of one media on the page, fed by its player. */
export interface Play {
	/** It plays (again): a start unless it is already playing. */
	play: () => void;
	/** It is at a position while playing. */
	at: ( position: Position ) => void;
	/** It paused: reports the watch time. */
	pause: () => void;
	/** Reports the watch time so far (the page is being hidden), playing on. */
	flush: () => void;
	/** It reached its end. */
	end: () => void;
}

/** Gaps between two positions longer than this are seeks, not watching. */
const MAX_STEP = 2;

/**
 * A play state.
 *
 * @param track The tracker's track().
 * @param title The media's title.
 * @param audio Whether the media is an `<audio>` element.
 */
export function play( track: Track, title: () => string, audio = false ): Play {
	let playing = false;
	let started = false;
	let last = -1;
	let watched = 0;
	let furthest = 0;
	let duration = 0;
	const props = (): Record< string, string > =>
		audio ? { title: title(), kind: 'audio' } : { title: title() };
	const report = () => {
		const seconds = Math.round( watched );
		if ( seconds > 0 ) {
			track( 'video_progress', {
				...props(),
				seconds,
				percent: duration
					? Math.min(
							100,
							Math.round( ( furthest / duration ) * 100 )
					  )
					: 0,
			} );
		}
		watched = 0;
	};
	const state: Play = {
		play() {
			if ( ! started ) {
				started = true;
				furthest = 0;
				track( 'video_start', props() );
			}
			playing = true;
		},
		at( position ) {
			duration = position.duration > 0 ? position.duration : duration;
			if ( ! playing ) {
				return;
			}
			const step = position.time - last;
			if ( last >= 0 && step > 0 && step <= MAX_STEP ) {
				watched += step;
			}
			last = position.time;
			furthest = Math.max( furthest, position.time );
		},
		pause() {
			playing = false;
			last = -1;
			report();
		},
		flush: report,
		end() {
			if ( started ) {
				furthest = duration || furthest;
				state.pause();
				track( 'video_complete', props() );
				started = false;
			}
		},
	};
	return state;
}

/**
 * The title of an HTML5 media element.
 *
 * @param media The element.
 */
function mediaTitle( media: HTMLMediaElement ): string {
	const caption = media
		.closest( 'figure' )
		?.querySelector( 'figcaption' )
		?.textContent?.trim();
	return (
		media.title ||
		media.getAttribute( 'aria-label' ) ||
		caption ||
		decodeURIComponent(
			( media.currentSrc || media.src )
				.replace( /[?#].*/, '' )
				.split( '/' )
				.pop() ?? ''
		) ||
		media.tagName.toLowerCase()
	);
}

/**
 * Watches an HTML5 media element.
 *
 * @param media The element.
 * @param track The tracker's track().
 */
function watchElement( media: HTMLMediaElement, track: Track ): Play {
	const state = play(
		track,
		() => mediaTitle( media ),
		media.tagName === 'AUDIO'
	);
	const at = () =>
		state.at( { time: media.currentTime, duration: media.duration } );
	media.addEventListener( 'playing', () => {
		state.play();
		at();
	} );
	media.addEventListener( 'timeupdate', at );
	media.addEventListener( 'pause', () => media.ended || state.pause() );
	media.addEventListener( 'ended', () => {
		at();
		state.end();
	} );
	return state;
}

/** A message of an embedded player, parsed. */
type Message = Record< string, unknown > & {
	event?: string;
	info?: Record< string, unknown >;
	data?: Record< string, unknown >;
};

/**
 * Watches the page's media and embeds.
 *
 * @param w     The page's window.
 * @param track The tracker's track().
 */
export function watchMedia( w: Window, track: Track ): void {
	const d = w.document;
	const plays: Play[] = [];
	d.querySelectorAll( 'video,audio' ).forEach( ( media ) =>
		plays.push( watchElement( media as HTMLMediaElement, track ) )
	);

	// Embeds: the player of each iframe by its window, fed by its messages.
	const embeds = new Map<
		MessageEventSource,
		[ Play, string, () => void ]
	>();
	d.querySelectorAll< HTMLIFrameElement >( 'iframe[src]' ).forEach(
		( frame ) => {
			const src = frame.src;
			const kind =
				/\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/.*enablejsapi=1/.test(
					src
				)
					? 'youtube'
					: /\/\/player\.vimeo\.com\/video\//.test( src ) && 'vimeo';
			if ( ! kind || ! frame.contentWindow ) {
				return;
			}
			const state = play( track, () => frame.title || src );
			plays.push( state );
			const target = new URL( src ).origin;
			const listen = () => {
				if ( kind === 'youtube' ) {
					frame.contentWindow?.postMessage(
						JSON.stringify( {
							event: 'listening',
							channel: 'widget',
						} ),
						target
					);
					return;
				}
				for ( const value of [
					'play',
					'pause',
					'finish',
					'playProgress',
				] ) {
					frame.contentWindow?.postMessage(
						JSON.stringify( { method: 'addEventListener', value } ),
						target
					);
				}
			};
			embeds.set( frame.contentWindow, [ state, kind, listen ] );
			frame.addEventListener( 'load', listen );
			listen();
		}
	);
	w.addEventListener( 'message', ( event ) => {
		const embed = event.source && embeds.get( event.source );
		if ( ! embed ) {
			return;
		}
		let message: Message;
		try {
			message =
				typeof event.data === 'string'
					? JSON.parse( event.data )
					: event.data;
		} catch {
			return;
		}
		const [ state, kind, listen ] = embed;
		if ( kind === 'youtube' ) {
			const info = message.info ?? {};
			// YT.PlayerState: 0 ended, 1 playing, 2 paused.
			const status = info.playerState;
			if ( status === 1 ) {
				state.play();
			}
			if ( typeof info.currentTime === 'number' ) {
				state.at( {
					time: info.currentTime,
					duration: Number( info.duration ) || 0,
				} );
			}
			if ( status === 2 ) {
				state.pause();
			} else if ( status === 0 ) {
				state.end();
			}
			return;
		}
		const data = message.data ?? {};
		switch ( message.event ) {
			case 'ready':
				return listen();
			case 'play':
				return state.play();
			case 'playProgress':
				return state.at( {
					time: Number( data.seconds ) || 0,
					duration: Number( data.duration ) || 0,
				} );
			case 'pause':
				return state.pause();
			case 'finish':
				return state.end();
		}
	} );

	d.addEventListener( 'visibilitychange', () => {
		if ( d.hidden ) {
			plays.forEach( ( state ) => state.flush() );
		}
	} );
}
