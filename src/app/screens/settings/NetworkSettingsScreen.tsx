import apiFetch from '@wordpress/api-fetch';
import {
	Card,
	CardBody,
	CardHeader,
	Notice,
	Spinner,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { useToast } from '../../../components/Toast';
import type { AddonKey } from '../../../store/addons';
import { errorText } from '../../../store/errors';
import type { TrackingSettings } from '../../../store/settings';
import { draftError, trackingChanges } from './draft';
import { GooglePanel } from './GooglePanel';
import { LicencePanel } from './LicencePanel';
import {
	TrackingFields,
	trackingDraft,
	type TrackingDraft,
} from './TrackingFields';
import { SubmitButton } from './parts';
import './style.scss';

export const NETWORK_SETTINGS_PATH =
	'/monsterinsights-reports/v1/network/settings';

/** GET /network/settings (includes/REST/NetworkSettingsController.php). */
export interface NetworkSettings {
	tracking: Omit< TrackingSettings, 'retention_months' >;
	modules: Record< AddonKey, boolean >;
}

const MODULE_LABELS: Record< AddonKey, () => string > = {
	dimensions: () => __( 'Dimensions', 'monsterinsights-reports' ),
	woocommerce: () => __( 'eCommerce', 'monsterinsights-reports' ),
	forms: () => __( 'Forms', 'monsterinsights-reports' ),
	media: () => __( 'Media', 'monsterinsights-reports' ),
	'user-journey': () => __( 'User Journey', 'monsterinsights-reports' ),
};

/**
 * The network admin screen: the network licence, the network's Google Analytics connection (which
 * sites without a connection of their own use), and the tracking and module defaults every site
 * follows until it makes its own choice.
 */
export function NetworkSettingsScreen() {
	const toast = useToast();
	const [ settings, setSettings ] = useState< NetworkSettings | null >(
		null
	);
	const [ tracking, setTracking ] = useState< TrackingDraft | null >( null );
	const [ modules, setModules ] = useState< Record<
		AddonKey,
		boolean
	> | null >( null );
	const [ error, setError ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );

	const receive = ( answer: NetworkSettings ) => {
		setSettings( answer );
		setTracking(
			trackingDraft( { ...answer.tracking, retention_months: 25 } )
		);
		setModules( answer.modules );
	};

	useEffect( () => {
		apiFetch< NetworkSettings >( { path: NETWORK_SETTINGS_PATH } ).then(
			receive,
			( reason ) => setError( errorText( reason ) )
		);
	}, [] );

	const save = async () => {
		if ( ! tracking || ! modules ) {
			return;
		}
		const invalid = draftError( tracking );
		if ( invalid ) {
			setError( invalid );
			return;
		}
		setBusy( true );
		setError( null );
		try {
			receive(
				await apiFetch< NetworkSettings >( {
					path: NETWORK_SETTINGS_PATH,
					method: 'POST',
					data: {
						tracking: trackingChanges( tracking, false ),
						modules,
					},
				} )
			);
			toast.success();
		} catch ( reason ) {
			setError( errorText( reason ) );
		} finally {
			setBusy( false );
		}
	};

	return (
		<div className="monsterinsights-reports-settings">
			<h2>{ __( 'Network Settings', 'monsterinsights-reports' ) }</h2>
			<LicencePanel scope="network" />
			<Card className="monsterinsights-reports-network-google">
				<CardHeader>
					<h3>
						{ __( 'Google Analytics', 'monsterinsights-reports' ) }
					</h3>
				</CardHeader>
				<CardBody>
					<GooglePanel scope="network" returnTo="settings" />
				</CardBody>
			</Card>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					<span role="alert">{ error }</span>
				</Notice>
			) }
			{ ! settings && ! error && <Spinner /> }
			{ settings && tracking && modules && (
				<form
					onSubmit={ ( event ) => {
						event.preventDefault();
						void save();
					} }
				>
					<Card>
						<CardHeader>
							<h3>
								{ __(
									'Default tracking for the network’s sites',
									'monsterinsights-reports'
								) }
							</h3>
						</CardHeader>
						<CardBody>
							<TrackingFields
								draft={ tracking }
								roles={ [
									{
										slug: 'administrator',
										name: __(
											'Administrator',
											'monsterinsights-reports'
										),
									},
									{
										slug: 'editor',
										name: __(
											'Editor',
											'monsterinsights-reports'
										),
									},
									{
										slug: 'author',
										name: __(
											'Author',
											'monsterinsights-reports'
										),
									},
								] }
								advanced={ false }
								onChange={ setTracking }
							/>
						</CardBody>
					</Card>
					<Card>
						<CardHeader>
							<h3>
								{ __(
									'Modules on by default',
									'monsterinsights-reports'
								) }
							</h3>
						</CardHeader>
						<CardBody>
							{ ( Object.keys( modules ) as AddonKey[] ).map(
								( key ) => (
									<ToggleControl
										key={ key }
										__nextHasNoMarginBottom
										label={ MODULE_LABELS[ key ]() }
										checked={ modules[ key ] }
										onChange={ ( value ) =>
											setModules( {
												...modules,
												[ key ]: value,
											} )
										}
									/>
								)
							) }
						</CardBody>
					</Card>
					<div className="monsterinsights-reports-settings__actions">
						<SubmitButton busy={ busy }>
							{ __( 'Save Changes', 'monsterinsights-reports' ) }
						</SubmitButton>
					</div>
				</form>
			) }
		</div>
	);
}
