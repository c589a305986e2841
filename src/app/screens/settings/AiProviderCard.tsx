/**
 * The settings screen's "Conversations AI" card (docs/product-rules.md#conversations-ai): the
 * OpenAI-compatible provider the chat talks to — base URL, model and API key (write-only: the
 * field stays empty and, once a key is saved, leaving it empty keeps that key) — with Save, Test
 * connection (one tiny request with the saved settings; its message, or the provider's error) and
 * Disconnect (forgets all three). Shown only to users who may change the provider (`can_manage`).
 * A link from the chat screen (`#/settings?card=conversations-ai`) scrolls to it.
 */
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useInstanceId } from '@wordpress/compose';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { useToast } from '../../../components/Toast';
import { levelAtLeast, levelNeeded } from '../../../lib/tiers';
import { appStore } from '../../../store/app';
import {
	AI_PROVIDER_PATH,
	chatStore,
	type AiProviderStatus,
} from '../../../store/chat';
import { errorText } from '../../../store/errors';

/** The card's element id; the chat screen's link scrolls to it. */
export const AI_PROVIDER_CARD_ID =
	'monsterinsights-reports-settings-ai-provider';

/**
 * Whether a location hash asks for the card (`card=conversations-ai`).
 *
 * @param hash `location.hash`.
 */
export function asksForCard( hash: string ): boolean {
	const query = hash.includes( '?' )
		? hash.slice( hash.indexOf( '?' ) + 1 )
		: '';
	return new URLSearchParams( query ).get( 'card' ) === 'conversations-ai';
}

/** A result shown under the buttons. */
interface Outcome {
	status: 'success' | 'error';
	message: string;
}

/**
 * The card.
 */
