/**
 * Conversations AI without an AI provider (docs/product-rules.md#conversations-ai): how to connect
 * an OpenAI-compatible provider, with a way to the settings card for a user who may, else a word
 * to ask an administrator. No sample chat.
 */
import { Button, Card, CardBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** The settings card's link (SettingsScreen scrolls to the card). */
export const PROVIDER_SETTINGS_HASH = '#/settings?card=conversations-ai';

/**
 * The screen.
 *
 * @param props           Component props.
 * @param props.canManage Whether the user may connect a provider.
 */
export function NotConfigured( { canManage }: { canManage: boolean } ) {
	return (
		<Card className="monsterinsights-reports-ai-chat__setup">
			<CardBody>
				<h2>
					{ __(
						'Connect an AI provider to start a conversation',
						'monsterinsights-reports'
					) }
				</h2>
				<p>
					{ __(
						'Conversations AI answers questions about your site’s numbers with an AI model of your choice. It works with any provider that offers an OpenAI-compatible chat completions API, such as OpenAI or a model you run yourself. The model reads your reports through read-only queries: only aggregated numbers are sent to it, never your visitors’ data.',
						'monsterinsights-reports'
					) }
				</p>
				<p>
					{ __(
						'To connect a provider you need:',
						'monsterinsights-reports'
					) }
				</p>
				<ul className="monsterinsights-reports-ai-chat__setup-list">
					<li>
						<strong>
							{ __( 'Base URL', 'monsterinsights-reports' ) }
						</strong>
						{ ' — ' }
						{ __(
							'the address of the provider’s API, for example https://api.openai.com/v1',
							'monsterinsights-reports'
						) }
					</li>
					<li>
						<strong>
							{ __( 'Model', 'monsterinsights-reports' ) }
						</strong>
						{ ' — ' }
						{ __(
							'the name of the model that answers, for example gpt-4o-mini',
							'monsterinsights-reports'
						) }
					</li>
					<li>
						<strong>
							{ __( 'API key', 'monsterinsights-reports' ) }
						</strong>
						{ ' — ' }
						{ __(
							'the key the provider gave you; it is stored encrypted and never shown again',
							'monsterinsights-reports'
						) }
					</li>
				</ul>
				{ canManage ? (
					<Button variant="primary" href={ PROVIDER_SETTINGS_HASH }>
						{ __(
							'Connect a provider in Settings',
							'monsterinsights-reports'
						) }
					</Button>
				) : (
					<p className="monsterinsights-reports-ai-chat__ask-admin">
						{ __(
							'Ask an administrator to connect an AI provider under Settings → Conversations AI.',
							'monsterinsights-reports'
						) }
					</p>
				) }
			</CardBody>
		</Card>
	);
}
