import { __ } from '@wordpress/i18n';

import type { TrackingSettings } from '../../../store/settings';
import { linesOf } from './lines';
import type { TrackingDraft } from './TrackingFields';

/**
 * The tracking changes a draft stands for. The wizard sends only the basic fields.
 *
 * @param draft    The form state.
 * @param advanced Whether to include the advanced fields.
 */
export function trackingChanges(
	draft: TrackingDraft,
	advanced: boolean
): Partial< TrackingSettings > {
	const basic: Partial< TrackingSettings > = {
		excluded_roles: draft.excluded_roles,
		honor_dnt: draft.honor_dnt,
		honor_gpc: draft.honor_gpc,
		excluded_ips: linesOf( draft.excluded_ips ),
	};
	if ( ! advanced ) {
		return basic;
	}
	const months = Number( draft.retention_months.trim() );
	return {
		...basic,
		country_mmdb: draft.country_mmdb.trim(),
		country_header: draft.country_header.trim(),
		trusted_proxy: draft.trusted_proxy,
		trusted_proxies: Number( draft.trusted_proxies.trim() ),
		referrer_spam: linesOf( draft.referrer_spam ),
		affiliate_paths: linesOf( draft.affiliate_paths ),
		download_extensions: linesOf( draft.download_extensions ),
		custom_dimensions: draft.custom_dimensions,
		site_speed_sample: draft.site_speed_sample,
		retention_months: months,
	};
}

/**
 * What is wrong with the draft before it is sent, naming the field; null when nothing. The server
 * checks everything again (IP ranges, roles, the database path) and names its field too.
 *
 * @param draft The form state.
 */
export function draftError( draft: TrackingDraft ): string | null {
	const months = Number( draft.retention_months.trim() );
	if ( ! Number.isInteger( months ) || months < 1 || months > 120 ) {
		return __(
			'Keep raw visits for (months): enter a whole number from 1 to 120.',
			'monsterinsights-reports'
		);
	}
	const proxies = Number( draft.trusted_proxies.trim() );
	if ( ! Number.isInteger( proxies ) || proxies < 1 || proxies > 10 ) {
		return __(
			'Proxies in front of the site: enter a whole number from 1 to 10.',
			'monsterinsights-reports'
		);
	}
	return null;
}
