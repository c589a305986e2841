import { useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { globe, Icon } from '@wordpress/icons';
import type { ReactNode } from 'react';
import { settingsStore } from '../../store/settings';

/**
 * The public favicon service referral favicons load from, behind a setting that turns it off
 * (docs/product-rules.md#privacy).
 */
export const FAVICON_SERVICE = 'https://www.google.com/s2/favicons?domain=';

/**
 * The host name of a referral: "https://www.example.com/page" and "example.com/page" give
 * "www.example.com" and "example.com".
 *
 * @param domain A domain or URL.
 */
export function hostOf( domain: string ): string {
	const trimmed = domain.trim();
	try {
		return new URL(
			/^[a-z][a-z0-9+.-]*:\/\//i.test( trimmed )
				? trimmed
				: `https://${ trimmed }`
		).hostname;
	} catch {
		return trimmed.replace( /[/?#].*$/, '' );
	}
}

export function faviconUrl( domain: string ): string {
	return FAVICON_SERVICE + encodeURIComponent( hostOf( domain ) );
}

/**
 * Whether the favicon service can be reached from this browser: unknown until one image has loaded
 * or failed. When it fails (offline, blocked by a firewall or an extension), every cell shows the
 * local icon, and the tab remembers it, so one request at most fails instead of one per row.
 */
export type FaviconServiceState = 'unknown' | 'ok' | 'down';

const DOWN_KEY = 'monsterinsights-reports-favicons-down';

let serviceState: FaviconServiceState = 'unknown';
let probing: object | null = null;
const listeners = new Set< () => void >();

try {
	if ( window.sessionStorage.getItem( DOWN_KEY ) === '1' ) {
		serviceState = 'down';
	}
} catch {
	// Storage may be unavailable (privacy settings); the state then lives in memory only.
}

/** The favicon service's state in this tab. */
export function faviconServiceState(): FaviconServiceState {
	return serviceState;
}

/**
 * Records what an image of the service showed, and tells every cell.
 *
 * @param state 'ok' or 'down'.
 */
function settle( state: 'ok' | 'down' ): void {
	probing = null;
	if ( serviceState === state ) {
		return;
	}
	serviceState = state;
	try {
		if ( state === 'down' ) {
			window.sessionStorage.setItem( DOWN_KEY, '1' );
		} else {
			window.sessionStorage.removeItem( DOWN_KEY );
		}
	} catch {
		// See above.
	}
	listeners.forEach( ( listener ) => listener() );
}

/** Forgets what was learnt about the service (tests). */
export function resetFaviconService(): void {
	serviceState = 'unknown';
	probing = null;
	try {
		window.sessionStorage.removeItem( DOWN_KEY );
	} catch {
		// See above.
	}
	listeners.forEach( ( listener ) => listener() );
}

export interface FaviconCellProps {
	/** The referral's domain or URL. */
	domain: string;
	/** Whether favicons may load from the public service (a setting turns them off). */
	showFavicon: boolean;
	/** Shown beside the icon; the domain by default. */
	children?: ReactNode;
}

/**
 * A referral domain with its favicon. The icon is decorative (empty alt): the domain is written
 * beside it. When the favicon service cannot be reached, or has no icon for the domain, a local
 * globe icon takes its place, so no image shows broken. While the service is unknown, only the
 * first cell asks it; the others wait for that answer.
 *
 * @param props Component props.
 */
export function FaviconCell( props: FaviconCellProps ) {
	const { domain, children } = props;
	// The referral favicons setting can turn the public favicon service off.
	const allowed = useSelect(
		( select ) => select( settingsStore ).showsReferralFavicons(),
		[]
	);
	const showFavicon = props.showFavicon && allowed && !! domain;
	// Every cell re-renders when the service's state or the asking cell changes.
	const [ , setVersion ] = useState( 0 );
	const state = serviceState;
	const [ failed, setFailed ] = useState( false );
	const token = useRef( {} );

	useEffect( () => {
		const listener = () => setVersion( ( version ) => version + 1 );
		listeners.add( listener );
		const own = token.current;
		return () => {
			listeners.delete( listener );
			if ( probing === own ) {
				probing = null;
				listeners.forEach( ( other ) => other() );
			}
		};
	}, [] );

	useEffect( () => setFailed( false ), [ domain ] );

	let icon: ReactNode = null;
	if ( showFavicon ) {
		if ( state === 'unknown' && probing === null ) {
			probing = token.current;
		}
		const asks =
			! failed &&
			( state === 'ok' ||
				( state === 'unknown' && probing === token.current ) );
		if ( asks ) {
			icon = (
				<img
					className="monsterinsights-reports-favicon-cell__icon"
					src={ faviconUrl( domain ) }
					alt=""
					width={ 16 }
					height={ 16 }
					loading="lazy"
					referrerPolicy="no-referrer"
					onLoad={ () => settle( 'ok' ) }
					onError={ () => {
						setFailed( true );
						// Once it answered, a failure is this domain's; before, the service's.
						if ( serviceState !== 'ok' ) {
							settle( 'down' );
						}
					} }
				/>
			);
		} else if ( state === 'unknown' ) {
			icon = (
				<span
					className="monsterinsights-reports-favicon-cell__icon monsterinsights-reports-favicon-cell__placeholder"
					aria-hidden="true"
				/>
			);
		} else {
			icon = (
				<Icon
					className="monsterinsights-reports-favicon-cell__icon monsterinsights-reports-favicon-cell__fallback"
					icon={ globe }
					size={ 16 }
					aria-hidden="true"
					focusable="false"
				/>
			);
		}
	}
	return (
		<span className="monsterinsights-reports-favicon-cell">
			{ icon }
			<span className="monsterinsights-reports-favicon-cell__text">
				{ children ?? domain }
			</span>
		</span>
	);
}
