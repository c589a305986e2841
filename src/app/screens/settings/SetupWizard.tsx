import {
	Button,
	Card,
	CardBody,
	Notice,
	RadioControl,
} from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { googleStore, googleUsable } from '../../../store/google';
import { draftError, trackingChanges } from './draft';
import { GooglePanel, oauthReturn } from './GooglePanel';
import { sourceOptions } from './sourceOptions';
import {
	TrackingFields,
	trackingDraft,
	type TrackingDraft,
} from './TrackingFields';
import { SettingsLoading } from './parts';
import { useSettings } from './useSettings';
import './style.scss';

type Step = 0 | 1 | 2;

const STEP_TITLES: Array< () => string > = [
	() => __( 'Choose your data source', 'monsterinsights-reports' ),
	() => __( 'Privacy and tracking', 'monsterinsights-reports' ),
	() => __( 'Finish setup', 'monsterinsights-reports' ),
];

/**
 * The setup wizard behind 'Launch Setup Wizard' (#/setup-wizard): choose the data source, set the
 * tracking choices, finish connected. Nothing is stored until the last step, which saves both in
 * one request; the not-connected screen is gone once it succeeds.
 */
export function SetupWizard() {
	const { settings, loadError, saving, boot, save } = useSettings();
	const [ step, setStep ] = useState< Step >( 0 );
	// Back from Google's sign-in, google stays chosen and its panel goes on with the property.
	const [ source, setSource ] = useState( () =>
		oauthReturn( window.location.hash ) ? 'google' : 'builtin'
	);
	const [ tracking, setTracking ] = useState< TrackingDraft | null >( null );
	const [ error, setError ] = useState< string | null >( null );
	const heading = useRef< HTMLHeadingElement >( null );
	const google = useSelect(
		( select ) =>
			source === 'google'
				? select( googleStore ).getGoogleConnection()
				: undefined,
		[ source ]
	);

	useEffect( () => {
		if ( settings && ! tracking ) {
			setTracking( trackingDraft( settings.tracking ) );
		}
	}, [ settings, tracking ] );

	// Each step moves focus to its heading, so keyboard and screen-reader users follow; the first
	// step's heading takes it once the settings have loaded and it exists.
	const ready = !! ( settings && tracking && boot );
	useEffect( () => {
		heading.current?.focus();
	}, [ step, ready ] );

	if ( loadError || ! settings || ! tracking || ! boot ) {
		return <SettingsLoading error={ loadError } />;
	}

	const chosen = settings.sources.find( ( option ) => option.key === source );

	const finish = async () => {
		setError( null );
		const result = await save( {
			tracking: trackingChanges( tracking, false ),
			source,
		} );
		if ( ! result.success ) {
			setError( result.error );
			return;
		}
		window.location.hash = '#/';
	};

	const next = () => {
		setError( null );
		if ( step === 0 && ! chosen?.available ) {
			setError(
				__(
					'This data source is not available in this version yet. Choose the built-in analytics.',
					'monsterinsights-reports'
				)
			);
			return;
		}
		if ( step === 0 && source === 'google' && ! googleUsable( google ) ) {
			setError(
				__(
					'Connect Google Analytics first: sign in and choose a property, then continue.',
					'monsterinsights-reports'
				)
			);
			return;
		}
		if ( step === 1 ) {
			const invalid = draftError( tracking );
			if ( invalid ) {
				setError( invalid );
				return;
			}
		}
		setStep( ( step + 1 ) as Step );
	};

	const label = chosen?.label ?? source;
	let summary = sprintf(
		/* translators: %s: the data source's name. */
		__(
			'Your reports will use %s. Visits are counted without cookies and without storing IP addresses.',
			'monsterinsights-reports'
		),
		label
	);
	if ( source === 'google' && google?.uses_network ) {
		summary = sprintf(
			/* translators: %s: the data source's name. */
			__(
				'Your reports will use %s through the network’s Google connection.',
				'monsterinsights-reports'
			),
			label
		);
	} else if ( source === 'google' && google ) {
		summary = sprintf(
			/* translators: 1: the data source's name, 2: a GA4 property's name. */
			__(
				'Your reports will use %1$s, property %2$s.',
				'monsterinsights-reports'
			),
			label,
			google.property_name || google.property
		);
	}

	return (
		<section
			className="monsterinsights-reports-wizard"
			aria-labelledby="monsterinsights-reports-wizard-title"
		>
			<h2 id="monsterinsights-reports-wizard-title">
				{ __( 'Setup Wizard', 'monsterinsights-reports' ) }
			</h2>
			<ol className="monsterinsights-reports-wizard__steps">
				{ STEP_TITLES.map( ( title, index ) => (
					<li
						key={ index }
						aria-current={ index === step ? 'step' : undefined }
					>
						{ sprintf(
							/* translators: 1: step number, 2: step title. */
							__( '%1$d. %2$s', 'monsterinsights-reports' ),
							index + 1,
							title()
						) }
					</li>
				) ) }
			</ol>
			<Card>
				<CardBody>
					<h3 ref={ heading } tabIndex={ -1 }>
						{ STEP_TITLES[ step ]?.() }
					</h3>
					{ error && (
						<Notice status="error" isDismissible={ false }>
							<span role="alert">{ error }</span>
						</Notice>
					) }
					{ step === 0 && (
						<RadioControl
							label={ __(
								'Where should your reports get their data?',
								'monsterinsights-reports'
							) }
							selected={ source }
							options={ sourceOptions( settings.sources ) }
							onChange={ setSource }
						/>
					) }
					{ step === 0 &&
						source === 'google' &&
						chosen?.available && (
							<GooglePanel returnTo="setup-wizard" />
						) }
					{ step === 1 && (
						<TrackingFields
							draft={ tracking }
							roles={ settings.roles }
							advanced={ false }
							onChange={ setTracking }
						/>
					) }
					{ step === 2 && (
						<div>
							<p>{ summary }</p>
							<p>
								{ __(
									'You can change every choice later in Settings.',
									'monsterinsights-reports'
								) }
							</p>
						</div>
					) }
				</CardBody>
			</Card>
			<div className="monsterinsights-reports-wizard__nav">
				<Button
					variant="tertiary"
					disabled={ step === 0 || saving }
					onClick={ () => setStep( ( step - 1 ) as Step ) }
					__next40pxDefaultSize
				>
					{ __( 'Back', 'monsterinsights-reports' ) }
				</Button>
				{ step < 2 ? (
					<Button
						variant="primary"
						onClick={ next }
						__next40pxDefaultSize
					>
						{ __( 'Continue', 'monsterinsights-reports' ) }
					</Button>
				) : (
					<Button
						variant="primary"
						isBusy={ saving }
						disabled={ saving }
						onClick={ () => void finish() }
						__next40pxDefaultSize
					>
						{ __(
							'Finish Setup and View Reports',
							'monsterinsights-reports'
						) }
					</Button>
				) }
			</div>
		</section>
	);
}
