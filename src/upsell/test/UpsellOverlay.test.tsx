import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { UpsellOverlay } from '../UpsellOverlay';
import { getUpsellContent } from '../content';

describe( 'UpsellOverlay', () => {
	it( 'shows the badge of the level needed, the entry and the upgrade button', () => {
		renderIn(
			<UpsellOverlay
				upsellKey="queries"
				feature="queries"
				onSeeSample={ () => {} }
			/>,
			createShellRegistry()
		);
		const content = getUpsellContent( 'queries' );
		const region = screen.getByRole( 'region', { name: content.title } );
		// Search Console needs plus.
		expect( within( region ).getByText( 'PLUS' ) ).toBeInTheDocument();
		expect(
			within( region ).getByText(
				'Upgrade to Plus to unlock this report.'
			)
		).toBeInTheDocument();
		expect( within( region ).queryByText( 'PRO' ) ).not.toBeInTheDocument();
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

	it( "shows a report's own copy, with its name as the upgrade link's campaign", () => {
		renderIn(
			<UpsellOverlay
				upsellKey="downloads"
				content={ {
					mainheading: 'Downloads Report',
					title: 'See Which Files Your Visitors Download.',
					features: [ 'Downloads by file', 'Downloads by day' ],
				} }
				feature="media"
			/>,
			createShellRegistry()
		);
		const region = screen.getByRole( 'region', {
			name: 'See Which Files Your Visitors Download.',
		} );
		expect(
			within( region ).getByText( 'Downloads Report' )
		).toBeInTheDocument();
		expect(
			within( region )
				.getAllByRole( 'listitem' )
				.map( ( li ) => li.textContent )
		).toEqual( [ 'Downloads by file', 'Downloads by day' ] );
		expect(
			within( region ).getByRole( 'link', { name: 'Upgrade and Unlock' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'utm_campaign=downloads' )
		);
	} );

	it( 'names Agency for an agency feature and Pro for a pro one', () => {
		const registry = createShellRegistry( {
			licence: { level: 'pro', source: 'site' },
		} );
		const { unmount } = renderIn(
			<UpsellOverlay upsellKey="exceptions" feature="exceptions" />,
			registry
		);
		expect( screen.getByText( 'AGENCY' ) ).toBeInTheDocument();
		expect(
			screen.getByText( 'Upgrade to Agency to unlock this report.' )
		).toBeInTheDocument();
		expect( screen.queryByText( 'PRO' ) ).not.toBeInTheDocument();
		unmount();
		renderIn(
			<UpsellOverlay upsellKey="ecommerce" feature="ecommerce" />,
			registry
		);
		expect( screen.getByText( 'PRO' ) ).toBeInTheDocument();
		expect(
			screen.getByText( 'Upgrade to Pro to unlock this report.' )
		).toBeInTheDocument();
	} );

	it( 'uses 2 columns above 4 features and 1 otherwise', () => {
		const registry = createShellRegistry();
		const { unmount } = renderIn(
			<UpsellOverlay upsellKey="ecommerce" feature="ecommerce" />,
			registry
		);
		expect( screen.getByRole( 'list' ) ).toHaveClass( 'has-2-columns' );
		unmount();
		renderIn(
			<UpsellOverlay upsellKey="traffic_technology" feature="traffic" />,
			registry
		);
		expect( screen.getByRole( 'list' ) ).toHaveClass( 'has-1-columns' );
	} );

	it( 'offers the sample only when asked to', async () => {
		const onSeeSample = jest.fn();
		const registry = createShellRegistry();
		const { unmount } = renderIn(
			<UpsellOverlay
				upsellKey="forms"
				feature="forms"
				onSeeSample={ onSeeSample }
			/>,
			registry
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		);
		expect( onSeeSample ).toHaveBeenCalledTimes( 1 );
		unmount();
		renderIn(
			<UpsellOverlay upsellKey="userjourney" feature="userjourney" />,
			registry
		);
		expect(
			screen.queryByRole( 'button', { name: 'See a Sample Report' } )
		).not.toBeInTheDocument();
	} );

	it( 'tells plus users what upgrading unlocks', () => {
		renderIn(
			<UpsellOverlay upsellKey="ecommerce" feature="ecommerce" />,
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
