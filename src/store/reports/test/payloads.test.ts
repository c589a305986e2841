/**
 * The payload fixtures against the payload types: tsc checks that each fixture has every property
 * its interface requires, with its type (the assignments below); PHPUnit
 * (tests/php/Shared/ReportPayloadContractTest.php) checks that the same files match the routes'
 * schemas property for property. These checks cover what tsc cannot see.
 */
import {
	METRIC_IDS,
	type DimensionsReport,
	type ExceptionCategory,
	type ExceptionsReport,
	type FormsReport,
	type MediaReport,
	type OverviewReport,
	type SiteSpeedReport,
	type SiteSummaryReport,
} from '..';
import dimensionsFixture from './fixtures/dimensions.json';
import exceptionsFixture from './fixtures/exceptions.json';
import formsFixture from './fixtures/forms.json';
import mediaFixture from './fixtures/media.json';
import overviewFixture from './fixtures/overview.json';
import siteSummaryFixture from './fixtures/site_summary.json';
import { SITE_SPEED } from './fixtures/sitespeed';

const overview: OverviewReport = overviewFixture;
const siteSummary: SiteSummaryReport = siteSummaryFixture;
/**
 * A payload type as a JSON import types it: string and number literals widen to string and number
 * (a column's type, an order), the shape stays.
 */
type Json< T > = T extends string
	? string
	: T extends number | boolean | null | undefined
	? T
	: T extends Array< infer Item >
	? Array< Json< Item > >
	: { [ Key in keyof T ]: Json< T[ Key ] > };

const dimensions: Json< DimensionsReport > = dimensionsFixture;
const siteSpeed: SiteSpeedReport = SITE_SPEED;
const forms: Json< FormsReport > = formsFixture;
const media: Json< MediaReport > = mediaFixture;

const CATEGORIES: ExceptionCategory[] = [
	'engagement',
	'ecommerce',
	'marketing',
];

/**
 * A category of the fixture: a JSON import widens the union to string, so it is checked here.
 *
 * @param value The fixture's value.
 */
function categoryOf( value: string ): ExceptionCategory {
	const found = CATEGORIES.find( ( category ) => category === value );
	if ( ! found ) {
		throw new Error( `Unknown exception category: ${ value }` );
	}
	return found;
}

const exceptions: ExceptionsReport = {
	...exceptionsFixture,
	items: exceptionsFixture.items.map( ( item ) => ( {
		...item,
		category: categoryOf( item.category ),
	} ) ),
};

describe( 'payload fixtures', () => {
	it( 'give both Site Speed devices the six metrics of spec 3 §3', () => {
		for ( const figures of [ siteSpeed.desktop, siteSpeed.mobile ] ) {
			expect( Object.keys( figures ).sort() ).toEqual( [
				'audit',
				'cumulative_layout_shift',
				'first_contentful_paint',
				'interaction_to_next_paint',
				'largest_contentful_paint',
				'overallScore',
				'samples',
				'server_response_source',
				'server_response_time',
				'total_blocking_time',
			] );
		}
	} );

	it( 'carry every metric id in the info boxes and graphs, and nothing else', () => {
		const ids = [ ...METRIC_IDS ].sort();
		expect(
			Object.keys( overview.infobox )
				.filter( ( key ) => key !== 'range' )
				.sort()
		).toEqual( ids );
		for ( const graph of [
			overview.overviewgraph,
			overview.compare?.overviewgraph,
		] ) {
			expect(
				Object.keys( graph ?? {} )
					.filter(
						( key ) =>
							! [
								'labels',
								'timestamps',
								'count',
								'notes',
							].includes( key )
					)
					.sort()
			).toEqual( ids );
		}
	} );

	it( 'show a table for every dimension, each with its map entry', () => {
		const keys = Object.keys( dimensions.dimensions );
		expect( Object.keys( dimensions ) ).toEqual( [
			'dimensions',
			...keys,
		] );
		for ( const key of keys ) {
			expect(
				dimensions[ key as keyof typeof dimensions.dimensions ].columns
			).toHaveLength( 2 );
		}
	} );

	it( 'list exceptions of every category the builtin source finds', () => {
		expect(
			[
				...new Set( exceptions.items.map( ( item ) => item.category ) ),
			].sort()
		).toEqual( [ 'engagement', 'marketing' ] );
	} );

	it( 'show every optional part', () => {
		expect( overview.compare ).toBeDefined();
		expect( overview.galinks ).toBeDefined();
		expect( overview.newvsreturn.compare ).toBeDefined();
		expect( Array.isArray( siteSummary.popular_page ) ).toBe( false );
		expect( Object.keys( siteSummary.summary ) ).toEqual( [
			'0',
			'1',
			'total_posts',
			'total_pages',
			'total_comments',
		] );
	} );

	it( 'carry the forms tables and the graphs of the Forms and Media reports', () => {
		expect( forms.forms.columns.map( ( column ) => column.id ) ).toEqual( [
			'id',
			'impressions',
			'conversions',
			'conversionrate',
		] );
		expect( Object.keys( forms.overviewgraph ) ).toEqual( [
			'labels',
			'timestamps',
			'count',
			'notes',
			'impressions',
			'conversions',
		] );
		expect( Object.keys( media.line_chart_report ) ).toEqual( [
			'labels',
			'timestamps',
			'count',
			'notes',
			'video_start',
		] );
	} );
} );
