/**
 * Referral favicons when the favicon service answers, fails for one domain, or cannot be reached.
 */
import { act, fireEvent, render } from '@testing-library/react';
import { RegistryProvider } from '@wordpress/data';

import {
	FaviconCell,
	faviconServiceState,
	resetFaviconService,
} from '../FaviconCell';
import { createTestRegistry } from '../../../../tests/js/registry';
import { settingsStore } from '../../../store/settings';
import { settingsWith } from '../../../store/settings/test/fixture';

const DOMAINS = [ 'a.example', 'b.example', 'c.example' ];

/**
 * Renders one cell per domain with the referral favicons setting.
 *
 * @param favicons The setting.
 * @param domains  The domains.
 */
function renderCells( favicons = true, domains = DOMAINS ) {
	const registry = createTestRegistry();
	registry
		.dispatch( settingsStore )
		.receiveSettings( settingsWith( { referral_favicons: favicons } ) );
	return render(
		<RegistryProvider value={ registry }>
			{ domains.map( ( domain ) => (
				<FaviconCell key={ domain } domain={ domain } showFavicon />
			) ) }
		</RegistryProvider>
	);
}

/**
 * What each cell shows: the service's image (by its domain), the local icon, a placeholder or
 * nothing.
 *
 * @param container The rendered cells.
 */
function icons( container: HTMLElement ): string[] {
	return Array.from(
		container.querySelectorAll( '.monsterinsights-reports-favicon-cell' )
	).map( ( cell ) => {
		const img = cell.querySelector( 'img' );
		if ( img ) {
			return new URL( img.src ).searchParams.get( 'domain' ) ?? '';
		}
		if ( cell.querySelector( 'svg' ) ) {
			return 'fallback';
		}
		if (
			cell.querySelector(
				'.monsterinsights-reports-favicon-cell__placeholder'
			)
		) {
			return 'waiting';
		}
		return 'none';
	} );
}

beforeEach( () => resetFaviconService() );

describe( 'FaviconCell and the favicon service', () => {
	it( 'asks the service for one icon first, then for every row once it answered', () => {
		const { container } = renderCells();
		expect( icons( container ) ).toEqual( [
			'a.example',
			'waiting',
			'waiting',
		] );
		act( () => {
			fireEvent.load(
				container.querySelector( 'img' ) as HTMLImageElement
			);
		} );
		expect( faviconServiceState() ).toBe( 'ok' );
		expect( icons( container ) ).toEqual( DOMAINS );
	} );

	it( 'shows the local icon in every row when the service cannot be reached, and asks no more in this tab', () => {
		const { container, unmount } = renderCells();
		act( () => {
			fireEvent.error(
				container.querySelector( 'img' ) as HTMLImageElement
			);
		} );
		expect( faviconServiceState() ).toBe( 'down' );
		expect( icons( container ) ).toEqual( [
			'fallback',
			'fallback',
			'fallback',
		] );
		const svg = container.querySelector( 'svg' );
		expect( svg ).toHaveAttribute( 'aria-hidden', 'true' );
		expect(
			window.sessionStorage.getItem(
				'monsterinsights-reports-favicons-down'
			)
		).toBe( '1' );
		unmount();

		// Another table of the same tab loads nothing from the service.
		const again = renderCells( true, [ 'd.example' ] );
		expect( again.container.querySelector( 'img' ) ).toBeNull();
		expect( icons( again.container ) ).toEqual( [ 'fallback' ] );
	} );

	it( 'once the service answered, a domain without an icon falls back alone', () => {
		const { container } = renderCells();
		act( () => {
			fireEvent.load(
				container.querySelector( 'img' ) as HTMLImageElement
			);
		} );
		const second = container.querySelectorAll(
			'img'
		)[ 1 ] as HTMLImageElement;
		act( () => {
			fireEvent.error( second );
		} );
		expect( faviconServiceState() ).toBe( 'ok' );
		expect( icons( container ) ).toEqual( [
			'a.example',
			'fallback',
			'c.example',
		] );
	} );

	it( 'passes the question on when the asking row goes away unanswered', () => {
		const registry = createTestRegistry();
		registry
			.dispatch( settingsStore )
			.receiveSettings( settingsWith( { referral_favicons: true } ) );
		const ui = ( domains: string[] ) => (
			<RegistryProvider value={ registry }>
				{ domains.map( ( domain ) => (
					<FaviconCell key={ domain } domain={ domain } showFavicon />
				) ) }
			</RegistryProvider>
		);
		const { container, rerender } = render( ui( DOMAINS ) );
		rerender( ui( [ 'b.example', 'c.example' ] ) );
		expect( icons( container ) ).toEqual( [ 'b.example', 'waiting' ] );
	} );

	it( 'shows no icon at all when the setting turns the service off', () => {
		const { container } = renderCells( false );
		expect( icons( container ) ).toEqual( [ 'none', 'none', 'none' ] );
		expect( faviconServiceState() ).toBe( 'unknown' );
	} );
} );
