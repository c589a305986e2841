import { useSelect } from '@wordpress/data';
import type { ReactNode } from 'react';
import { settingsStore } from '../../store/settings';

/**
 * The public favicon service referral favicons load from (spec 1 §7, spec 2 §2 and §7; the
 * original product uses Google's). decisions.md ("Privacy") puts it behind a setting.
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
 * beside it.
 *
 * @param props Component props.
 */
export function FaviconCell( props: FaviconCellProps ) {
	const { domain, children } = props;
	// The referral favicons setting can turn the public favicon service off (decisions.md).
	const allowed = useSelect(
		( select ) => select( settingsStore ).showsReferralFavicons(),
		[]
	);
	const showFavicon = props.showFavicon && allowed;
	return (
		<span className="monsterinsights-reports-favicon-cell">
			{ showFavicon && domain && (
				<img
					className="monsterinsights-reports-favicon-cell__icon"
					src={ faviconUrl( domain ) }
					alt=""
					width={ 16 }
					height={ 16 }
					loading="lazy"
					referrerPolicy="no-referrer"
				/>
			) }
			<span className="monsterinsights-reports-favicon-cell__text">
				{ children ?? domain }
			</span>
		</span>
	);
}
