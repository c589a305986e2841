import { Suspense, lazy, useEffect } from '@wordpress/element';
import type { ComponentType, LazyExoticComponent } from 'react';

import { LoadBoundary } from '../components/LoadBoundary';
import { Loader } from '../components/Loader';
import { RouteContextContext, RoutedReportContext } from '../reports/registry';
import type { MatchedRoute, RouteContext } from './routes';
import {
	forgetScreen,
	lazyScreenLoader,
	type ScreenLoader,
} from './screenModules';
import { scrollToAnchor } from './scrollToAnchor';

const UnbuiltReport = lazy(
	() =>
		import(
			/* webpackChunkName: "unbuilt-report" */ './screens/UnbuiltReport'
		)
);

/** One lazy component per screen loader, made once. */
const screens = new Map< ScreenLoader, LazyExoticComponent< ComponentType > >();

function screenFor( load: ScreenLoader ): LazyExoticComponent< ComponentType > {
	let screen = screens.get( load );
	if ( ! screen ) {
		screen = lazy( lazyScreenLoader( load ) );
		screens.set( load, screen );
	}
	return screen;
}

export interface ReportRouteProps {
	matched: MatchedRoute;
	context: RouteContext;
}

/**
 * The routed content: the route's screen, lazily loaded and handed the route's report, or — while a report is not built — its
 * title and sample under its upsell. A route with an anchor scrolls smoothly to it once it renders.
 * A screen whose script cannot be fetched, or that throws, says so with a "Try again" button
 * (LoadBoundary); the rest of the app stays usable.
 *
 * A built screen renders whatever the licence: its ReportScreen shell shows the report's own
 * layout with its demo payload under the upsell when the licence does not include it (the tier
 * table or the server's 403), so a locked route is never blank (test/ReportRoute.test.tsx renders
 * every built screen with each level below its own).
 *
 * @param props         Component props.
 * @param props.matched The active route.
 * @param props.context Route context.
 */
export function ReportRoute( { matched, context }: ReportRouteProps ) {
	const { route } = matched;
	const anchor = route.anchor;

	useEffect( () => {
		if ( ! anchor ) {
			return undefined;
		}
		return scrollToAnchor( anchor );
	}, [ anchor, matched.path ] );

	return (
		<RouteContextContext.Provider value={ context }>
			<RoutedReportContext.Provider value={ route.report }>
				<LoadBoundary
					key={ matched.path }
					onRetry={ () => {
						if ( route.load ) {
							screens.delete( route.load );
							forgetScreen( route.load );
						}
					} }
				>
					{ () => {
						const Screen = route.load
							? screenFor( route.load )
							: null;
						return (
							<Suspense fallback={ <Loader /> }>
								{ Screen ? (
									<Screen />
								) : (
									<UnbuiltReport
										route={ route }
										context={ context }
									/>
								) }
							</Suspense>
						);
					} }
				</LoadBoundary>
			</RoutedReportContext.Provider>
		</RouteContextContext.Provider>
	);
}
