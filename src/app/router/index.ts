/**
 * The hash router: the route and the dates live in the URL's hash,
 * `#/route?start=…&end=…&compare_start=…&compare_end=…&preset=…`, and flow one way from there into
 * the app store's route and date query.
 *
 * On start and on every hashchange it reads the hash, resolves the route (unknown paths and an
 * unavailable year in review go to "/") and the dates (missing, invalid or — for lite — any dates
 * give the default last 30 days, and so do Today and Yesterday on the Search Console report),
 * dispatches setRoute / setDateQuery, and rewrites the hash to its canonical form without a
 * history entry. Nothing else sets them: a link to a report changes the
 * hash (a history entry, so Back returns to the previous report), and the date picker asks the
 * store's showDates(), which replaces the hash (changing dates a few times does not flood Back)
 * and announces it to this router.
 */
import {
	useRegistry,
	type dispatch as dispatchFn,
	type select as selectFn,
} from '@wordpress/data';
import { useLayoutEffect, useState } from '@wordpress/element';

import { PRESETS_HIDDEN_FOR_QUERIES } from '../../lib/date-presets';
import { defaultDateQuery, presetRange } from '../../lib/dates';
import {
	buildHash,
	dateQueryFromParams,
	parseHash,
	sameDateQuery,
} from '../../lib/hash';
import { canUse } from '../../lib/tiers';
import {
	appStore,
	type BootData,
	type DateQuery,
	type Level,
} from '../../store/app';
import { appScreenOf } from '../appScreens';
import { resolveRoute, type MatchedRoute, type RouteContext } from '../routes';
import { getYearInReview } from '../yearInReview';

type AppSelectors = ReturnType< typeof selectFn< typeof appStore > >;
type AppActions = ReturnType< typeof dispatchFn< typeof appStore > >;

/** What the router needs of a @wordpress/data registry. */
export interface RouterRegistry {
	select: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
	dispatch: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
}

export interface RouteState {
	route: string;
	dateQuery: DateQuery;
}

/** A hash read: its route state and the route record the path matched. */
interface HashRead extends RouteState {
	/** The shell renders it as it is. */
	matched: MatchedRoute;
}

/**
 * The route context of a boot payload.
 *
 * @param boot The boot data.
 */
export function routeContext( boot: BootData ): RouteContext {
	return {
		yearInReview:
			boot.site.yearInReview ?? getYearInReview( boot.site.today ),
	};
}

/**
 * Whether a licence may pick its own dates; lite keeps the default last 30 days
 * (docs/product-rules.md#licence-levels).
 *
 * @param level The licence level.
 */
export function allowsCustomDates( level: Level ): boolean {
	return canUse( level, 'custom_date_range' );
}

/**
 * The route, date query and matched route record a location hash stands for.
 *
 * @param hash  `location.hash`.
 * @param boot  The boot data (today, start of week).
 * @param level The licence level.
 */
function readLocation( hash: string, boot: BootData, level: Level ): HashRead {
	const { path, params } = parseHash( hash );
	const today = boot.site.today;
	const matched = resolveRoute( path, routeContext( boot ) );
	const dateQuery = dateQueryFromParams( params, {
		today,
		allowCustom: allowsCustomDates( level ),
		fallback: defaultDateQuery( today ),
		presetRange: ( preset ) =>
			presetRange( preset, today, boot.site.startOfWeek ),
	} );
	// The Search Console report offers no Today or Yesterday (its data lags by days): those
	// presets open it on the default dates.
	const hidden =
		matched.route.report === 'queries' &&
		( PRESETS_HIDDEN_FOR_QUERIES as readonly string[] ).includes(
			dateQuery.preset
		);
	return {
		route: matched.path,
		dateQuery: hidden ? defaultDateQuery( today ) : dateQuery,
		matched,
	};
}

/**
 * The route and date query a location hash stands for.
 *
 * @param hash  `location.hash`.
 * @param boot  The boot data (today, start of week).
 * @param level The licence level.
 */
export function resolveHash(
	hash: string,
	boot: BootData,
	level: Level
): RouteState {
	const { route, dateQuery } = readLocation( hash, boot, level );
	return { route, dateQuery };
}

/**
 * Replaces the current history entry's hash, without a hashchange event.
 *
 * @param win  The window.
 * @param hash The new hash, with "#".
 */
function replaceHash( win: Window, hash: string ): void {
	win.history.replaceState(
		win.history.state,
		'',
		win.location.pathname + win.location.search + hash
	);
}

/**
 * Starts keeping the hash and the store in step. The boot data must be in the store.
 *
 * @param registry The data registry.
 * @param win      The window.
 * @param onRoute  Gets the matched route of each hash read, for the shell to render.
 * @return A function that stops the router.
 */
export function startHashRouter(
	registry: RouterRegistry,
	win: Window = window,
	onRoute?: ( matched: MatchedRoute ) => void
): () => void {
	const select = () => registry.select( appStore ) as AppSelectors;
	const actions = registry.dispatch( appStore ) as AppActions;
	const readHash = () => {
		const boot = select().getBoot();
		// The settings screen and the wizard are not report routes: the App shows them to users
		// who may change settings; for anyone else they are unknown routes, sent to the Overview.
		if (
			! boot ||
			( appScreenOf( win.location.hash ) &&
				boot.user.capabilities.saveSettings )
		) {
			return;
		}
		const resolved = readLocation(
			win.location.hash,
			boot,
			select().getLevel()
		);
		if ( select().getRoute() !== resolved.route ) {
			actions.setRoute( resolved.route );
		}
		if ( ! sameDateQuery( select().getDateQuery(), resolved.dateQuery ) ) {
			actions.setDateQuery( resolved.dateQuery );
		}
		onRoute?.( resolved.matched );
		const canonical = buildHash( resolved.route, resolved.dateQuery );
		if ( canonical !== win.location.hash ) {
			replaceHash( win, canonical );
		}
	};

	readHash();
	win.addEventListener( 'hashchange', readHash );
	return () => {
		win.removeEventListener( 'hashchange', readHash );
	};
}

/**
 * Runs the hash router while the calling component is mounted and returns the route it matched,
 * the one place a path is resolved. It reads the hash before the first render (so the first
 * screen already shows the route of the URL) and again on every hashchange.
 *
 * @return The matched route; null without boot data.
 */
export function useHashRouter(): MatchedRoute | null {
	const registry = useRegistry() as unknown as RouterRegistry;
	const [ matched, setMatched ] = useState< MatchedRoute | null >( () => {
		const select = registry.select( appStore ) as AppSelectors;
		const boot = select.getBoot();
		return boot
			? readLocation( window.location.hash, boot, select.getLevel() )
					.matched
			: null;
	} );
	useLayoutEffect(
		() =>
			startHashRouter( registry, window, ( next ) =>
				setMatched( ( previous ) =>
					previous &&
					previous.path === next.path &&
					previous.route === next.route
						? previous
						: next
				)
			),
		[ registry ]
	);
	return matched;
}
