import { Button, Dropdown, NavigableMenu } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { safeUrl } from '../lib/safeUrl';

export interface QuickLink {
	label: string;
	url: string;
	/** Opens in a new tab (external sites). */
	external?: boolean;
}

export interface QuickLinksProps {
	links: QuickLink[];
}

/**
 * The quick links of the app shell (docs/product-rules.md#app-shell-and-start-up), in the header
 * beside the notifications: a button that floated over the page always covered some of it while the
 * page scrolled under it. Only links with a working destination are given; with none, nothing
 * shows.
 *
 * @param props       Component props.
 * @param props.links The links.
 */
export function QuickLinks( { links: given }: QuickLinksProps ) {
	const links = given.filter( ( link ) => safeUrl( link.url ) );
	if ( ! links.length ) {
		return null;
	}
	return (
		<Dropdown
			className="monsterinsights-reports-quick-links"
			popoverProps={ { placement: 'bottom-end' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					className="monsterinsights-reports-quick-links__toggle"
					aria-expanded={ isOpen }
					aria-haspopup="true"
					onClick={ onToggle }
				>
					{ __( 'Quick Links', 'monsterinsights-reports' ) }
				</Button>
			) }
			renderContent={ ( { onClose } ) => (
				<NavigableMenu
					className="monsterinsights-reports-quick-links__menu"
					aria-label={ __(
						'Quick Links',
						'monsterinsights-reports'
					) }
				>
					{ links.map( ( link ) => (
						<a
							key={ link.url }
							role="menuitem"
							href={ link.url }
							onClick={ onClose }
							{ ...( link.external
								? {
										target: '_blank',
										rel: 'noopener noreferrer',
								  }
								: {} ) }
						>
							{ link.label }
						</a>
					) ) }
				</NavigableMenu>
			) }
		/>
	);
}
