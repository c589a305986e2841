import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { App } from '../App';
import { appScreenOf } from '../appScreens';
import { appStore } from '../../store/app';
import type { BootData } from '../../store/app/types';
import {
	FRESH_TRACKING,
	settingsWith,
} from '../../store/settings/test/fixture';
import { addonsWith } from '../../store/addons/test/fixture';
import { googleWith } from '../../store/google/test/fixture';
import { NOTIFICATIONS_PATH as NOTIFICATIONS } from '../../store/notifications/constants';
import type { ApiCall } from '../../store/test/api';
import { makeBoot } from '../../../tests/js/registry';
import {
	ADDONS,
	LICENCE,
	NETWORK_GOOGLE,
	NETWORK_LICENCE,
	NETWORK_SETTINGS,
	SETTINGS,
	licenceWith,
	serve,
	writes,
	type Routes,
} from '../screens/settings/test/server';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';

// The Overview screen is the lead's; a stand-in.
jest.mock( '../../reports/overview', () => ( {
	__esModule: true,
	default: () => <h2>Overview screen</h2>,
} ) );

const OVERVIEW =
	'/monsterinsights-reports/v1/reports/overview?start=2026-10-23&end=2026-11-21';

const REPORTS_URL = `${ window.location.origin }/wp-admin/admin.php?page=monsterinsights_reports`;

const NOT_CONNECTED =
	'You must connect MonsterInsights Reports before you can view reports.';

function setHash( hash: string ) {
	window.history.replaceState(
		null,
		'',
		'/wp-admin/admin.php?page=monsterinsights_reports' + hash
	);
}

/**
 * Renders the app against a fake server.
 *
 * @param boot   Boot data sections.
 * @param routes Routes to add or replace.
 */
function renderApp( boot: Partial< BootData > = {}, routes: Routes = {} ) {
	const stored = settingsWith( { source: '' } );
	const calls = serve( {
		[ `GET ${ SETTINGS }` ]: () => stored,
		[ `POST ${ SETTINGS }` ]: ( call ) => ( {
			...stored,
			...( call.data as object ),
			tracking: stored.tracking,
		} ),
		[ `GET ${ ADDONS }` ]: () => addonsWith(),
		[ `GET ${ LICENCE }` ]: () => licenceWith(),
		[ `GET ${ NOTIFICATIONS }` ]: () => ( { active: [], dismissed: [] } ),
		// The reports the shell may ask for: pending (the screens are stand-ins).
		[ `GET ${ OVERVIEW }` ]: () => new Promise( () => undefined ),
		...routes,
	} );
	// The page's own URL, so the app's links to its screens stay on the page.
	const registry = createShellRegistry( {
		plugin: { ...makeBoot().plugin, reportsUrl: REPORTS_URL },
		...boot,
	} );
	renderIn( <App />, registry );
	return { calls, registry };
}

/**
 * The calls of the screens under test, less the header's notifications, which every screen loads.
 *
 * @param calls Every call.
 */
function own( calls: ApiCall[] ): ApiCall[] {
	return calls.filter( ( call ) => call.path !== NOTIFICATIONS );
}

/** The boot user without the right to change settings. */
function cannotSaveSettings(): Partial< BootData > {
	const boot = makeBoot();
	return {
		user: {
			...boot.user,
			capabilities: { ...boot.user.capabilities, saveSettings: false },
		},
	};
}

describe( 'appScreenOf', () => {
	it.each( [
		[ '#/settings', 'settings' ],
		[ '#/settings/', 'settings' ],
		[ '#settings', 'settings' ],
		[ '#/settings?start=2026-01-01&end=2026-01-31', 'settings' ],
		[ '#/setup-wizard', 'setup-wizard' ],
		[ '/setup-wizard', 'setup-wizard' ],
	] )( '%p is the %p screen', ( hash, screenName ) => {
		expect( appScreenOf( hash ) ).toBe( screenName );
	} );

	it.each( [
		[ '' ],
		[ '#' ],
		[ '#/' ],
		[ '#/?start=2026-01-01&end=2026-01-31' ],
		[ '#/publishers' ],
		[ '#/settings/extra' ],
		[ '#/setup' ],
		[ '#/Settings' ],
	] )( '%p is a report route', ( hash ) => {
		expect( appScreenOf( hash ) ).toBeNull();
	} );
} );

