import { Button } from '@wordpress/components';
import { createInterpolateElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import {
	LITE_COUPON_CODE,
	LITE_DISCOUNT_PERCENT,
	upgradeUrl,
} from './constants';
import './style.scss';

/**
 * The lite upgrade banner with the coupon offer of 50% off (docs/product-rules.md#upsells). No
 * banner text is fixed; this one states the offer and the code.
 */
export function LiteBanner() {
	return (
		<div className="monsterinsights-reports-lite-banner" data-pdf-exclude>
			<p>
				{ createInterpolateElement(
					sprintf(
						/* translators: 1: discount percent, e.g. 50. 2: coupon code. */
						__(
							'You are using MonsterInsights Reports Lite. Upgrade to Pro to unlock every report, custom date ranges and PDF export, and get %1$s%% off with the coupon code <code>%2$s</code>.',
							'monsterinsights-reports'
						),
						String( LITE_DISCOUNT_PERCENT ),
						LITE_COUPON_CODE
					),
					{
						code: (
							<code className="monsterinsights-reports-lite-banner__code" />
						),
					}
				) }
			</p>
			<Button
				variant="primary"
				href={ upgradeUrl( 'lite-banner', true ) }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ __( 'Upgrade to Pro', 'monsterinsights-reports' ) }
			</Button>
		</div>
	);
}
