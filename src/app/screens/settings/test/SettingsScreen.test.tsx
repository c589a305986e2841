import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import { ToastRegion } from '../../../../components/Toast';
import { addonsStore } from '../../../../store/addons';
import { addonsWith } from '../../../../store/addons/test/fixture';
import { appStore } from '../../../../store/app';
import type { BootData, BootShop } from '../../../../store/app/types';
import { SHOP_BOOT_PATH } from '../../../../store/app/shop';
import {
	settingsStore,
	type ReportsSettings,
} from '../../../../store/settings';
import { settingsWith } from '../../../../store/settings/test/fixture';
import { restError, type ApiCall } from '../../../../store/test/api';
import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import { SettingsScreen } from '../SettingsScreen';
import {
	PROPERTIES,
	SITES,
	connectedGoogle,
	googleWith,
} from '../../../../store/google/test/fixture';
import {
	ADDONS,
	GOOGLE,
	LICENCE,
	SETTINGS,
	licenceWith,
	serve,
	toasts,
	writes,
	type Routes,
} from './server';

/** The settings screen's feature feedback card asks for its first page. */
const FEEDBACK_LIST = '/monsterinsights-reports/v1/feedback?page=1&per_page=20';
const AI_PROVIDER = '/monsterinsights-reports/v1/ai-provider';

/**
 * What POST /settings stores: the request's changes applied to the settings, as the server does.
 *
 * @param before The stored settings.
 * @param call   The request.
 */
function saved( before: ReportsSettings, call: ApiCall ): ReportsSettings {
	const changes = call.data as Partial< ReportsSettings >;
	return {
		...before,
		...changes,
		tracking: { ...before.tracking, ...( changes.tracking ?? {} ) },
	};
}

/**
 * Renders the screen (with the toasts) against a server holding the settings.
 *
 * @param stored The stored settings.
 * @param routes Routes to add or replace.
 * @param boot   Boot data sections.
 */
function renderScreen(
	stored: ReportsSettings = settingsWith(),
	routes: Routes = {},
	boot: Partial< BootData > = {
		source: { active: 'builtin', connected: true },
	}
) {
	const calls = serve( {
		[ `GET ${ SETTINGS }` ]: () => stored,
		[ `POST ${ SETTINGS }` ]: ( call ) => saved( stored, call ),
		[ `GET ${ ADDONS }` ]: () => addonsWith( { dimensions: true } ),
		[ `GET ${ LICENCE }` ]: () => licenceWith(),
		[ `GET ${ FEEDBACK_LIST }` ]: () => ( {
			items: [],
			pagination: { total: 0, pages: 0, page: 1, per_page: 20 },
		} ),
		[ `GET ${ AI_PROVIDER }` ]: () => ( {
			configured: false,
			base_url: '',
			model: '',
			has_key: false,
			can_manage: true,
		} ),
		...routes,
	} );
	const registry = createShellRegistry( boot );
	renderIn(
		<>
			<SettingsScreen />
			<ToastRegion />
		</>,
		registry
	);
	return { calls, registry };
}

/** Waits until the form shows the loaded settings. */
async function loaded(): Promise< HTMLElement > {
	return screen.findByRole( 'form', { name: 'Settings' } );
}

/**
 * Clicks Save Changes and lets the save finish.
 */
async function save(): Promise< void > {
	await act( async () => {
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save Changes' } )
		);
	} );
}

/**
 * Types into a field (textarea, text or number input) by its label.
 *
 * @param label The field's label.
 * @param value The new value.
 */
function type( label: string, value: string ): void {
	fireEvent.change( screen.getByLabelText( label ), {
		target: { value },
	} );
}

