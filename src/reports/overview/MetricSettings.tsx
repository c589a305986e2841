import { Button, Popover } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { cog } from '@wordpress/icons';

import { LoadFailed } from '../../components/Loader';
import { onDemand, useOnDemand } from '../../components/utils/onDemand';
import type { MetricSettingsPanelProps } from './MetricSettingsPanel';

// The list of metrics and the pro upsell load when the settings are first opened.
const PANEL = onDemand< MetricSettingsPanelProps >( () =>
	import(
		/* webpackChunkName: "metric-settings" */
		'./MetricSettingsPanel'
	).then( ( module ) => module.default )
);

export interface MetricSettingsProps {
	/** Called with the first checked metric after a successful save. */
	onSaved: ( firstMetric: string ) => void;
}

/**
 * The metric settings panel (docs/product-rules.md#metrics): up to 7 metrics, pro-only metrics open
 * the upsell popup without pro; ticking a metric saves the selection, reloads the overview, shows
 * the 'Settings Updated' toast (or the server's error), closes the panel and selects the first
 * checked metric.
 *
 * @param props         Component props.
 * @param props.onSaved After a successful save.
 */
export function MetricSettings( { onSaved }: MetricSettingsProps ) {
	const [ open, setOpen ] = useState( false );
	const [ upsell, setUpsell ] = useState< string | null >( null );
	const [ anchor, setAnchor ] = useState< HTMLElement | null >( null );
	const panel = useOnDemand( PANEL );

	return (
		<>
			<Button
				ref={ setAnchor }
				icon={ cog }
				label={ __( 'Select metrics', 'monsterinsights-reports' ) }
				aria-expanded={ open }
				onClick={ () => panel.load().then( () => setOpen( ! open ) ) }
				className="monsterinsights-reports-metric-settings__toggle"
				data-pdf-exclude
			/>
			{ panel.Component && ( open || upsell !== null ) && (
				<panel.Component
					anchor={ anchor }
					open={ open }
					upsell={ upsell }
					onClose={ () => setOpen( false ) }
					onUpsell={ setUpsell }
					onSaved={ onSaved }
				/>
			) }
			{ ! panel.Component && open && (
				<Popover
					anchor={ anchor }
					placement="bottom-end"
					onClose={ () => setOpen( false ) }
				>
					<LoadFailed />
				</Popover>
			) }
		</>
	);
}
