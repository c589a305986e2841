import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { createShellRegistry, renderIn } from '../../app/test/shell';
import { UpsellOverlay } from '../UpsellOverlay';
import { getUpsellContent } from '../content';

describe( 'UpsellOverlay', () => {
	it( 'shows the PRO badge, the entry and the upgrade button', () => {
		renderIn(
			<UpsellOverlay upsellKey="queries" onSeeSample={ () => {} } />,
			createShellRegistry()
		);
		const content = getUpsellContent( 'queries' );
		const region = screen.getByRole( 'region', { name: content.title } );
		expect( within( region ).getByText( 'PRO' ) ).toBeInTheDocument();
		expect(
			within( region ).getByText( content.mainheading )
		).toBeInTheDocument();
		expect(
			within( region ).getByRole( 'heading', {
				level: 3,
				name: content.title,
			} )
		).toBeInTheDocument();
		expect(
			within( region )
				.getAllByRole( 'listitem' )
				.map( ( li ) => li.textContent )
		).toEqual( content.features );
		expect(
			within( region ).getByRole( 'link', { name: 'Upgrade and Unlock' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining(
				'utm_campaign=queries&discount=LITEUPGRADE'
			)
		);
		expect( region ).toHaveAttribute( 'data-pdf-exclude' );
	} );

	it( 'uses 2 columns above 4 features and 1 otherwise', () => {
		const registry = createShellRegistry();
		const { unmount } = renderIn(
			<UpsellOverlay upsellKey="ecommerce" />,
			registry
		);
		expect( screen.getByRole( 'list' ) ).toHaveClass( 'has-2-columns' );
		unmount();
		renderIn( <UpsellOverlay upsellKey="traffic_technology" />, registry );
		expect( screen.getByRole( 'list' ) ).toHaveClass( 'has-1-columns' );
	} );

	it( 'offers the sample only when asked to', async () => {
		const onSeeSample = jest.fn();
		const registry = createShellRegistry();
		const { unmount } = renderIn(
			<UpsellOverlay upsellKey="forms" onSeeSample={ onSeeSample } />,
			registry
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		);
		expect( onSeeSample ).toHaveBeenCalledTimes( 1 );
		unmount();
		renderIn( <UpsellOverlay upsellKey="userjourney" />, registry );
		expect(
			screen.queryByRole( 'button', { name: 'See a Sample Report' } )
		).not.toBeInTheDocument();
	} );

	it( 'tells plus users what upgrading unlocks (spec 2 §6)', () => {
		renderIn(
			<UpsellOverlay upsellKey="ecommerce" />,
			createShellRegistry( {
				licence: { level: 'plus', source: 'site' },
			} )
		);
		expect(
			screen.getByText(
				'Plus users unlock all advanced reports on upgrading to Pro or Agency.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Upgrade and Unlock' } )
		).not.toHaveAttribute( 'href', expect.stringContaining( 'discount' ) );
	} );
} );
