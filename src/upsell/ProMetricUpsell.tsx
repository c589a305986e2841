import { Button, Modal } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { appStore } from '../store/app';
import {
	LITE_COUPON_CODE,
	LITE_DISCOUNT_PERCENT,
	upgradeUrl,
} from './constants';
import './style.scss';

export interface ProMetricUpsellProps {
	open: boolean;
	onClose: () => void;
	/** The translated name of the pro metric the user clicked. */
	metricName: string;
}

/**
 * The upsell popup shown when a pro-only metric is clicked without pro
 * (docs/product-rules.md#upsells, docs/product-rules.md#metrics). The metric settings panel opens
 * it.
 *
 * @param props            Component props.
 * @param props.open       Whether it shows.
 * @param props.onClose    Closes it.
 * @param props.metricName The metric's name.
 */
export function ProMetricUpsell( {
	open,
	onClose,
	metricName,
}: ProMetricUpsellProps ) {
	const level = useSelect( ( select ) => select( appStore ).getLevel(), [] );
	if ( ! open ) {
		return null;
	}
	return (
		<Modal
			className="monsterinsights-reports-pro-metric"
			title={ sprintf(
				/* translators: %s: metric name, e.g. Revenue. */
				__( '%s is a PRO metric', 'monsterinsights-reports' ),
				metricName
			) }
			onRequestClose={ onClose }
		>
			<p>
				{ sprintf(
					/* translators: %s: metric name, e.g. Revenue. */
					__(
						'Upgrade to Pro to add %s and the other revenue and purchase metrics to your Overview report.',
						'monsterinsights-reports'
					),
					metricName
				) }
			</p>
			{ level === 'lite' && (
				<p>
					{ sprintf(
						/* translators: 1: discount percent, e.g. 50. 2: coupon code. */
						__(
							'Lite users get %1$s%% off with the coupon code %2$s.',
							'monsterinsights-reports'
						),
						String( LITE_DISCOUNT_PERCENT ),
						LITE_COUPON_CODE
					) }
				</p>
			) }
			<div className="monsterinsights-reports-pro-metric__actions">
				<Button
					variant="primary"
					href={ upgradeUrl( 'pro-metric', level === 'lite' ) }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ __( 'Upgrade to Pro', 'monsterinsights-reports' ) }
				</Button>
				<Button variant="tertiary" onClick={ onClose }>
					{ __( 'Not now', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</Modal>
	);
}
