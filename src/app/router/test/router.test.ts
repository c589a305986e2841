import { appStore } from '../../../store/app';
import {
	createBootedRegistry,
	type TestRegistry,
} from '../../../../tests/js/registry';
import { resolveHash, startHashRouter } from '..';
import { makeBoot } from '../../../../tests/js/registry';

/** Waits for jsdom's queued hashchange events. */
const tick = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

const LAST30 = 'start=2026-10-23&end=2026-11-21&preset=last30days';

function setHash( hash: string ) {
	window.history.replaceState(
		null,
		'',
		'/wp-admin/admin.php?page=monsterinsights_reports' + hash
	);
}

function app( registry: TestRegistry ) {
	return registry.select( appStore );
}

describe( 'resolveHash', () => {
	it( 'keeps a custom range for basic and fixes lite to the last 30 days', () => {
		const hash = '#/forms?start=2026-10-01&end=2026-10-31&preset=custom';
		expect( resolveHash( hash, makeBoot(), 'basic' ) ).toEqual( {
			route: '/forms',
			dateQuery: {
				preset: 'custom',
				start: '2026-10-01',
				end: '2026-10-31',
			},
		} );
		expect( resolveHash( hash, makeBoot(), 'lite' ) ).toEqual( {
			route: '/forms',
			dateQuery: {
				preset: 'last30days',
				start: '2026-10-23',
				end: '2026-11-21',
			},
		} );
	} );

	it( 'opens the Search Console report on the default dates instead of Today or Yesterday', () => {
		const last30 = {
			preset: 'last30days',
			start: '2026-10-23',
			end: '2026-11-21',
		};
		for ( const preset of [ 'today', 'yesterday' ] ) {
			expect(
				resolveHash(
					`#/search-console?preset=${ preset }`,
					makeBoot(),
					'pro'
				)
			).toEqual( { route: '/search-console', dateQuery: last30 } );
			expect(
				resolveHash( `#/forms?preset=${ preset }`, makeBoot(), 'pro' )
					.dateQuery.preset
			).toBe( preset );
		}
		expect(
			resolveHash(
				'#/search-console?preset=last7days',
				makeBoot(),
				'pro'
			).dateQuery.preset
		).toBe( 'last7days' );
	} );

	it( 'computes week presets with the site’s start of week', () => {
		const boot = makeBoot();
		const monday = resolveHash( '#/?preset=lastweek', boot, 'pro' );
		const sunday = resolveHash(
			'#/?preset=lastweek',
			{ ...boot, site: { ...boot.site, startOfWeek: 0 } },
			'pro'
		);
		expect( monday.dateQuery.start ).not.toBe( sunday.dateQuery.start );
	} );
} );

