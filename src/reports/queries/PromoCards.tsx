/**
 * The Search Console report's promo cards: the competitor-keyword tool card and the SEO plugin
 * card with its install flow (docs/reports.md#the-search-console-report).
 *
 * A card is open or closed by the user's dismissal on the server: while it is read the card is
 * not shown, and when the read fails it stays hidden. Closing asks the server; the card closes
 * only when the server confirms the dismissal, else it stays open and says so.
 *
 * The SEO plugin card: Install Now → Installing... → a dialog offering Activate or Dismiss;
 * activation reloads the page; a failure shows the error dialog with the server's text
 * ('Installation Failed. Please refresh and try again.' / 'Activation Failed. Please refresh and
 * try again.'). A plugin installed but inactive is offered Activate at once. A user who may not
 * install (or activate) plugins is not offered the card.
 */
import { Button, Modal } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { close } from '@wordpress/icons';
import type { ReactNode } from 'react';

import { ErrorDialog } from '../../components/Dialogs';
import {
	activateSeoPlugin,
	dismissPromo,
	fetchPromoStatus,
	installSeoPlugin,
	type PromoCardKey,
	type SeoPluginStatus,
} from './promos';
import './promos.scss';

/** The competitor-keyword tool's site. */
export const COMPETITOR_TOOL_URL = 'https://www.semrush.com/';

/**
 * The spec's failure texts, used when the server's answer carries none of its own.
 */
const installFailed = () =>
	__(
		'Installation Failed. Please refresh and try again.',
		'monsterinsights-reports'
	);
const activationFailed = () =>
	__(
		'Activation Failed. Please refresh and try again.',
		'monsterinsights-reports'
	);

/**
 * The message of a REST error of one of the given codes, else the fallback.
 *
 * @param error    What api-fetch rejected with.
 * @param code     The error code whose message is the spec's text.
 * @param fallback The spec's text.
 */
function failureText( error: unknown, code: string, fallback: string ) {
	const body = error as { code?: unknown; message?: unknown } | null;
	return body?.code === code && typeof body.message === 'string'
		? body.message
		: fallback;
}

interface PromoCardProps {
	/** The card's key on the server. */
	card: PromoCardKey;
	/** The card's heading (and the region's name). */
	title: string;
	children: ReactNode;
	/** The card's buttons. */
	actions: ReactNode;
}

/**
 * A promo card, open or closed by the user's dismissal on the server.
 *
 * @param props          Component props.
 * @param props.card
 * @param props.title
 * @param props.children
 * @param props.actions
 */
export function PromoCard( {
	card,
	title,
	children,
	actions,
}: PromoCardProps ) {
	// undefined: reading; the read failing hides the card, as a dismissal does.
	const [ open, setOpen ] = useState< boolean | undefined >( undefined );
	const [ closing, setClosing ] = useState( false );
	const [ notClosed, setNotClosed ] = useState( false );
	useEffect( () => {
		let live = true;
		fetchPromoStatus( card ).then(
			( status ) => live && setOpen( status.dismissed === 'no' ),
			() => live && setOpen( false )
		);
		return () => {
			live = false;
		};
	}, [ card ] );

	if ( ! open ) {
		return null;
	}

	const dismiss = () => {
		setClosing( true );
		setNotClosed( false );
		dismissPromo( card ).then(
			( status ) => {
				setClosing( false );
				if ( status.dismissed === 'yes' ) {
					setOpen( false );
				} else {
					setNotClosed( true );
				}
			},
			() => {
				setClosing( false );
				setNotClosed( true );
			}
		);
	};

	return (
		<section
			className={ `monsterinsights-reports-promo-card is-${ card }` }
			aria-label={ title }
			data-pdf-exclude
		>
			<Button
				className="monsterinsights-reports-promo-card__close"
				icon={ close }
				label={ __( 'Dismiss this card', 'monsterinsights-reports' ) }
				onClick={ dismiss }
				isBusy={ closing }
				disabled={ closing }
				accessibleWhenDisabled
				size="small"
			/>
			<h2 className="monsterinsights-reports-promo-card__title">
				{ title }
			</h2>
			<div className="monsterinsights-reports-promo-card__text">
				{ children }
			</div>
			<div className="monsterinsights-reports-promo-card__actions">
				{ actions }
			</div>
			{ notClosed && (
				<p
					className="monsterinsights-reports-promo-card__error"
					role="alert"
				>
					{ __(
						'This card could not be dismissed. Please try again.',
						'monsterinsights-reports'
					) }
				</p>
			) }
		</section>
	);
}

/**
 * The competitor-keyword tool card.
 */
export function CompetitorKeywordsCard() {
	return (
		<PromoCard
			card="competitor-keywords"
			title={ __(
				'See the keywords your competitors rank for',
				'monsterinsights-reports'
			) }
			actions={
				<Button
					variant="primary"
					href={ COMPETITOR_TOOL_URL }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ __( 'Try Semrush for free', 'monsterinsights-reports' ) }
					<span className="screen-reader-text">
						{ __(
							'(opens in a new tab)',
							'monsterinsights-reports'
						) }
					</span>
				</Button>
			}
		>
			{ __(
				'Semrush shows the Google search terms that bring visitors to your competitors’ sites, so you can find the terms worth writing about next.',
				'monsterinsights-reports'
			) }
		</PromoCard>
	);
}

/** The install button's text while the plugin installs: the spec's, word for word. */
const installingText = () =>
	// eslint-disable-next-line @wordpress/i18n-ellipsis -- The spec's text.
	__( 'Installing...', 'monsterinsights-reports' );

