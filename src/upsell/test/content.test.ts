import {
	featureColumns,
	getUpsellContent,
	UPSELL_KEYS,
	type UpsellKey,
} from '../content';
import { LOCK_TEXTS, UPGRADE_URL, upgradeUrl } from '../constants';

describe( 'upsell content', () => {
	it( 'has an entry for every locked report, and the year in review', () => {
		const spec: UpsellKey[] = [
			'overview',
			'publisher',
			'countries',
			'ecommerce',
			'ecommerce_product_sales',
			'ecommerce_funnel',
			'ecommerce_coupons',
			'cart_abandonment',
			'dimensions',
			'forms',
			'queries',
			'realtime',
			'sitespeed',
			'media',
			'userjourney',
			'traffic',
			'traffic_landing_pages',
			'traffic_technology',
			'traffic_campaign',
			'traffic_source_medium',
			'engagement_overview',
			'engagement_pages',
			'traffic_social',
			'exceptions',
			'ai_insights',
			'ai_insights_chat',
		];
		expect( UPSELL_KEYS ).toEqual( [ ...spec, 'yearinreview' ] );
	} );

	it.each( UPSELL_KEYS )(
		'%s has a heading, a title and 3 to 8 distinct features',
		( key ) => {
			const content = getUpsellContent( key );
			expect( content.mainheading ).not.toBe( '' );
			expect( content.title ).not.toBe( '' );
			expect( content.features.length ).toBeGreaterThanOrEqual( 3 );
			expect( content.features.length ).toBeLessThanOrEqual( 8 );
			expect( new Set( content.features ).size ).toBe(
				content.features.length
			);
		}
	);

	it( 'uses the social media headline word for word', () => {
		expect( getUpsellContent( 'traffic_social' ).title ).toBe(
			'See Which Social Media Networks are Making You Money.'
		);
	} );

	it( 'lays features out in 2 columns above 4 items', () => {
		const base = { mainheading: 'a', title: 'b' };
		expect(
			featureColumns( { ...base, features: [ '1', '2', '3', '4' ] } )
		).toBe( 1 );
		expect(
			featureColumns( { ...base, features: [ '1', '2', '3', '4', '5' ] } )
		).toBe( 2 );
		expect(
			featureColumns( {
				...base,
				columns: 3,
				features: [ '1', '2', '3' ],
			} )
		).toBe( 3 );
	} );
} );

describe( 'upsell constants', () => {
	it( 'exports the lock texts word for word', () => {
		expect( LOCK_TEXTS.customDateRange ).toBe(
			'You can customize your date range only in the PRO version.'
		);
		expect( LOCK_TEXTS.pdfExport ).toBe(
			'You can export PDF reports only in the PRO version.'
		);
		expect( LOCK_TEXTS.ecommerce ).toBe(
			'You can view this only in the PRO version'
		);
	} );

	it( 'tags upgrade links with the campaign and, for lite, the coupon', () => {
		expect( UPGRADE_URL ).toBe(
			'https://www.monsterinsights.com/lite/?utm_source=liteplugin&utm_medium=reports'
		);
		expect( upgradeUrl( 'forms' ) ).toBe(
			`${ UPGRADE_URL }&utm_campaign=forms`
		);
		expect( upgradeUrl( 'forms', true ) ).toBe(
			`${ UPGRADE_URL }&utm_campaign=forms&discount=LITEUPGRADE`
		);
	} );
} );
