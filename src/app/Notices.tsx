import { Notice, NoticeList } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';
import type { ComponentProps } from 'react';

type ListedNotice = ComponentProps< typeof NoticeList >[ 'notices' ][ number ];

/**
 * The app notices: the `default` context notices of the @wordpress/notices store that are not
 * snackbars, each dismissible unless it says otherwise. Toasts have their own region.
 */
export function StoreNotices() {
	const notices = useSelect(
		( select ) =>
			select( noticesStore )
				.getNotices()
				.filter( ( notice ) => notice.type !== 'snackbar' ),
		[]
	);
	const { removeNotice } = useDispatch( noticesStore );
	if ( ! notices.length ) {
		return null;
	}
	return (
		<NoticeList
			className="monsterinsights-reports-notices"
			notices={ notices as unknown as ListedNotice[] }
			onRemove={ ( id ) => removeNotice( id ) }
		/>
	);
}

export interface AuthNoticesProps {
	noauth: boolean;
	reauth: boolean;
	/** A report shows Google's last answers (its quota ran out). */
	stale?: boolean;
	canSaveSettings: boolean;
	/** Where Google is connected again (the re-auth notice links there). */
	settingsUrl?: string;
}

/**
 * The no-auth and re-auth notices of the app shell (docs/product-rules.md#app-shell-and-start-up).
 * No text is fixed for them; the no-auth text is the not-connected screen's heading. The re-auth
 * notice links to the settings, where Google is connected again.
 *
 * @param props                 Component props.
 * @param props.noauth          The site is not authenticated.
 * @param props.reauth          The Google source needs to be authorised again.
 * @param props.canSaveSettings Whether the user may connect.
 * @param props.stale           A report shows Google's last answers.
 * @param props.settingsUrl     Where Google is connected again.
 */
export function AuthNotices( {
	noauth,
	reauth,
	stale = false,
	canSaveSettings,
	settingsUrl,
}: AuthNoticesProps ) {
	return (
		<>
			{ noauth && (
				<Notice
					status="warning"
					isDismissible={ false }
					className="monsterinsights-reports-notice-noauth"
				>
					{ canSaveSettings
						? __(
								'You must connect MonsterInsights Reports before you can view reports.',
								'monsterinsights-reports'
						  )
						: __(
								'Please ask your webmaster to connect the product to Google Analytics.',
								'monsterinsights-reports'
						  ) }
				</Notice>
			) }
			{ reauth && (
				<Notice
					status="error"
					isDismissible={ false }
					className="monsterinsights-reports-notice-reauth"
					actions={
						canSaveSettings && settingsUrl
							? [
									{
										label: __(
											'Reconnect',
											'monsterinsights-reports'
										),
										url: settingsUrl,
										variant: 'link',
									},
							  ]
							: []
					}
				>
					{ canSaveSettings
						? __(
								'MonsterInsights Reports lost access to your Google Analytics account. Please reconnect it to keep your reports up to date.',
								'monsterinsights-reports'
						  )
						: __(
								'MonsterInsights Reports lost access to Google Analytics. Please ask your webmaster to reconnect it.',
								'monsterinsights-reports'
						  ) }
				</Notice>
			) }
			{ stale && (
				<Notice
					status="warning"
					isDismissible={ false }
					className="monsterinsights-reports-notice-stale"
				>
					{ __(
						'Google Analytics’ request quota for this property is used up for now, so these reports show the last numbers Google sent; they may be behind. They update by themselves once Google answers again.',
						'monsterinsights-reports'
					) }
				</Notice>
			) }
		</>
	);
}
