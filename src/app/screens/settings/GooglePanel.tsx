import {
	Button,
	CheckboxControl,
	Notice,
	RadioControl,
	SelectControl,
	Spinner,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ChangeEvent } from 'react';

import {
	googleStoreOf,
	type GoogleConnection,
	type GoogleProperty,
	type GoogleScope,
	type GoogleTestResult,
} from '../../../store/google';

type Method = 'service_account' | 'oauth';

/** The fields a service account key must have, as the server checks them. */
const KEY_FIELDS = [
	'type',
	'client_email',
	'private_key',
	'private_key_id',
] as const;

/** The ending of every OAuth client id Google issues. */
const CLIENT_ID_ENDING = '.apps.googleusercontent.com';

/**
 * What is wrong with a pasted service account key before it is sent, or null. The server checks
 * it again and asks Google.
 *
 * @param text The pasted text.
 */
export function keyProblem( text: string ): string | null {
	if ( text.trim() === '' ) {
		return __(
			'Paste the service account’s JSON key, or choose the key file.',
			'monsterinsights-reports'
		);
	}
	let key: unknown;
	try {
		key = JSON.parse( text );
	} catch {
		key = null;
	}
	if ( typeof key !== 'object' || key === null || Array.isArray( key ) ) {
		return __(
			'This is not a JSON key file. Paste the whole JSON file Google Cloud downloaded for the service account.',
			'monsterinsights-reports'
		);
	}
	const fields = key as Record< string, unknown >;
	if ( fields.type !== 'service_account' ) {
		return __(
			'This JSON is not a service account key (its "type" is not "service_account"). In Google Cloud, create a key of the service account (Keys → Add key → JSON) and paste that file.',
			'monsterinsights-reports'
		);
	}
	const missing = KEY_FIELDS.find(
		( field ) =>
			typeof fields[ field ] !== 'string' ||
			( fields[ field ] as string ).trim() === ''
	);
	if ( missing ) {
		return sprintf(
			/* translators: %s: a field of the key file, such as private_key. */
			__(
				'The service account key has no "%s". Paste the whole JSON file, unchanged.',
				'monsterinsights-reports'
			),
			missing
		);
	}
	return null;
}

/**
 * What is wrong with the OAuth client fields before the sign-in starts, or null.
 *
 * @param clientId     The client id.
 * @param clientSecret The client secret.
 * @param storedId     The client id whose secret is stored ('' for none).
 */
export function clientProblem(
	clientId: string,
	clientSecret: string,
	storedId: string
): string | null {
	const id = clientId.trim();
	if ( ! id.endsWith( CLIENT_ID_ENDING ) || /\s/.test( id ) ) {
		return __(
			'Client ID: enter the OAuth client’s id, which ends in .apps.googleusercontent.com.',
			'monsterinsights-reports'
		);
	}
	if ( clientSecret.trim() === '' && id !== storedId ) {
		return __(
			'Client secret: enter the OAuth client’s secret.',
			'monsterinsights-reports'
		);
	}
	return null;
}

/**
 * Whether the location's hash says Google's sign-in just came back, and how.
 *
 * @param hash `location.hash`.
 */
export function oauthReturn( hash: string ): 'connected' | 'failed' | null {
	const query = hash.includes( '?' )
		? hash.slice( hash.indexOf( '?' ) + 1 )
		: '';
	const value = new URLSearchParams( query ).get( 'google' );
	return value === 'connected' || value === 'failed' ? value : null;
}

/**
 * The properties grouped by account, in Google's order.
 *
 * @param properties The properties.
 */
function byAccount(
	properties: GoogleProperty[]
): Array< [ string, GoogleProperty[] ] > {
	const groups = new Map< string, GoogleProperty[] >();
	properties.forEach( ( property ) => {
		const name = property.account_name || property.account;
		groups.set( name, [ ...( groups.get( name ) ?? [] ), property ] );
	} );
	return [ ...groups.entries() ];
}

