import { render, screen, within } from '@testing-library/react';
import { Chart } from 'chart.js';

import {
	PIE_CUTOUT,
	PIE_SIZE,
	PieChart,
	toPercentages,
	type PieSlice,
} from '..';
import {
	hoverChart,
	lastChartProps,
	resetChartCalls,
	withReducedMotion,
} from '../../test/chartMock';

const DEVICES: PieSlice[] = [
	{ label: 'Desktop', value: 60, compareValue: 50 },
	{ label: 'Tablet', value: 5, compareValue: 10 },
	{ label: 'Mobile', value: 35, compareValue: 40 },
];

function legendItems() {
	return within(
		screen.getByRole( 'list', { name: 'Devices legend' } )
	).getAllByRole( 'listitem' );
}

describe( 'PieChart', () => {
	beforeEach( resetChartCalls );

	it( 'registers only the arc element for doughnuts', () => {
		render( <PieChart id="devices" title="Devices" slices={ DEVICES } /> );
		expect( Chart.registry.getElement( 'arc' ) ).toBeDefined();
		expect( () => Chart.registry.getController( 'pie' ) ).toThrow();
		// The tooltip is React's, placed by the hover plugin.
		expect( () => Chart.registry.getPlugin( 'tooltip' ) ).toThrow();
	} );

	it( 'is drawn at once, without its sweep, for users who prefer reduced motion', () => {
		withReducedMotion( true, () => {
			render(
				<PieChart id="devices" title="Devices" slices={ DEVICES } />
			);
			expect( lastChartProps( 'doughnut' ).options.animation ).toBe(
				false
			);
		} );
		withReducedMotion( false, () => {
			render(
				<PieChart id="devices" title="Devices" slices={ DEVICES } />
			);
			expect( lastChartProps( 'doughnut' ).options ).not.toHaveProperty(
				'animation'
			);
		} );
	} );

	it( 'draws a 200 × 200 donut with a 50% hole', () => {
		render( <PieChart id="devices" title="Devices" slices={ DEVICES } /> );
		const props = lastChartProps( 'doughnut' );
		expect( PIE_SIZE ).toBe( 200 );
		expect( PIE_CUTOUT ).toBe( 50 );
		expect( props.width ).toBe( 200 );
		expect( props.height ).toBe( 200 );
		expect( props.options.cutout ).toBe( '50%' );
		expect( props.options.plugins?.legend?.display ).toBe( false );
		expect( props.data.labels ).toEqual( [
			'Desktop',
			'Tablet',
			'Mobile',
		] );
		expect( props.data.datasets[ 0 ]?.data ).toEqual( [ 60, 5, 35 ] );
		expect(
			screen.getByRole( 'img', {
				name: 'Devices: Desktop 60%, Tablet 5%, Mobile 35%',
			} )
		).toBeInTheDocument();
	} );

	it( 'lists each value in percent in the legend', () => {
		render(
			<PieChart
				id="visitors"
				title="Devices"
				slices={ [
					{ label: 'New', value: 2 },
					{ label: 'Returning', value: 1 },
				] }
			/>
		);
		const items = legendItems();
		expect( items[ 0 ] ).toHaveTextContent( 'New66.67%' );
		expect( items[ 1 ] ).toHaveTextContent( 'Returning33.33%' );
	} );

	it( 'uses the long-list legend above 7 values', () => {
		const slice = ( n: number ) => ( {
			label: `Browser ${ n }`,
			value: n,
		} );
		const { container, rerender } = render(
			<PieChart
				id="browsers"
				title="Devices"
				slices={ [ 1, 2, 3, 4, 5, 6, 7 ].map( slice ) }
			/>
		);
		expect( container.firstChild ).not.toHaveClass( 'is-long-list' );
		rerender(
			<PieChart
				id="browsers"
				title="Devices"
				slices={ [ 1, 2, 3, 4, 5, 6, 7, 8 ].map( slice ) }
			/>
		);
		expect( container.firstChild ).toHaveClass( 'is-long-list' );
		expect( legendItems() ).toHaveLength( 8 );
	} );

	it( 'shows two pies side by side with the change in compare mode', () => {
		const { container } = render(
			<PieChart
				id="devices"
				title="Devices"
				slices={ DEVICES }
				compare
				currentLabel="Nov 1 – 30, 2025"
				compareLabel="Oct 2 – 31, 2025"
			/>
		);
		expect( container.firstChild ).toHaveClass( 'is-compare' );
		expect( screen.getAllByTestId( 'doughnut-chart' ) ).toHaveLength( 2 );
		expect( lastChartProps( 'doughnut' ).data.datasets[ 0 ]?.data ).toEqual(
			[ 50, 10, 40 ]
		);
		expect(
			screen.getByText( 'Oct 2 – 31, 2025', { selector: 'figcaption' } )
		).toBeVisible();
		const [ desktop, tablet ] = legendItems();
		// 60% now against 50% before: a rise of 20% of the share.
		expect( desktop ).toHaveTextContent(
			'Desktop60%Oct 2 – 31, 2025 50%Up 20%'
		);
		expect(
			desktop?.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-positive' );
		expect( tablet ).toHaveTextContent( 'Down 50%' );
		expect(
			tablet?.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-negative' );
	} );

	it( 'takes the change of a slice from its props', () => {
		render(
			<PieChart
				id="devices"
				title="Devices"
				slices={ [
					{ label: 'Desktop', value: 1, compareValue: 1, change: -3 },
				] }
				compare
			/>
		);
		expect( legendItems()[ 0 ] ).toHaveTextContent( 'Down 3%' );
	} );

	it( 'shows the tooltip payload: label, percentage, chart id', () => {
		render( <PieChart id="devices" title="Devices" slices={ DEVICES } /> );
		hoverChart( 'doughnut', 2, { x: 100, y: 100 }, 200 );
		const tooltip = document.querySelector(
			'.monsterinsights-reports-chart-tooltip'
		);
		expect( tooltip ).toHaveTextContent( 'Mobile35%' );
		expect( tooltip ).toHaveAttribute( 'data-chart-id', 'devices' );
		expect( tooltip ).toHaveStyle( { zIndex: '99999' } );
	} );

	it( 'says when there is no data', () => {
		render(
			<PieChart
				id="devices"
				title="Devices"
				slices={ [ { label: 'Desktop', value: 0 } ] }
			/>
		);
		expect( screen.getByText( 'No data to show' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'img' ) ).not.toBeInTheDocument();
	} );

	it( 'shows a round skeleton while loading', () => {
		const { container } = render(
			<PieChart id="devices" title="Devices" slices={ [] } isLoading />
		);
		expect( container.firstChild ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			container.querySelector( '.monsterinsights-reports-skeleton' )
		).toHaveClass( 'is-circle' );
	} );
} );

describe( 'toPercentages', () => {
	it( 'divides each value by the total', () => {
		expect( toPercentages( [ 1, 3 ] ) ).toEqual( [ 25, 75 ] );
		expect( toPercentages( [ 0, 0 ] ) ).toEqual( [ 0, 0 ] );
	} );
} );
