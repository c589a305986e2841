/**
 * The metric settings list offers the revenue and purchase metrics only while the site has a shop.
 */
import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';
import { act, screen } from '@testing-library/react';

import type { BootShop } from '../../../store/app';
import { metricsStore } from '../../../store/metrics';
import type { IncludedMetric } from '../../../store/metrics/types';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import MetricSettingsPanel from '../MetricSettingsPanel';

const METRICS: IncludedMetric[] = [
	{ id: 'sessions', name: 'Sessions', checked: true, isPro: false },
	{ id: 'pageviews', name: 'Pageviews', checked: false, isPro: false },
	{ id: 'revenue_sales', name: 'Revenue', checked: true, isPro: true },
	{
		id: 'average_revenue_per_user',
		name: 'Avg. Revenue per User',
		checked: false,
		isPro: true,
	},
	{
		id: 'average_revenue_per_session',
		name: 'Avg. Revenue per Session',
		checked: false,
		isPro: true,
	},
	{
		id: 'ecommerce_purchases',
		name: 'Ecommerce Purchases',
		checked: false,
		isPro: true,
	},
];

const SHOP: BootShop = {
	platform: 'edd',
	currency: { code: 'USD', symbol: '$', decimals: 2, position: 'left' },
};

async function renderPanel( shop: BootShop | null ) {
	const registry = createShellRegistry( {
		licence: { level: 'pro', source: 'site' },
		shop,
	} );
	registry.dispatch( metricsStore ).receiveIncludedMetrics( METRICS );
	renderIn(
		<MetricSettingsPanel
			anchor={ null }
			open
			upsell={ null }
			onClose={ () => undefined }
			onUpsell={ () => undefined }
			onSaved={ () => undefined }
		/>,
		registry
	);
	// The popover positions itself after the first render.
	await act( async () => undefined );
}

const labels = () =>
	screen
		.getAllByRole( 'checkbox' )
		.map( ( box ) => box.closest( 'div' )?.textContent );

describe( 'MetricSettingsPanel', () => {
	beforeEach( () => {
		apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
	} );

	it( 'offers no revenue or purchase metric without a shop', async () => {
		await renderPanel( null );
		expect( labels() ).toEqual( [ 'Sessions', 'Pageviews' ] );
		expect(
			screen.queryByRole( 'checkbox', { name: /Revenue|Purchases/ } )
		).not.toBeInTheDocument();
	} );

	it( 'offers them with a shop', async () => {
		await renderPanel( SHOP );
		expect( labels() ).toEqual( [
			'Sessions',
			'Pageviews',
			'Revenue',
			'Avg. Revenue per User',
			'Avg. Revenue per Session',
			'Ecommerce Purchases',
		] );
		expect(
			screen.getByRole( 'checkbox', { name: 'Revenue' } )
		).toBeChecked();
	} );
} );
