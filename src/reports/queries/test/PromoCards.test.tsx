import '@testing-library/jest-dom';
import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import {
	deferred,
	flush,
	mockApi,
	restError,
	type ApiCall,
} from '../../../store/test/api';
import { SeoPluginCard } from '../PromoCards';
import { PromoSlot } from '../PromoSlot';
import type { PromoStatus, SeoPluginStatus } from '../promos';

const ROUTE = '/monsterinsights-reports/v1';
const COMPETITOR = 'See the keywords your competitors rank for';
const SEO = 'Get more visitors from Google with All in One SEO';
const BASENAME = 'all-in-one-seo-pack/all_in_one_seo_pack.php';

/**
 * The SEO plugin's status as the server answers it.
 *
 * @param overrides What differs from "not installed, the user may install it".
 */
function seo( overrides: Partial< SeoPluginStatus > = {} ): SeoPluginStatus {
	return {
		success: false,
		slug: 'all-in-one-seo-pack',
		name: 'All in One SEO',
		installed: false,
		active: false,
		basename: BASENAME,
		can_install: true,
		can_activate: true,
		...overrides,
	};
}

/**
 * A card's dismissal as the server answers it.
 *
 * @param card      The card.
 * @param dismissed yes or no.
 */
function promo(
	card: PromoStatus[ 'card' ],
	dismissed: PromoStatus[ 'dismissed' ]
): PromoStatus {
	return { card, dismissed };
}

/**
 * Whether a request reads the SEO plugin's status.
 *
 * @param call The request.
 */
function isStatus( call: ApiCall ) {
	return call.path === `${ ROUTE }/seo-plugin`;
}

/**
 * The requests, as "METHOD path".
 *
 * @param calls The requests.
 */
function requests( calls: ApiCall[] ) {
	return calls.map( ( call ) => `${ call.method } ${ call.path }` );
}

describe( 'Search Console promo slot', () => {
	it( 'places the competitor-keyword card with terms and the SEO plugin installed, open while not dismissed', async () => {
		const calls = mockApi( ( call ) =>
			isStatus( call )
				? seo( { installed: true } )
				: promo( 'competitor-keywords', 'no' )
		);
		render( <PromoSlot hasQueries demo={ false } /> );
		const card = await screen.findByRole( 'region', { name: COMPETITOR } );
		expect(
			within( card ).getByRole( 'link', {
				name: 'Try Semrush for free (opens in a new tab)',
			} )
		).toHaveAttribute( 'href', 'https://www.semrush.com/' );
		expect( requests( calls ) ).toEqual( [
			`GET ${ ROUTE }/seo-plugin`,
			`GET ${ ROUTE }/promos/competitor-keywords`,
		] );
		expect( screen.queryByRole( 'region', { name: SEO } ) ).toBeNull();
	} );

	it( 'places the SEO plugin card without terms, or without the plugin', async () => {
		mockApi( ( call ) =>
			isStatus( call )
				? seo( { installed: true } )
				: promo( 'seo-plugin', 'no' )
		);
		const { unmount } = render(
			<PromoSlot hasQueries={ false } demo={ false } />
		);
		const card = await screen.findByRole( 'region', { name: SEO } );
		// Installed but inactive: offered the activation at once.
		expect(
			within( card ).getByRole( 'button', { name: 'Activate' } )
		).toBeInTheDocument();
		unmount();

		mockApi( ( call ) =>
			isStatus( call ) ? seo() : promo( 'seo-plugin', 'no' )
		);
		render( <PromoSlot hasQueries demo={ false } /> );
		const second = await screen.findByRole( 'region', { name: SEO } );
		expect(
			within( second ).getByRole( 'button', { name: 'Install Now' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'region', { name: COMPETITOR } )
		).toBeNull();
	} );

	it( 'shows no card when a card is dismissed, when a status read fails, under an upsell, or to a user who may not install', async () => {
		const cases: Array< ( call: ApiCall ) => unknown > = [
			( call ) =>
				isStatus( call ) ? seo() : promo( 'seo-plugin', 'yes' ),
			( call ) =>
				isStatus( call )
					? seo()
					: restError( 'rest_forbidden', 'No.', { status: 403 } ),
			( call ) =>
				isStatus( call )
					? restError( 'rest_forbidden', 'No.', { status: 403 } )
					: promo( 'seo-plugin', 'no' ),
			( call ) =>
				isStatus( call )
					? seo( { can_install: false } )
					: promo( 'seo-plugin', 'no' ),
			// Active, no terms: nothing to install.
			( call ) =>
				isStatus( call )
					? seo( { installed: true, active: true } )
					: promo( 'seo-plugin', 'no' ),
		];
		for ( const answer of cases ) {
			const calls = mockApi( answer );
			const { container, unmount } = render(
				<PromoSlot hasQueries={ false } demo={ false } />
			);
			await waitFor( () => expect( calls.length ).toBeGreaterThan( 0 ) );
			await act( flush );
			await act( flush );
			expect( container ).toBeEmptyDOMElement();
			unmount();
		}

		const calls = mockApi( () => seo() );
		const { container } = render( <PromoSlot hasQueries demo /> );
		await act( flush );
		expect( container ).toBeEmptyDOMElement();
		expect( calls ).toEqual( [] );
	} );

	it( 'closes a card when the server confirms the dismissal, and keeps it open when it does not', async () => {
		let answer: unknown = promo( 'competitor-keywords', 'no' );
		const calls = mockApi( ( call ) => {
			if ( isStatus( call ) ) {
				return seo( { installed: true } );
			}
			return call.method === 'POST'
				? answer
				: promo(
						call.path.endsWith( 'seo-plugin' )
							? 'seo-plugin'
							: 'competitor-keywords',
						'no'
				  );
		} );
		render( <PromoSlot hasQueries demo={ false } /> );
		const card = await screen.findByRole( 'region', { name: COMPETITOR } );
		const close = within( card ).getByRole( 'button', {
			name: 'Dismiss this card',
		} );

		// The server answers "no": the card stays open and says so.
		fireEvent.click( close );
		expect( await within( card ).findByRole( 'alert' ) ).toHaveTextContent(
			'This card could not be dismissed. Please try again.'
		);
		expect( screen.getByRole( 'region', { name: COMPETITOR } ) ).toBe(
			card
		);

		// The request fails: still open.
		answer = restError( 'promo_not_saved', 'No.', { status: 500 } );
		fireEvent.click( close );
		await act( flush );
		expect( screen.getByRole( 'region', { name: COMPETITOR } ) ).toBe(
			card
		);

		// Confirmed: closed.
		answer = promo( 'competitor-keywords', 'yes' );
		fireEvent.click( close );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'region', { name: COMPETITOR } )
			).toBeNull()
		);
		expect(
			calls
				.filter( ( call ) => call.method === 'POST' )
				.map( ( call ) => [ call.path, call.data ] )
		).toEqual(
			Array( 3 ).fill( [
				`${ ROUTE }/promos/competitor-keywords`,
				{ dismissed: true },
			] )
		);
	} );
} );

