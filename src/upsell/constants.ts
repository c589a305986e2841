/**
 * Upgrade destination, coupon and the lock texts (docs/product-rules.md#upsells).
 */
import { __ } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

/**
 * Where "upgrade" links go. There is no vendor site for this plugin yet: this is the place to
 * change, and a later issue is to make it a filterable value of the boot data.
 */
export const UPGRADE_URL =
	'https://www.monsterinsights.com/lite/?utm_source=liteplugin&utm_medium=reports';

/**
 * The coupon code of the lite upsell offer of 50% off (docs/product-rules.md#upsells). No code is
 * fixed yet; this one is a placeholder to be confirmed with the vendor.
 */
export const LITE_COUPON_CODE = 'LITEUPGRADE';

/** The lite offer's discount, percent. */
export const LITE_DISCOUNT_PERCENT = 50;

/**
 * The upgrade URL for one place of the app, tagged for the vendor's campaign statistics.
 *
 * @param campaign Where the link is, e.g. the report's upsell key.
 * @param coupon   Whether to apply the lite coupon.
 */
export function upgradeUrl( campaign: string, coupon = false ): string {
	return addQueryArgs( UPGRADE_URL, {
		utm_campaign: campaign,
		...( coupon ? { discount: LITE_COUPON_CODE } : {} ),
	} );
}

/**
 * The lock texts of the locked features, word for word. Getters, so each is translated when it is
 * read.
 */
export const LOCK_TEXTS = {
	/** Custom date range (lite). */
	get customDateRange(): string {
		return __(
			'You can customize your date range only in the PRO version.',
			'monsterinsights-reports'
		);
	},
	/** PDF export (lite). */
	get pdfExport(): string {
		return __(
			'You can export PDF reports only in the PRO version.',
			'monsterinsights-reports'
		);
	},
	/** The eCommerce report. */
	get ecommerce(): string {
		return __(
			'You can view this only in the PRO version',
			'monsterinsights-reports'
		);
	},
} as const;
