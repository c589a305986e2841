import { createTestRegistry, makeBoot } from '../../../tests/js/registry';
import { mockApi, flush } from '../../store/test/api';
import { startUp } from '../startUp';

describe( 'start-up sequence', () => {
	it( 'loads addons, settings and notifications, in that order, once', async () => {
		const calls = mockApi( ( options ) => {
			if ( options.path?.includes( '/notifications' ) ) {
				return { active: [], dismissed: [] };
			}
			return {};
		} );
		const registry = createTestRegistry();
		const boot = makeBoot();
		expect( startUp( registry, boot ) ).toEqual( [
			'addons',
			'settings',
			'notifications',
		] );
		await flush();
		await flush();
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			'/monsterinsights-reports/v1/addons',
			'/monsterinsights-reports/v1/settings',
			'/monsterinsights-reports/v1/notifications',
		] );
	} );

	it( 'loads nothing in network admin', () => {
		const calls = mockApi( () => ( {} ) );
		const boot = makeBoot();
		boot.site.isNetworkAdmin = true;
		expect( startUp( createTestRegistry(), boot ) ).toEqual( [] );
		expect( calls ).toEqual( [] );
	} );
} );
