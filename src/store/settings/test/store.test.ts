import { settingsStore } from '..';
import { createTestRegistry } from '../../../../tests/js/registry';
import { mockApi, restError, flush, forbidApiInEachTest } from '../../test/api';
import { settingsWith } from './fixture';

const ROUTE = '/monsterinsights-reports/v1/settings';

const unexpected = forbidApiInEachTest();

describe( 'settings store', () => {
	it( 'returns seeded settings without fetching', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( settingsStore )
			.receiveSettings(
				settingsWith( { pdf_reports_header_image: '' } )
			);
		expect( registry.select( settingsStore ).getSettings() ).toEqual(
			settingsWith( { pdf_reports_header_image: '' } )
		);
		await flush();
		expect( unexpected ).toEqual( [] );
	} );

	it( 'shows referral favicons only once the loaded settings say so', () => {
		const registry = createTestRegistry();
		const select = () => registry.select( settingsStore );
		// Not loaded yet: no icon, so the favicon service is never asked for a site that turned it off.
		expect( select().showsReferralFavicons() ).toBe( false );
		registry
			.dispatch( settingsStore )
			.receiveSettings( settingsWith( { referral_favicons: true } ) );
		expect( select().showsReferralFavicons() ).toBe( true );
		registry
			.dispatch( settingsStore )
			.receiveSettings( settingsWith( { referral_favicons: false } ) );
		expect( select().showsReferralFavicons() ).toBe( false );
	} );

	it( 'loads the settings on first use', async () => {
		const calls = mockApi( () =>
			settingsWith( {
				pdf_reports_header_image: 'https://example.com/logo.png',
			} )
		);
		const registry = createTestRegistry();
		expect(
			registry.select( settingsStore ).getSettings()
		).toBeUndefined();
		await flush();
		await flush();
		expect( registry.select( settingsStore ).getSettings() ).toEqual(
			settingsWith( {
				pdf_reports_header_image: 'https://example.com/logo.png',
			} )
		);
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
	} );

	it( 'keeps the reason a load failed', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		const registry = createTestRegistry();
		registry.select( settingsStore ).getSettings();
		await flush();
		await flush();
		expect(
			registry.select( settingsStore ).getSettings()
		).toBeUndefined();
		expect( registry.select( settingsStore ).getSettingsLoadError() ).toBe(
			'Sorry, you are not allowed.'
		);
	} );

	it( 'saves and stores what the server answers', async () => {
		const calls = mockApi( () =>
			settingsWith( {
				pdf_reports_header_image: 'https://example.com/a.png',
			} )
		);
		const registry = createTestRegistry();
		registry
			.dispatch( settingsStore )
			.receiveSettings(
				settingsWith( { pdf_reports_header_image: '' } )
			);

		const saving = registry.dispatch( settingsStore ).saveSettings( {
			pdf_reports_header_image: ' https://example.com/a.png',
		} );
		expect( registry.select( settingsStore ).isSavingSettings() ).toBe(
			true
		);
		expect( await saving ).toEqual( {
			success: true,
			settings: settingsWith( {
				pdf_reports_header_image: 'https://example.com/a.png',
			} ),
		} );
		expect( registry.select( settingsStore ).isSavingSettings() ).toBe(
			false
		);
		expect( registry.select( settingsStore ).getSettings() ).toEqual(
			settingsWith( {
				pdf_reports_header_image: 'https://example.com/a.png',
			} )
		);
		expect( calls ).toEqual( [
			{
				path: ROUTE,
				method: 'POST',
				data: {
					pdf_reports_header_image: ' https://example.com/a.png',
				},
			},
		] );
	} );

	it( 'returns the server’s error text when a save is refused', async () => {
		mockApi( () =>
			restError(
				'rest_invalid_param',
				'Invalid parameter(s): pdf_reports_header_image',
				{
					status: 400,
					params: {
						pdf_reports_header_image:
							'pdf_reports_header_image must be empty or an http:// or https:// URL.',
					},
				}
			)
		);
		const registry = createTestRegistry();
		registry.dispatch( settingsStore ).receiveSettings(
			settingsWith( {
				pdf_reports_header_image: 'https://a.example/x.png',
			} )
		);

		expect(
			await registry
				.dispatch( settingsStore )
				.saveSettings( { pdf_reports_header_image: 'ftp://x' } )
		).toEqual( {
			success: false,
			error: 'pdf_reports_header_image must be empty or an http:// or https:// URL.',
		} );
		expect( registry.select( settingsStore ).getSettings() ).toEqual(
			settingsWith( {
				pdf_reports_header_image: 'https://a.example/x.png',
			} )
		);
		expect( registry.select( settingsStore ).isSavingSettings() ).toBe(
			false
		);
	} );
} );
