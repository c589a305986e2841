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
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { useToast } from '../../../components/Toast';
import { levelLabel } from '../../../lib/levels';
import { isLevel } from '../../../lib/tiers';
import { appStore, type Level } from '../../../store/app';
import { errorText } from '../../../store/errors';
import { SubmitButton } from './parts';

/** A stored key as GET /licence describes it (includes/REST/LicenceController.php). */
export interface LicenceInfo {
	key_masked: string;
	key_id: string;
	level: Level;
	issued_to: string;
	/** Unix seconds; null for a key that never expires. */
	expires: number | null;
	network: boolean;
	status: 'valid' | 'expired' | 'invalid';
	message: string;
}

/** GET /monsterinsights-reports/v1/licence. */
export interface LicenceState {
	/** The resolved level. */
	level: Level;
	/** Which licence gives the level. */
	source: 'site' | 'network' | 'none';
	site: LicenceInfo | null;
	network: LicenceInfo | null;
}

export const LICENCE_PATH = '/monsterinsights-reports/v1/licence';
export const NETWORK_LICENCE_PATH =
	'/monsterinsights-reports/v1/licence/network';

export interface LicencePanelProps {
	/** The site's own licence, or the network's (network admin). */
	scope: 'site' | 'network';
}

/**
 * The licence card: the resolved level and where it comes from, the stored key with its status,
 * a field to enter a key and a button to remove it. A new level is applied to the app at once,
 * so locked features unlock (or their upsells return) without a reload.
 *
 * @param props       Component props.
 * @param props.scope Site or network licence.
 */
export function LicencePanel( { scope }: LicencePanelProps ) {
	const boot = useSelect( ( select ) => select( appStore ).getBoot(), [] );
	const { receiveBoot } = useDispatch( appStore );
	const toast = useToast();
	const [ state, setState ] = useState< LicenceState | null >( null );
	const [ key, setKey ] = useState( '' );
	const [ error, setError ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	const path = scope === 'network' ? NETWORK_LICENCE_PATH : LICENCE_PATH;

	useEffect( () => {
		let live = true;
		apiFetch< LicenceState >( { path } ).then(
			( answer ) => live && setState( answer ),
			( reason ) => live && setError( errorText( reason ) )
		);
		return () => {
			live = false;
		};
	}, [ path ] );

	const apply = ( answer: LicenceState ) => {
		setState( answer );
		if ( boot && scope === 'site' && isLevel( answer.level ) ) {
			receiveBoot( {
				...boot,
				licence: {
					...boot.licence,
					level: answer.level,
					source: answer.source,
				},
			} );
		}
	};

	const send = async ( method: 'POST' | 'DELETE' ) => {
		setBusy( true );
		setError( null );
		try {
			const answer = await apiFetch< LicenceState >( {
				path,
				method,
				data: method === 'POST' ? { key: key.trim() } : undefined,
			} );
			apply( answer );
			setKey( '' );
			toast.success(
				method === 'POST'
					? __( 'Licence key activated', 'monsterinsights-reports' )
					: __( 'Licence key removed', 'monsterinsights-reports' )
			);
		} catch ( reason ) {
			setError( errorText( reason ) );
		} finally {
			setBusy( false );
		}
	};

	const stored = state ? state[ scope ] : null;

	return (
		<Card className="monsterinsights-reports-licence">
			<CardHeader>
				<h3>
					{ scope === 'network'
						? __( 'Network licence', 'monsterinsights-reports' )
						: __( 'Licence', 'monsterinsights-reports' ) }
				</h3>
			</CardHeader>
			<CardBody>
				{ ! state && ! error && <Spinner /> }
				{ state && (
					<p className="monsterinsights-reports-licence__level">
						{ sprintf(
							/* translators: %s: licence level, e.g. Pro. */
							__( 'Your level: %s', 'monsterinsights-reports' ),
							levelLabel( state.level )
						) }
						{ state.source === 'network' &&
							scope === 'site' &&
							` ${ __(
								'(from the network licence)',
								'monsterinsights-reports'
							) }` }
					</p>
				) }
				{ stored && (
					<div className="monsterinsights-reports-licence__stored">
						<p>
							<code>{ stored.key_masked }</code>{ ' ' }
							{ sprintf(
								/* translators: 1: level, 2: who the key was issued to. */
								__(
									'%1$s, issued to %2$s',
									'monsterinsights-reports'
								),
								isLevel( stored.level )
									? levelLabel( stored.level )
									: stored.level,
								stored.issued_to
							) }
						</p>
						{ stored.status !== 'valid' && (
							<Notice status="warning" isDismissible={ false }>
								{ stored.message }
							</Notice>
						) }
						<Button
							variant="secondary"
							isDestructive
							isBusy={ busy }
							disabled={ busy }
							onClick={ () => void send( 'DELETE' ) }
						>
							{ __(
								'Remove licence key',
								'monsterinsights-reports'
							) }
						</Button>
					</div>
				) }
				{ error && (
					<Notice status="error" isDismissible={ false }>
						<span role="alert">{ error }</span>
					</Notice>
				) }
				<form
					className="monsterinsights-reports-licence__form"
					onSubmit={ ( event ) => {
						event.preventDefault();
						if ( key.trim() === '' ) {
							setError(
								__(
									'Licence key: paste the key you received.',
									'monsterinsights-reports'
								)
							);
							return;
						}
						void send( 'POST' );
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Licence key', 'monsterinsights-reports' ) }
						value={ key }
						autoComplete="off"
						spellCheck={ false }
						onChange={ setKey }
					/>
					<SubmitButton busy={ busy }>
						{ __( 'Activate key', 'monsterinsights-reports' ) }
					</SubmitButton>
				</form>
			</CardBody>
		</Card>
	);
}
