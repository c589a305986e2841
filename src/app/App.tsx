import { Spinner } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { Suspense, lazy, useEffect, useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { LoadBoundary } from '../components/LoadBoundary';
import { Loader } from '../components/Loader';
import { ToastRegion } from '../components/Toast';
import { REPORT_AREA_ID } from '../lib/pdf';
import { canUse } from '../lib/tiers';
import { appStore } from '../store/app';
import { upgradeUrl } from '../upsell/constants';
import { useAppScreen, type AppScreen } from './appScreens';
import { FeatureFeedbackSlot } from './FeatureFeedbackSlot';
import { Header } from './Header';
import { Navigation } from './Navigation';
import { NotificationsBell } from './NotificationsBell';
import { AuthNotices, StoreNotices } from './Notices';
import { QuickLinks, type QuickLink } from './QuickLinks';
import { ReportErrorDialog } from './ReportErrorDialog';
import { ReportRoute } from './ReportRoute';
import { routeContext, useHashRouter } from './router';
import { highlightSideMenu } from './sideMenu';
import './style.scss';

/** The settings, wizard and network screens: one lazy chunk. */
const loadScreens = () =>
	import( /* webpackChunkName: "app-settings" */ './screens/settings' );
const SettingsScreen = lazy( () =>
	loadScreens().then( ( module ) => ( { default: module.SettingsScreen } ) )
);
const SetupWizard = lazy( () =>
	loadScreens().then( ( module ) => ( { default: module.SetupWizard } ) )
);
/** The not-connected screen, seen once before a source is chosen. */
const NotConnected = lazy( () =>
	import( /* webpackChunkName: "not-connected" */ './NotConnected' ).then(
		( module ) => ( { default: module.NotConnected } )
	)
);
const NetworkSettingsScreen = lazy( () =>
	loadScreens().then( ( module ) => ( {
		default: module.NetworkSettingsScreen,
	} ) )
);

/**
 * A screen that is not a report: header, notices and the screen, without navigation or dates.
 *
 * @param props          Component props.
 * @param props.siteName The site's name.
 * @param props.screen   The screen.
 */
function ScreenLayout( {
	siteName,
	screen,
}: {
	siteName: string;
	screen: AppScreen | 'network';
} ) {
	const reportsUrl = useSelect(
		( select ) => select( appStore ).getBoot()?.plugin.reportsUrl ?? '',
		[]
	);
	// Insights → Settings is the current admin menu item on the settings screen.
	useEffect(
		() =>
			screen === 'settings'
				? highlightSideMenu( '/settings', reportsUrl )
				: undefined,
		[ screen, reportsUrl ]
	);
	return (
		<div className="monsterinsights-reports-app">
			<Header
				siteName={ siteName }
				actions={
					screen === 'network' ? undefined : <NotificationsBell />
				}
			/>
			<div className="monsterinsights-reports-app__notices">
				<StoreNotices />
			</div>
			<div className="monsterinsights-reports-content">
				<LoadBoundary
					key={ screen }
					// These screens are lazy module constants: a failed import stays failed until
					// the page loads anew.
					onRetry={ () => window.location.reload() }
				>
					<Suspense fallback={ <Loader /> }>
						{ screen === 'settings' && <SettingsScreen /> }
						{ screen === 'setup-wizard' && <SetupWizard /> }
						{ screen === 'network' && <NetworkSettingsScreen /> }
					</Suspense>
				</LoadBoundary>
			</div>
			<ToastRegion />
		</div>
	);
}

/**
 * The shell of a connected site: header, navigation, notices, the routed report, the blocking
 * overlay and quick links (docs/product-rules.md#app-shell-and-start-up). The hash router keeps the
 * URL and the store in step while it is mounted.
 */
function Shell() {
	const matched = useHashRouter();
	const { boot, dateQuery, flags, level, canSaveSettings, authProblem } =
		useSelect( ( select ) => {
			const app = select( appStore );
			return {
				boot: app.getBoot(),
				dateQuery: app.getDateQuery(),
				flags: app.getFlags(),
				level: app.getLevel(),
				canSaveSettings: app.userCan( 'saveSettings' ),
				authProblem: app.getAuthProblem(),
			};
		}, [] );
	const contentRef = useRef< HTMLDivElement >( null );

	const context = useMemo(
		() => ( boot ? routeContext( boot ) : null ),
		[ boot ]
	);
	const reportsUrl = boot?.plugin.reportsUrl ?? '';

	// The admin side menu follows the user journey and AI routes
	// (docs/product-rules.md#navigation).
	useEffect(
		() => highlightSideMenu( matched?.path ?? '/', reportsUrl ),
		[ matched?.path, reportsUrl ]
	);

	// While the app is blocked, its content is out of reach.
	useEffect( () => {
		const element = contentRef.current;
		if ( ! element ) {
			return;
		}
		if ( flags.blocked ) {
			element.setAttribute( 'inert', '' );
		} else {
			element.removeAttribute( 'inert' );
		}
	}, [ flags.blocked ] );

	if ( ! boot || ! context || ! matched ) {
		return null;
	}

	const quickLinks: QuickLink[] = [];
	if ( ! canUse( level, 'pro_metrics' ) ) {
		quickLinks.push( {
			label: __( 'Upgrade to Pro', 'monsterinsights-reports' ),
			url: upgradeUrl( 'quick-links', level === 'lite' ),
			external: true,
		} );
	}

	return (
		<div className="monsterinsights-reports-app">
			<Header
				siteName={ boot.site.name }
				actions={
					<>
						<QuickLinks links={ quickLinks } />
						<NotificationsBell />
					</>
				}
			/>
			{ matched.route.nav === 'standard' && (
				<Navigation
					route={ matched.path }
					dateQuery={ dateQuery }
					context={ context }
				/>
			) }
			<div className="monsterinsights-reports-app__notices">
				<StoreNotices />
				<AuthNotices
					noauth={ flags.noauth }
					reauth={ flags.reauth }
					stale={ flags.stale }
					canSaveSettings={ canSaveSettings }
					settingsUrl={ `${ reportsUrl }#/settings` }
				/>
			</div>
			<div
				className="monsterinsights-reports-content"
				aria-busy={ flags.blocked || undefined }
			>
				<div
					ref={ contentRef }
					id={ REPORT_AREA_ID }
					className="monsterinsights-reports-report-area"
				>
					{ authProblem !== null && (
						<Suspense fallback={ <Loader /> }>
							<NotConnected
								canSaveSettings={ canSaveSettings }
								wizardUrl={ `${ reportsUrl }#/settings` }
								reason={ authProblem }
							/>
						</Suspense>
					) }
					{ authProblem === null && dateQuery && (
						<ReportRoute matched={ matched } context={ context } />
					) }
				</div>
				{ flags.blocked && (
					<div
						className="monsterinsights-reports-blocked"
						role="status"
					>
						<Spinner />
						<span className="screen-reader-text">
							{ __( 'Please wait…', 'monsterinsights-reports' ) }
						</span>
					</div>
				) }
			</div>
			{ authProblem === null && (
				<FeatureFeedbackSlot matched={ matched } context={ context } />
			) }
			<ToastRegion />
			<ReportErrorDialog />
		</div>
	);
}

/**
 * The reports app. Shows the not-connected screen until a data source is connected, then the
 * reports shell.
 */
export function App() {
	const { boot, canSaveSettings } = useSelect(
		( select ) => ( {
			boot: select( appStore ).getBoot(),
			canSaveSettings: select( appStore ).userCan( 'saveSettings' ),
		} ),
		[]
	);
	const { setFlags } = useDispatch( appStore );
	const connected = boot?.source.connected;
	const reauth = boot?.source.reauth === true;
	const screen = useAppScreen();

	// Google asked to sign in again before this page: the re-auth notice from the start.
	useEffect( () => {
		if ( reauth ) {
			setFlags( { reauth: true } );
		}
	}, [ reauth, setFlags ] );

	// A site that is not authenticated blurs the reports and raises the no-auth flag
	// (docs/product-rules.md#app-shell-and-start-up); the not-connected screen stands in for the
	// notice. Connecting in the settings screen or the wizard lowers them again.
	const wasConnected = useRef( connected );
	useEffect( () => {
		if ( connected === false ) {
			setFlags( { blur: true, noauth: true } );
		} else if ( connected && wasConnected.current === false ) {
			setFlags( { blur: false, noauth: false } );
		}
		wasConnected.current = connected;
	}, [ connected, setFlags ] );

	if ( ! boot ) {
		return null;
	}

	// Network admin: the network licence and defaults, nothing else.
	if ( boot.site.isNetworkAdmin ) {
		return <ScreenLayout siteName={ boot.site.name } screen="network" />;
	}

	// Settings and the wizard need no connected source, only the right to change settings.
	if ( screen && canSaveSettings ) {
		return <ScreenLayout siteName={ boot.site.name } screen={ screen } />;
	}

	if ( ! boot.source.connected ) {
		return (
			<div className="monsterinsights-reports-app">
				<Header
					siteName={ boot.site.name }
					actions={ <NotificationsBell /> }
				/>
				<div className="monsterinsights-reports-content">
					<Suspense fallback={ <Loader /> }>
						<NotConnected
							canSaveSettings={ canSaveSettings }
							wizardUrl={ `${ boot.plugin.reportsUrl }#/setup-wizard` }
						/>
					</Suspense>
				</div>
			</div>
		);
	}

	return <Shell />;
}
