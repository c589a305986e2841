import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { LiteBanner } from '../LiteBanner';
import { ProMetricUpsell } from '../ProMetricUpsell';

describe( 'LiteBanner', () => {
	it( 'offers 50% off with the coupon code and links to the upgrade', () => {
		renderIn( <LiteBanner />, createShellRegistry() );
		expect(
			screen.getByText( /get 50% off with the coupon code/ )
		).toBeInTheDocument();
		expect( screen.getByText( 'LITEUPGRADE' ).tagName ).toBe( 'CODE' );
		expect(
			screen.getByRole( 'link', { name: 'Upgrade to Pro' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining(
				'utm_campaign=lite-banner&discount=LITEUPGRADE'
			)
		);
	} );
} );

describe( 'ProMetricUpsell', () => {
	it( 'renders nothing while closed', () => {
		renderIn(
			<ProMetricUpsell
				open={ false }
				onClose={ () => {} }
				metricName="Revenue"
			/>,
			createShellRegistry()
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'names the metric, links to the upgrade and closes', async () => {
		const onClose = jest.fn();
		renderIn(
			<ProMetricUpsell open onClose={ onClose } metricName="Revenue" />,
			createShellRegistry()
		);
		expect(
			screen.getByRole( 'dialog', { name: 'Revenue is a PRO metric' } )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Lite users get 50% off with the coupon code LITEUPGRADE.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Upgrade to Pro' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'utm_campaign=pro-metric' )
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Not now' } )
		);
		expect( onClose ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'does not offer the lite coupon to paying licences', () => {
		renderIn(
			<ProMetricUpsell open onClose={ () => {} } metricName="Revenue" />,
			createShellRegistry( {
				licence: { level: 'basic', source: 'site' },
			} )
		);
		expect( screen.queryByText( /coupon code/ ) ).not.toBeInTheDocument();
	} );
} );
