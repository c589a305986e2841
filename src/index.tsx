import { dispatch, register, resolveSelect, select } from '@wordpress/data';
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { App } from './app/App';
import {
	firstScreen,
	parsePreload,
	preloadFor,
	startFirstScreen,
} from './app/firstScreen';
import { startUp } from './app/startUp';
import { configureApiFetch, parseBoot } from './boot';
import { mirrorChunkStylesForRtl } from './lib/rtl-chunk-styles';
import { appStore } from './store/app';
import { stores } from './store';
import './reports.scss';

export const ROOT_ID = 'monsterinsights-reports';

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
	configureApiFetch(
		boot,
		preloadFor(
			parsePreload( window.monsterinsightsReportsPreload ),
			first
		)
	);
	stores.forEach( ( store ) => register( store ) );
	dispatch( appStore ).receiveBoot( boot );
	startUp( { resolveSelect }, boot );
	startFirstScreen( { resolveSelect, select }, first );
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
	createRoot( container ).render( <App /> );
} );
