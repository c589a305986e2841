import {
	DECIMALS,
	INVERSE_COLUMNS,
	METRIC_FORMATS,
	autoDecimals,
	changeDirection,
	changeTone,
	formatChange,
	formatChangeAbsolute,
	formatDuration,
	formatMetricValue,
	formatMoney,
	formatNumber,
	formatPercent,
	isInverse,
	SAMPLE_CURRENCY,
	toLocaleTag,
	type MoneyCurrency,
} from '../format';
import { METRIC_IDS } from '../metricIds';

/**
 * Intl's non-breaking and narrow spaces as plain spaces, for readable expectations.
 * @param text
 */
const plain = ( text: string ) => text.replace( /[\u00a0\u202f]/g, ' ' );

describe( 'toLocaleTag', () => {
	it.each( [
		[ 'de_DE', 'de-DE' ],
		[ 'en_US', 'en-US' ],
		[ 'pt_PT_ao90', 'pt-PT' ],
		[ 'de_CH_informal', 'de-CH' ],
		[ 'de_DE_formal', 'de-DE' ],
		[ 'nl_NL_formal', 'nl-NL' ],
		[ 'es_419', 'es-419' ],
		[ 'zh_Hans', 'zh-Hans' ],
		[ 'fr', 'fr' ],
		[ 'en-GB', 'en-GB' ],
		[ '', 'en-US' ],
		[ undefined, 'en-US' ],
		[ null, 'en-US' ],
		[ '%%_garbage', 'en-US' ],
	] )( '%s → %s', ( wpLocale, tag ) => {
		expect( toLocaleTag( wpLocale ) ).toBe( tag );
	} );
} );

describe( 'numbers', () => {
	it( 'uses 0 or 2 decimals', () => {
		expect( autoDecimals( 12 ) ).toBe( 0 );
		expect( autoDecimals( 12.5 ) ).toBe( 2 );
		expect( autoDecimals( 12.001 ) ).toBe( 0 );
		expect( formatNumber( 1234 ) ).toBe( '1,234' );
		expect( formatNumber( 1234.5 ) ).toBe( '1,234.50' );
		expect( formatNumber( 0 ) ).toBe( '0' );
	} );

	it( 'formats in the user locale, WordPress or BCP 47 spelling', () => {
		expect( formatNumber( 1234.5, 'de_DE' ) ).toBe( '1.234,50' );
		expect( formatNumber( 1234.5, 'de-DE' ) ).toBe( '1.234,50' );
		expect( plain( formatNumber( 1234567, 'fr_FR' ) ) ).toBe( '1 234 567' );
		expect( formatNumber( 1234567, 'en_US' ) ).toBe( '1,234,567' );
	} );

	it( 'takes fixed decimals: average page count and time 2, position 1', () => {
		expect( DECIMALS ).toEqual( {
			count: 0,
			fraction: 2,
			pageCount: 2,
			time: 2,
			position: 1,
		} );
		expect( formatNumber( 3, 'en_US', DECIMALS.pageCount ) ).toBe( '3.00' );
		expect( formatNumber( 61.256, 'en_US', DECIMALS.time ) ).toBe(
			'61.26'
		);
		expect( formatNumber( 4.26, 'en_US', DECIMALS.position ) ).toBe(
			'4.3'
		);
		expect( formatNumber( 4.26, 'de_DE', DECIMALS.position ) ).toBe(
			'4,3'
		);
	} );

	it( 'shows missing or broken values as 0', () => {
		expect( formatNumber( undefined ) ).toBe( '0' );
		expect( formatNumber( null ) ).toBe( '0' );
		expect( formatNumber( Number.NaN ) ).toBe( '0' );
		expect( formatNumber( Infinity ) ).toBe( '0' );
	} );

	it( 'falls back to en-US for a locale Intl does not know', () => {
		expect( formatNumber( 1234.5, 'xx_garbage!' ) ).toBe( '1,234.50' );
	} );
} );