describe( 'SEO plugin card', () => {
	/**
	 * Renders the card for a plugin not installed, the server answering the install and the
	 * activation as told.
	 *
	 * @param install  The install's answer.
	 * @param activate The activation's answer.
	 */
	function renderCard(
		install: () => unknown,
		activate: () => unknown = () =>
			seo( { installed: true, active: true, success: true } )
	) {
		const calls = mockApi( ( call ) => {
			if ( call.path.endsWith( '/install' ) ) {
				return install();
			}
			if ( call.path.endsWith( '/activate' ) ) {
				return activate();
			}
			return promo( 'seo-plugin', 'no' );
		} );
		const onStatus = jest.fn();
		const reload = jest.fn();
		render(
			<SeoPluginCard
				status={ seo() }
				onStatus={ onStatus }
				reload={ reload }
			/>
		);
		return { calls, onStatus, reload };
	}

	it( 'installs: Install Now, Installing..., then a dialog whose Activate activates and reloads', async () => {
		const held = deferred< SeoPluginStatus >();
		const { calls, reload, onStatus } = renderCard( () => held.promise );
		const card = await screen.findByRole( 'region', { name: SEO } );
		fireEvent.click(
			within( card ).getByRole( 'button', { name: 'Install Now' } )
		);
		const busy = within( card ).getByRole( 'button', {
			name: 'Installing...',
		} );
		expect( busy ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();

		await act( async () =>
			held.resolve( seo( { installed: true, success: true } ) )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'All in One SEO is installed',
		} );
		expect(
			within( dialog )
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
		).toEqual( [ 'Dismiss', 'Activate' ] );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Activate' } )
		);
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( onStatus ).not.toHaveBeenCalled();
		expect(
			calls
				.filter( ( call ) => call.method === 'POST' )
				.map( ( call ) => [ call.path, call.data ] )
		).toEqual( [
			[
				`${ ROUTE }/seo-plugin/install`,
				{ slug: 'all-in-one-seo-pack' },
			],
			[ `${ ROUTE }/seo-plugin/activate`, { basename: BASENAME } ],
		] );
	} );

	it( 'Dismiss closes the dialog and hands the new status to the slot', async () => {
		const installed = seo( { installed: true, success: true } );
		const { onStatus, reload } = renderCard( () => installed );
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Install Now' } )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'All in One SEO is installed',
		} );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Dismiss' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		expect( onStatus ).toHaveBeenCalledWith( installed );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows the spec texts in the error dialog when the install or the activation fails', async () => {
		const { reload } = renderCard( () =>
			restError(
				'installation_failed',
				'Installation Failed. Please refresh and try again.',
				{ status: 500 }
			)
		);
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Install Now' } )
		);
		const error = await screen.findByRole( 'alertdialog', {
			name: 'Error',
		} );
		expect( error ).toHaveTextContent(
			'Installation Failed. Please refresh and try again.'
		);
		fireEvent.click(
			within( error ).getByRole( 'button', { name: 'OK' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'alertdialog' ) ).toBeNull()
		);
		// Back to Install Now.
		expect(
			screen.getByRole( 'button', { name: 'Install Now' } )
		).not.toHaveAttribute( 'aria-disabled' );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows the activation failure text (a network failure too) and does not reload', async () => {
		const { reload, onStatus } = renderCard(
			() => seo( { installed: true, success: true } ),
			() => Promise.reject( new TypeError( 'Failed to fetch' ) )
		);
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Install Now' } )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'All in One SEO is installed',
		} );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Activate' } )
		);
		const error = await screen.findByRole( 'alertdialog', {
			name: 'Error',
		} );
		expect( error ).toHaveTextContent(
			'Activation Failed. Please refresh and try again.'
		);
		expect( reload ).not.toHaveBeenCalled();
		// The plugin is installed now: the slot learns it once the dialog is closed.
		expect( onStatus ).not.toHaveBeenCalled();
		fireEvent.click(
			within( error ).getByRole( 'button', { name: 'OK' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'alertdialog' ) ).toBeNull()
		);
		expect( onStatus ).toHaveBeenCalledWith(
			seo( { installed: true, success: true } )
		);
	} );
} );
