import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from 'chart.js';

import {
	buildTooltipPayload,
	LineChart,
	LINE_CHART_HEIGHT,
	type LineChartProps,
} from '..';
import { groupNotes, noteIndex } from '../payload';
import { ChartOverlay } from '../../ChartOverlay';
import {
	hoverChart,
	lastChartProps,
	resetChartCalls,
	withReducedMotion,
} from '../../test/chartMock';

const PROPS: LineChartProps = {
	id: 'overview-sessions',
	label: 'Sessions',
	labels: [ '1 Nov', '2 Nov', '3 Nov', '4 Nov' ],
	datapoints: [ 10, 20, 15, 1500.5 ],
	trendpoints: [ 0, 100, -25, 9903.33 ],
	timestamps: [ 1000, 2000, 3000, 4000 ],
};

/**
 * Points at a point, as chart.js reports it on hover.
 *
 * @param index   The point.
 * @param leaving The pointer leaves the points.
 */
function hover( index: number, leaving = false ) {
	hoverChart( 'line', leaving ? null : index );
}

function tooltipElement() {
	return document.querySelector< HTMLElement >(
		'.monsterinsights-reports-chart-tooltip'
	);
}

describe( 'LineChart', () => {
	beforeEach( resetChartCalls );

	it( 'registers only the chart.js parts a line chart needs', () => {
		expect( Chart.registry.getElement( 'line' ) ).toBeDefined();
		expect( Chart.registry.getScale( 'category' ) ).toBeDefined();
		// Nothing else: no bar chart, legend, time scale, chart.js tooltip (the tooltip is
		// React's, placed by the hover plugin) or filler (the area plugin fills) in the bundle.
		expect( () => Chart.registry.getPlugin( 'tooltip' ) ).toThrow();
		expect( () => Chart.registry.getPlugin( 'filler' ) ).toThrow();
		expect( () => Chart.registry.getElement( 'bar' ) ).toThrow();
		expect( () => Chart.registry.getPlugin( 'legend' ) ).toThrow();
		expect( () => Chart.registry.getScale( 'time' ) ).toThrow();
	} );

	it( 'passes labels and datapoints to a 355 px line chart', () => {
		render( <LineChart { ...PROPS } /> );
		const props = lastChartProps( 'line' );
		expect( LINE_CHART_HEIGHT ).toBe( 355 );
		expect( props.height ).toBe( 355 );
		expect( props.data.labels ).toEqual( PROPS.labels );
		expect( props.data.datasets ).toHaveLength( 1 );
		expect( props.data.datasets[ 0 ] ).toMatchObject( {
			label: 'Sessions',
			data: [ 10, 20, 15, 1500.5 ],
		} );
		// The area plugin fills the series, not chart.js's `fill` option (which makes chart.js
		// warn in the console when its Filler plugin is not registered).
		expect( props.data.datasets[ 0 ] ).not.toHaveProperty( 'fill' );
		expect( props.options ).toMatchObject( {
			responsive: true,
			maintainAspectRatio: false,
			plugins: {
				legend: { display: false },
				monsterinsightsReportsArea: { datasets: [ 0 ] },
			},
		} );
		expect( props.plugins?.map( ( plugin ) => plugin.id ) ).toEqual( [
			'monsterinsightsReportsArea',
			'monsterinsightsReportsNotes',
			'monsterinsightsReportsHover',
		] );
		expect(
			screen.getByRole( 'img', { name: 'Sessions line chart' } )
		).toBeInTheDocument();
	} );

	it( 'is drawn at once, without growing from the axis, for users who prefer reduced motion', () => {
		withReducedMotion( true, () => {
			render( <LineChart { ...PROPS } /> );
			expect( lastChartProps( 'line' ).options.animation ).toBe( false );
		} );
		withReducedMotion( false, () => {
			render( <LineChart { ...PROPS } /> );
			expect( lastChartProps( 'line' ).options ).not.toHaveProperty(
				'animation'
			);
		} );
	} );

	it( 'gives screen readers the data as a table', () => {
		render( <LineChart { ...PROPS } /> );
		const table = screen.getByRole( 'table', { name: 'Sessions by date' } );
		expect( table ).toHaveTextContent( '4 Nov1,500.50' );
		expect(
			screen.getByRole( 'img', { name: 'Sessions line chart' } )
		).toHaveAccessibleDescription( 'Sessions by date' );
	} );

	it( 'adds a dashed compare series and a legend', () => {
		render(
			<LineChart
				{ ...PROPS }
				compare={ {
					label: 'Previous period',
					datapoints: [ 5, 6, 7, 8 ],
					labels: [ '1 Oct', '2 Oct', '3 Oct', '4 Oct' ],
				} }
			/>
		);
		const { datasets } = lastChartProps( 'line' ).data;
		expect( datasets ).toHaveLength( 2 );
		expect( datasets[ 1 ] ).toMatchObject( {
			label: 'Previous period',
			data: [ 5, 6, 7, 8 ],
			borderDash: [ 5, 5 ],
		} );
		expect( datasets[ 1 ] ).not.toHaveProperty( 'fill' );
		expect( lastChartProps( 'line' ).options ).toMatchObject( {
			plugins: { monsterinsightsReportsArea: { datasets: [ 0 ] } },
		} );
		expect(
			screen.getByText( 'Previous period', { selector: 'li' } )
		).toBeVisible();

		hover( 1 );
		expect( tooltipElement() ).toHaveTextContent( '2 Oct: 6' );
	} );

	it( 'shows the tooltip payload with a green up arrow for a rise', () => {
		render( <LineChart { ...PROPS } /> );
		expect( tooltipElement() ).toBeNull();
		hover( 1 );
		const tooltip = tooltipElement();
		expect( tooltip ).toHaveStyle( { zIndex: '99999' } );
		expect( tooltip ).toHaveAttribute(
			'data-chart-id',
			'overview-sessions'
		);
		expect( tooltip ).toHaveTextContent( '2 Nov20Up 100%Sessions' );
		expect(
			tooltip?.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-positive' );
	} );

	it( 'shows a fall as a red down arrow with the absolute percent', () => {
		render( <LineChart { ...PROPS } /> );
		hover( 2 );
		const trend = tooltipElement()?.querySelector(
			'.monsterinsights-reports-trend'
		);
		expect( trend ).toHaveClass( 'is-negative' );
		expect( trend ).toHaveAttribute( 'data-direction', 'down' );
		expect( trend ).toHaveTextContent( 'Down 25%' );
	} );

	it( 'shows a zero change as 0% and hides the tooltip again', () => {
		render( <LineChart { ...PROPS } /> );
		hover( 0 );
		expect(
			tooltipElement()?.querySelector( '.monsterinsights-reports-trend' )
		).toHaveTextContent( /^0%$/ );
		hover( 0, true );
		expect( tooltipElement() ).toBeNull();
	} );

	it( 'colours an inverse metric the other way', () => {
		render( <LineChart { ...PROPS } inverse /> );
		hover( 2 );
		expect(
			tooltipElement()?.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-positive' );
	} );

	it( 'builds the payload in the tooltip order', () => {
		expect(
			buildTooltipPayload(
				{
					...PROPS,
					descriptor: 'Sessions vs. previous day',
					formatValue: ( value ) => `#${ value }`,
					getExtraItems: () => [ { label: 'Users', value: '3' } ],
				},
				3
			)
		).toEqual( {
			label: '4 Nov',
			value: '#1500.5',
			change: 9903.33,
			descriptor: 'Sessions vs. previous day',
			chartId: 'overview-sessions',
			extra: [ { label: 'Users', value: '3' } ],
		} );
		expect(
			buildTooltipPayload( { ...PROPS, trendpoints: undefined }, 0 )
				.change
		).toBeNull();
	} );

	it( 'marks site notes on their dates', async () => {
		const onNoteSelect = jest.fn();
		render(
			<LineChart
				{ ...PROPS }
				notes={ [
					{ index: 1, title: 'Launched the shop', color: '#ff0000' },
					{ timestamp: 2500, title: 'Newsletter' },
					{ timestamp: 3100, title: 'Sale' },
					{ timestamp: 9000, title: 'Off the chart' },
				] }
				onNoteSelect={ onNoteSelect }
			/>
		);
		const first = screen.getByRole( 'button', {
			name: '2 site notes on 2 Nov',
		} );
		expect( first ).toHaveAccessibleDescription(
			'Launched the shop Newsletter'
		);
		expect( first ).toHaveStyle( { background: '#ff0000' } );
		// The fake chart puts point i at 40 + 20 i px and the axis at 300 px.
		expect( first.parentElement ).toHaveStyle( {
			left: '60px',
			top: '300px',
		} );
		expect(
			screen.getByRole( 'button', { name: '1 site note on 3 Nov' } )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Off the chart' ) ).not.toBeInTheDocument();

		await userEvent.click( first );
		expect( onNoteSelect ).toHaveBeenCalledWith( [
			expect.objectContaining( { title: 'Launched the shop' } ),
			expect.objectContaining( { title: 'Newsletter' } ),
		] );
	} );

	it( 'passes the notes plugin to chart.js', () => {
		render( <LineChart { ...PROPS } /> );
		expect(
			lastChartProps( 'line' ).plugins?.some(
				( plugin ) => plugin.id === 'monsterinsightsReportsNotes'
			)
		).toBe( true );
	} );

	it( 'shows a skeleton while loading', () => {
		const { container } = render( <LineChart { ...PROPS } isLoading /> );
		expect( screen.queryByRole( 'img' ) ).not.toBeInTheDocument();
		expect( container.firstChild ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			container.querySelector( '.monsterinsights-reports-skeleton' )
		).toHaveStyle( { height: '355px' } );
	} );

	it( 'lays an overlay over the chart', () => {
		render(
			<LineChart { ...PROPS } labels={ [] } datapoints={ [] }>
				<ChartOverlay />
			</LineChart>
		);
		expect(
			screen.getByText( "We're Waiting for Your Stats!" )
		).toBeInTheDocument();
	} );
} );

describe( 'site note placement', () => {
	it( 'places notes by index or by the timestamp of their point', () => {
		const timestamps = [ 100, 200, 300 ];
		expect( noteIndex( { index: 2, title: '' }, 3 ) ).toBe( 2 );
		expect( noteIndex( { index: 3, title: '' }, 3 ) ).toBeNull();
		expect(
			noteIndex( { timestamp: 100, title: '' }, 3, timestamps )
		).toBe( 0 );
		expect(
			noteIndex( { timestamp: 299, title: '' }, 3, timestamps )
		).toBe( 1 );
		expect(
			noteIndex( { timestamp: 399, title: '' }, 3, timestamps )
		).toBe( 2 );
		expect(
			noteIndex( { timestamp: 400, title: '' }, 3, timestamps )
		).toBeNull();
		expect(
			noteIndex( { timestamp: 99, title: '' }, 3, timestamps )
		).toBeNull();
		expect( noteIndex( { timestamp: 150, title: '' }, 3 ) ).toBeNull();
	} );

	it( 'groups notes of the same point in point order', () => {
		expect(
			groupNotes(
				[
					{ index: 2, title: 'b' },
					{ index: 0, title: 'a' },
					{ index: 2, title: 'c' },
				],
				3
			)
		).toEqual( [
			{ index: 0, notes: [ { index: 0, title: 'a' } ] },
			{
				index: 2,
				notes: [
					{ index: 2, title: 'b' },
					{ index: 2, title: 'c' },
				],
			},
		] );
	} );
} );
