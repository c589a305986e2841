import {
	Button,
	Notice,
	Spinner,
	TabPanel,
	VisuallyHidden,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	caution,
	check,
	error as errorIcon,
	info,
	Icon,
} from '@wordpress/icons';

import { getLocale } from '../components/utils/locale';
import { safeUrl } from '../lib/safeUrl';
import { appStore } from '../store/app';
import {
	ALL_NOTIFICATIONS,
	notificationsStore,
	type NotificationAction,
	type NotificationType,
	type ReportsNotification,
} from '../store/notifications';

const TYPE_ICONS = {
	error: errorIcon,
	warning: caution,
	info,
	success: check,
} as const;

/**
 * What a screen reader announces before each title: the type the colour shows.
 * @param type
 */
function typeLabel( type: NotificationType ): string {
	switch ( type ) {
		case 'error':
			return __( 'Error:', 'monsterinsights-reports' );
		case 'warning':
			return __( 'Warning:', 'monsterinsights-reports' );
		case 'success':
			return __( 'Success:', 'monsterinsights-reports' );
		default:
			return __( 'Information:', 'monsterinsights-reports' );
	}
}

/**
 * A notification's date in the admin user's locale and the site's timezone; the ISO string when
 * the runtime cannot format it.
 *
 * @param iso      ISO 8601 date.
 * @param timeZone The site's timezone, if known.
 */
function formatDate( iso: string, timeZone?: string ): string {
	const date = new Date( iso );
	if ( Number.isNaN( date.getTime() ) ) {
		return iso;
	}
	try {
		return new Intl.DateTimeFormat( getLocale(), {
			dateStyle: 'medium',
			timeStyle: 'short',
			timeZone,
		} ).format( date );
	} catch {
		return date.toISOString();
	}
}

/**
 * Whether a URL leaves this site (it then opens in a new tab).
 *
 * @param url The URL.
 */
function isExternal( url: string ): boolean {
	try {
		return (
			new URL( url, window.location.href ).origin !==
			window.location.origin
		);
	} catch {
		return false;
	}
}

interface ItemProps {
	notification: ReportsNotification;
	timeZone?: string;
	onDismiss: ( id: string ) => void;
	onNavigate: () => void;
}

/**
 * One notification: type, title, text, date, its actions and, while active, 'Dismiss'.
 *
 * @param props              Component props.
 * @param props.notification The notification.
 * @param props.timeZone     The site's timezone.
 * @param props.onDismiss    Dismisses it.
 * @param props.onNavigate   Called when one of its links inside the app is followed.
 */
function NotificationItem( {
	notification,
	timeZone,
	onDismiss,
	onNavigate,
}: ItemProps ) {
	const { id, type, title, content, date, actions, dismissed } = notification;
	const busy = useSelect(
		( select ) => select( notificationsStore ).isDismissing( id ),
		[ id ]
	);
	const link = ( action: NotificationAction ) => {
		const key = `${ action.label }|${ action.url }`;
		const href = safeUrl( action.url );
		if ( ! href ) {
			return (
				<span
					key={ key }
					className="monsterinsights-reports-notifications__action-text"
				>
					{ action.label }
				</span>
			);
		}
		const external = isExternal( href );
		return (
			<Button
				key={ key }
				variant={ action.primary ? 'primary' : 'secondary' }
				size="compact"
				href={ href }
				{ ...( external
					? { target: '_blank', rel: 'noopener noreferrer' }
					: { onClick: onNavigate } ) }
			>
				{ action.label }
				{ external && (
					<VisuallyHidden>
						{ __(
							'(opens in a new tab)',
							'monsterinsights-reports'
						) }
					</VisuallyHidden>
				) }
			</Button>
		);
	};

	return (
		<li
			className={ `monsterinsights-reports-notifications__item is-${ type }` }
		>
			<Icon
				className="monsterinsights-reports-notifications__icon"
				icon={ TYPE_ICONS[ type ] }
				size={ 20 }
			/>
			<div className="monsterinsights-reports-notifications__body">
				<h3 className="monsterinsights-reports-notifications__title">
					<VisuallyHidden>{ typeLabel( type ) } </VisuallyHidden>
					{ title }
				</h3>
				{ content !== '' && (
					<p className="monsterinsights-reports-notifications__content">
						{ content }
					</p>
				) }
				<p className="monsterinsights-reports-notifications__date">
					<time dateTime={ date }>
						{ formatDate( date, timeZone ) }
					</time>
				</p>
				<div className="monsterinsights-reports-notifications__actions">
					{ actions.map( link ) }
					{ ! dismissed && (
						<Button
							variant="tertiary"
							size="compact"
							className="monsterinsights-reports-notifications__dismiss"
							onClick={ () => onDismiss( id ) }
							isBusy={ busy }
							disabled={ busy }
							accessibleWhenDisabled
							aria-label={ sprintf(
								/* translators: %s: the notification's title. */
								__( 'Dismiss: %s', 'monsterinsights-reports' ),
								title
							) }
						>
							{ __( 'Dismiss', 'monsterinsights-reports' ) }
						</Button>
					) }
				</div>
			</div>
		</li>
	);
}

