import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	RadioControl,
	Spinner,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useInstanceId } from '@wordpress/compose';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { useToast } from '../../../components/Toast';
import { addonsStore, type AddonKey } from '../../../store/addons';
import { appStore } from '../../../store/app';
import { fetchShop } from '../../../store/app/shop';
import { googleStore, googleUsable } from '../../../store/google';
import { reportsStore } from '../../../store/reports';
import { settingsStore, type ReportsSettings } from '../../../store/settings';
import { draftError, trackingChanges } from './draft';
import { sourceOptions } from './sourceOptions';
import { GooglePanel, oauthReturn } from './GooglePanel';
import { AiProviderCard } from './AiProviderCard';
import { FeatureFeedbackCard } from './FeatureFeedbackCard';
import { LicencePanel } from './LicencePanel';
import {
	TrackingFields,
	trackingDraft,
	type TrackingDraft,
} from './TrackingFields';
import { SettingsLoading, SubmitButton } from './parts';
import { useSettings } from './useSettings';
import './style.scss';

interface Draft {
	source: string;
	tracking: TrackingDraft;
	referral_favicons: boolean;
	pdf_reports_header_image: string;
}

/**
 * The form state of the settings. Back from Google's sign-in, the data source shows google, so its
 * panel goes on with the property.
 *
 * @param settings The settings.
 * @param hash     `location.hash`, or '' after a save.
 */
function draftOf( settings: ReportsSettings, hash = '' ): Draft {
	return {
		source: oauthReturn( hash ) ? 'google' : settings.source,
		tracking: trackingDraft( settings.tracking ),
		referral_favicons: settings.referral_favicons,
		pdf_reports_header_image: settings.pdf_reports_header_image,
	};
}

/**
 * The settings screen (#/settings): data source, tracking, modules, reports, licence. Each card
 * saves through the REST settings route; the server validates every field and names the one it
 * refuses, and nothing of a refused save is stored.
 */
export function SettingsScreen() {
	const { settings, loadError, saving, boot, save } = useSettings();
	const toast = useToast();
	const [ draft, setDraft ] = useState< Draft | null >( null );
	const [ error, setError ] = useState< string | null >( null );

	useEffect( () => {
		if ( settings && ! draft ) {
			setDraft( draftOf( settings, window.location.hash ) );
		}
	}, [ settings, draft ] );
	// The google connection, asked only once google is chosen.
	const googleChosen = draft?.source === 'google';
	const google = useSelect(
		( select ) =>
			googleChosen
				? select( googleStore ).getGoogleConnection()
				: undefined,
		[ googleChosen ]
	);
	// Once google is connected (or the network's connection serves the site), the screen's
	// "connect Google Analytics first" error is done with.
	const googleConnected = googleUsable( google );
	useEffect( () => {
		if ( googleConnected ) {
			setError( null );
		}
	}, [ googleConnected ] );
	const { receiveSettings } = useDispatch( settingsStore );
	const { receiveBoot } = useDispatch( appStore );

	if ( loadError || ! settings || ! draft || ! boot ) {
		return <SettingsLoading error={ loadError } />;
	}

	const set = < K extends keyof Draft >( key: K, value: Draft[ K ] ) =>
		setDraft( { ...draft, [ key ]: value } );

	const submit = async () => {
		const invalid = draftError( draft.tracking );
		if ( invalid ) {
			setError( invalid );
			return;
		}
		if ( draft.source === 'google' && ! googleConnected ) {
			setError(
				__(
					'Data source: connect Google Analytics (sign in and choose a property) before the reports can use it.',
					'monsterinsights-reports'
				)
			);
			return;
		}
		setError( null );
		const result = await save( {
			source: draft.source,
			tracking: trackingChanges( draft.tracking, true ),
			referral_favicons: draft.referral_favicons,
			pdf_reports_header_image: draft.pdf_reports_header_image.trim(),
		} );
		if ( ! result.success ) {
			setError( result.error );
			return;
		}
		setDraft( draftOf( result.settings ) );
		toast.success();
	};

	return (
		<div className="monsterinsights-reports-settings">
			<form
				aria-labelledby="monsterinsights-reports-settings-title"
				onSubmit={ ( event ) => {
					event.preventDefault();
					void submit();
				} }
			>
				<div className="monsterinsights-reports-settings__head">
					<h2 id="monsterinsights-reports-settings-title">
						{ __( 'Settings', 'monsterinsights-reports' ) }
					</h2>
					{ boot.source.connected && (
						<Button variant="link" href="#/">
							{ __(
								'Back to reports',
								'monsterinsights-reports'
							) }
						</Button>
					) }
				</div>
				{ error && (
					<Notice
						status="error"
						isDismissible
						onRemove={ () => setError( null ) }
					>
						<span role="alert">{ error }</span>
					</Notice>
				) }

				<Card>
					<CardHeader>
						<h3>
							{ __( 'Data source', 'monsterinsights-reports' ) }
						</h3>
					</CardHeader>
					<CardBody>
						<RadioControl
							label={ __(
								'Where reports get their data',
								'monsterinsights-reports'
							) }
							selected={ draft.source }
							options={ [
								...sourceOptions( settings.sources ),
								{
									value: '',
									label: __(
										'None (disconnected)',
										'monsterinsights-reports'
									),
								},
							] }
							onChange={ ( value ) => {
								const chosen = settings.sources.find(
									( source ) => source.key === value
								);
								if ( value === '' || chosen?.available ) {
									set( 'source', value );
								} else {
									setError(
										__(
											'This data source is not available in this version yet.',
											'monsterinsights-reports'
										)
									);
								}
							} }
						/>
						{ draft.source === 'google' && (
							<GooglePanel
								returnTo="settings"
								onDisconnected={ () => {
									// The server made an active google source "not connected".
									if ( settings.source === 'google' ) {
										receiveSettings( {
											...settings,
											source: '',
										} );
										receiveBoot( {
											...boot,
											source: {
												active: '',
												connected: false,
											},
										} );
									}
								} }
							/>
						) }
					</CardBody>
				</Card>

				<Card>
					<CardHeader>
						<h3>
							{ __(
								'Tracking and privacy',
								'monsterinsights-reports'
							) }
						</h3>
					</CardHeader>
					<CardBody>
						<TrackingFields
							draft={ draft.tracking }
							roles={ settings.roles }
							advanced
							onChange={ ( tracking ) =>
								set( 'tracking', tracking )
							}
						/>
					</CardBody>
				</Card>

				<Card>
					<CardHeader>
						<h3>{ __( 'Reports', 'monsterinsights-reports' ) }</h3>
					</CardHeader>
					<CardBody>
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __(
								'Show site icons in referral lists',
								'monsterinsights-reports'
							) }
							help={ __(
								'Icons load from a public favicon service, which then sees the referring domains.',
								'monsterinsights-reports'
							) }
							checked={ draft.referral_favicons }
							onChange={ ( value ) =>
								set( 'referral_favicons', value )
							}
						/>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							type="url"
							label={ __(
								'PDF header image URL',
								'monsterinsights-reports'
							) }
							help={ __(
								'Printed at the top of exported PDF reports; empty for none.',
								'monsterinsights-reports'
							) }
							value={ draft.pdf_reports_header_image }
							onChange={ ( value ) =>
								set( 'pdf_reports_header_image', value )
							}
						/>
					</CardBody>
				</Card>

				<div className="monsterinsights-reports-settings__actions">
					<SubmitButton busy={ saving }>
						{ __( 'Save Changes', 'monsterinsights-reports' ) }
					</SubmitButton>
				</div>
			</form>
			<ModulesCard />
			<LicencePanel scope="site" />
			<AiProviderCard />
			<FeatureFeedbackCard />
		</div>
	);
}

