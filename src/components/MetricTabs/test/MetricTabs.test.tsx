import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from '@wordpress/element';

import { MetricTabs, type MetricTab } from '..';

const TABS: MetricTab[] = [
	{ key: 'sessions', label: 'Sessions', value: '1,234' },
	{ key: 'pageviews', label: 'Pageviews', value: '5,678' },
	{ key: 'bounce_rate', label: 'Bounce Rate', value: '40%' },
];

function Controlled( {
	initial,
	onSelect,
}: {
	initial?: string;
	onSelect?: ( key: string ) => void;
} ) {
	const [ selected, setSelected ] = useState( initial );
	return (
		<MetricTabs
			label="Metrics"
			tabs={ TABS }
			selected={ selected }
			onSelect={ ( key ) => {
				setSelected( key );
				onSelect?.( key );
			} }
		>
			<p>Chart of { selected }</p>
		</MetricTabs>
	);
}

describe( 'MetricTabs', () => {
	it( 'renders a labelled tab list with the first tab selected by default', () => {
		render( <Controlled /> );
		expect(
			screen.getByRole( 'tablist', { name: 'Metrics' } )
		).toBeVisible();
		const tabs = screen.getAllByRole( 'tab' );
		expect( tabs ).toHaveLength( 3 );
		expect( tabs[ 0 ] ).toHaveAttribute( 'aria-selected', 'true' );
		expect( tabs[ 0 ] ).toHaveAttribute( 'tabindex', '0' );
		expect( tabs[ 1 ] ).toHaveAttribute( 'tabindex', '-1' );
		expect( tabs[ 0 ] ).toHaveTextContent( 'Sessions1,234' );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveAccessibleName(
			'Sessions 1,234'
		);
	} );

	it( 'selects a tab on click', async () => {
		const onSelect = jest.fn();
		render( <Controlled initial="sessions" onSelect={ onSelect } /> );
		await userEvent.click(
			screen.getByRole( 'tab', { name: /Pageviews/ } )
		);
		expect( onSelect ).toHaveBeenCalledWith( 'pageviews' );
		expect(
			screen.getByRole( 'tab', { name: /Pageviews/ } )
		).toHaveAttribute( 'aria-selected', 'true' );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveTextContent(
			'Chart of pageviews'
		);
	} );

	it( 'moves and selects with the arrow keys, Home and End, wrapping around', async () => {
		const onSelect = jest.fn();
		render( <Controlled initial="sessions" onSelect={ onSelect } /> );
		await userEvent.tab();
		expect( screen.getByRole( 'tab', { name: /Sessions/ } ) ).toHaveFocus();

		await userEvent.keyboard( '{ArrowRight}' );
		expect(
			screen.getByRole( 'tab', { name: /Pageviews/ } )
		).toHaveFocus();
		expect( onSelect ).toHaveBeenLastCalledWith( 'pageviews' );

		await userEvent.keyboard( '{End}' );
		expect(
			screen.getByRole( 'tab', { name: /Bounce Rate/ } )
		).toHaveFocus();
		expect( onSelect ).toHaveBeenLastCalledWith( 'bounce_rate' );

		await userEvent.keyboard( '{ArrowRight}' );
		expect( screen.getByRole( 'tab', { name: /Sessions/ } ) ).toHaveFocus();
		expect( onSelect ).toHaveBeenLastCalledWith( 'sessions' );

		await userEvent.keyboard( '{ArrowLeft}' );
		expect(
			screen.getByRole( 'tab', { name: /Bounce Rate/ } )
		).toHaveFocus();

		await userEvent.keyboard( '{Home}' );
		expect( screen.getByRole( 'tab', { name: /Sessions/ } ) ).toHaveFocus();
		expect( onSelect ).toHaveBeenLastCalledWith( 'sessions' );
	} );

	it( 'keeps one tab stop: Tab leaves the tab list for the panel content', async () => {
		render(
			<>
				<MetricTabs
					label="Metrics"
					tabs={ TABS }
					selected="pageviews"
					onSelect={ () => {} }
				>
					<button type="button">Inside</button>
				</MetricTabs>
			</>
		);
		await userEvent.tab();
		expect(
			screen.getByRole( 'tab', { name: /Pageviews/ } )
		).toHaveFocus();
		await userEvent.tab();
		expect(
			screen.getByRole( 'button', { name: 'Inside' } )
		).toHaveFocus();
	} );

	it( 'renders actions beside the tabs', () => {
		render(
			<MetricTabs
				label="Metrics"
				tabs={ TABS }
				onSelect={ () => {} }
				actions={ <button type="button">Settings</button> }
			/>
		);
		expect(
			screen.getByRole( 'button', { name: 'Settings' } )
		).toBeInTheDocument();
	} );
} );
