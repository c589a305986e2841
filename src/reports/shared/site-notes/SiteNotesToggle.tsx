import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { chevronDown, chevronUp } from '@wordpress/icons';

import './toggle.scss';

export interface SiteNotesToggleProps {
	open: boolean;
	onToggle: () => void;
	/** The panel's element id. */
	controls: string;
}

/**
 * The 'Site Notes' button that shows or hides the site notes panel
 * (docs/product-rules.md#site-notes).
 *
 * @param props          Component props.
 * @param props.open     Whether the panel shows.
 * @param props.onToggle Called on click.
 * @param props.controls The panel's element id.
 */
export function SiteNotesToggle( {
	open,
	onToggle,
	controls,
}: SiteNotesToggleProps ) {
	return (
		<Button
			variant="secondary"
			className="monsterinsights-reports-site-notes-toggle"
			icon={ open ? chevronUp : chevronDown }
			iconPosition="right"
			aria-expanded={ open }
			aria-controls={ controls }
			onClick={ onToggle }
			data-pdf-exclude
			__next40pxDefaultSize
		>
			{ __( 'Site Notes', 'monsterinsights-reports' ) }
		</Button>
	);
}