/** Where the SEO plugin card's flow is. */
type Phase = 'idle' | 'installing' | 'installed' | 'activating';

export interface SeoPluginCardProps {
	/** The SEO plugin's status, from the server. */
	status: SeoPluginStatus;
	/** Called with the plugin's new status when the user dismisses the dialog after the install. */
	onStatus: ( status: SeoPluginStatus ) => void;
	/** Reloads the page after the activation (the browser's reload by default). */
	reload?: () => void;
}

/**
 * The SEO plugin card and its install flow.
 *
 * @param props          Component props.
 * @param props.status
 * @param props.onStatus
 * @param props.reload
 */
export function SeoPluginCard( {
	status,
	onStatus,
	reload = () => window.location.reload(),
}: SeoPluginCardProps ) {
	const [ phase, setPhase ] = useState< Phase >( 'idle' );
	// The status after the install, while its dialog shows.
	const [ installed, setInstalled ] = useState< SeoPluginStatus | null >(
		null
	);
	const [ error, setError ] = useState< string | null >( null );
	// The status to hand to the slot when the error dialog closes.
	const [ afterError, setAfterError ] = useState< SeoPluginStatus | null >(
		null
	);

	const offered = status.installed
		? ! status.active && status.can_activate
		: status.can_install && status.can_activate;
	if ( ! offered ) {
		return null;
	}

	const activate = ( basename: string ) => {
		setPhase( 'activating' );
		activateSeoPlugin( basename ).then(
			() => reload(),
			( failure: unknown ) => {
				setPhase( 'idle' );
				setInstalled( null );
				// The slot learns of the install once the error dialog is closed: the placement
				// may then change, and this card (with its dialog) go.
				setAfterError( installed );
				setError(
					failureText(
						failure,
						'activation_failed',
						activationFailed()
					)
				);
			}
		);
	};

	const install = () => {
		setPhase( 'installing' );
		installSeoPlugin( status.slug ).then(
			( next ) => {
				setInstalled( next );
				setPhase( 'installed' );
			},
			( failure: unknown ) => {
				setPhase( 'idle' );
				setError(
					failureText(
						failure,
						'installation_failed',
						installFailed()
					)
				);
			}
		);
	};

	const dismissDialog = () => {
		setPhase( 'idle' );
		const next = installed;
		setInstalled( null );
		if ( next ) {
			onStatus( next );
		}
	};

	const name = status.name;
	let button: ReactNode;
	if ( status.installed ) {
		button = (
			<Button
				variant="primary"
				onClick={ () => activate( status.basename ) }
				isBusy={ phase === 'activating' }
				disabled={ phase === 'activating' }
				accessibleWhenDisabled
			>
				{ phase === 'activating'
					? __( 'Activating…', 'monsterinsights-reports' )
					: __( 'Activate', 'monsterinsights-reports' ) }
			</Button>
		);
	} else {
		const busy = phase !== 'idle';
		button = (
			<Button
				variant="primary"
				onClick={ install }
				isBusy={ phase === 'installing' }
				disabled={ busy }
				accessibleWhenDisabled
			>
				{ phase === 'installing'
					? installingText()
					: __( 'Install Now', 'monsterinsights-reports' ) }
			</Button>
		);
	}

	return (
		<>
			<PromoCard
				card="seo-plugin"
				title={ sprintf(
					/* translators: %s: the SEO plugin's name. */
					__(
						'Get more visitors from Google with %s',
						'monsterinsights-reports'
					),
					name
				) }
				actions={ button }
			>
				{ sprintf(
					/* translators: %s: the SEO plugin's name. */
					__(
						'Search engines show your pages to more people when they have good titles, descriptions, a sitemap and rich snippets. %s sets them up for you in minutes.',
						'monsterinsights-reports'
					),
					name
				) }
			</PromoCard>
			{ installed && (
				<Modal
					title={ sprintf(
						/* translators: %s: the SEO plugin's name. */
						__( '%s is installed', 'monsterinsights-reports' ),
						name
					) }
					size="small"
					className="monsterinsights-reports-dialog monsterinsights-reports-seo-plugin-dialog"
					onRequestClose={ () =>
						phase === 'activating' ? undefined : dismissDialog()
					}
					shouldCloseOnClickOutside={ false }
					isDismissible={ false }
				>
					<div className="monsterinsights-reports-dialog__text">
						{ __(
							'Activate it now to start using it on this site.',
							'monsterinsights-reports'
						) }
					</div>
					<div className="monsterinsights-reports-dialog__actions">
						<Button
							variant="tertiary"
							onClick={ dismissDialog }
							disabled={ phase === 'activating' }
							accessibleWhenDisabled
						>
							{ __( 'Dismiss', 'monsterinsights-reports' ) }
						</Button>
						<Button
							variant="primary"
							onClick={ () => activate( installed.basename ) }
							isBusy={ phase === 'activating' }
							disabled={ phase === 'activating' }
							accessibleWhenDisabled
						>
							{ phase === 'activating'
								? __( 'Activating…', 'monsterinsights-reports' )
								: __( 'Activate', 'monsterinsights-reports' ) }
						</Button>
					</div>
				</Modal>
			) }
			{ error !== null && (
				<ErrorDialog
					text={ error }
					onConfirm={ () => {
						setError( null );
						setAfterError( null );
						if ( afterError ) {
							onStatus( afterError );
						}
					} }
				/>
			) }
		</>
	);
}
