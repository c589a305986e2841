/**
 * The button to the source's own view of a list ("View Full … Report"): the payload's `galinks`
 * entry for the list, opened in a new tab. None without a link, or with one that is not an
 * http(s) URL or a relative path (safeUrl): the builtin source has no such views.
 */
import { Button } from '@wordpress/components';

import { safeUrl } from '../../lib/safeUrl';

/**
 * The button, or null (so that a card's footer can be left out without it).
 *
 * @param href The link from the payload, if any.
 * @param text The button's text.
 */
export function fullReportLink( href: string | undefined, text: string ) {
	const url = safeUrl( href );
	if ( ! url ) {
		return null;
	}
	return (
		<Button variant="secondary" href={ url } target="_blank">
			{ text }
		</Button>
	);
}
