import { dispatch, register, resolveSelect, select } from '@wordpress/data';
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { App } from './app/App';
import {
	firstScreen,
	isFirstScreenPreloaded,
	parsePreload,
	preloadFor,
	startFirstScreen,
} from './app/firstScreen';
import { startUp } from './app/startUp';
import { configureApiFetch, parseBoot } from './boot';
import {
	AfterFirstPaint,
	holdChartsUntilFirstPaint,
} from './components/FirstPaint';
import { mirrorChunkStylesForRtl } from './lib/rtl-chunk-styles';
import { appStore } from './store/app';
import { stores } from './store';
import './reports.scss';

export const ROOT_ID = 'monsterinsights-reports';

/** The longest the first render waits for a preloaded first screen, in milliseconds. */
const FIRST_RENDER_WAIT_MS = 200;

mirrorChunkStylesForRtl();

domReady( () => {
	// Mount only where the reports page printed its container.
	const container = document.getElementById( ROOT_ID );
	if ( ! container ) {
		return;
	}
	const boot = parseBoot( window.monsterinsightsReportsBoot );
	if ( ! boot ) {
		container.textContent = __(
			'The reports could not start: their start-up data is missing. Please reload the page.',
			'monsterinsights-reports'
		);
		return;
	}
	// The first screen's requests are known from the hash: the preloaded answers it uses, and its
	// reports asked for now, beside the start-up loads, rather than once its script has loaded.
	const first = firstScreen( boot, window.location.hash );
	const preloaded = preloadFor(
		parsePreload( window.monsterinsightsReportsPreload ),
		first
	);
	// Google's quota ran out and a report shows its last answers: the app says so.
	configureApiFetch( boot, preloaded, () =>
		dispatch( appStore ).setFlags( { stale: true } )
	);
	stores.forEach( ( store ) => register( store ) );
	dispatch( appStore ).receiveBoot( boot );
	startUp( { resolveSelect }, boot );
	const firstLoads = startFirstScreen( { resolveSelect, select }, first );
	// A report opened later from the app's menu: its script and its report side by side too.
	window.addEventListener( 'hashchange', () =>
		startFirstScreen(
			{ resolveSelect, select },
			firstScreen(
				boot,
				window.location.hash,
				select( appStore ).getLevel()
			)
		)
	);
	const root = createRoot( container );
	let rendered = false;
	const render = () => {
		if ( ! rendered ) {
			rendered = true;
			// Numbers first: the charts draw once the app's first frame has painted.
			holdChartsUntilFirstPaint();
			root.render(
				<AfterFirstPaint>
					<App />
				</AfterFirstPaint>
			);
		}
	};
	if ( isFirstScreenPreloaded( first, preloaded ) ) {
		// Everything the first screen shows came with the page: rendered once it is in the stores
		// (promise callbacks and a timer, no request), the app shows its numbers in its first pass
		// instead of a loader, then its screen, then its numbers, each a render and a layout apart.
		// Should the screen's script have to be fetched after all, the app does not wait for it.
		firstLoads.then( render, render );
		setTimeout( render, FIRST_RENDER_WAIT_MS );
	} else {
		render();
	}
} );