describe( 'startHashRouter', () => {
	let stop: ( () => void ) | undefined;

	afterEach( () => {
		stop?.();
		stop = undefined;
		setHash( '' );
	} );

	function start( hash: string, level: 'lite' | 'basic' | 'pro' = 'basic' ) {
		setHash( hash );
		const registry = createBootedRegistry( {
			licence: { level, source: 'site' },
		} );
		stop = startHashRouter( registry, window );
		return registry;
	}

	it( 'reads the route and dates of the hash on start', () => {
		const registry = start(
			'#/publishers?start=2026-10-01&end=2026-10-31&compare_start=2026-09-01&compare_end=2026-09-30&preset=custom'
		);
		expect( app( registry ).getRoute() ).toBe( '/publishers' );
		expect( app( registry ).getDateQuery() ).toEqual( {
			preset: 'custom',
			start: '2026-10-01',
			end: '2026-10-31',
			compareStart: '2026-09-01',
			compareEnd: '2026-09-30',
		} );
	} );

	it( 'writes the default dates into a hash without dates, without a history entry', () => {
		const length = window.history.length;
		const registry = start( '#/publishers' );
		expect( app( registry ).getDateQuery() ).toEqual( {
			preset: 'last30days',
			start: '2026-10-23',
			end: '2026-11-21',
		} );
		expect( window.location.hash ).toBe( `#/publishers?${ LAST30 }` );
		expect( window.history.length ).toBe( length );
	} );

	it( 'sends an unknown path to / and invalid dates to the default', () => {
		const registry = start(
			'#/nope?start=2026-12-01&end=2026-12-31&preset=custom'
		);
		expect( app( registry ).getRoute() ).toBe( '/' );
		expect( app( registry ).getDateQuery()?.preset ).toBe( 'last30days' );
		expect( window.location.hash ).toBe( `#/?${ LAST30 }` );
	} );

	it( 'redirects /year-in-review outside 1 to 14 January', () => {
		const registry = start( '#/year-in-review' );
		expect( app( registry ).getRoute() ).toBe( '/' );
	} );

	it( 'fixes lite to the last 30 days whatever the hash says', () => {
		const registry = start(
			'#/?start=2026-10-01&end=2026-10-31&preset=custom',
			'lite'
		);
		expect( app( registry ).getDateQuery()?.preset ).toBe( 'last30days' );
		expect( window.location.hash ).toBe( `#/?${ LAST30 }` );
	} );

	it( 'follows hash changes', async () => {
		const registry = start( '#/' );
		window.location.hash = '#/countries?preset=last7days';
		await tick();
		expect( app( registry ).getRoute() ).toBe( '/countries' );
		expect( app( registry ).getDateQuery() ).toEqual( {
			preset: 'last7days',
			start: '2026-11-15',
			end: '2026-11-21',
		} );
		expect( window.location.hash ).toBe(
			'#/countries?start=2026-11-15&end=2026-11-21&preset=last7days'
		);
	} );

	it( 'adds a history entry when a link changes the route', async () => {
		const registry = start( '#/' );
		const length = window.history.length;
		window.location.hash = '#/media';
		await tick();
		expect( window.location.hash ).toBe( `#/media?${ LAST30 }` );
		expect( window.history.length ).toBe( length + 1 );
		expect( app( registry ).getRoute() ).toBe( '/media' );
	} );

	it( 'takes dates asked for with showDates through the hash, replacing the history entry', () => {
		const registry = start( '#/forms' );
		const length = window.history.length;
		registry.dispatch( appStore ).showDates( {
			preset: 'custom',
			start: '2026-09-01',
			end: '2026-09-30',
			compareStart: '2026-08-01',
			compareEnd: '2026-08-31',
		} );
		// At once: the hash is announced to the router, which sets the store.
		expect( app( registry ).getDateQuery() ).toEqual( {
			preset: 'custom',
			start: '2026-09-01',
			end: '2026-09-30',
			compareStart: '2026-08-01',
			compareEnd: '2026-08-31',
		} );
		registry.dispatch( appStore ).showDates( {
			preset: 'last90days',
			start: '2026-08-24',
			end: '2026-11-21',
		} );
		expect( window.location.hash ).toBe(
			'#/forms?start=2026-08-24&end=2026-11-21&preset=last90days'
		);
		expect( app( registry ).getDateQuery()?.preset ).toBe( 'last90days' );
		expect( window.history.length ).toBe( length );
	} );

	it( 'corrects an unknown route in the hash, and a lite custom range asked for with showDates', async () => {
		const registry = start( '#/forms', 'lite' );
		window.location.hash = '#/unknown';
		await tick();
		expect( app( registry ).getRoute() ).toBe( '/' );
		registry.dispatch( appStore ).showDates( {
			preset: 'custom',
			start: '2026-09-01',
			end: '2026-09-30',
		} );
		expect( app( registry ).getDateQuery()?.preset ).toBe( 'last30days' );
		expect( window.location.hash ).toBe( `#/?${ LAST30 }` );
	} );

	it( 'stops listening when stopped', async () => {
		const registry = start( '#/forms' );
		stop?.();
		stop = undefined;
		window.location.hash = '#/media';
		await tick();
		expect( app( registry ).getRoute() ).toBe( '/forms' );
		registry.dispatch( appStore ).showDates( {
			preset: 'last7days',
			start: '2026-11-15',
			end: '2026-11-21',
		} );
		expect( app( registry ).getDateQuery()?.preset ).toBe( 'last30days' );
	} );
} );

describe( 'the matched route', () => {
	afterEach( () => setHash( '' ) );

	it( 'is handed to the listener on start and on every hashchange, the route record itself', async () => {
		setHash( '#/ai-insights/chat/42' );
		const registry = createBootedRegistry( {
			licence: { level: 'pro', source: 'site' },
		} );
		const seen: Array< [ string, string, string | undefined ] > = [];
		const stop = startHashRouter( registry, window, ( matched ) =>
			seen.push( [
				matched.path,
				matched.route.report,
				matched.params.chatId,
			] )
		);
		window.location.hash = '#/forms';
		await tick();
		stop();
		expect( seen ).toEqual( [
			[ '/ai-insights/chat/42', 'ai_chat', '42' ],
			[ '/forms', 'forms', undefined ],
		] );
	} );
} );
