import type { ReportsSettings } from '../types';

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
				description: 'Not available in this version yet.',
				available: false,
			},
		],
		tracking: {
			excluded_roles: [ 'administrator' ],
			honor_dnt: true,
			honor_gpc: true,
			excluded_ips: [],
			country_mmdb: '',
			country_header: '',
			trusted_proxy: false,
			referrer_spam: [],
			affiliate_paths: [ '/go/', '/recommend/' ],
			download_extensions: [ 'pdf', 'zip' ],
			custom_dimensions: [
				'author',
				'post_type',
				'category',
				'tags',
				'published_at',
				'logged_in',
				'user_role',
			],
			site_speed_sample: -1,
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