describe( 'App screens', () => {
	beforeEach( () => setHash( '' ) );

	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'launches the setup wizard from the not-connected screen, and its finish opens the reports', async () => {
		const { calls, registry } = renderApp();
		const launch = await screen.findByRole( 'link', {
			name: 'Launch Setup Wizard',
		} );
		expect( launch ).toHaveAttribute(
			'href',
			`${ REPORTS_URL }#/setup-wizard`
		);
		// Nothing is loaded for a screen that is not shown.
		expect( own( calls ) ).toEqual( [] );

		fireEvent.click( launch );
		expect(
			await screen.findByRole( 'heading', { name: 'Setup Wizard' } )
		).toBeInTheDocument();
		expect( window.location.hash ).toBe( '#/setup-wizard' );
		expect(
			screen.queryByRole( 'heading', { name: NOT_CONNECTED } )
		).not.toBeInTheDocument();
		// Not a report: no navigation.
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
		expect( screen.getByText( 'Example Site' ) ).toBeInTheDocument();

		await screen.findByRole( 'heading', {
			name: 'Choose your data source',
		} );
		for ( const button of [
			'Continue',
			'Continue',
			'Finish Setup and View Reports',
		] ) {
			await act( async () => {
				fireEvent.click(
					screen.getByRole( 'button', { name: button } )
				);
			} );
		}
		expect( writes( calls ) ).toEqual( [
			expect.objectContaining( {
				path: SETTINGS,
				method: 'POST',
				data: expect.objectContaining( { source: 'builtin' } ),
			} ),
		] );
		expect(
			await screen.findByRole( 'heading', { name: 'Overview screen' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'navigation', { name: 'Reports' } )
		).toBeInTheDocument();
		expect( registry.select( appStore ).getBoot()?.source.connected ).toBe(
			true
		);
		await waitFor( () =>
			expect( window.location.hash ).toMatch( /^#\/\?start=/ )
		);
	} );

	it( 'shows no wizard to a user who cannot change settings', async () => {
		setHash( '#/setup-wizard' );
		const { calls } = renderApp( cannotSaveSettings() );
		expect(
			screen.getByRole( 'heading', { name: NOT_CONNECTED } )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Please ask your webmaster to connect the product to Google Analytics.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Launch Setup Wizard' } )
		).not.toBeInTheDocument();
		await act( async () => {
			await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		} );
		expect(
			screen.queryByRole( 'heading', { name: 'Setup Wizard' } )
		).not.toBeInTheDocument();
		expect( own( calls ) ).toEqual( [] );
	} );

	it( 'opens the settings screen of a connected site from #/settings, without the report navigation', async () => {
		setHash( '#/settings' );
		renderApp(
			{ source: { active: 'builtin', connected: true } },
			{
				[ `GET ${ SETTINGS }` ]: () => settingsWith(),
			}
		);
		expect(
			await screen.findByRole( 'form', { name: 'Settings' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
		// The hash router leaves the screen's hash alone.
		expect( window.location.hash ).toBe( '#/settings' );

		fireEvent.click(
			screen.getByRole( 'link', { name: 'Back to reports' } )
		);
		expect(
			await screen.findByRole( 'heading', { name: 'Overview screen' } )
		).toBeInTheDocument();
		await waitFor( () =>
			expect( window.location.hash ).toMatch( /^#\/\?start=/ )
		);
	} );

	it( 'sends a user who cannot change settings from #/settings to the reports', async () => {
		setHash( '#/settings' );
		const { calls } = renderApp( {
			...cannotSaveSettings(),
			source: { active: 'builtin', connected: true },
		} );
		expect(
			await screen.findByRole( 'heading', { name: 'Overview screen' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'form', { name: 'Settings' } )
		).not.toBeInTheDocument();
		await waitFor( () =>
			expect( window.location.hash ).toMatch( /^#\/\?start=/ )
		);
		expect( own( calls ) ).toEqual( [] );
	} );

	it( 'shows the network settings screen in the network admin', async () => {
		const boot = makeBoot();
		const { calls } = renderApp(
			{
				site: { ...boot.site, isMultisite: true, isNetworkAdmin: true },
				user: {
					...boot.user,
					capabilities: {
						...boot.user.capabilities,
						manageNetwork: true,
					},
				},
			},
			{
				[ `GET ${ NETWORK_SETTINGS }` ]: () => ( {
					tracking: FRESH_TRACKING,
					modules: {
						dimensions: true,
						woocommerce: false,
						forms: false,
						media: false,
						'user-journey': false,
					},
				} ),
				[ `GET ${ NETWORK_LICENCE }` ]: () => licenceWith(),
				[ `GET ${ NETWORK_GOOGLE }` ]: () =>
					googleWith( { scope: 'network' } ),
			}
		);
		expect(
			await screen.findByRole( 'heading', { name: 'Network Settings' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'Network licence' } )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'checkbox', { name: 'Dimensions' } )
		).toBeChecked();
		expect(
			await screen.findByRole( 'region', {
				name: 'Connect Google Analytics for the network',
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'heading', { name: NOT_CONNECTED } )
		).not.toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
		expect(
			own( calls )
				.map( ( call ) => call.path )
				.sort()
		).toEqual(
			[ NETWORK_GOOGLE, NETWORK_LICENCE, NETWORK_SETTINGS ].sort()
		);
	} );
} );