/** The APIs "Test connection" calls, with their names. */
const TESTED: Array< [ keyof GoogleTestResult, () => string ] > = [
	[
		'analytics',
		() => __( 'Google Analytics 4', 'monsterinsights-reports' ),
	],
	[
		'searchconsole',
		() => __( 'Search Console', 'monsterinsights-reports' ),
	],
	[
		'pagespeed',
		() => __( 'PageSpeed Insights', 'monsterinsights-reports' ),
	],
];

/**
 * Who the connection signs in as, in a sentence.
 *
 * @param connection The connection.
 */
function signedInAs( connection: GoogleConnection ): string {
	if ( connection.auth === 'service_account' ) {
		return sprintf(
			/* translators: %s: the service account's e-mail address. */
			__(
				'Signed in with the service account %s.',
				'monsterinsights-reports'
			),
			connection.client_email
		);
	}
	return sprintf(
		/* translators: %s: the OAuth client's id. */
		__(
			'Signed in with Google through the OAuth client %s.',
			'monsterinsights-reports'
		),
		connection.client_id
	);
}

/**
 * The saved property's currency and time zone, in a sentence; null when neither is known.
 *
 * @param connection The connection.
 */
function propertySettings( connection: GoogleConnection ): string | null {
	if ( connection.currency !== '' && connection.time_zone !== '' ) {
		return sprintf(
			/* translators: 1: a currency code such as USD, 2: a time zone such as America/New_York. */
			__(
				'Property currency: %1$s. Time zone: %2$s.',
				'monsterinsights-reports'
			),
			connection.currency,
			connection.time_zone
		);
	}
	if ( connection.currency !== '' ) {
		return sprintf(
			/* translators: %s: a currency code such as USD. */
			__( 'Property currency: %s.', 'monsterinsights-reports' ),
			connection.currency
		);
	}
	if ( connection.time_zone !== '' ) {
		return sprintf(
			/* translators: %s: a time zone such as America/New_York. */
			__( 'Property time zone: %s.', 'monsterinsights-reports' ),
			connection.time_zone
		);
	}
	return null;
}

/**
 * The buttons under a sign-in form: its action, and Cancel while an existing sign-in is being
 * changed.
 *
 * @param props          The props.
 * @param props.label    The action's label.
 * @param props.busy     Whether a request runs.
 * @param props.onSubmit The action.
 * @param props.onCancel Goes back to the existing sign-in; none for a first sign-in.
 */
function SignInActions( {
	label,
	busy,
	onSubmit,
	onCancel,
}: {
	label: string;
	busy: boolean;
	onSubmit: () => void;
	onCancel?: () => void;
} ) {
	return (
		<div className="monsterinsights-reports-google__actions">
			<Button
				variant="primary"
				isBusy={ busy }
				disabled={ busy }
				onClick={ onSubmit }
				__next40pxDefaultSize
			>
				{ label }
			</Button>
			{ onCancel && (
				<Button
					variant="tertiary"
					onClick={ onCancel }
					__next40pxDefaultSize
				>
					{ __( 'Cancel', 'monsterinsights-reports' ) }
				</Button>
			) }
		</div>
	);
}

export interface GooglePanelProps {
	/**
	 * The site's own connection, or the network's (network admin: sites without a connection of
	 * their own use it). Default: the site's.
	 */
	scope?: GoogleScope;
	/** The screen Google's sign-in returns to. */
	returnTo: 'settings' | 'setup-wizard';
	/** Called after a disconnection, with the connection as it is now. */
	onDisconnected?: () => void;
	/** Sends the browser to Google's sign-in (tests replace it). */
	navigate?: ( url: string ) => void;
}

/**
 * Sends the browser to a URL.
 *
 * @param url The URL.
 */
function assign( url: string ): void {
	window.location.assign( url );
}

/**
 * "Connect Google Analytics": sign in with a service account key (pasted or read from its file in
 * the browser) or an OAuth client (the browser goes to Google and comes back), then choose the
 * GA4 property (its currency and time zone shown once saved), the Search Console site and an
 * optional PageSpeed API key; test what each API answers; disconnect. Secrets are sent once and
 * never shown again: a stored PageSpeed key is only said to exist.
 *
 * On the network admin screen (scope network) the same panel manages the network's connection
 * against /google/network; its texts say that the network's sites without a connection of their
 * own use it.
 *
 * @param props                The props.
 * @param props.scope          The site's connection or the network's.
 * @param props.returnTo       The screen Google's sign-in returns to.
 * @param props.onDisconnected Called after a disconnection.
 * @param props.navigate       Sends the browser to Google's sign-in.
 */