export function AiProviderCard() {
	const [ status, setStatus ] = useState< AiProviderStatus | null >( null );
	const [ loadError, setLoadError ] = useState< string | null >( null );
	const [ baseUrl, setBaseUrl ] = useState( '' );
	const [ model, setModel ] = useState( '' );
	const [ apiKey, setApiKey ] = useState( '' );
	const [ busy, setBusy ] = useState< 'save' | 'test' | 'delete' | null >(
		null
	);
	const [ outcome, setOutcome ] = useState< Outcome | null >( null );
	const { patch } = useDispatch( chatStore );
	const toast = useToast();
	// Below the level Conversations AI needs, a provider can be connected but is not used yet.
	const unlocked = useSelect(
		( select ) =>
			levelAtLeast(
				select( appStore ).getLevel(),
				levelNeeded( 'ai_chat' )
			),
		[]
	);
	const headingId = useInstanceId(
		AiProviderCard,
		'monsterinsights-reports-settings-ai-heading'
	);
	const card = useRef< HTMLElement >( null );

	const receive = ( answer: AiProviderStatus ) => {
		setStatus( answer );
		setBaseUrl( answer.base_url );
		setModel( answer.model );
		setApiKey( '' );
		// The chat screen reads the same status.
		patch( { provider: answer, providerError: null } );
	};

	useEffect( () => {
		let live = true;
		apiFetch< AiProviderStatus >( { path: AI_PROVIDER_PATH } ).then(
			( answer ) => {
				if ( live ) {
					receive( answer );
				}
			},
			( failure ) => live && setLoadError( errorText( failure ) )
		);
		return () => {
			live = false;
		};
		// Once, on mount.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	const shown = status?.can_manage === true;
	useEffect( () => {
		if ( shown && asksForCard( window.location.hash ) ) {
			card.current?.scrollIntoView?.( { block: 'start' } );
		}
	}, [ shown ] );

	if ( loadError ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ loadError }
			</Notice>
		);
	}
	if ( ! status ) {
		return <Spinner />;
	}
	if ( ! status.can_manage ) {
		return null;
	}

	const run = async (
		kind: 'save' | 'test' | 'delete',
		request: () => Promise< void >
	) => {
		setBusy( kind );
		setOutcome( null );
		try {
			await request();
		} catch ( failure ) {
			setOutcome( { status: 'error', message: errorText( failure ) } );
		}
		setBusy( null );
	};

	const save = () =>
		run( 'save', async () => {
			const data: Record< string, string > = {
				base_url: baseUrl.trim(),
				model: model.trim(),
			};
			if ( apiKey !== '' ) {
				data.api_key = apiKey;
			}
			receive(
				await apiFetch< AiProviderStatus >( {
					path: AI_PROVIDER_PATH,
					method: 'POST',
					data,
				} )
			);
			toast.success();
		} );

	const test = () =>
		run( 'test', async () => {
			const answer = await apiFetch< {
				success: boolean;
				message: string;
			} >( { path: `${ AI_PROVIDER_PATH }/test`, method: 'POST' } );
			setOutcome( {
				status: answer.success ? 'success' : 'error',
				message: answer.message,
			} );
		} );

	const disconnect = () =>
		run( 'delete', async () => {
			receive(
				await apiFetch< AiProviderStatus >( {
					path: AI_PROVIDER_PATH,
					method: 'DELETE',
				} )
			);
			toast.success(
				__( 'AI provider disconnected.', 'monsterinsights-reports' )
			);
		} );

	const saved =
		status.base_url !== '' || status.model !== '' || status.has_key;

	return (
		<Card
			as="section"
			ref={ card }
			id={ AI_PROVIDER_CARD_ID }
			aria-labelledby={ headingId }
			className="monsterinsights-reports-settings__ai-provider"
		>
			<CardHeader>
				<h3 id={ headingId }>
					{ __( 'Conversations AI', 'monsterinsights-reports' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<p>
					{ __(
						'Connect an AI provider with an OpenAI-compatible chat completions API. The model answers questions about your site’s numbers through read-only queries; only aggregated numbers are sent to it.',
						'monsterinsights-reports'
					) }
				</p>
				{ ! unlocked && (
					<Notice status="info" isDismissible={ false }>
						{ __(
							'Conversations AI and the AI Insights need a Pro licence: a provider connected here is used once your licence is Pro.',
							'monsterinsights-reports'
						) }
					</Notice>
				) }
				<p className="monsterinsights-reports-settings__ai-status">
					{ status.configured
						? __( 'Status: connected.', 'monsterinsights-reports' )
						: __(
								'Status: not connected.',
								'monsterinsights-reports'
						  ) }
				</p>
				<form
					className="monsterinsights-reports-settings__ai-form"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void save();
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="url"
						label={ __( 'Base URL', 'monsterinsights-reports' ) }
						help={ __(
							'The address of the API, e.g. https://api.openai.com/v1 (requests go to its /chat/completions).',
							'monsterinsights-reports'
						) }
						required
						value={ baseUrl }
						onChange={ setBaseUrl }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Model', 'monsterinsights-reports' ) }
						help={ __(
							'The name of the model that answers, e.g. gpt-4o-mini.',
							'monsterinsights-reports'
						) }
						required
						maxLength={ 100 }
						value={ model }
						onChange={ setModel }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="password"
						autoComplete="new-password"
						label={ __( 'API key', 'monsterinsights-reports' ) }
						help={
							status.has_key
								? __(
										'A key is saved. Leave empty to keep the saved key.',
										'monsterinsights-reports'
								  )
								: __(
										'Stored encrypted; never shown again.',
										'monsterinsights-reports'
								  )
						}
						required={ ! status.has_key }
						value={ apiKey }
						onChange={ setApiKey }
					/>
					<div className="monsterinsights-reports-settings__ai-buttons">
						<Button
							variant="primary"
							type="submit"
							isBusy={ busy === 'save' }
							disabled={ busy !== null }
							accessibleWhenDisabled
							__next40pxDefaultSize
						>
							{ __( 'Save', 'monsterinsights-reports' ) }
						</Button>
						<Button
							variant="secondary"
							isBusy={ busy === 'test' }
							disabled={ busy !== null || ! status.configured }
							accessibleWhenDisabled
							__next40pxDefaultSize
							onClick={ () => void test() }
						>
							{ __(
								'Test connection',
								'monsterinsights-reports'
							) }
						</Button>
						{ saved && (
							<Button
								variant="tertiary"
								isDestructive
								isBusy={ busy === 'delete' }
								disabled={ busy !== null }
								accessibleWhenDisabled
								__next40pxDefaultSize
								onClick={ () => void disconnect() }
							>
								{ __(
									'Disconnect',
									'monsterinsights-reports'
								) }
							</Button>
						) }
					</div>
				</form>
				{ outcome && (
					<Notice status={ outcome.status } isDismissible={ false }>
						<span
							role={
								outcome.status === 'error' ? 'alert' : 'status'
							}
						>
							{ outcome.message }
						</span>
					</Notice>
				) }
			</CardBody>
		</Card>
	);
}
