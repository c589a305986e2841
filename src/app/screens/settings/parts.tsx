/**
 * Parts the settings screens share: the state before the settings are loaded, and the button that
 * submits a settings form.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

/**
 * What a settings screen shows until its settings are loaded: why loading failed, else a spinner.
 *
 * @param props       The props.
 * @param props.error Why loading failed; null while it runs.
 */
export function SettingsLoading( { error }: { error: string | null } ) {
	if ( error ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ error }
			</Notice>
		);
	}
	return (
		<div className="monsterinsights-reports-settings__loading">
			<Spinner />
			<span>
				{ __( 'Loading settings…', 'monsterinsights-reports' ) }
			</span>
		</div>
	);
}

/**
 * The primary button submitting a settings form, busy (and disabled) while the form saves.
 *
 * @param props          The props.
 * @param props.busy     Whether the form saves.
 * @param props.children The label.
 */
export function SubmitButton( {
	busy,
	children,
}: {
	busy: boolean;
	children: ReactNode;
} ) {
	return (
		<Button
			variant="primary"
			type="submit"
			isBusy={ busy }
			disabled={ busy }
			__next40pxDefaultSize
		>
			{ children }
		</Button>
	);
}
