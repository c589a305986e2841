/**
 * The payload fixtures (routes' answers on seeded data, which screen and store tests render)
 * against the payload types: tsc checks that each fixture has every property its interface
 * requires, with its type, and no property the interface does not know (FIXTURES below);
 * src/reports/test/payloadContract.test.ts checks that the same files match the routes' exported
 * schemas property for property. A report needs no fixture: its sample (src/demo) carries the
 * contract. These checks cover what tsc cannot see.
 */
import tiers from '../../../lib/tiers.json';
import {
	METRIC_IDS,
	type ExceptionCategory,
	type ReportName,
	type ReportPayloads,
} from '..';
import countries from './fixtures/countries.json';
import dimensions from './fixtures/dimensions.json';
import engagementPages from './fixtures/engagement_pages.json';
import exceptions from './fixtures/exceptions.json';
import forms from './fixtures/forms.json';
import media from './fixtures/media.json';
import overview from './fixtures/overview.json';
import publisher from './fixtures/publisher.json';
import realtime from './fixtures/realtime.json';
import siteSummary from './fixtures/site_summary.json';
import siteSpeed from './fixtures/sitespeed.json';
import trafficCampaign from './fixtures/traffic_campaign.json';
import trafficLandingPages from './fixtures/traffic_landing_pages.json';
import trafficOverview from './fixtures/traffic_overview.json';
import trafficSocial from './fixtures/traffic_social.json';
import trafficSourceMedium from './fixtures/traffic_source_medium.json';
import trafficTechnology from './fixtures/traffic_technology.json';
import yearInReview from './fixtures/yearinreview.json';

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

/** The keys of a type, of each member of a union (PopularContent | []). */
type KeysOf< T > = T extends unknown ? keyof T : never;

/** The type of a key, in each member of a union that has it. */
type At< T, Key > = T extends unknown
	? Key extends keyof T
		? T[ Key ]
		: never
	: never;

/** The item type of a list, of each list member of a union. */
type ItemOf< T > = T extends ReadonlyArray< infer Item > ? Item : never;

/**
 * A fixture's type with each property its payload type does not have turned into `never`, at every
 * depth: a fixture is assignable to it only when the interface knows every property it has.
 */
type Known< Fixture, Payload > = Fixture extends ReadonlyArray< infer Item >
	? Array< Known< Item, ItemOf< Payload > > >
	: Fixture extends object
	? {
			[ Key in keyof Fixture ]: Key extends KeysOf< Payload >
				? Known< Fixture[ Key ], At< Payload, Key > >
				: never;
	  }
	: Fixture;

/** Every report's fixture, as its payload type: a report without a fixture does not compile. */
const FIXTURES = {
	overview,
	site_summary: siteSummary,
	engagement_pages: engagementPages,
	publisher,
	traffic_overview: trafficOverview,
	traffic_landing_pages: trafficLandingPages,
	traffic_campaign: trafficCampaign,
	traffic_source_medium: trafficSourceMedium,
	traffic_social: trafficSocial,
	traffic_technology: trafficTechnology,
	countries,
	dimensions,
	forms,
	media,
	realtime,
	exceptions,
	sitespeed: siteSpeed,
	yearinreview: yearInReview,
} satisfies { [ Name in ReportName ]?: Json< ReportPayloads[ Name ] > };

/** Each fixture has no property its payload type lacks (a property only the PHP side has). */
const CHECKED: {
	[ Name in keyof typeof FIXTURES ]: Known<
		( typeof FIXTURES )[ Name ],
		ReportPayloads[ Name ]
	>;
} = FIXTURES;

const CATEGORIES: ExceptionCategory[] = [
	'engagement',
	'ecommerce',
	'marketing',
];

describe( 'payload fixtures', () => {
	it( 'are payloads of reports the PHP registry builds (tiers.json "built")', () => {
		Object.keys( CHECKED ).forEach( ( name ) =>
			expect( tiers.built ).toContain( name )
		);
	} );

	it( 'give both Site Speed devices the six metrics', () => {
		for ( const figures of [ siteSpeed.desktop, siteSpeed.mobile ] ) {
			expect( Object.keys( figures ).sort() ).toEqual( [
				'audit',
				'cumulative_layout_shift',
				'first_contentful_paint',
				'interaction_to_next_paint',
				'largest_contentful_paint',
				'method',
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

	it( 'list exceptions of every category the builtin source finds, each one of the union', () => {
		const categories = exceptions.items.map( ( item ) => item.category );
		categories.forEach( ( category ) =>
			expect( CATEGORIES ).toContain( category )
		);
		expect( [ ...new Set( categories ) ].sort() ).toEqual( [
			'engagement',
			'marketing',
		] );
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
