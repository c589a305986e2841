import {
	CheckboxControl,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
	__experimentalNumberControl as NumberControl, // eslint-disable-line @wordpress/no-unsafe-wp-apis -- The core number field; stable in use since WP 5.6.
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { RoleOption, TrackingSettings } from '../../../store/settings';

/** The tracking form's state: lists are edited as text, one entry per line. */
export interface TrackingDraft {
	excluded_roles: string[];
	honor_dnt: boolean;
	honor_gpc: boolean;
	excluded_ips: string;
	country_mmdb: string;
	country_header: string;
	trusted_proxy: boolean;
	trusted_proxies: string;
	referrer_spam: string;
	affiliate_paths: string;
	download_extensions: string;
	custom_dimensions: string[];
	site_speed_sample: number;
	retention_months: string;
}

/**
 * The custom dimensions of the Dimensions report with their names, in display order
 * (includes/Settings/CustomDimensions.php).
 */
function dimensionOptions(): Array< { key: string; label: string } > {
	return [
		{ key: 'author', label: __( 'Author', 'monsterinsights-reports' ) },
		{
			key: 'post_type',
			label: __( 'Post Type', 'monsterinsights-reports' ),
		},
		{ key: 'category', label: __( 'Category', 'monsterinsights-reports' ) },
		{ key: 'tags', label: __( 'Tags', 'monsterinsights-reports' ) },
		{
			key: 'published_at',
			label: __( 'Published at (month)', 'monsterinsights-reports' ),
		},
		{
			key: 'logged_in',
			label: __( 'Logged-in status', 'monsterinsights-reports' ),
		},
		{
			key: 'user_role',
			label: __( 'User role', 'monsterinsights-reports' ),
		},
	];
}

/**
 * The draft of stored tracking settings.
 *
 * @param tracking The settings.
 */
export function trackingDraft( tracking: TrackingSettings ): TrackingDraft {
	return {
		...tracking,
		excluded_ips: tracking.excluded_ips.join( '\n' ),
		referrer_spam: tracking.referrer_spam.join( '\n' ),
		affiliate_paths: tracking.affiliate_paths.join( '\n' ),
		download_extensions: tracking.download_extensions.join( '\n' ),
		trusted_proxies: String( tracking.trusted_proxies ),
		retention_months: String( tracking.retention_months ),
	};
}

export interface TrackingFieldsProps {
	draft: TrackingDraft;
	roles: RoleOption[];
	onChange: ( draft: TrackingDraft ) => void;
	/** Show the advanced fields (country lookup, proxy, spam, links, retention). */
	advanced: boolean;
}

/**
 * The built-in analytics' privacy and tracking choices (docs/product-rules.md#privacy).
 *
 * @param props          Component props.
 * @param props.draft    The form state.
 * @param props.roles    The site's roles.
 * @param props.onChange Called with the changed draft.
 * @param props.advanced Whether to show the advanced fields.
 */
export function TrackingFields( {
	draft,
	roles,
	onChange,
	advanced,
}: TrackingFieldsProps ) {
	const set = < K extends keyof TrackingDraft >(
		key: K,
		value: TrackingDraft[ K ]
	) => onChange( { ...draft, [ key ]: value } );

	return (
		<div className="monsterinsights-reports-settings__fields">
			<fieldset className="monsterinsights-reports-settings__roles">
				<legend>
					{ __(
						'Do not track logged-in users with these roles',
						'monsterinsights-reports'
					) }
				</legend>
				{ roles.map( ( role ) => (
					<CheckboxControl
						key={ role.slug }
						__nextHasNoMarginBottom
						label={ role.name }
						checked={ draft.excluded_roles.includes( role.slug ) }
						onChange={ ( checked ) =>
							set(
								'excluded_roles',
								checked
									? [ ...draft.excluded_roles, role.slug ]
									: draft.excluded_roles.filter(
											( slug ) => slug !== role.slug
									  )
							)
						}
					/>
				) ) }
			</fieldset>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __(
					'Honour Global Privacy Control',
					'monsterinsights-reports'
				) }
				help={ __(
					'Visitors whose browser sends the GPC signal are not tracked.',
					'monsterinsights-reports'
				) }
				checked={ draft.honor_gpc }
				onChange={ ( value ) => set( 'honor_gpc', value ) }
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Honour Do Not Track', 'monsterinsights-reports' ) }
				help={ __(
					'Visitors whose browser sends Do Not Track are not tracked.',
					'monsterinsights-reports'
				) }
				checked={ draft.honor_dnt }
				onChange={ ( value ) => set( 'honor_dnt', value ) }
			/>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __(
					'Excluded IP addresses',
					'monsterinsights-reports'
				) }
				help={ __(
					'One address or CIDR range per line, such as 192.0.2.10 or 198.51.100.0/24.',
					'monsterinsights-reports'
				) }
				value={ draft.excluded_ips }
				rows={ 3 }
				onChange={ ( value ) => set( 'excluded_ips', value ) }
			/>
			{ advanced && (
				<>
					<NumberControl
						__next40pxDefaultSize
						label={ __(
							'Keep raw visits for (months)',
							'monsterinsights-reports'
						) }
						help={ __(
							'Daily totals are kept for ever; individual visits are deleted after this many months (1–120).',
							'monsterinsights-reports'
						) }
						min={ 1 }
						max={ 120 }
						value={ draft.retention_months }
						onChange={ ( value?: string ) =>
							set( 'retention_months', value ?? '' )
						}
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __(
							'Country database (.mmdb path)',
							'monsterinsights-reports'
						) }
						help={ __(
							'Full path of a MaxMind-format country database on this server; empty for none.',
							'monsterinsights-reports'
						) }
						value={ draft.country_mmdb }
						onChange={ ( value ) => set( 'country_mmdb', value ) }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __(
							'Country header from your CDN',
							'monsterinsights-reports'
						) }
						help={ __(
							'Name of the HTTP header carrying the visitor’s country code, such as CF-IPCountry; empty for none.',
							'monsterinsights-reports'
						) }
						value={ draft.country_header }
						onChange={ ( value ) => set( 'country_header', value ) }
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __(
							'The site is behind a trusted reverse proxy',
							'monsterinsights-reports'
						) }
						help={ __(
							'Read the visitor’s address from X-Forwarded-For, as your proxies add it. Turn on only when every visit reaches the site through them: a visitor who reaches the server directly can write any address there.',
							'monsterinsights-reports'
						) }
						checked={ draft.trusted_proxy }
						onChange={ ( value ) => set( 'trusted_proxy', value ) }
					/>
					{ draft.trusted_proxy && (
						<NumberControl
							__next40pxDefaultSize
							label={ __(
								'Proxies in front of the site',
								'monsterinsights-reports'
							) }
							help={ __(
								'How many proxies in a row add the address they were reached from to X-Forwarded-For: 1 for a CDN or a load balancer alone, 2 for a CDN in front of a load balancer (1–10). The visitor’s address is read that many entries from the right, so addresses a visitor writes into the header are ignored.',
								'monsterinsights-reports'
							) }
							min={ 1 }
							max={ 10 }
							value={ draft.trusted_proxies }
							onChange={ ( value?: string ) =>
								set( 'trusted_proxies', value ?? '' )
							}
						/>
					) }
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __(
							'Referrer spam hosts',
							'monsterinsights-reports'
						) }
						help={ __(
							'One host per line; visits referred by them are dropped.',
							'monsterinsights-reports'
						) }
						value={ draft.referrer_spam }
						rows={ 3 }
						onChange={ ( value ) => set( 'referrer_spam', value ) }
					/>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __(
							'Affiliate link paths',
							'monsterinsights-reports'
						) }
						help={ __(
							'One path per line, such as /go/; clicks on links to this site whose path starts with one of them count as affiliate clicks.',
							'monsterinsights-reports'
						) }
						value={ draft.affiliate_paths }
						rows={ 3 }
						onChange={ ( value ) =>
							set( 'affiliate_paths', value )
						}
					/>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __(
							'Download file extensions',
							'monsterinsights-reports'
						) }
						help={ __(
							'One extension per line, such as pdf; clicks on links to files of these types count as downloads.',
							'monsterinsights-reports'
						) }
						value={ draft.download_extensions }
						rows={ 3 }
						onChange={ ( value ) =>
							set( 'download_extensions', value )
						}
					/>
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __(
							'Site Speed: page views that report Core Web Vitals',
							'monsterinsights-reports'
						) }
						help={ __(
							'Automatic measures every page view while the site has fewer than 10,000 a day, and about 10,000 a day above that.',
							'monsterinsights-reports'
						) }
						value={ String( draft.site_speed_sample ) }
						options={ [
							{
								value: '-1',
								label: __(
									'Automatic',
									'monsterinsights-reports'
								),
							},
							...[ 100, 50, 25, 10, 5, 1 ].map( ( percent ) => ( {
								value: String( percent ),
								label: `${ percent } %`,
							} ) ),
							{
								value: '0',
								label: __(
									'None (off)',
									'monsterinsights-reports'
								),
							},
						] }
						onChange={ ( value ) =>
							set( 'site_speed_sample', Number( value ) )
						}
					/>
					<fieldset className="monsterinsights-reports-settings__dimensions">
						<legend>
							{ __(
								'Custom dimensions in the Dimensions report',
								'monsterinsights-reports'
							) }
						</legend>
						<p className="components-base-control__help">
							{ __(
								'Shown while the Dimensions module is on. Logged-in status and user role are recorded with each page view only while one of them is chosen.',
								'monsterinsights-reports'
							) }
						</p>
						{ dimensionOptions().map( ( option ) => (
							<CheckboxControl
								key={ option.key }
								__nextHasNoMarginBottom
								label={ option.label }
								checked={ draft.custom_dimensions.includes(
									option.key
								) }
								onChange={ ( checked ) =>
									set(
										'custom_dimensions',
										dimensionOptions()
											.map( ( { key } ) => key )
											.filter( ( key ) =>
												key === option.key
													? checked
													: draft.custom_dimensions.includes(
															key
													  )
											)
									)
								}
							/>
						) ) }
					</fieldset>
				</>
			) }
		</div>
	);
}
