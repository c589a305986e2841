import { DIMENSION_KEYS } from '../../reports/constants';
import type { ReportsSettings, TrackingSettings } from '../types';

/**
 * The tracking settings of a fresh site, without its custom dimensions and retention (the network's
 * defaults have no retention; tests choose the dimensions).
 */
export const FRESH_TRACKING: Omit<
	TrackingSettings,
	'custom_dimensions' | 'retention_months'
> = {
	excluded_roles: [ 'administrator' ],
	honor_dnt: true,
	honor_gpc: true,
	excluded_ips: [],
	country_mmdb: '',
	country_header: '',
	trusted_proxy: false,
	trusted_proxies: 1,
	referrer_spam: [],
	affiliate_paths: [ '/go/', '/recommend/' ],
	download_extensions: [ 'pdf', 'zip' ],
	site_speed_sample: -1,
};

/**
 * Settings as a fresh site's GET /settings answers them, with some changed.
 *
 * @param changes The settings to change.
 */
export function settingsWith(
	changes: Partial< ReportsSettings > = {}
): ReportsSettings {
	return {
		pdf_reports_header_image: '',
		referral_favicons: true,
		source: 'builtin',
		sources: [
			{
				key: 'builtin',
				label: 'Built-in analytics',
				description: 'Cookieless analytics.',
				available: true,
			},
			{
				key: 'google',
				label: 'Google Analytics 4',
				description:
					'Reports from your Google Analytics 4 property, Search Console and PageSpeed Insights, read with your own Google credentials.',
				available: true,
			},
		],
		tracking: {
			...FRESH_TRACKING,
			custom_dimensions: [ ...DIMENSION_KEYS ],
			retention_months: 25,
		},
		roles: [
			{ slug: 'administrator', name: 'Administrator' },
			{ slug: 'editor', name: 'Editor' },
			{ slug: 'subscriber', name: 'Subscriber' },
		],
		...changes,
	};
}