export interface NotificationsPanelProps {
	/** Closes the panel (after a link inside the app is followed). */
	onClose: () => void;
}

/**
 * The content of the notifications panel: 'Active' and 'Dismissed' tabs, each a list of
 * notifications or an empty text, 'Dismiss all', the loading state and the server's errors as
 * readable notices. After a dismissal, focus moves to the list, which stays in the panel.
 *
 * @param props         Component props.
 * @param props.onClose Closes the panel.
 */
export function NotificationsPanel( { onClose }: NotificationsPanelProps ) {
	const { payload, loading, loadError, dismissError, dismissingAll, site } =
		useSelect( ( select ) => {
			const store = select( notificationsStore );
			return {
				payload: store.getNotifications(),
				loading: store.isLoadingNotifications(),
				loadError: store.getNotificationsLoadError(),
				dismissError: store.getDismissError(),
				dismissingAll: store.isDismissing( ALL_NOTIFICATIONS ),
				site: select( appStore ).getSite(),
			};
		}, [] );
	const { dismiss, dismissAll, loadNotifications, receiveDismissError } =
		useDispatch( notificationsStore );
	const listRef = useRef< HTMLDivElement >( null );

	const afterDismissal = ( result: { success: boolean } ) => {
		if ( result.success ) {
			listRef.current?.focus();
		}
	};
	const onDismiss = ( id: string ) => {
		dismiss( id ).then( afterDismissal );
	};
	const onDismissAll = () => {
		dismissAll().then( afterDismissal );
	};

	const renderList = ( view: string ) => {
		if ( ! payload ) {
			if ( loadError && ! loading ) {
				return (
					<Notice
						status="error"
						isDismissible={ false }
						actions={ [
							{
								label: __(
									'Try again',
									'monsterinsights-reports'
								),
								onClick: () => {
									loadNotifications();
								},
							},
						] }
					>
						{ sprintf(
							/* translators: %s: the server's error message. */
							__(
								'The notifications could not be loaded: %s',
								'monsterinsights-reports'
							),
							loadError
						) }
					</Notice>
				);
			}
			return (
				<p
					className="monsterinsights-reports-notifications__loading"
					role="status"
				>
					<Spinner />
					{ __(
						'Loading notifications…',
						'monsterinsights-reports'
					) }
				</p>
			);
		}
		const list = view === 'dismissed' ? payload.dismissed : payload.active;
		return (
			<div
				ref={ listRef }
				tabIndex={ -1 }
				className="monsterinsights-reports-notifications__list"
			>
				{ view === 'active' && list.length > 0 && (
					<div className="monsterinsights-reports-notifications__toolbar">
						<Button
							variant="link"
							onClick={ onDismissAll }
							isBusy={ dismissingAll }
							disabled={ dismissingAll }
							accessibleWhenDisabled
						>
							{ __( 'Dismiss all', 'monsterinsights-reports' ) }
						</Button>
					</div>
				) }
				{ list.length === 0 ? (
					<p className="monsterinsights-reports-notifications__empty">
						{ view === 'dismissed'
							? __(
									'You have no dismissed notifications.',
									'monsterinsights-reports'
							  )
							: __(
									'You have no new notifications.',
									'monsterinsights-reports'
							  ) }
					</p>
				) : (
					<ul>
						{ list.map( ( notification ) => (
							<NotificationItem
								key={ notification.id }
								notification={ notification }
								timeZone={ site?.timezone }
								onDismiss={ onDismiss }
								onNavigate={ onClose }
							/>
						) ) }
					</ul>
				) }
			</div>
		);
	};

	return (
		<div className="monsterinsights-reports-notifications__panel">
			<h2 className="monsterinsights-reports-notifications__heading">
				{ __( 'Notifications', 'monsterinsights-reports' ) }
			</h2>
			{ dismissError && (
				<Notice
					status="error"
					className="monsterinsights-reports-notifications__error"
					onRemove={ () => receiveDismissError( null ) }
				>
					{ dismissError }
				</Notice>
			) }
			<TabPanel
				className="monsterinsights-reports-notifications__tabs"
				tabs={ [
					{
						name: 'active',
						title: __( 'Active', 'monsterinsights-reports' ),
					},
					{
						name: 'dismissed',
						title: __( 'Dismissed', 'monsterinsights-reports' ),
					},
				] }
			>
				{ ( tab ) => renderList( tab.name ) }
			</TabPanel>
		</div>
	);
}
