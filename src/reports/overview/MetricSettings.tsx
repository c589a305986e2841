import { Button, CheckboxControl, Popover } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { cog } from '@wordpress/icons';

import { useToast } from '../../components/Toast';
import { appStore } from '../../store/app';
import { metricsStore } from '../../store/metrics';
import {
	metricCheckBlocker,
	metricLimitText,
	selectionToSave,
	toggleMetric,
} from '../../store/metrics/rules';
import { reportsStore } from '../../store/reports';
import { ProMetricUpsell } from '../../upsell';

export interface MetricSettingsProps {
	/** Called with the first checked metric after a successful save. */
	onSaved: ( firstMetric: string ) => void;
}

/**
 * The metric settings panel (spec 1 §4, §5): up to 7 metrics, pro-only metrics open the upsell
 * popup without pro; ticking a metric saves the selection, reloads the overview, shows the
 * 'Settings Updated' toast (or the server's error), closes the panel and selects the first
 * checked metric.
 *
 * @param props         Component props.
 * @param props.onSaved After a successful save.
 */
export function MetricSettings( { onSaved }: MetricSettingsProps ) {
	const [ open, setOpen ] = useState( false );
	const [ upsell, setUpsell ] = useState< string | null >( null );
	const [ anchor, setAnchor ] = useState< HTMLElement | null >( null );
	const { metrics, checked, level, saving } = useSelect(
		( select ) => ( {
			metrics: select( metricsStore ).getIncludedMetrics() ?? [],
			checked: select( metricsStore ).getSelectedMetricIds(),
			level: select( appStore ).getLevel(),
			saving: select( metricsStore ).isSavingMetrics(),
		} ),
		[]
	);
	const { saveIncludedMetrics } = useDispatch( metricsStore );
	const { invalidateReport } = useDispatch( reportsStore );
	const toast = useToast();

	const onToggle = async ( id: string, name: string ) => {
		const blocker = metricCheckBlocker( checked, id, level );
		if ( blocker === 'pro' ) {
			setUpsell( name );
			return;
		}
		if ( blocker === 'limit' ) {
			return;
		}
		const next = selectionToSave( toggleMetric( checked, id, level ) );
		const result = await saveIncludedMetrics( next );
		if ( result.success ) {
			toast.success();
			invalidateReport( 'overview' );
			setOpen( false );
			onSaved( next[ 0 ] ?? 'sessions' );
		} else {
			toast.error( result.error );
		}
	};

	return (
		<>
			<Button
				ref={ setAnchor }
				icon={ cog }
				label={ __( 'Select metrics', 'monsterinsights-reports' ) }
				aria-expanded={ open }
				onClick={ () => setOpen( ! open ) }
				className="monsterinsights-reports-metric-settings__toggle"
				data-pdf-exclude
			/>
			{ open && (
				<Popover
					anchor={ anchor }
					placement="bottom-end"
					onClose={ () => setOpen( false ) }
					className="monsterinsights-reports-metric-settings"
				>
					<fieldset className="monsterinsights-reports-metric-settings__list">
						<legend>{ metricLimitText() }</legend>
						{ metrics.map( ( metric ) => {
							const isChecked = checked.includes( metric.id );
							const blocker = isChecked
								? null
								: metricCheckBlocker(
										checked,
										metric.id,
										level
								  );
							return (
								<CheckboxControl
									key={ metric.id }
									__nextHasNoMarginBottom
									label={
										metric.isPro && blocker === 'pro'
											? `${ metric.name } (${ __(
													'PRO',
													'monsterinsights-reports'
											  ) })`
											: metric.name
									}
									checked={ isChecked }
									disabled={ saving || blocker === 'limit' }
									onChange={ () =>
										onToggle( metric.id, metric.name )
									}
								/>
							);
						} ) }
					</fieldset>
				</Popover>
			) }
			<ProMetricUpsell
				open={ upsell !== null }
				metricName={ upsell ?? '' }
				onClose={ () => setUpsell( null ) }
			/>
		</>
	);
}
