/**
 * Helpers of the report screens' tests: a shell registry at a licence level and dates, the report
 * requests among recorded calls, the text of data table rows, and the upsell a locked screen shows.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';

import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { appStore } from '../../store/app';
import type { BootShop, DateQuery, Level } from '../../store/app/types';
import { reportsStore } from '../../store/reports';
import { mockApi, restError, type ApiCall } from '../../store/test/api';
import {
	getUpsellContent,
	type UpsellContent,
	type UpsellKey,
} from '../../upsell/content';
import { RoutedReportContext, type ReportName } from '../registry';
import {
	TRAFFIC_SCREEN_NAMES,
	TrafficScreen,
	type TrafficScreenName,
} from '../traffic';

/** 10–12 March 2025, the days of the scripted visits of the PHP report tests. */
export const MARCH_10_12: DateQuery = {
	preset: 'custom',
	start: '2025-03-10',
	end: '2025-03-12',
};

/** The last 30 days up to 22 November 2026. */
export const LAST_30_DAYS: DateQuery = {
	preset: 'last30days',
	start: '2026-10-24',
	end: '2026-11-22',
};

/**
 * A shell registry with a licence level (the site's licence) and dates chosen.
 *
 * @param level The licence level.
 * @param dates The dates.
 */
export function registryAt( level: Level, dates: DateQuery ) {
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
	} );
	registry.dispatch( appStore ).setDateQuery( dates );
	return registry;
}

/**
 * A shell registry with a licence level and 10–12 March 2025 chosen.
 *
 * @param level   The licence level.
 * @param compare Whether 7–9 March is the compare range.
 */
export function registryFor( level: Level, compare = false ) {
	return registryAt(
		level,
		compare
			? {
					...MARCH_10_12,
					compareStart: '2025-03-07',
					compareEnd: '2025-03-09',
			  }
			: MARCH_10_12
	);
}

/**
 * A shop selling in US dollars (the boot data's shop): eCommerce payloads and columns come only
 * with a shop.
 */
export const USD_SHOP: BootShop = {
	platform: 'woocommerce',
	currency: { code: 'USD', symbol: '$', decimals: 2, position: 'left' },
};

/**
 * The registry of registryFor() on a site with the USD shop.
 *
 * @param level   The licence level.
 * @param compare Whether 7–9 March is the compare range.
 */
export function shopRegistryFor( level: Level, compare = false ) {
	const registry = registryFor( level, compare );
	const boot = registry.select( appStore ).getBoot();
	if ( boot ) {
		registry
			.dispatch( appStore )
			.receiveBoot( { ...boot, shop: USD_SHOP } );
	}
	return registry;
}

/**
 * The report requests among recorded calls (the header also reads the settings).
 *
 * @param calls Recorded calls.
 */
export const reportCalls = ( calls: ApiCall[] ) =>
	calls
		.map( ( call ) => call.path )
		.filter( ( path ) => path.includes( '/reports/' ) );

/**
 * Waits for the screen to settle, then checks it asked for no report (a locked screen shows its
 * sample).
 *
 * @param calls Recorded calls.
 */
export async function expectNoReportRequest( calls: ApiCall[] ) {
	await act( async () => {} );
	expect( reportCalls( calls ) ).toEqual( [] );
}

/**
 * The heading of a report's upsell, once it shows.
 *
 * @param key The upsell table entry, or the copy a report's sample carries.
 */
export const findUpsellHeading = ( key: UpsellKey | UpsellContent ) =>
	screen.findByRole( 'heading', {
		name:
			typeof key === 'string' ? getUpsellContent( key ).title : key.title,
	} );

/**
 * Renders a screen at a licence level with 10–12 March 2025 chosen, the server answering every
 * request with a payload.
 *
 * @param ui      The screen.
 * @param level   The licence level.
 * @param payload What the server answers.
 * @return The recorded calls and the render result.
 */
export function renderScreen(
	ui: ReactElement,
	level: Level,
	payload: unknown
) {
	const calls = mockApi( () => payload );
	return { calls, ...renderIn( ui, registryFor( level ) ) };
}

/**
 * Renders a screen at a licence level that does not include it, with a server that answers
 * nothing, and waits for the screen's upsell heading.
 *
 * @param ui    The screen.
 * @param key   Its upsell.
 * @param level The licence level.
 * @return The recorded calls and the render result.
 */
export async function renderLocked(
	ui: ReactElement,
	key: UpsellKey | UpsellContent,
	level: Level = 'basic'
) {
	const calls = mockApi( () => ( {} ) );
	const rendered = renderIn( ui, registryFor( level ) );
	expect( await findUpsellHeading( key ) ).toBeInTheDocument();
	return { calls, ...rendered };
}

/**
 * Waits for a locked screen's upsell and its sample in the report's own layout, marked as sample
 * data.
 *
 * @param key    The upsell.
 * @param layout A selector of the report's layout, under the lock.
 */
export async function expectLockedSample(
	key: UpsellKey | UpsellContent,
	layout: string
) {
	expect( await findUpsellHeading( key ) ).toBeInTheDocument();
	await waitFor( () =>
		expect(
			document.querySelector(
				`.monsterinsights-reports-locked__content ${ layout }`
			)
		).not.toBeNull()
	);
	expect( screen.getByText( 'Sample data' ) ).toBeInTheDocument();
}

/**
 * The cells' text of every body row below an element, without the padding rows (all cells
 * empty).
 *
 * @param root     The element.
 * @param selector The rows.
 */
