import { metricsStore, type IncludedMetric } from '..';
import {
	METRIC_IDS,
	PRO_METRICS,
	metricLabel,
	type MetricId,
} from '../../reports/constants';
import { createTestRegistry } from '../../../../tests/js/registry';
import { mockApi, restError, flush, forbidApiInEachTest } from '../../test/api';

const ROUTE = '/monsterinsights-reports/v1/metrics';

/**
 * Every metric as GET /metrics answers it, with these checked.
 *
 * @param checked The checked ids.
 */
function metrics( checked: MetricId[] ): IncludedMetric[] {
	return METRIC_IDS.map( ( id ) => ( {
		id,
		name: metricLabel( id ),
		checked: checked.includes( id ),
		isPro: PRO_METRICS.includes( id ),
	} ) );
}

const unexpected = forbidApiInEachTest();

describe( 'metrics store', () => {
	it( 'selects the checked ids in order from seeded metrics', async () => {
		const registry = createTestRegistry();
		registry
			.dispatch( metricsStore )
			.receiveIncludedMetrics( metrics( [ 'bounce_rate', 'sessions' ] ) );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions', 'bounce_rate' ] );
		expect(
			registry.select( metricsStore ).getIncludedMetrics()
		).toHaveLength( 13 );
		await flush();
		expect( unexpected ).toEqual( [] );
	} );

	it( 'falls back to sessions when none is checked', () => {
		const registry = createTestRegistry();
		registry
			.dispatch( metricsStore )
			.receiveIncludedMetrics( metrics( [] ) );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions' ] );
	} );

	it( 'returns the same array while the metrics do not change', () => {
		const registry = createTestRegistry();
		registry
			.dispatch( metricsStore )
			.receiveIncludedMetrics( metrics( [ 'pageviews' ] ) );
		const first = registry.select( metricsStore ).getSelectedMetricIds();
		expect( registry.select( metricsStore ).getSelectedMetricIds() ).toBe(
			first
		);
	} );

	it( 'loads the metrics on first use of either selector', async () => {
		const calls = mockApi( () => metrics( [ 'sessions', 'pageviews' ] ) );
		const registry = createTestRegistry();
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions' ] );
		expect(
			registry.select( metricsStore ).getIncludedMetrics()
		).toBeUndefined();
		await flush();
		await flush();
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions', 'pageviews' ] );
		expect( calls ).toEqual( [ { path: ROUTE, method: 'GET' } ] );
	} );

	it( 'saves the selection comma-separated and stores the answer', async () => {
		const calls = mockApi( () => ( {
			success: true,
			metrics: metrics( [ 'sessions', 'new_users' ] ),
		} ) );
		const registry = createTestRegistry();
		registry
			.dispatch( metricsStore )
			.receiveIncludedMetrics( metrics( [ 'sessions' ] ) );

		const saving = registry
			.dispatch( metricsStore )
			.saveIncludedMetrics( [ 'sessions', 'new_users' ] );
		expect( registry.select( metricsStore ).isSavingMetrics() ).toBe(
			true
		);
		expect( await saving ).toEqual( {
			success: true,
			metrics: metrics( [ 'sessions', 'new_users' ] ),
		} );
		expect( registry.select( metricsStore ).isSavingMetrics() ).toBe(
			false
		);
		expect( calls ).toEqual( [
			{
				path: ROUTE,
				method: 'POST',
				data: { selected_metrics: 'sessions,new_users' },
			},
		] );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions', 'new_users' ] );
	} );

	it( 'returns the server’s error text for the toast and keeps the selection', async () => {
		mockApi( () =>
			restError( 'too_many_metrics', 'Select up to 7 metrics', {
				status: 400,
			} )
		);
		const registry = createTestRegistry();
		registry
			.dispatch( metricsStore )
			.receiveIncludedMetrics( metrics( [ 'sessions' ] ) );

		expect(
			await registry
				.dispatch( metricsStore )
				.saveIncludedMetrics( [ ...METRIC_IDS ] )
		).toEqual( { success: false, error: 'Select up to 7 metrics' } );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'sessions' ] );
		expect( registry.select( metricsStore ).isSavingMetrics() ).toBe(
			false
		);
	} );

	it( 'says "Please try again." when the error has no text', async () => {
		mockApi( () => Promise.reject( {} ) );
		const registry = createTestRegistry();
		expect(
			await registry
				.dispatch( metricsStore )
				.saveIncludedMetrics( [ 'sessions' ] )
		).toEqual( { success: false, error: 'Please try again.' } );
	} );
} );