describe( 'percent and change', () => {
	it( 'formats percent units', () => {
		expect( formatPercent( 45.5 ) ).toBe( '45.50%' );
		expect( formatPercent( 50 ) ).toBe( '50%' );
		expect( formatPercent( 0 ) ).toBe( '0%' );
		expect( plain( formatPercent( 45.5, 'de_DE' ) ) ).toBe( '45,50 %' );
		expect( formatPercent( 33.333, 'en_US', 1 ) ).toBe( '33.3%' );
	} );

	it( 'signs changes; zero has no sign', () => {
		expect( formatChange( 12.5 ) ).toBe( '+12.50%' );
		expect( formatChange( -3.33 ) ).toBe( '-3.33%' );
		expect( formatChange( 200 ) ).toBe( '+200%' );
		expect( formatChange( 0 ) ).toBe( '0%' );
		expect( formatChange( 0.001 ) ).toBe( '0%' );
		expect( plain( formatChange( -3.5, 'de_DE' ) ) ).toBe( '-3,50 %' );
	} );

	it( 'gives the absolute change and its direction for the trend arrows', () => {
		expect( formatChangeAbsolute( -3.5 ) ).toBe( '3.50%' );
		expect( formatChangeAbsolute( 7 ) ).toBe( '7%' );
		expect( changeDirection( 7 ) ).toBe( 'up' );
		expect( changeDirection( -0.5 ) ).toBe( 'down' );
		expect( changeDirection( 0 ) ).toBe( 'none' );
		expect( changeDirection( 0.004 ) ).toBe( 'none' );
		expect( changeDirection( null ) ).toBe( 'none' );
	} );
} );

describe( 'formatDuration', () => {
	it.each( [
		[ 0, '0:00' ],
		[ 5, '0:05' ],
		[ 59.6, '1:00' ],
		[ 75, '1:15' ],
		[ 599, '9:59' ],
		[ 3599, '59:59' ],
		[ 3600, '1:00:00' ],
		[ 3725, '1:02:05' ],
		[ 36000 + 61, '10:01:01' ],
		[ -4, '0:00' ],
		[ Number.NaN, '0:00' ],
	] )( '%d s → %s', ( seconds, text ) => {
		expect( formatDuration( seconds ) ).toBe( text );
	} );
} );

describe( 'comparison colours', () => {
	it( 'knows every inverse column in any spelling', () => {
		for ( const name of [
			'bounce_rate',
			'bounceRate',
			'Bounce Rate',
			'bounce',
			'exitrate',
			'exit_rate',
			'Cart Abandonment %',
			'cart_abandonment_rate',
			'checkout_abandonment',
			'Checkout Abandonment %',
			'funnel_abandonment_rate',
			'abandonment_rate',
			'abandonedcheckouts',
			'abandoned_checkouts',
			'remfromcart',
			'removed_from_cart',
			'position',
			'average_position',
			'Avg. Position',
		] ) {
			expect( isInverse( name ) ).toBe( true );
		}
		for ( const name of [
			'sessions',
			'pageviews',
			'engagement_rate',
			'conversionrate',
			'revenue',
			'addtocart',
			'transactions',
			'exits',
			'new_users',
		] ) {
			expect( isInverse( name ) ).toBe( false );
		}
		expect( INVERSE_COLUMNS.every( ( c ) => c === c.toLowerCase() ) ).toBe(
			true
		);
	} );

	it( 'makes a rise green and a fall red, the other way round for inverse columns', () => {
		expect( changeTone( 'sessions', 10 ) ).toBe( 'positive' );
		expect( changeTone( 'sessions', -10 ) ).toBe( 'negative' );
		expect( changeTone( 'bounce_rate', 10 ) ).toBe( 'negative' );
		expect( changeTone( 'bounce_rate', -10 ) ).toBe( 'positive' );
		expect( changeTone( 'remfromcart', -1 ) ).toBe( 'positive' );
		expect( changeTone( 'position', 2 ) ).toBe( 'negative' );
		expect( changeTone( 'bounce_rate', 0 ) ).toBe( 'neutral' );
		expect( changeTone( 'sessions', 0 ) ).toBe( 'neutral' );
	} );
} );