export function GooglePanel( {
	scope = 'site',
	returnTo,
	onDisconnected,
	navigate = assign,
}: GooglePanelProps ) {
	const store = googleStoreOf( scope );
	const network = scope === 'network';
	const {
		connection,
		loadError,
		saving,
		properties,
		sites,
		propertiesError,
		sitesError,
		test,
	} = useSelect(
		( select ) => ( {
			connection: select( store ).getGoogleConnection(),
			loadError: select( store ).getGoogleConnectionError(),
			saving: select( store ).isSavingGoogle(),
			properties: select( store ).getGoogleProperties(),
			sites: select( store ).getGoogleSites(),
			propertiesError: select( store ).getGooglePropertiesError(),
			sitesError: select( store ).getGoogleSitesError(),
			test: select( store ).getGoogleTest(),
		} ),
		[ store ]
	);
	const {
		connectServiceAccount,
		startGoogleOAuth,
		loadGoogleLists,
		selectGoogle,
		testGoogle,
		disconnectGoogle,
	} = useDispatch( store );
	const headingId = useInstanceId(
		GooglePanel,
		'monsterinsights-reports-google-title'
	);
	const fileId = useInstanceId(
		GooglePanel,
		'monsterinsights-reports-google-key-file'
	);

	const [ method, setMethod ] = useState< Method >( 'service_account' );
	const [ changing, setChanging ] = useState( false );
	const [ keyText, setKeyText ] = useState( '' );
	const [ clientId, setClientId ] = useState( '' );
	const [ clientSecret, setClientSecret ] = useState( '' );
	const [ property, setProperty ] = useState< string | null >( null );
	const [ site, setSite ] = useState< string | null >( null );
	const [ psiKey, setPsiKey ] = useState( '' );
	const [ clearPsi, setClearPsi ] = useState( false );
	const [ error, setError ] = useState< string | null >( null );
	const [ done, setDone ] = useState< string | null >( null );
	const [ returned ] = useState( () => oauthReturn( window.location.hash ) );

	const auth = connection?.auth ?? '';
	useEffect( () => {
		if ( connection && auth !== '' && properties === null ) {
			void loadGoogleLists();
		}
	}, [ connection, auth, properties, loadGoogleLists ] );
	useEffect( () => {
		if ( connection?.auth === 'oauth' && clientId === '' ) {
			setClientId( connection.client_id );
		}
		// Only the stored client fills the field once.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ connection?.client_id ] );

	if ( loadError ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ loadError }
			</Notice>
		);
	}
	if ( ! connection ) {
		return <Spinner />;
	}

	const signingIn = auth === '' || changing;
	const chosenProperty = property ?? connection.property;
	const chosenSite = site ?? connection.sc_site;

	const fail = ( message: string ) => {
		setDone( null );
		setError( message );
	};

	const connectKey = async () => {
		const problem = keyProblem( keyText );
		if ( problem ) {
			fail( problem );
			return;
		}
		setError( null );
		const result = await connectServiceAccount( keyText.trim() );
		if ( ! result.success ) {
			fail( result.error );
			return;
		}
		setKeyText( '' );
		setChanging( false );
		setDone(
			__(
				'Google accepted the key. Now choose the property.',
				'monsterinsights-reports'
			)
		);
	};

	const signIn = async () => {
		const problem = clientProblem(
			clientId,
			clientSecret,
			connection.client_id
		);
		if ( problem ) {
			fail( problem );
			return;
		}
		setError( null );
		const result = await startGoogleOAuth( {
			client_id: clientId.trim(),
			client_secret: clientSecret.trim(),
			return: returnTo,
		} );
		if ( ! result.success ) {
			fail( result.error );
			return;
		}
		navigate( result.url );
	};

	const readFile = async ( event: ChangeEvent< HTMLInputElement > ) => {
		const file = event.target.files?.[ 0 ];
		if ( ! file ) {
			return;
		}
		setKeyText( await file.text() );
		setError( null );
	};

	const save = async () => {
		if ( chosenProperty === '' ) {
			fail(
				__(
					'Property: choose the Google Analytics 4 property to report on.',
					'monsterinsights-reports'
				)
			);
			return;
		}
		setError( null );
		const result = await selectGoogle( {
			property: chosenProperty,
			property_name:
				properties?.find( ( item ) => item.property === chosenProperty )
					?.name ?? '',
			sc_site: chosenSite,
			psi_key: psiKey.trim() === '' ? null : psiKey.trim(),
			clear_psi: clearPsi && psiKey.trim() === '',
		} );
		if ( ! result.success ) {
			fail( result.error );
			return;
		}
		setPsiKey( '' );
		setClearPsi( false );
		setProperty( null );
		setSite( null );
		setDone(
			network
				? __(
						'Google settings saved. The network’s sites without a connection of their own report on this property.',
						'monsterinsights-reports'
				  )
				: __( 'Google settings saved.', 'monsterinsights-reports' )
		);
	};

	const runTest = async () => {
		setError( null );
		setDone( null );
		const result = await testGoogle();
		if ( ! result.success ) {
			fail( result.error );
		}
	};

	const disconnect = async () => {
		setError( null );
		setDone( null );
		const result = await disconnectGoogle();
		if ( ! result.success ) {
			fail( result.error );
			return;
		}
		setChanging( false );
		setProperty( null );
		setSite( null );
		setDone(
			network
				? __(
						'The network’s Google Analytics connection is disconnected. Its credentials were deleted. Sites that used it are not connected until the network or the site connects again.',
						'monsterinsights-reports'
				  )
				: __(
						'Google Analytics is disconnected. Its credentials were deleted from this site.',
						'monsterinsights-reports'
				  )
		);
		onDisconnected?.();
	};

	return (
		// The panel sits inside the settings form: Enter in one of its fields must not save the
		// whole form.
		// eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
		<section
			className="monsterinsights-reports-google"
			aria-labelledby={ headingId }
			onKeyDown={ ( event ) => {
				if (
					event.key === 'Enter' &&
					( event.target as HTMLElement ).tagName === 'INPUT'
				) {
					event.preventDefault();
				}
			} }
		>
			<h4 id={ headingId }>
				{ network
					? __(
							'Connect Google Analytics for the network',
							'monsterinsights-reports'
					  )
					: __(
							'Connect Google Analytics',
							'monsterinsights-reports'
					  ) }
			</h4>
			{ network && (
				<p className="monsterinsights-reports-google__scope">
					{ __(
						'Sites of the network that have no Google connection of their own use this one: their reports read the property chosen here. A site’s administrator can still connect the site to Google in its own settings.',
						'monsterinsights-reports'
					) }
				</p>
			) }
			{ returned === 'connected' && auth === 'oauth' && ! done && (
				<Notice status="success" isDismissible={ false }>
					{ __(
						'Signed in with Google. Now choose the property.',
						'monsterinsights-reports'
					) }
				</Notice>
			) }
			{ connection.reauth && (
				<Notice status="warning" isDismissible={ false }>
					{ __(
						'Google no longer accepts these credentials. Sign in again (paste a new key or sign in with Google).',
						'monsterinsights-reports'
					) }
				</Notice>
			) }
			{ connection.uses_network && (
				<Notice status="info" isDismissible={ false }>
					{ __(
						'This site uses the network’s Google connection. Connecting here gives the site a connection of its own.',
						'monsterinsights-reports'
					) }
				</Notice>
			) }
			{ error && (
				<Notice status="error" isDismissible={ false }>
					<span role="alert">{ error }</span>
				</Notice>
			) }
			{ done && (
				<Notice status="success" isDismissible={ false }>
					<span role="status">{ done }</span>
				</Notice>
			) }

			{ ! signingIn && (
				<div className="monsterinsights-reports-google__signed-in">
					<p>{ signedInAs( connection ) }</p>
					<Button
						variant="secondary"
						onClick={ () => setChanging( true ) }
						__next40pxDefaultSize
					>
						{ __( 'Change sign-in', 'monsterinsights-reports' ) }
					</Button>
				</div>
			) }

			{ signingIn && (
				<div className="monsterinsights-reports-settings__fields">
					<RadioControl
						label={
							network
								? __(
										'How the network signs in to Google',
										'monsterinsights-reports'
								  )
								: __(
										'How the site signs in to Google',
										'monsterinsights-reports'
								  )
						}
						selected={ method }
						options={ [
							{
								value: 'service_account',
								label: __(
									'Service account key',
									'monsterinsights-reports'
								),
								description: __(
									'A JSON key of a Google Cloud service account that has Viewer access to the GA4 property (and is a user of the Search Console site).',
									'monsterinsights-reports'
								),
							},
							{
								value: 'oauth',
								label: __(
									'OAuth client',
									'monsterinsights-reports'
								),
								description: __(
									'Sign in with your own Google account through an OAuth client of your Google Cloud project.',
									'monsterinsights-reports'
								),
							},
						] }
						onChange={ ( value ) => {
							setMethod( value as Method );
							setError( null );
						} }
					/>
					{ method === 'service_account' ? (
						<>
							<TextareaControl
								__nextHasNoMarginBottom
								label={ __(
									'Service account key (JSON)',
									'monsterinsights-reports'
								) }
								help={ __(
									'Paste the whole key file. It is sent once, checked with Google, stored encrypted and never shown again.',
									'monsterinsights-reports'
								) }
								rows={ 6 }
								value={ keyText }
								onChange={ setKeyText }
							/>
							<div className="monsterinsights-reports-google__file">
								<label htmlFor={ fileId }>
									{ __(
										'Or read the key file',
										'monsterinsights-reports'
									) }
								</label>
								<input
									id={ fileId }
									type="file"
									accept=".json,application/json"
									onChange={ ( event ) =>
										void readFile( event )
									}
								/>
							</div>
						</>
					) : (
						<>
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={ __(
									'Client ID',
									'monsterinsights-reports'
								) }
								value={ clientId }
								onChange={ setClientId }
							/>
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								type="password"
								autoComplete="off"
								label={ __(
									'Client secret',
									'monsterinsights-reports'
								) }
								help={
									connection.client_id !== '' &&
									clientId.trim() === connection.client_id
										? __(
												'A secret is saved for this client. Leave empty to keep it.',
												'monsterinsights-reports'
										  )
										: undefined
								}
								value={ clientSecret }
								onChange={ setClientSecret }
							/>
							<p className="monsterinsights-reports-google__redirect">
								{ __(
									'Authorized redirect URI to add to the OAuth client:',
									'monsterinsights-reports'
								) }{ ' ' }
								<code>{ connection.redirect_uri }</code>
							</p>
						</>
					) }
					<SignInActions
						label={
							method === 'service_account'
								? __(
										'Connect with this key',
										'monsterinsights-reports'
								  )
								: __(
										'Sign in with Google',
										'monsterinsights-reports'
								  )
						}
						busy={ saving }
						onSubmit={ () =>
							void ( method === 'service_account'
								? connectKey()
								: signIn() )
						}
						onCancel={
							changing ? () => setChanging( false ) : undefined
						}
					/>
				</div>
			) }

			{ ! signingIn && (
				<div className="monsterinsights-reports-settings__fields">
					{ properties === null && <Spinner /> }
					{ propertiesError && (
						<Notice status="error" isDismissible={ false }>
							{ propertiesError }
						</Notice>
					) }
					{ properties !== null && ! propertiesError && (
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __(
								'Google Analytics 4 property',
								'monsterinsights-reports'
							) }
							help={
								properties.length === 0
									? __(
											'These credentials cannot read any GA4 property. Give the service account (or your Google account) Viewer access to the property in GA4’s Property access management.',
											'monsterinsights-reports'
									  )
									: undefined
							}
							value={ chosenProperty }
							onChange={ ( value: string ) =>
								setProperty( value )
							}
						>
							<option value="">
								{ __(
									'Choose a property',
									'monsterinsights-reports'
								) }
							</option>
							{ byAccount( properties ).map(
								( [ account, items ] ) => (
									<optgroup key={ account } label={ account }>
										{ items.map( ( item ) => (
											<option
												key={ item.property }
												value={ item.property }
											>
												{ sprintf(
													/* translators: 1: a property's name, 2: its numeric id. */
													__(
														'%1$s (%2$s)',
														'monsterinsights-reports'
													),
													item.name,
													item.property
												) }
											</option>
										) ) }
									</optgroup>
								)
							) }
						</SelectControl>
					) }
					{ connection.property !== '' &&
						chosenProperty === connection.property &&
						propertySettings( connection ) && (
							<p className="monsterinsights-reports-google__property">
								{ propertySettings( connection ) }
							</p>
						) }
					{ sitesError && (
						<Notice status="warning" isDismissible={ false }>
							{ sitesError }
						</Notice>
					) }
					{ sites !== null && (
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __(
								'Search Console site',
								'monsterinsights-reports'
							) }
							value={ chosenSite }
							options={ [
								{
									value: '',
									label: __(
										'None',
										'monsterinsights-reports'
									),
								},
								...sites.map( ( item ) => ( {
									value: item.site,
									label: item.site,
								} ) ),
							] }
							onChange={ ( value: string ) => setSite( value ) }
						/>
					) }
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="password"
						autoComplete="off"
						label={ __(
							'PageSpeed Insights API key (optional)',
							'monsterinsights-reports'
						) }
						help={
							connection.has_psi_key
								? __(
										'A key is saved. Leave empty to keep it, or enter a new one.',
										'monsterinsights-reports'
								  )
								: __(
										'For Site Speed’s lab audits (Total Blocking Time). Create one in Google Cloud under APIs & Services → Credentials.',
										'monsterinsights-reports'
								  )
						}
						value={ psiKey }
						onChange={ setPsiKey }
					/>
					{ connection.has_psi_key && (
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __(
								'Delete the saved PageSpeed key',
								'monsterinsights-reports'
							) }
							checked={ clearPsi }
							onChange={ setClearPsi }
						/>
					) }
					<div className="monsterinsights-reports-google__actions">
						<Button
							variant="primary"
							isBusy={ saving }
							disabled={ saving || properties === null }
							onClick={ () => void save() }
							__next40pxDefaultSize
						>
							{ __(
								'Save Google settings',
								'monsterinsights-reports'
							) }
						</Button>
						<Button
							variant="secondary"
							disabled={ saving || ! connection.connected }
							onClick={ () => void runTest() }
							__next40pxDefaultSize
						>
							{ __(
								'Test connection',
								'monsterinsights-reports'
							) }
						</Button>
						<Button
							variant="secondary"
							isDestructive
							disabled={ saving }
							onClick={ () => void disconnect() }
							__next40pxDefaultSize
						>
							{ __( 'Disconnect', 'monsterinsights-reports' ) }
						</Button>
					</div>
					{ test && (
						<ul
							className="monsterinsights-reports-google__test"
							aria-label={ __(
								'What each Google API answered',
								'monsterinsights-reports'
							) }
						>
							{ TESTED.map( ( [ key, name ] ) => {
								const answer = test[ key ];
								let status = __(
									'Error',
									'monsterinsights-reports'
								);
								if ( answer.ok ) {
									status = __(
										'OK',
										'monsterinsights-reports'
									);
								} else if ( ! answer.configured ) {
									status = __(
										'Not configured',
										'monsterinsights-reports'
									);
								}
								let tone = 'error';
								if ( answer.ok ) {
									tone = 'ok';
								} else if ( ! answer.configured ) {
									tone = 'off';
								}
								return (
									<li key={ key } data-tone={ tone }>
										<strong>{ name() }</strong>
										{ ': ' }
										{ sprintf(
											/* translators: 1: OK, Error or Not configured, 2: what the API answered. */
											__(
												'%1$s — %2$s',
												'monsterinsights-reports'
											),
											status,
											answer.message
										) }
									</li>
								);
							} ) }
						</ul>
					) }
				</div>
			) }
		</section>
	);
}
