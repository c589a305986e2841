import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { appStore } from '../store/app';
import { NotConnected } from './NotConnected';

/**
 * The reports app. Shows the not-connected screen until a data source is connected.
 */
export function App() {
	const { boot, canSaveSettings } = useSelect(
		( select ) => ( {
			boot: select( appStore ).getBoot(),
			canSaveSettings: select( appStore ).userCan( 'saveSettings' ),
		} ),
		[]
	);

	if ( ! boot ) {
		return null;
	}

	return (
		<div className="monsterinsights-reports-app">
			<header className="monsterinsights-reports-header">
				<p className="monsterinsights-reports-header__title">
					{ __( 'Insights Reports', 'monsterinsights-reports' ) }
				</p>
				<p className="monsterinsights-reports-header__site">
					{ boot.site.name }
				</p>
			</header>
			<main className="monsterinsights-reports-content">
				{ ! boot.source.connected && (
					<NotConnected
						canSaveSettings={ canSaveSettings }
						wizardUrl={ `${ boot.plugin.reportsUrl }#/setup-wizard` }
					/>
				) }
			</main>
		</div>
	);
}