describe( 'formatMetricValue', () => {
	it( 'has a format for every metric id', () => {
		expect( Object.keys( METRIC_FORMATS ).sort() ).toEqual(
			[ ...METRIC_IDS ].sort()
		);
	} );

	it( 'formats each kind of metric', () => {
		expect( formatMetricValue( 'sessions', 12345 ) ).toBe( '12,345' );
		expect( formatMetricValue( 'pageviews', 12.4 ) ).toBe( '12' );
		expect( formatMetricValue( 'pageviews_per_user', 3 ) ).toBe( '3.00' );
		expect( formatMetricValue( 'sessions_per_user', 1.256 ) ).toBe(
			'1.26'
		);
		expect( formatMetricValue( 'average_session_duration', 125.4 ) ).toBe(
			'2:05'
		);
		expect( formatMetricValue( 'bounce_rate', 43.52 ) ).toBe( '43.52%' );
		expect( formatMetricValue( 'engagement_rate', 50 ) ).toBe( '50%' );
		// Money: the shop's currency, else the sample currency; never a bare "0.00".
		expect( formatMetricValue( 'revenue_sales', 49.9 ) ).toBe( '$49.90' );
		expect( formatMetricValue( 'revenue_sales', 1000, 'de_DE', EUR ) ).toBe(
			'1.000,00\u00a0€'
		);
		expect(
			formatMetricValue( 'average_revenue_per_user', 0, 'en_US', JPY )
		).toBe( '¥0' );
		expect( formatMetricValue( 'ecommerce_purchases', 3 ) ).toBe( '3' );
	} );
} );

const USD: MoneyCurrency = {
	code: 'USD',
	symbol: '$',
	decimals: 2,
	position: 'left',
};
const EUR: MoneyCurrency = {
	code: 'EUR',
	symbol: '€',
	decimals: 2,
	position: 'right_space',
};
const JPY: MoneyCurrency = {
	code: 'JPY',
	symbol: '¥',
	decimals: 0,
	position: 'left',
};

describe( 'formatMoney', () => {
	// A no-break space, as WooCommerce puts between the symbol and the amount.
	const nbsp = '\u00a0';

	it.each( [
		[ USD, 'en_US', 1234.5, '$1,234.50' ],
		[ USD, 'de_DE', 1234.5, '$1.234,50' ],
		[ EUR, 'en_US', 1234.5, `1,234.50${ nbsp }€` ],
		[ EUR, 'de_DE', 1234.5, `1.234,50${ nbsp }€` ],
		[ JPY, 'en_US', 1234.5, '¥1,235' ],
		[ JPY, 'de_DE', 1234.5, '¥1.235' ],
		[ USD, 'en_US', 0, '$0.00' ],
		[ EUR, 'de_DE', 0, `0,00${ nbsp }€` ],
		[ JPY, 'de_DE', 0, '¥0' ],
	] )( '%o in %s: %d is %s', ( currency, locale, value, expected ) => {
		expect( formatMoney( value, currency, locale ) ).toBe( expected );
	} );

	it( 'puts the symbol where the shop says', () => {
		const at = ( position: MoneyCurrency[ 'position' ] ) =>
			formatMoney( 5, { ...EUR, position }, 'de_DE' );
		expect( at( 'left' ) ).toBe( '€5,00' );
		expect( at( 'left_space' ) ).toBe( `€${ nbsp }5,00` );
		expect( at( 'right' ) ).toBe( '5,00€' );
		expect( at( 'right_space' ) ).toBe( `5,00${ nbsp }€` );
	} );

	it( 'signs a negative amount before the symbol, never a rounded zero', () => {
		expect( formatMoney( -12.5, USD, 'en_US' ) ).toBe( '-$12.50' );
		expect( formatMoney( -0.001, USD, 'en_US' ) ).toBe( '$0.00' );
		expect( formatMoney( -3, EUR, 'de_DE' ) ).toBe( `-3,00${ nbsp }€` );
	} );

	it( 'shows the code without a symbol, and anything but a number as 0', () => {
		expect(
			formatMoney( 7, { ...USD, code: 'CHF', symbol: '' }, 'de_DE' )
		).toBe( 'CHF7,00' );
		expect( formatMoney( null, USD ) ).toBe( '$0.00' );
		expect( formatMoney( Number.NaN, SAMPLE_CURRENCY ) ).toBe( '$0.00' );
	} );
} );