/**
 * The modules ("addons") card: each switch turns a module on or off at once.
 */
function ModulesCard() {
	const { addons, loadError } = useSelect(
		( select ) => ( {
			addons: select( addonsStore ).getAddons(),
			loadError: select( addonsStore ).getAddonsLoadError(),
		} ),
		[]
	);
	const { setAddonActive } = useDispatch( addonsStore );
	const { receiveBoot } = useDispatch( appStore );
	const { refreshReports } = useDispatch( reportsStore );
	const boot = useSelect( ( select ) => select( appStore ).getBoot(), [] );
	const toast = useToast();
	// The eCommerce module decides whether the site has a shop: the boot data's shop follows it,
	// and the reports fetched before (their eCommerce columns) are fetched again.
	const refreshShop = async () => {
		try {
			const shop = await fetchShop();
			if ( boot ) {
				receiveBoot( { ...boot, shop } );
			}
			refreshReports();
		} catch {
			// The next page load reads the shop again.
		}
	};
	const headingId = useInstanceId(
		ModulesCard,
		'monsterinsights-reports-settings-modules'
	);

	return (
		<Card as="section" aria-labelledby={ headingId }>
			<CardHeader>
				<h3 id={ headingId }>
					{ __( 'Modules', 'monsterinsights-reports' ) }
				</h3>
			</CardHeader>
			<CardBody>
				{ loadError && (
					<Notice status="error" isDismissible={ false }>
						{ loadError }
					</Notice>
				) }
				{ ! addons && ! loadError && <Spinner /> }
				{ addons && (
					// One item a module: its switch with its help text right under the label,
					// the modules apart from each other.
					<ul className="monsterinsights-reports-settings__modules">
						{ ( Object.keys( addons ) as AddonKey[] ).map(
							( key ) => {
								const addon = addons[ key ];
								return (
									<li key={ key }>
										<ToggleControl
											__nextHasNoMarginBottom
											label={ addon.title }
											help={
												addon.requirement &&
												! addon.requirement_met
													? `${ addon.description } ${ addon.requirement }`
													: addon.description
											}
											checked={ addon.active }
											onChange={ async ( value ) => {
												const result =
													await setAddonActive(
														key,
														value
													);
												if ( result.success ) {
													toast.success();
													if (
														key === 'woocommerce'
													) {
														await refreshShop();
													}
												} else {
													toast.error( result.error );
												}
											} }
										/>
									</li>
								);
							}
						) }
					</ul>
				) }
			</CardBody>
		</Card>
	);
}
