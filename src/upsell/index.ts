export { UpsellOverlay, type UpsellOverlayProps } from './UpsellOverlay';
export {
	LockedReport,
	sampleNoticeId,
	type LockedReportProps,
} from './LockedReport';
export { SampleReport, type SampleReportProps } from './SampleReport';
export { LiteBanner } from './LiteBanner';
export { ProMetricUpsell, type ProMetricUpsellProps } from './ProMetricUpsell';
export {
	UPGRADE_URL,
	LITE_COUPON_CODE,
	LITE_DISCOUNT_PERCENT,
	LOCK_TEXTS,
	upgradeUrl,
} from './constants';
export {
	getUpsellContent,
	featureColumns,
	UPSELL_KEYS,
	type UpsellContent,
	type UpsellKey,
} from './content';