describe( 'SettingsScreen', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'loads the settings and shows them in the fields', async () => {
		const { calls } = renderScreen(
			settingsWith( {
				pdf_reports_header_image: 'https://example.org/logo.png',
				referral_favicons: false,
				tracking: {
					...settingsWith().tracking,
					excluded_roles: [ 'editor' ],
					honor_dnt: false,
					excluded_ips: [ '192.0.2.10', '198.51.100.0/24' ],
					country_header: 'CF-IPCountry',
					trusted_proxy: true,
					trusted_proxies: 2,
					referrer_spam: [ 'spam.example' ],
					retention_months: 13,
				},
			} )
		);
		expect( screen.getByText( 'Loading settings…' ) ).toBeInTheDocument();
		await loaded();

		expect(
			screen.getByRole( 'radio', { name: 'Built-in analytics' } )
		).toBeChecked();
		expect(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		).not.toBeChecked();
		const roles = screen.getByRole( 'group', {
			name: 'Do not track logged-in users with these roles',
		} );
		expect(
			within( roles ).getByRole( 'checkbox', { name: 'Editor' } )
		).toBeChecked();
		expect(
			within( roles ).getByRole( 'checkbox', { name: 'Administrator' } )
		).not.toBeChecked();
		expect(
			screen.getByRole( 'checkbox', { name: 'Honour Do Not Track' } )
		).not.toBeChecked();
		expect(
			screen.getByRole( 'checkbox', {
				name: 'Honour Global Privacy Control',
			} )
		).toBeChecked();
		expect( screen.getByLabelText( 'Excluded IP addresses' ) ).toHaveValue(
			'192.0.2.10\n198.51.100.0/24'
		);
		expect(
			screen.getByLabelText( 'Keep raw visits for (months)' )
		).toHaveValue( 13 );
		expect(
			screen.getByLabelText( 'Country header from your CDN' )
		).toHaveValue( 'CF-IPCountry' );
		expect(
			screen.getByRole( 'checkbox', {
				name: 'The site is behind a trusted reverse proxy',
			} )
		).toBeChecked();
		expect(
			screen.getByLabelText( 'Proxies in front of the site' )
		).toHaveValue( 2 );
		expect( screen.getByLabelText( 'Referrer spam hosts' ) ).toHaveValue(
			'spam.example'
		);
		expect(
			screen.getByRole( 'checkbox', {
				name: 'Show site icons in referral lists',
			} )
		).not.toBeChecked();
		expect( screen.getByLabelText( 'PDF header image URL' ) ).toHaveValue(
			'https://example.org/logo.png'
		);
		// The modules and the licence load beside the form.
		expect(
			await screen.findByRole( 'checkbox', { name: 'Dimensions' } )
		).toBeChecked();
		expect(
			screen.getByRole( 'checkbox', { name: 'Forms' } )
		).not.toBeChecked();
		expect(
			await screen.findByText( 'Your level: Lite' )
		).toBeInTheDocument();
		expect( calls.map( ( call ) => call.path ).sort() ).toEqual(
			[ ADDONS, AI_PROVIDER, FEEDBACK_LIST, LICENCE, SETTINGS ].sort()
		);
		expect( writes( calls ) ).toEqual( [] );
	} );

	it( 'saves every field, lists split by line and the retention as a number, then says Settings Updated', async () => {
		const { calls, registry } = renderScreen();
		await loaded();

		type( 'Excluded IP addresses', ' 192.0.2.10 \n\n198.51.100.0/24\r\n' );
		type( 'Referrer spam hosts', 'spam.example\nbad.example\n' );
		type( 'Affiliate link paths', '/go/\n /partners/ \n' );
		type( 'Download file extensions', 'pdf\n\nepub\n' );
		type( 'Keep raw visits for (months)', '12' );
		type( 'Country header from your CDN', ' CF-IPCountry ' );
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Editor' } ) );
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: 'Honour Do Not Track' } )
		);
		fireEvent.click(
			screen.getByRole( 'checkbox', {
				name: 'Show site icons in referral lists',
			} )
		);
		type( 'PDF header image URL', ' https://example.org/logo.png ' );
		const dimensions = within(
			screen.getByRole( 'group', {
				name: 'Custom dimensions in the Dimensions report',
			} )
		);
		fireEvent.click( dimensions.getByRole( 'checkbox', { name: 'Tags' } ) );
		fireEvent.click(
			dimensions.getByRole( 'checkbox', { name: 'User role' } )
		);
		const sample = screen.getByRole( 'combobox', {
			name: 'Site Speed: page views that report Core Web Vitals',
		} );
		expect( sample ).toHaveValue( '-1' );
		fireEvent.change( sample, { target: { value: '25' } } );
		await save();

		expect( writes( calls ) ).toEqual( [
			{
				path: SETTINGS,
				method: 'POST',
				data: {
					source: 'builtin',
					tracking: {
						excluded_roles: [ 'administrator', 'editor' ],
						honor_dnt: false,
						honor_gpc: true,
						excluded_ips: [ '192.0.2.10', '198.51.100.0/24' ],
						country_mmdb: '',
						country_header: 'CF-IPCountry',
						trusted_proxy: false,
						trusted_proxies: 1,
						referrer_spam: [ 'spam.example', 'bad.example' ],
						affiliate_paths: [ '/go/', '/partners/' ],
						download_extensions: [ 'pdf', 'epub' ],
						custom_dimensions: [
							'author',
							'post_type',
							'category',
							'published_at',
							'logged_in',
						],
						retention_months: 12,
						site_speed_sample: 25,
					},
					referral_favicons: false,
					pdf_reports_header_image: 'https://example.org/logo.png',
				},
			},
		] );
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Settings Updated' ],
		] );
		expect(
			within( screen.getByRole( 'status' ) ).getByText(
				'Settings Updated'
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		// The form shows what the server stored, one entry a line.
		expect( screen.getByLabelText( 'Excluded IP addresses' ) ).toHaveValue(
			'192.0.2.10\n198.51.100.0/24'
		);
		expect(
			registry.select( settingsStore ).getSettings()?.tracking
				.retention_months
		).toBe( 12 );
	} );

	it( 'shows the server’s message for the refused field and keeps the form as typed', async () => {
		const refusal =
			'tracking.excluded_ips[0]: “not-an-ip” is not an IP address or a CIDR range such as 192.0.2.0/24.';
		const { calls, registry } = renderScreen( settingsWith(), {
			[ `POST ${ SETTINGS }` ]: () =>
				restError(
					'rest_invalid_param',
					'Invalid parameter(s): tracking',
					{
						status: 400,
						params: { tracking: refusal },
					}
				),
		} );
		await loaded();
		type( 'Excluded IP addresses', 'not-an-ip' );
		await save();

		expect( writes( calls ) ).toHaveLength( 1 );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent( refusal );
		expect( toasts( registry ) ).toEqual( [] );
		expect( screen.getByLabelText( 'Excluded IP addresses' ) ).toHaveValue(
			'not-an-ip'
		);
		// The store keeps what the server has.
		expect(
			registry.select( settingsStore ).getSettings()?.tracking
				.excluded_ips
		).toEqual( [] );
	} );

	it( 'refuses an empty retention before sending anything', async () => {
		const { calls, registry } = renderScreen();
		await loaded();
		type( 'Keep raw visits for (months)', '' );
		await save();

		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Keep raw visits for (months): enter a whole number from 1 to 120.'
		);
		expect( writes( calls ) ).toEqual( [] );
		expect( toasts( registry ) ).toEqual( [] );

		// Corrected, it saves and the message goes.
		type( 'Keep raw visits for (months)', '24' );
		await save();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( writes( calls ) ).toHaveLength( 1 );
		expect(
			( writes( calls )[ 0 ]?.data as { tracking: object } ).tracking
		).toMatchObject( { retention_months: 24 } );
	} );

	it.each( [ [ '0' ], [ '121' ], [ '2.5' ] ] )(
		'lets the browser’s own check stop %p months',
		async ( months ) => {
			const { calls } = renderScreen();
			await loaded();
			type( 'Keep raw visits for (months)', months );
			await save();

			expect(
				screen.getByLabelText( 'Keep raw visits for (months)' )
			).toBeInvalid();
			expect( writes( calls ) ).toEqual( [] );
		}
	);

	it( 'asks how many proxies only behind a trusted proxy, and sends a whole number from 1 to 10', async () => {
		const { calls } = renderScreen();
		await loaded();
		expect(
			screen.queryByLabelText( 'Proxies in front of the site' )
		).not.toBeInTheDocument();
		fireEvent.click(
			screen.getByRole( 'checkbox', {
				name: 'The site is behind a trusted reverse proxy',
			} )
		);
		expect(
			screen.getByLabelText( 'Proxies in front of the site' )
		).toHaveValue( 1 );

		type( 'Proxies in front of the site', '' );
		await save();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Proxies in front of the site: enter a whole number from 1 to 10.'
		);
		expect( writes( calls ) ).toEqual( [] );

		type( 'Proxies in front of the site', '11' );
		await save();
		expect(
			screen.getByLabelText( 'Proxies in front of the site' )
		).toBeInvalid();
		expect( writes( calls ) ).toEqual( [] );

		type( 'Proxies in front of the site', '2' );
		await save();
		expect( writes( calls ) ).toHaveLength( 1 );
		expect(
			( writes( calls )[ 0 ]?.data as { tracking: object } ).tracking
		).toMatchObject( { trusted_proxy: true, trusted_proxies: 2 } );
	} );

	it( 'disconnects: saving no source tells the shell the site is not connected', async () => {
		const { calls, registry } = renderScreen();
		await loaded();
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'None (disconnected)' } )
		);
		await save();

		expect( writes( calls )[ 0 ]?.data ).toMatchObject( { source: '' } );
		expect( registry.select( appStore ).getBoot()?.source ).toEqual( {
			active: '',
			connected: false,
		} );
		// Not connected any more: no way back to the reports from here.
		expect(
			screen.queryByRole( 'link', { name: 'Back to reports' } )
		).not.toBeInTheDocument();
	} );

	it( 'connects: choosing the built-in analytics on a site without a source tells the shell', async () => {
		const { registry } = renderScreen(
			settingsWith( { source: '' } ),
			{},
			{
				source: { active: '', connected: false },
			}
		);
		await loaded();
		expect(
			screen.getByRole( 'radio', { name: 'None (disconnected)' } )
		).toBeChecked();
		expect(
			screen.queryByRole( 'link', { name: 'Back to reports' } )
		).not.toBeInTheDocument();
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Built-in analytics' } )
		);
		await save();

		expect( registry.select( appStore ).getBoot()?.source ).toEqual( {
			active: 'builtin',
			connected: true,
		} );
		expect(
			screen.getByRole( 'link', { name: 'Back to reports' } )
		).toHaveAttribute( 'href', '#/' );
	} );

	it( 'shows a source that is not available yet as such and refuses it', async () => {
		const { calls } = renderScreen(
			settingsWith( {
				sources: settingsWith().sources.map( ( source ) =>
					source.key === 'google'
						? { ...source, available: false }
						: source
				),
			} )
		);
		await loaded();
		fireEvent.click(
			screen.getByRole( 'radio', {
				name: 'Google Analytics 4 — not available yet',
			} )
		);
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'This data source is not available in this version yet.'
		);
		expect(
			screen.getByRole( 'radio', { name: 'Built-in analytics' } )
		).toBeChecked();
		await save();
		expect( writes( calls )[ 0 ]?.data ).toMatchObject( {
			source: 'builtin',
		} );
	} );

	it( 'shows the Google panel when google is chosen and saves google only once it is connected', async () => {
		const { calls } = renderScreen( settingsWith(), {
			[ `GET ${ GOOGLE }` ]: () => googleWith(),
		} );
		await loaded();
		expect( calls.map( ( call ) => call.path ) ).not.toContain( GOOGLE );
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		);
		expect(
			await screen.findByRole( 'region', {
				name: 'Connect Google Analytics',
			} )
		).toBeInTheDocument();
		await save();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Data source: connect Google Analytics (sign in and choose a property) before the reports can use it.'
		);
		expect( writes( calls ) ).toEqual( [] );
	} );

	it( 'saves google on a site without its own connection that uses the network’s', async () => {
		const { calls } = renderScreen( settingsWith(), {
			[ `GET ${ GOOGLE }` ]: () => googleWith( { uses_network: true } ),
		} );
		await loaded();
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		);
		expect(
			await screen.findByText(
				'This site uses the network’s Google connection. Connecting here gives the site a connection of its own.'
			)
		).toBeInTheDocument();
		await save();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( writes( calls ) ).toEqual( [
			expect.objectContaining( {
				path: SETTINGS,
				data: expect.objectContaining( { source: 'google' } ),
			} ),
		] );
	} );

	it( 'switches to a connected google and back to builtin without deleting anything', async () => {
		const { calls, registry } = renderScreen( settingsWith(), {
			[ `GET ${ GOOGLE }` ]: () => connectedGoogle(),
			[ `GET ${ GOOGLE }/properties` ]: () => PROPERTIES,
			[ `GET ${ GOOGLE }/sites` ]: () => SITES,
		} );
		await loaded();
		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Google Analytics 4' } )
		);
		await screen.findByText(
			'Signed in with the service account reports@fake-reports-project.iam.gserviceaccount.com.'
		);
		await save();
		expect( writes( calls ) ).toEqual( [
			expect.objectContaining( {
				path: SETTINGS,
				data: expect.objectContaining( { source: 'google' } ),
			} ),
		] );
		expect( registry.select( appStore ).getBoot()?.source ).toEqual( {
			active: 'google',
			connected: true,
		} );

		fireEvent.click(
			screen.getByRole( 'radio', { name: 'Built-in analytics' } )
		);
		expect(
			screen.queryByRole( 'region', { name: 'Connect Google Analytics' } )
		).not.toBeInTheDocument();
		await save();
		expect( writes( calls ).map( ( call ) => call.path ) ).toEqual( [
			SETTINGS,
			SETTINGS,
		] );
		expect( writes( calls )[ 1 ]?.data ).toMatchObject( {
			source: 'builtin',
		} );
	} );

	it( 'shows why the settings could not be loaded', async () => {
		renderScreen( settingsWith(), {
			[ `GET ${ SETTINGS }` ]: () =>
				restError(
					'rest_forbidden',
					'Sorry, you are not allowed to do that.',
					{
						status: 403,
					}
				),
		} );
		expect(
			await screen.findByText( 'Sorry, you are not allowed to do that.' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Save Changes' } )
		).not.toBeInTheDocument();
	} );

	it( 'switches a module at once and says so', async () => {
		const { calls, registry } = renderScreen( settingsWith(), {
			[ `POST ${ ADDONS }/forms` ]: () =>
				addonsWith( { dimensions: true, forms: true } ),
		} );
		await loaded();
		const forms = await screen.findByRole( 'checkbox', { name: 'Forms' } );
		await act( async () => {
			fireEvent.click( forms );
		} );

		expect( writes( calls ) ).toEqual( [
			{
				path: `${ ADDONS }/forms`,
				method: 'POST',
				data: { active: true },
			},
		] );
		await waitFor( () =>
			expect(
				screen.getByRole( 'checkbox', { name: 'Forms' } )
			).toBeChecked()
		);
		expect( registry.select( addonsStore ).isAddonActive( 'forms' ) ).toBe(
			true
		);
		expect( toasts( registry ) ).toEqual( [
			[ 'success', 'Settings Updated' ],
		] );
		// A module that needs another plugin says so.
		expect(
			screen.getByText(
				'eCommerce reports. Needs WooCommerce or Easy Digital Downloads.'
			)
		).toBeInTheDocument();
	} );

	it( 'reads the shop again when the eCommerce module is switched', async () => {
		const shop: BootShop = {
			platform: 'edd',
			currency: {
				code: 'JPY',
				symbol: '¥',
				decimals: 0,
				position: 'left',
			},
		};
		const { calls, registry } = renderScreen( settingsWith(), {
			[ `POST ${ ADDONS }/woocommerce` ]: () =>
				addonsWith( { dimensions: true, woocommerce: true } ),
			[ `GET ${ SHOP_BOOT_PATH }` ]: () => ( { shop } ),
		} );
		await loaded();
		expect( registry.select( appStore ).getShop() ).toBeNull();
		const ecommerce = await screen.findByRole( 'checkbox', {
			name: 'eCommerce',
		} );
		await act( async () => {
			fireEvent.click( ecommerce );
		} );
		await waitFor( () =>
			expect( registry.select( appStore ).getShop() ).toEqual( shop )
		);
		expect( calls.map( ( call ) => call.path ) ).toContain(
			SHOP_BOOT_PATH
		);
	} );

	it( 'shows a refused module switch as an error toast and keeps the switch', async () => {
		const { registry } = renderScreen( settingsWith(), {
			[ `POST ${ ADDONS }/media` ]: () =>
				restError(
					'rest_forbidden',
					'Sorry, you are not allowed to change settings.',
					{ status: 403 }
				),
		} );
		await loaded();
		const media = await screen.findByRole( 'checkbox', { name: 'Media' } );
		await act( async () => {
			fireEvent.click( media );
		} );
		expect( toasts( registry ) ).toEqual( [
			[ 'error', 'Sorry, you are not allowed to change settings.' ],
		] );
		expect(
			screen.getByRole( 'checkbox', { name: 'Media' } )
		).not.toBeChecked();
	} );
} );
