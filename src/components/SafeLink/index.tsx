/**
 * A link to a URL from data, opening in a new tab, through the app's one safe-URL rule
 * (lib/safeUrl): when the URL is not http(s) or a path of this site, its text shows without a link.
 */
import type { ReactNode } from 'react';

import { safeUrl } from '../../lib/safeUrl';

/**
 * The link, or its content alone.
 *
 * @param props          Component props.
 * @param props.url      The URL from data.
 * @param props.children The link's content.
 */
export function SafeLink( {
	url,
	children,
}: {
	url: unknown;
	children: ReactNode;
} ) {
	const href = safeUrl( url );
	if ( ! href ) {
		return <>{ children }</>;
	}
	return (
		<a href={ href } target="_blank" rel="noreferrer">
			{ children }
		</a>
	);
}
