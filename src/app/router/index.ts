/**
 * The hash router: the route and the dates live in the URL's hash,
 * `#/route?start=…&end=…&compare_start=…&compare_end=…&preset=…`, and flow one way from there into
 * the app store's route and date query.
 *
 * On start and on every hashchange it reads the hash, resolves the route (unknown paths and an
 * unavailable year in review go to "/") and the dates (missing, invalid or — for lite — any dates
 * give the default last 30 days), dispatches setRoute / setDateQuery, and rewrites the hash to its
 * canonical form without a history entry. Nothing else sets them: a link to a report changes the
 * hash (a history entry, so Back returns to the previous report), and the date picker asks the
 * store's showDates(), which replaces the hash (changing dates a few times does not flood Back)
 * and announces it to this router.
 */
import {
	useRegistry,
	type dispatch as dispatchFn,
	type select as selectFn,
} from '@wordpress/data';
import { useLayoutEffect } from '@wordpress/element';

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
import { resolveRoute, type RouteContext } from '../routes';
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
	return { route: matched.path, dateQuery };
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
 * @return A function that stops the router.
 */
export function startHashRouter(
	registry: RouterRegistry,
	win: Window = window
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
		const resolved = resolveHash(
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
 * Runs the hash router while the calling component is mounted. It reads the hash before the first
 * paint, so the first screen already shows the route of the URL.
 */
export function useHashRouter(): void {
	const registry = useRegistry() as unknown as RouterRegistry;
	useLayoutEffect( () => startHashRouter( registry, window ), [ registry ] );
}
