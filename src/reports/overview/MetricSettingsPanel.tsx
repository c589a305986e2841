import { CheckboxControl, Popover } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { useToast } from '../../components/Toast';
import { appStore } from '../../store/app';
import { metricsStore } from '../../store/metrics';
import {
	metricCheckBlocker,
	metricLimitText,
	offeredMetrics,
	offeredSelection,
	selectionToSave,
	toggleMetric,
} from '../../store/metrics/rules';
import { reportsStore } from '../../store/reports';
import { ProMetricUpsell } from '../../upsell';

export interface MetricSettingsPanelProps {
	/** The settings button the popover hangs from. */
	anchor: HTMLElement | null;
	/** Whether the list of metrics is open. */
	open: boolean;
	/** The pro metric whose upsell is open, or null. */
	upsell: string | null;
	onClose: () => void;
	onUpsell: ( metricName: string | null ) => void;
	/** Called with the first checked metric after a successful save. */
	onSaved: ( firstMetric: string ) => void;
}

/**
 * The metric settings' popover and upsell (see MetricSettings), loaded when first opened.
 *
 * @param props          Component props.
 * @param props.anchor
 * @param props.open
 * @param props.upsell
 * @param props.onClose
 * @param props.onUpsell
 * @param props.onSaved
 */
export default function MetricSettingsPanel( {
	anchor,
	open,
	upsell,
	onClose,
	onUpsell,
	onSaved,
}: MetricSettingsPanelProps ) {
	const { allMetrics, allChecked, level, saving, hasShop } = useSelect(
		( select ) => ( {
			allMetrics: select( metricsStore ).getIncludedMetrics() ?? [],
			allChecked: select( metricsStore ).getSelectedMetricIds(),
			level: select( appStore ).getLevel(),
			saving: select( metricsStore ).isSavingMetrics(),
			hasShop: select( appStore ).getShop() !== null,
		} ),
		[]
	);
	// Without a shop, the revenue and purchase metrics are not offered.
	const metrics = offeredMetrics( allMetrics, hasShop );
	const checked = offeredSelection( allChecked, hasShop );
	const { saveIncludedMetrics } = useDispatch( metricsStore );
	const { invalidateReport } = useDispatch( reportsStore );
	const toast = useToast();

	const onToggle = async ( id: string, name: string ) => {
		const blocker = metricCheckBlocker( checked, id, level );
		if ( blocker === 'pro' ) {
			onUpsell( name );
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
			onClose();
			onSaved( next[ 0 ] ?? 'sessions' );
		} else {
			toast.error( result.error );
		}
	};

	return (
		<>
			{ open && (
				<Popover
					anchor={ anchor }
					placement="bottom-end"
					onClose={ onClose }
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
				onClose={ () => onUpsell( null ) }
			/>
		</>
	);
}
