import { appStore } from '../../app';
import type { DateQuery } from '../../app/types';
import {
	reportsStore,
	reportKey,
	reportPath,
	tableKey,
	tablePath,
	type TableRequest,
	OverviewReport,
	SiteSummaryReport,
	TablePage,
} from '..';
import {
	createBootedRegistry,
	createTestRegistry,
	type TestRegistry,
} from '../../../../tests/js/registry';
import {
	deferred,
	mockApi,
	restError,
	type ApiCall,
	flush,
	forbidApiInEachTest,
} from '../../test/api';
import overviewFixture from './fixtures/overview.json';
import siteSummaryFixture from './fixtures/site_summary.json';

const overview: OverviewReport = overviewFixture;
const siteSummary: SiteSummaryReport = siteSummaryFixture;

const LAST30: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};
const COMPARED: DateQuery = {
	preset: 'last7days',
	start: '2026-11-15',
	end: '2026-11-21',
	compareStart: '2026-11-08',
	compareEnd: '2026-11-14',
};

/**
 * Selects a report and waits until its resolution finished.
 *
 * @param registry The registry.
 * @param name     Report name.
 * @param query    The date query.
 */
async function resolveReport(
	registry: TestRegistry,
	name: string,
	query: DateQuery
): Promise< unknown > {
	// The registry type @wordpress/data declares omits resolveSelect, which every registry has.
	const { resolveSelect } = registry as TestRegistry & {
		resolveSelect: ( store: typeof reportsStore ) => {
			getReport: ( name: string, query: DateQuery ) => Promise< unknown >;
		};
	};
	return resolveSelect( reportsStore ).getReport( name, query );
}

const unexpected = forbidApiInEachTest();

describe( 'request keys and paths', () => {
	it( 'keys by name and dates only', () => {
		expect( reportKey( 'overview', LAST30 ) ).toBe(
			reportKey( 'overview', {
				end: '2026-11-21',
				start: '2026-10-23',
				preset: 'custom',
			} )
		);
		expect( reportKey( 'overview', LAST30 ) ).not.toBe(
			reportKey( 'site_summary', LAST30 )
		);
		expect( reportKey( 'overview', COMPARED ) ).not.toBe(
			reportKey( 'overview', {
				...COMPARED,
				compareStart: undefined,
				compareEnd: undefined,
			} )
		);
		// Half a compare range is no compare range.
		expect(
			reportKey( 'overview', { ...LAST30, compareStart: '2026-09-23' } )
		).toBe( reportKey( 'overview', LAST30 ) );
	} );

	it( 'asks the report route with the dates', () => {
		expect( reportPath( 'overview', LAST30 ) ).toBe(
			'/monsterinsights-reports/v1/reports/overview?start=2026-10-23&end=2026-11-21'
		);
		expect( reportPath( 'site_summary', COMPARED ) ).toBe(
			'/monsterinsights-reports/v1/reports/site_summary?start=2026-11-15&end=2026-11-21&compare_start=2026-11-08&compare_end=2026-11-14'
		);
	} );
} );

