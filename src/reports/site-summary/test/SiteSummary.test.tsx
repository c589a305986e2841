import apiFetch from '@wordpress/api-fetch';
import { screen } from '@testing-library/react';

import fixture from '../../../store/reports/test/fixtures/site_summary.json';
import { appStore, type BootShop, type DateQuery } from '../../../store/app';
import { addonsStore, type AddonsMap } from '../../../store/addons';
import { reportsStore } from '../../../store/reports';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import { SiteSummary, hourName, weekdayName } from '../SiteSummary';

const QUERY: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};

/** A WooCommerce shop selling in euros, as the boot data describes it. */
const SHOP: BootShop = {
	platform: 'woocommerce',
	currency: {
		code: 'EUR',
		symbol: '€',
		decimals: 2,
		position: 'right_space',
	},
};

function setUp(
	level: 'lite' | 'basic' | 'pro',
	payload: unknown | null = fixture,
	shop: BootShop | null = SHOP
) {
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
		shop,
	} );
	registry.dispatch( appStore ).setDateQuery( QUERY );
	if ( payload !== null ) {
		registry
			.dispatch( reportsStore )
			.receiveReport( 'site_summary', QUERY, payload );
	}
	return registry;
}

describe( 'SiteSummary', () => {
	beforeEach( () => {
		apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
	} );

	it( 'shows nothing until it is loaded', () => {
		const { container } = renderIn(
			<SiteSummary />,
			setUp( 'lite', null )
		);
		expect( container ).toBeEmptyDOMElement();
	} );

	it( 'shows the all-time stats and the popular times', () => {
		renderIn( <SiteSummary />, setUp( 'lite' ) );
		expect(
			screen.getByText( 'Total Pageviews' ).nextSibling
		).toHaveTextContent( '48,210' );
		expect(
			screen.getByText( 'Total Sessions' ).nextSibling
		).toHaveTextContent( '20,133' );
		const days = screen.getByRole( 'list', { name: 'Top days' } );
		expect( days ).toHaveTextContent( 'Tuesday' );
		expect( days ).toHaveTextContent( '19.50%' );
		expect(
			screen.getByRole( 'list', { name: 'Top hours' } )
		).toHaveTextContent( hourName( 10, 'en_US' ) );
	} );

	it( 'locks the most popular page below basic and shows it from basic', () => {
		const { unmount } = renderIn( <SiteSummary />, setUp( 'lite' ) );
		expect(
			screen.queryByRole( 'link', { name: 'About' } )
		).not.toBeInTheDocument();
		expect(
			screen.getAllByRole( 'link', { name: 'Upgrade to PRO' } ).length
		).toBeGreaterThan( 0 );
		unmount();
		renderIn( <SiteSummary />, setUp( 'basic' ) );
		expect( screen.getByRole( 'link', { name: 'About' } ) ).toHaveAttribute(
			'href',
			'http://example.org/about/'
		);
	} );

	it( 'shows the most popular post only when there is one', () => {
		const { unmount } = renderIn( <SiteSummary />, setUp( 'lite' ) );
		expect( screen.getByText( 'Most Popular Post' ) ).toBeInTheDocument();
		unmount();
		renderIn(
			<SiteSummary />,
			setUp( 'lite', { ...fixture, popular_post: [] } )
		);
		expect(
			screen.queryByText( 'Most Popular Post' )
		).not.toBeInTheDocument();
	} );

	it( "says 'No data to show' when there are no popular times", () => {
		renderIn(
			<SiteSummary />,
			setUp( 'lite', { ...fixture, popular_days: [], popular_hours: [] } )
		);
		expect( screen.getByText( 'No data to show' ) ).toBeInTheDocument();
	} );

	it( 'names weekdays and hours in the user locale', () => {
		expect( weekdayName( 0, 'en_US' ) ).toBe( 'Sunday' );
		expect( weekdayName( 1, 'de_DE' ) ).toBe( 'Montag' );
		expect( hourName( 14, 'en_US' ) ).toBe( '2 PM' );
	} );

	it( 'shows the categories with the dimensions module, else a way to get them', () => {
		const addon = ( active: boolean ) => ( {
			installed: true,
			active,
			basename: 'monsterinsights-reports/modules/dimensions',
			title: 'Dimensions',
			description: '',
			requirement: '',
			requirement_met: true,
		} );
		const addons = ( active: boolean ) =>
			( {
				dimensions: addon( active ),
				woocommerce: addon( false ),
				forms: addon( false ),
				media: addon( false ),
				'user-journey': addon( false ),
			} ) as AddonsMap;
		const payload = {
			...( fixture as Record< string, unknown > ),
			popular_categories: [
				{ title: 'News', percent: 80 },
				{ title: 'Guides', percent: 20 },
			],
		};

		const on = setUp( 'pro', payload );
		on.dispatch( addonsStore ).receiveAddons( addons( true ) );
		const { unmount } = renderIn( <SiteSummary />, on );
		expect( screen.getByText( 'News' ) ).toBeInTheDocument();
		expect( screen.getByText( 'News' ).parentElement ).toHaveTextContent(
			/News\s*80/
		);
		unmount();

		const off = setUp( 'pro', payload );
		off.dispatch( addonsStore ).receiveAddons( addons( false ) );
		const second = renderIn( <SiteSummary />, off );
		expect( screen.queryByText( 'News' ) ).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Open Settings' } )
		).toHaveAttribute( 'href', '#/settings' );
		second.unmount();

		renderIn( <SiteSummary />, setUp( 'lite', payload ) );
		expect( screen.queryByText( 'News' ) ).not.toBeInTheDocument();
		expect(
			screen.getAllByRole( 'link', { name: /Upgrade to PRO/ } ).length
		).toBeGreaterThan( 0 );
	} );

	it( 'shows the most popular product only to pro with a shop and the eCommerce module', () => {
		const addon = ( active: boolean ) => ( {
			installed: true,
			active,
			basename: 'monsterinsights-reports/modules/x',
			title: 'X',
			description: '',
			requirement: '',
			requirement_met: true,
		} );
		const addons = {
			dimensions: addon( false ),
			woocommerce: addon( true ),
			forms: addon( false ),
			media: addon( false ),
			'user-journey': addon( false ),
		} as AddonsMap;

		const pro = setUp( 'pro' );
		pro.dispatch( addonsStore ).receiveAddons( addons );
		const { unmount } = renderIn( <SiteSummary />, pro );
		expect(
			screen.getByText( 'Most Popular Product' )
		).toBeInTheDocument();
		unmount();

		const basic = setUp( 'basic' );
		basic.dispatch( addonsStore ).receiveAddons( addons );
		const second = renderIn( <SiteSummary />, basic );
		expect(
			screen.queryByText( 'Most Popular Product' )
		).not.toBeInTheDocument();
		second.unmount();

		const third = renderIn( <SiteSummary />, setUp( 'pro' ) );
		expect(
			screen.queryByText( 'Most Popular Product' )
		).not.toBeInTheDocument();
		third.unmount();

		// No shop (no WooCommerce or Easy Digital Downloads active): hidden, module on or not.
		const noShop = setUp( 'pro', fixture, null );
		noShop.dispatch( addonsStore ).receiveAddons( addons );
		renderIn( <SiteSummary />, noShop );
		expect(
			screen.queryByText( 'Most Popular Product' )
		).not.toBeInTheDocument();
	} );
} );
