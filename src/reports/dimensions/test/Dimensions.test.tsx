import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import type {
	DimensionKey,
	DimensionTable,
	DimensionsReport,
} from '../../../store/reports/types';
import { mockApi } from '../../../store/test/api';
import { payload as sample } from '../../../demo/dimensions';
import { DimensionsScreen } from '..';
import {
	registryFor,
	reportCalls,
	expectNoReportRequest,
	tablesBy,
	renderLocked,
	renderScreen,
	Routed,
} from '../../test/screen';

/**
 * The text of every non-padding row of each box, by the box's title.
 *
 * @param container The rendered screen.
 */
const tables = ( container: HTMLElement ) =>
	tablesBy( container, '.monsterinsights-reports-dimensions__box', 'h2' );

const TITLES: Record< DimensionKey, [ string, string ] > = {
	author: [ 'Most Popular Authors', 'Author' ],
	post_type: [ 'Most Popular Post Types', 'Post Type' ],
	category: [ 'Most Popular Categories', 'Category' ],
	tags: [ 'Most Popular Tags', 'Tag' ],
	published_at: [ 'Most Popular Publication Months', 'Published' ],
	logged_in: [ 'Logged-in Status', 'Status' ],
	user_role: [ 'Most Active User Roles', 'User Role' ],
};

/**
 * A dimension's table.
 *
 * @param key  The dimension.
 * @param rows Its rows: label, views.
 */
function table(
	key: DimensionKey,
	rows: Array< [ string, number ] >
): DimensionTable {
	return {
		columns: [
			{
				id: 'label',
				label: TITLES[ key ][ 1 ],
				type: 'text',
				sortable: true,
			},
			{ id: 'pageview', label: 'Views', type: 'number', sortable: true },
		],
		rows: rows.map( ( [ label, pageview ] ) => ( { label, pageview } ) ),
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby: 'pageview',
		order: 'desc',
		search: '',
		error: null,
	};
}

/**
 * A payload: the numbers of tests/php/Shared/Reports/DimensionsReportTest.php.
 *
 * @param enabled The enabled dimensions.
 */
function payload(
	enabled: DimensionKey[] = Object.keys( TITLES ) as DimensionKey[]
): DimensionsReport {
	const info = ( key: DimensionKey ) => ( {
		label: TITLES[ key ][ 0 ],
		name: TITLES[ key ][ 1 ],
		id: key,
		enabled: enabled.includes( key ),
		tooltip: `About ${ key }`,
	} );
	return {
		dimensions: {
			author: info( 'author' ),
			post_type: info( 'post_type' ),
			category: info( 'category' ),
			tags: info( 'tags' ),
			published_at: info( 'published_at' ),
			logged_in: info( 'logged_in' ),
			user_role: info( 'user_role' ),
		},
		author: table( 'author', [
			[ 'Alice Author', 5 ],
			[ 'Bob Writer', 4 ],
		] ),
		post_type: table( 'post_type', [
			[ 'Post', 8 ],
			[ 'Page', 1 ],
		] ),
		category: table( 'category', [
			[ 'News', 6 ],
			[ 'Guides', 5 ],
		] ),
		tags: table( 'tags', [
			[ 'plugins', 6 ],
			[ 'php', 3 ],
		] ),
		published_at: table( 'published_at', [
			[ '2025-02', 5 ],
			[ '2025-01', 3 ],
			[ '2024-12', 1 ],
		] ),
		logged_in: table( 'logged_in', [
			[ 'Logged in', 6 ],
			[ 'Logged out', 6 ],
		] ),
		user_role: table( 'user_role', [
			[ 'Logged out', 6 ],
			[ 'Editor', 1234 ],
			[ 'No role', 1 ],
			[ 'Subscriber', 1 ],
		] ),
	};
}

