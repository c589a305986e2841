import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

export interface HeaderProps {
	siteName: string;
	/**
	 * The header's action area, where the notifications bell goes once the app has a source of
	 * notifications; empty until then.
	 */
	actions?: ReactNode;
}

/**
 * The app header: the product title, the site's name and an action area.
 *
 * @param props          Component props.
 * @param props.siteName The site's name.
 * @param props.actions  Header actions.
 */
export function Header( { siteName, actions }: HeaderProps ) {
	return (
		<div className="monsterinsights-reports-header" data-pdf-exclude>
			<p className="monsterinsights-reports-header__title">
				{ __( 'Insights Reports', 'monsterinsights-reports' ) }
			</p>
			<div className="monsterinsights-reports-header__end">
				<p className="monsterinsights-reports-header__site">
					{ siteName }
				</p>
				{ actions && (
					<div className="monsterinsights-reports-header__actions">
						{ actions }
					</div>
				) }
			</div>
		</div>
	);
}