export function rowTexts( root: ParentNode, selector = 'tbody tr' ) {
	return Array.from( root.querySelectorAll( selector ) )
		.map( ( tr ) =>
			Array.from( tr.querySelectorAll( 'td' ) ).map(
				( td ) => td.textContent ?? ''
			)
		)
		.filter( ( cells ) => cells.some( ( text ) => text !== '' ) );
}

/**
 * The rows of the data tables of a rendered screen, all tables together.
 *
 * @param container The rendered container.
 */
export const tableRows = ( container: HTMLElement ) =>
	rowTexts( container, '.monsterinsights-reports-data-table tbody tr' );

/**
 * The rows of each section's table, by the section's title.
 *
 * @param container The rendered screen.
 * @param section   The sections.
 * @param title     The title within a section.
 */
export function tablesBy(
	container: HTMLElement,
	section: string,
	title: string
): Record< string, string[][] > {
	const out: Record< string, string[][] > = {};
	container.querySelectorAll( section ).forEach( ( element ) => {
		out[ element.querySelector( title )?.textContent ?? '' ] =
			rowTexts( element );
	} );
	return out;
}

/**
 * A screen inside the route of its report, as the shell's ReportRoute renders it.
 *
 * @param props          Component props.
 * @param props.report   The report the route hands the screen.
 * @param props.children The screen.
 */
export function Routed( {
	report,
	children,
}: {
	report: ReportName;
	children: ReactElement;
} ) {
	return (
		<RoutedReportContext.Provider value={ report }>
			{ children }
		</RoutedReportContext.Provider>
	);
}

/**
 * A screen as a component that renders inside the route of its report.
 *
 * @param report The report the route hands the screen.
 * @param Screen The screen.
 */
export function routedScreen(
	report: ReportName,
	Screen: ComponentType
): ComponentType {
	const RoutedScreen = () => (
		<Routed report={ report }>
			<Screen />
		</Routed>
	);
	return RoutedScreen;
}

/** The traffic screen inside the route of each of its reports. */
export const TRAFFIC_SCREENS = Object.fromEntries(
	TRAFFIC_SCREEN_NAMES.map( ( name ) => [
		name,
		routedScreen( name, TrafficScreen ),
	] )
) as Record< TrafficScreenName, ComponentType >;

/**
 * The rows of each list card of a rendered screen (src/components/report/ListCard), by its
 * heading: every cell's text, the row's heading cell first, without the padding rows.
 *
 * @param container The rendered screen.
 */
export function listCards(
	container: HTMLElement
): Record< string, string[][] > {
	const out: Record< string, string[][] > = {};
	container
		.querySelectorAll( '.monsterinsights-reports-list-card' )
		.forEach( ( card ) => {
			out[ card.querySelector( 'h2' )?.textContent ?? '' ] = Array.from(
				card.querySelectorAll( 'tbody tr' )
			)
				.map( ( tr ) =>
					Array.from( tr.querySelectorAll( 'th, td' ) ).map(
						( cell ) => cell.textContent ?? ''
					)
				)
				.filter( ( cells ) => cells.some( ( text ) => text !== '' ) );
		} );
	return out;
}

/** A WooCommerce shop selling in euros, the symbol after the amount, as the boot data has it. */
export const EURO_SHOP: BootShop = {
	platform: 'woocommerce',
	currency: {
		code: 'EUR',
		symbol: '€',
		decimals: 2,
		position: 'right_space',
	},
};

/**
 * Renders a screen at a licence level, with a shop or none, dates chosen (10–12 March 2025 by
 * default), the server answering every request with a payload.
 *
 * @param ui              The screen.
 * @param options         What the site and the server are.
 * @param options.level   The licence level.
 * @param options.shop    The site's shop, null for none.
 * @param options.payload What the server answers.
 * @param options.dates   The dates chosen.
 * @return The recorded calls and the render result.
 */
export function renderWithShop(
	ui: ReactElement,
	{
		level,
		shop,
		payload,
		dates = MARCH_10_12,
	}: {
		level: Level;
		shop: BootShop | null;
		payload: unknown;
		dates?: DateQuery;
	}
) {
	const calls = mockApi( () => payload );
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
		shop,
	} );
	registry.dispatch( appStore ).setDateQuery( dates );
	return { calls, ...renderIn( ui, registry ) };
}

/**
 * Renders an eCommerce screen at pro on a site without a shop (the boot data's shop null), the
 * server answering its report 400 no_shop with a notice as includes/REST/ReportsController.php
 * does, and tells, once an info notice shows, what the screen did: the report requests it made,
 * the texts of its info notices, how many error notices it shows and the error dialog opened.
 *
 * @param ui     The screen, inside its route.
 * @param notice The server's message.
 * @param dates  The dates chosen; 10–12 March 2025 by default.
 */
export async function renderWithoutShop(
	ui: ReactElement,
	notice: string,
	dates: DateQuery = MARCH_10_12
) {
	const calls = mockApi( ( call ) =>
		call.path.includes( '/reports/' )
			? restError( 'no_shop', notice, { status: 400 } )
			: {}
	);
	const registry = createShellRegistry( {
		licence: { level: 'pro', source: 'site' },
		shop: null,
	} );
	registry.dispatch( appStore ).setDateQuery( dates );
	const { container } = renderIn( ui, registry );
	const info = '.components-notice.is-info p';
	await waitFor( () =>
		expect( container.querySelector( info ) ).not.toBeNull()
	);
	return {
		requests: reportCalls( calls ),
		info: Array.from(
			container.querySelectorAll( info ),
			( p ) => p.textContent
		),
		errorNotices: container.querySelectorAll(
			'.components-notice.is-error'
		).length,
		errorDialog: registry.select( reportsStore ).getErrorDialog(),
	};
}