describe( 'getReport', () => {
	it( 'returns a seeded payload without fetching', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( reportsStore )
			.receiveReport( 'overview', LAST30, overview );

		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toBe( overview );
		// Another preset with the same dates is the same report.
		expect(
			registry
				.select( reportsStore )
				.getReport( 'overview', { ...LAST30, preset: 'custom' } )
		).toBe( overview );
		await flush();
		expect(
			registry
				.select( reportsStore )
				.isReportLoading( 'overview', LAST30 )
		).toBe( false );
		expect( unexpected ).toEqual( [] );
	} );

	it( 'is undefined while loading, then the payload', async () => {
		const response = deferred< unknown >();
		const calls = mockApi( () => response.promise );
		const registry = createTestRegistry();

		expect(
			registry
				.select( reportsStore )
				.getReport( 'site_summary', COMPARED )
		).toBeUndefined();
		await flush();
		expect(
			registry
				.select( reportsStore )
				.isReportLoading( 'site_summary', COMPARED )
		).toBe( true );
		expect( calls ).toEqual< ApiCall[] >( [
			{
				path: reportPath( 'site_summary', COMPARED ),
				method: 'GET',
			},
		] );

		response.resolve( siteSummary );
		await flush();
		const selected = registry
			.select( reportsStore )
			.getReport( 'site_summary', COMPARED );
		expect( selected ).toEqual( siteSummary );
		expect( selected?.summary[ '0' ] ).toBe( 48210 );
		expect(
			registry
				.select( reportsStore )
				.isReportLoading( 'site_summary', COMPARED )
		).toBe( false );
	} );

	it( 'fetches once for repeated and equivalent selections while in flight', async () => {
		const response = deferred< unknown >();
		const calls = mockApi( () => response.promise );
		const registry = createTestRegistry();
		const select = registry.select( reportsStore );

		select.getReport( 'overview', LAST30 );
		select.getReport( 'overview', LAST30 );
		select.getReport( 'overview', { ...LAST30 } );
		await flush();
		select.getReport( 'overview', { ...LAST30, preset: 'custom' } );
		select.getReport( 'overview', {
			end: LAST30.end,
			start: LAST30.start,
			preset: 'last30days',
		} );
		await flush();
		expect( calls ).toHaveLength( 1 );

		response.resolve( overview );
		await flush();
		select.getReport( 'overview', { ...LAST30, preset: 'custom' } );
		await flush();
		expect( calls ).toHaveLength( 1 );
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toEqual( overview );
	} );

	it( 'answers an equivalent query when the request in flight settles', async () => {
		const response = deferred< unknown >();
		const calls = mockApi( () => response.promise );
		const registry = createTestRegistry();

		const first = resolveReport( registry, 'overview', LAST30 );
		await flush();
		const second = resolveReport( registry, 'overview', {
			...LAST30,
			preset: 'custom',
		} );
		response.resolve( overview );

		expect( await first ).toEqual( overview );
		expect( await second ).toEqual( overview );
		expect( calls ).toHaveLength( 1 );
	} );

	it( 'finishes the resolution of a seeded report', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( reportsStore )
			.receiveReport( 'site_summary', LAST30, siteSummary );
		expect(
			await resolveReport( registry, 'site_summary', LAST30 )
		).toEqual( siteSummary );
		expect(
			registry
				.select( reportsStore )
				.hasFinishedResolution( 'getReport', [
					'site_summary',
					LAST30,
				] )
		).toBe( true );
	} );

	it( 'fetches each report and range of its own', async () => {
		const calls = mockApi( ( call ) =>
			call.path.includes( 'site_summary' ) ? siteSummary : overview
		);
		const registry = createTestRegistry();
		await Promise.all( [
			resolveReport( registry, 'overview', LAST30 ),
			resolveReport( registry, 'overview', COMPARED ),
			resolveReport( registry, 'site_summary', LAST30 ),
		] );
		expect( calls.map( ( call ) => call.path ).sort() ).toEqual(
			[
				reportPath( 'overview', LAST30 ),
				reportPath( 'overview', COMPARED ),
				reportPath( 'site_summary', LAST30 ),
			].sort()
		);
		expect(
			registry.select( reportsStore ).getReport( 'site_summary', LAST30 )
		).toEqual( siteSummary );
	} );
} );