describe( 'Dimensions report', () => {
	it( 'shows a box per enabled dimension with its exact numbers', async () => {
		const { calls, container } = renderScreen(
			<Routed report="dimensions">
				<DimensionsScreen />
			</Routed>,
			'plus',
			payload()
		);
		await waitFor( () =>
			expect( tables( container ) ).toEqual( {
				'Most Popular Authors': [
					[ 'Alice Author', '5' ],
					[ 'Bob Writer', '4' ],
				],
				'Most Popular Post Types': [
					[ 'Post', '8' ],
					[ 'Page', '1' ],
				],
				'Most Popular Categories': [
					[ 'News', '6' ],
					[ 'Guides', '5' ],
				],
				'Most Popular Tags': [
					[ 'plugins', '6' ],
					[ 'php', '3' ],
				],
				'Most Popular Publication Months': [
					[ '2025-02', '5' ],
					[ '2025-01', '3' ],
					[ '2024-12', '1' ],
				],
				'Logged-in Status': [
					[ 'Logged in', '6' ],
					[ 'Logged out', '6' ],
				],
				'Most Active User Roles': [
					[ 'Logged out', '6' ],
					[ 'Editor', '1,234' ],
					[ 'No role', '1' ],
					[ 'Subscriber', '1' ],
				],
			} )
		);
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Dimensions Report',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'About tags' ) ).toBeInTheDocument();
		expect(
			screen.getAllByRole( 'columnheader', { name: /Views/ } )
		).toHaveLength( 7 );
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/dimensions?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'leaves out the dimensions the setting turns off', async () => {
		mockApi( () => payload( [ 'category', 'user_role' ] ) );
		const { container } = renderIn(
			<Routed report="dimensions">
				<DimensionsScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await waitFor( () =>
			expect( Object.keys( tables( container ) ) ).toEqual( [
				'Most Popular Categories',
				'Most Active User Roles',
			] )
		);
	} );

	it( 'shows its texts for errors and empty tables', async () => {
		const data = payload();
		data.author = {
			...data.author,
			rows: [],
			total: 0,
			error: { code: 'MISSING_CUSTOM_DIMENSION', data: 'Author' },
		};
		data.tags = {
			...data.tags,
			rows: [],
			total: 0,
			error: { code: 'SOMETHING_ELSE', data: '' },
		};
		data.category = { ...data.category, rows: [], total: 0 };
		mockApi( () => data );
		renderIn(
			<Routed report="dimensions">
				<DimensionsScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		const box = async ( name: string ) =>
			within( await screen.findByRole( 'region', { name } ) );
		expect(
			( await box( 'Most Popular Authors' ) ).getByText(
				'Please set up custom dimension "Author" for this report to work.'
			)
		).toBeInTheDocument();
		expect(
			( await box( 'Most Popular Tags' ) ).getByText(
				'An unknown error has occurred.'
			)
		).toBeInTheDocument();
		expect(
			( await box( 'Most Popular Categories' ) ).getByText(
				'No data for this time period.'
			)
		).toBeInTheDocument();
		expect(
			( await box( 'Most Popular Tags' ) ).queryByRole( 'table' )
		).toBeNull();
	} );

	it( 'says there is no data when no dimension is enabled', async () => {
		mockApi( () => payload( [] ) );
		renderIn(
			<Routed report="dimensions">
				<DimensionsScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText( 'No data currently for the report' )
		).toBeInTheDocument();
	} );

	it( 'shows its sample over the same layout under its upsell to basic, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="dimensions">
				<DimensionsScreen />
			</Routed>,
			'dimensions'
		);
		await waitFor( () =>
			expect(
				tables( container )[ 'Most Popular Authors' ]?.map(
					( row ) => row[ 0 ]
				)
			).toEqual(
				sample.author.rows.map( ( row ) => String( row.label ) )
			)
		);
		expect( Object.keys( tables( container ) ) ).toHaveLength( 7 );
		await expectNoReportRequest( calls );
	} );
} );
