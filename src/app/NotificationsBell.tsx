import { Button, Dropdown } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';
import { bell } from '@wordpress/icons';

import { LoadFailed } from '../components/Loader';
import { onDemand, useOnDemand } from '../components/utils/onDemand';
import { notificationsStore } from '../store/notifications';
import type { NotificationsPanelProps } from './NotificationsPanel';
import './notifications.scss';

// The panel loads when the bell is first opened; the bell and its count are all a page shows.
const PANEL = onDemand< NotificationsPanelProps >( () =>
	import(
		/* webpackChunkName: "notifications-panel" */
		'./NotificationsPanel'
	).then( ( module ) => module.NotificationsPanel )
);

/**
 * The header's notifications bell (docs/product-rules.md#notifications): it loads the notifications
 * when it mounts, shows the number of active ones, and opens a panel with them. Escape or a click
 * outside closes the panel and focus returns to the bell.
 */
export function NotificationsBell() {
	const { loaded, count } = useSelect( ( select ) => {
		const store = select( notificationsStore );
		return {
			loaded: store.getNotifications() !== undefined,
			count: store.getActiveNotificationCount(),
		};
	}, [] );
	const panel = useOnDemand( PANEL );
	const label = __( 'Notifications', 'monsterinsights-reports' );
	const countText = sprintf(
		/* translators: %d: number of active notifications. */
		_n(
			'%d new notification',
			'%d new notifications',
			count,
			'monsterinsights-reports'
		),
		count
	);

	return (
		<Dropdown
			className="monsterinsights-reports-notifications"
			contentClassName="monsterinsights-reports-notifications__popover"
			popoverProps={ {
				placement: 'bottom-end',
				role: 'dialog',
				'aria-label': label,
			} }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					className="monsterinsights-reports-notifications__bell"
					icon={ bell }
					label={ label }
					describedBy={ loaded ? countText : undefined }
					aria-expanded={ isOpen }
					aria-haspopup="dialog"
					onClick={ () => panel.load().then( onToggle ) }
				>
					{ count > 0 && (
						<span
							className="monsterinsights-reports-notifications__badge"
							aria-hidden="true"
						>
							{ count > 9 ? '9+' : count }
						</span>
					) }
				</Button>
			) }
			renderContent={ ( { onClose } ) =>
				panel.Component ? (
					<panel.Component onClose={ onClose } />
				) : (
					<LoadFailed />
				)
			}
		/>
	);
}