describe( 'errors', () => {
	it( 'not_connected turns on noauth and blur', async () => {
		mockApi( () =>
			restError(
				'not_connected',
				'Connect a data source before viewing reports.',
				{ status: 409 }
			)
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );

		expect( registry.select( appStore ).getFlags() ).toMatchObject( {
			noauth: true,
			blur: true,
		} );
		expect(
			registry.select( reportsStore ).getReportError( 'overview', LAST30 )
		).toEqual( {
			code: 'not_connected',
			message: 'Connect a data source before viewing reports.',
			status: 409,
		} );
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toBeUndefined();
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'google_reauth turns on the re-auth notice and opens the reconnect dialog once', async () => {
		mockApi( () =>
			restError( 'google_reauth', 'Reconnect Google Analytics.', {
				status: 401,
				reason: 'invalid_grant: Token has been expired or revoked.',
			} )
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );

		expect( registry.select( appStore ).getFlags().reauth ).toBe( true );
		expect( registry.select( reportsStore ).getErrorDialog() ).toEqual( {
			title: 'Reconnect Google Analytics',
			text: 'Reconnect Google Analytics.',
			action: 'reconnect',
		} );
		expect(
			registry.select( reportsStore ).getReportError( 'overview', LAST30 )
		).toEqual( {
			code: 'google_reauth',
			message: 'Reconnect Google Analytics.',
			status: 401,
			reason: 'invalid_grant: Token has been expired or revoked.',
		} );

		// A second report's refusal does not open it again.
		registry.dispatch( reportsStore ).dismissErrorDialog();
		await resolveReport( registry, 'site_summary', LAST30 );
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'google_forbidden records the reason for the not-connected screen', async () => {
		mockApi( () =>
			restError( 'google_forbidden', 'Google refused access.', {
				status: 403,
				reason: 'User does not have sufficient permissions for this property.',
			} )
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );

		expect( registry.select( appStore ).getAuthProblem() ).toBe(
			'Google refused access. User does not have sufficient permissions for this property.'
		);
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it.each( [ 'google_quota', 'google_unavailable', 'google_malformed' ] )(
		'%s opens the error dialog with a retry',
		async ( code ) => {
			mockApi( () =>
				restError( code, 'Google did not answer in time.', {
					status: 503,
				} )
			);
			const registry = createBootedRegistry();
			await resolveReport( registry, 'overview', LAST30 );

			expect( registry.select( reportsStore ).getErrorDialog() ).toEqual(
				{
					title: 'Error',
					text: 'Google did not answer in time.',
					action: 'retry',
				}
			);
			expect( registry.select( appStore ).getFlags().reauth ).toBe(
				false
			);
		}
	);

	it( 'invalid_date_range resets the dates to the last 30 days of the site', async () => {
		mockApi( () =>
			restError( 'invalid_date_range', 'The date range is not valid.', {
				status: 400,
			} )
		);
		const registry = createBootedRegistry();
		const bad: DateQuery = {
			preset: 'custom',
			start: '2026-11-20',
			end: '2026-12-01',
		};
		registry.dispatch( appStore ).setDateQuery( bad );
		await resolveReport( registry, 'overview', bad );

		// Boot data: site.today is 2026-11-22.
		// Asked for through the URL's hash, where the hash router takes the dates from.
		expect( window.location.hash ).toBe(
			'#/?start=2026-10-23&end=2026-11-21&preset=last30days'
		);
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'upgrade_required locks the report with the level needed', async () => {
		mockApi( ( call ) =>
			call.path.includes( '/exceptions' )
				? restError( 'upgrade_required', 'Upgrade', { status: 403 } )
				: restError( 'upgrade_required', 'Upgrade', {
						status: 403,
						level: 'plus',
				  } )
		);
		const registry = createBootedRegistry();
		const select = () => registry.select( reportsStore );
		expect( select().isReportLocked( 'publisher' ) ).toBe( false );

		await resolveReport( registry, 'publisher', LAST30 );
		await resolveReport( registry, 'exceptions', LAST30 );

		expect( select().isReportLocked( 'publisher' ) ).toBe( true );
		expect( select().getReportLockLevel( 'publisher' ) ).toBe( 'plus' );
		// Without a level in the error, the tier table says.
		expect( select().getReportLockLevel( 'exceptions' ) ).toBe( 'agency' );
		expect( select().isReportLocked( 'overview' ) ).toBe( false );
		expect( select().getReportLockLevel( 'overview' ) ).toBeUndefined();
		expect( select().getErrorDialog() ).toBeNull();
	} );

	it( 'upgrade_required for the dates resets them instead of locking the report', async () => {
		mockApi( () =>
			restError( 'upgrade_required', 'Upgrade to pick dates.', {
				status: 403,
				level: 'basic',
				feature: 'custom_date_range',
			} )
		);
		const registry = createBootedRegistry();
		const custom: DateQuery = {
			preset: 'custom',
			start: '2026-11-01',
			end: '2026-11-10',
		};
		registry.dispatch( appStore ).setDateQuery( custom );
		await resolveReport( registry, 'overview', custom );

		// Asked for through the URL's hash, where the hash router takes the dates from.
		expect( window.location.hash ).toBe(
			'#/?start=2026-10-23&end=2026-11-21&preset=last30days'
		);
		expect(
			registry.select( reportsStore ).isReportLocked( 'overview' )
		).toBe( false );
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'an eCommerce report without a shop keeps its error for the screen, no dialog', async () => {
		mockApi( () =>
			restError( 'no_shop', 'The eCommerce module is off.', {
				status: 400,
			} )
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'ecommerce', LAST30 );

		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
		expect(
			registry
				.select( reportsStore )
				.getReportError( 'ecommerce', LAST30 )
		).toMatchObject( { code: 'no_shop', status: 400 } );
	} );

	it( 'anything else opens the error dialog with the message', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );

		expect( registry.select( reportsStore ).getErrorDialog() ).toEqual( {
			title: 'Error',
			text: 'Sorry, you are not allowed.',
		} );
		registry.dispatch( reportsStore ).dismissErrorDialog();
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'says "Please try again." when there is no message', async () => {
		mockApi( () => Promise.reject( new TypeError() ) );
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );

		expect( registry.select( reportsStore ).getErrorDialog() ).toEqual( {
			title: 'Error',
			text: 'Please try again.',
		} );
		expect(
			registry.select( reportsStore ).getReportError( 'overview', LAST30 )
		).toEqual( { code: 'unknown_error', message: '' } );
	} );

	it( 'shows api-fetch’s own network message', async () => {
		mockApi( () =>
			Promise.reject( {
				code: 'fetch_error',
				message: 'You are probably offline.',
			} )
		);
		const registry = createBootedRegistry();
		await resolveReport( registry, 'overview', LAST30 );
		expect( registry.select( reportsStore ).getErrorDialog()?.text ).toBe(
			'You are probably offline.'
		);
	} );
} );

describe( 'invalidation', () => {
	it( 'invalidateReport fetches that report again, not the others', async () => {
		let version = 0;
		const calls = mockApi( ( call ) =>
			call.path.includes( 'site_summary' )
				? siteSummary
				: { ...overview, show_chart_overlay: ++version > 1 }
		);
		const registry = createTestRegistry();
		await resolveReport( registry, 'overview', LAST30 );
		await resolveReport( registry, 'site_summary', LAST30 );
		expect( calls ).toHaveLength( 2 );

		await registry.dispatch( reportsStore ).invalidateReport( 'overview' );
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toBeUndefined();
		expect(
			registry.select( reportsStore ).getReport( 'site_summary', LAST30 )
		).toEqual( siteSummary );

		const fresh = ( await resolveReport(
			registry,
			'overview',
			LAST30
		) ) as OverviewReport;
		await resolveReport( registry, 'site_summary', LAST30 );
		expect( fresh.show_chart_overlay ).toBe( true );
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			reportPath( 'overview', LAST30 ),
			reportPath( 'site_summary', LAST30 ),
			reportPath( 'overview', LAST30 ),
		] );
	} );

	it( 'refreshReports fetches every report again', async () => {
		const calls = mockApi( () => overview );
		const registry = createTestRegistry();
		await resolveReport( registry, 'overview', LAST30 );
		await resolveReport( registry, 'site_summary', LAST30 );

		await registry.dispatch( reportsStore ).refreshReports();
		await resolveReport( registry, 'overview', LAST30 );
		await resolveReport( registry, 'site_summary', LAST30 );
		expect( calls ).toHaveLength( 4 );
	} );

	it( 'drops the answer of a request superseded by an invalidation', async () => {
		const first = deferred< unknown >();
		const second = deferred< unknown >();
		const answers = [ first.promise, second.promise ];
		const calls = mockApi( () => answers.shift() );
		const registry = createTestRegistry();

		registry.select( reportsStore ).getReport( 'overview', LAST30 );
		await flush();
		await registry.dispatch( reportsStore ).invalidateReport( 'overview' );
		registry.select( reportsStore ).getReport( 'overview', LAST30 );
		await flush();
		expect( calls ).toHaveLength( 2 );

		const newer = { ...overview, show_chart_overlay: true };
		second.resolve( newer );
		await flush();
		first.resolve( { ...overview, show_chart_overlay: false } );
		await flush();
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toBe( newer );
	} );

	it( 'asks again when an invalidation forgot the request in flight', async () => {
		// Nothing selects the report between the invalidation and the old answer: the registry
		// counts the resolution as finished, so the resolver must ask again by itself.
		const first = deferred< unknown >();
		const newer = { ...overview, show_chart_overlay: true };
		const answers: unknown[] = [ first.promise, newer ];
		const calls = mockApi( () => answers.shift() );
		const registry = createTestRegistry();

		registry.select( reportsStore ).getReport( 'overview', LAST30 );
		await flush();
		await registry.dispatch( reportsStore ).invalidateReport( 'overview' );
		first.resolve( { ...overview, show_chart_overlay: false } );
		await flush();
		await flush();

		expect( calls ).toHaveLength( 2 );
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toBe( newer );
	} );

	it( 'drops a late error of a superseded request', async () => {
		const first = deferred< unknown >();
		const answers: Array< Promise< unknown > > = [
			first.promise,
			Promise.resolve( overview ),
		];
		mockApi( () => answers.shift() );
		const registry = createBootedRegistry();

		registry.select( reportsStore ).getReport( 'overview', LAST30 );
		await flush();
		await registry.dispatch( reportsStore ).invalidateReport( 'overview' );
		await resolveReport( registry, 'overview', LAST30 );

		first.reject( { code: 'rest_error', message: 'Late', data: {} } );
		await flush();
		expect(
			registry.select( reportsStore ).getReport( 'overview', LAST30 )
		).toEqual( overview );
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
		expect(
			registry.select( reportsStore ).getReportError( 'overview', LAST30 )
		).toBeUndefined();
	} );
} );

describe( 'getTablePage', () => {
	const request: TableRequest = {
		report: 'engagement_pages',
		table: 'pages',
		dates: { start: '2026-10-23', end: '2026-11-21' },
		params: {
			search: 'blog',
			orderby: 'pageviews',
			order: 'desc',
			page: 2,
			per_page: 10,
		},
	};
	const page: TablePage = {
		columns: [
			{ id: 'page_path', label: 'Page', type: 'text', sortable: true },
		],
		rows: [ { page_path: '/blog/' } ],
		total: 11,
		page: 2,
		per_page: 10,
		orderby: 'pageviews',
		order: 'desc',
		search: 'blog',
	};

	it( 'asks the tables route with the dates, search, order and page', () => {
		expect( tablePath( request ) ).toBe(
			'/monsterinsights-reports/v1/reports/engagement_pages/tables/pages?start=2026-10-23&end=2026-11-21&search=blog&orderby=pageviews&order=desc&page=2&per_page=10'
		);
		expect( tableKey( request ) ).not.toBe(
			tableKey( { ...request, params: { ...request.params, page: 3 } } )
		);
	} );

	it( 'fetches a page once, then answers it from the store', async () => {
		const calls = mockApi( () => page );
		const registry = createTestRegistry();

		expect(
			registry.select( reportsStore ).getTablePage( request )
		).toBeUndefined();
		await flush();
		expect(
			registry.select( reportsStore ).getTablePage( { ...request } )
		).toEqual( page );
		await flush();
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			tablePath( request ),
		] );
	} );

	it( 'stores a failed page as its error, without the error dialog', async () => {
		mockApi( () => restError( 'rest_error', 'Boom', { status: 500 } ) );
		const registry = createBootedRegistry();

		registry.select( reportsStore ).getTablePage( request );
		await flush();
		await flush();
		expect(
			registry.select( reportsStore ).getTablePageError( request )
		).toMatchObject( { code: 'rest_error', message: 'Boom' } );
		expect(
			registry.select( reportsStore ).getTablePage( request )
		).toBeUndefined();
		expect( registry.select( reportsStore ).getErrorDialog() ).toBeNull();
	} );

	it( 'is forgotten with its report, and fetched again', async () => {
		const calls = mockApi( () => page );
		const registry = createTestRegistry();
		registry.select( reportsStore ).getTablePage( request );
		await flush();

		await registry
			.dispatch( reportsStore )
			.invalidateReport( 'engagement_pages' );
		expect(
			registry.select( reportsStore ).getTablePage( request )
		).toBeUndefined();
		await flush();
		expect(
			registry.select( reportsStore ).getTablePage( request )
		).toEqual( page );
		expect( calls ).toHaveLength( 2 );
	} );
} );
