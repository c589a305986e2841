import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export interface NotConnectedProps {
	canSaveSettings: boolean;
	wizardUrl: string;
	/** Why the connected source refused (Google's words); the screen then leads to the settings. */
	reason?: string;
}

/**
 * Shown while no data source is connected (docs/product-rules.md#data-sources).
 *
 * @param props                 Component props.
 * @param props.canSaveSettings Whether the user may change settings.
 * @param props.wizardUrl       Where the setup wizard starts (the settings, with a reason).
 * @param props.reason          Why the connected source refused to answer.
 */
export function NotConnected( {
	canSaveSettings,
	wizardUrl,
	reason,
}: NotConnectedProps ) {
	return (
		<section
			className="monsterinsights-reports-not-connected"
			aria-labelledby="monsterinsights-reports-not-connected-title"
		>
			<h2 id="monsterinsights-reports-not-connected-title">
				{ __(
					'You must connect MonsterInsights Reports before you can view reports.',
					'monsterinsights-reports'
				) }
			</h2>
			{ reason ? (
				<p className="monsterinsights-reports-not-connected__reason">
					{ reason }
				</p>
			) : (
				<p>
					{ __(
						'Connect your site to an analytics source to see who visits, where they come from and what they read. The built-in, cookieless analytics works without any external service.',
						'monsterinsights-reports'
					) }
				</p>
			) }
			{ canSaveSettings && reason ? (
				<Button variant="primary" href={ wizardUrl }>
					{ __( 'Open Settings', 'monsterinsights-reports' ) }
				</Button>
			) : null }
			{ canSaveSettings && ! reason ? (
				<>
					<Button variant="primary" href={ wizardUrl }>
						{ __(
							'Launch Setup Wizard',
							'monsterinsights-reports'
						) }
					</Button>
					<p className="monsterinsights-reports-not-connected__note">
						{ __(
							'The wizard guides you through choosing a data source and your tracking options.',
							'monsterinsights-reports'
						) }
					</p>
				</>
			) : null }
			{ ! canSaveSettings && (
				<p>
					{ __(
						'Please ask your webmaster to connect the product to Google Analytics.',
						'monsterinsights-reports'
					) }
				</p>
			) }
		</section>
	);
}
