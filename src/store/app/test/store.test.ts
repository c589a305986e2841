import { appStore } from '..';
import {
	createBootedRegistry,
	createTestRegistry,
	makeBoot,
} from '../../../../tests/js/registry';

describe( 'app store', () => {
	it( 'has no boot data and grants nothing before boot', () => {
		const registry = createTestRegistry();
		expect( registry.select( appStore ).getBoot() ).toBeNull();
		expect( registry.select( appStore ).getSite() ).toBeUndefined();
		expect( registry.select( appStore ).userCan( 'viewReports' ) ).toBe(
			false
		);
	} );

	it( 'keeps the boot data it receives', () => {
		const registry = createTestRegistry();
		const boot = makeBoot();
		registry.dispatch( appStore ).receiveBoot( boot );
		expect( registry.select( appStore ).getBoot() ).toBe( boot );
		expect( registry.select( appStore ).getSite()?.timezone ).toBe(
			'Europe/Berlin'
		);
	} );

	it( 'answers capability checks from the boot data', () => {
		const registry = createBootedRegistry( {
			user: {
				id: 7,
				locale: 'de_DE',
				capabilities: {
					viewReports: true,
					saveSettings: false,
					manageNetwork: false,
				},
			},
		} );
		expect( registry.select( appStore ).userCan( 'viewReports' ) ).toBe(
			true
		);
		expect( registry.select( appStore ).userCan( 'saveSettings' ) ).toBe(
			false
		);
	} );

	it( 'gives each test registry its own state', () => {
		const first = createBootedRegistry();
		const second = createTestRegistry();
		expect( first.select( appStore ).getBoot() ).not.toBeNull();
		expect( second.select( appStore ).getBoot() ).toBeNull();
	} );
} );
