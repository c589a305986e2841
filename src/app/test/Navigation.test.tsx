import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Navigation } from '../Navigation';
import { resolveRoute, type RouteContext } from '../routes';
import * as screenModules from '../screenModules';

const context: RouteContext = {
	yearInReview: { show_report: false, report_year: 2025 },
};
const january: RouteContext = {
	yearInReview: { show_report: true, report_year: 2025 },
};
const dateQuery = {
	preset: 'last7days' as const,
	start: '2026-11-15',
	end: '2026-11-21',
};

function setWidth( width: number ) {
	Object.defineProperty( window, 'innerWidth', {
		value: width,
		configurable: true,
		writable: true,
	} );
}

describe( 'Navigation', () => {
	beforeEach( () => setWidth( 1280 ) );

	it( 'lists the entries of the top navigation in order', () => {
		render(
			<Navigation route="/" dateQuery={ dateQuery } context={ context } />
		);
		const nav = screen.getByRole( 'navigation', { name: 'Reports' } );
		const top = within( nav )
			.getAllByRole( 'listitem' )
			.map( ( item ) => item.textContent ?? '' );
		const product = [
			'Overview',
			'Traffic',
			'Publishers',
			'Search Console',
			'eCommerce',
			'Dimensions',
			'Forms',
			'Realtime',
			'Site Speed',
			'Media',
			'Exceptions',
		];
		// The product's entries in its order; a report of the registry may add its own.
		expect( top.filter( ( label ) => product.includes( label ) ) ).toEqual(
			product
		);
	} );

	it( 'appends the year in review tab while it shows', () => {
		render(
			<Navigation route="/" dateQuery={ dateQuery } context={ january } />
		);
		expect(
			screen.getByRole( 'link', { name: '2025 Year in Review' } )
		).toHaveAttribute(
			'href',
			'#/year-in-review?start=2026-11-15&end=2026-11-21&preset=last7days'
		);
	} );

	it( 'links keep the date query and the active item is marked current', () => {
		render(
			<Navigation
				route="/top-landing-pages"
				dateQuery={ dateQuery }
				context={ context }
			/>
		);
		const overview = screen.getByRole( 'link', { name: 'Overview' } );
		expect( overview ).toHaveAttribute( 'aria-current', 'page' );
		expect( overview ).toHaveAttribute(
			'href',
			'#/?start=2026-11-15&end=2026-11-21&preset=last7days'
		);
		expect(
			screen.getByRole( 'link', { name: 'Forms' } )
		).not.toHaveAttribute( 'aria-current' );
	} );

	it.each( [
		[
			'Traffic',
			[
				'Overview',
				'Technology',
				'Landing Page Details',
				'Campaigns',
				'Source/Medium',
				'Social',
			],
		],
		[ 'Publishers', [ 'Overview', 'Pages Report', 'Country Report' ] ],
		[
			'eCommerce',
			[ 'Overview', 'Coupons', 'Cart Abandonment', 'Funnel' ],
		],
	] )( 'opens the %s group as a menu', async ( group, items ) => {
		const user = userEvent.setup();
		render(
			<Navigation route="/" dateQuery={ dateQuery } context={ context } />
		);
		const toggle = screen.getByRole( 'button', { name: group } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		await user.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		const menu = screen.getByRole( 'menu', { name: group } );
		expect(
			within( menu )
				.getAllByRole( 'menuitem' )
				.map( ( item ) => item.textContent ?? '' )
				.filter( ( label ) => items.includes( label ) )
		).toEqual( items );
	} );

	it( "starts loading a menu's report screens when it opens", async () => {
		const loadScreen = jest
			.spyOn( screenModules, 'loadScreen' )
			.mockResolvedValue( { default: () => null } );
		render(
			<Navigation route="/" dateQuery={ dateQuery } context={ context } />
		);
		expect( loadScreen ).not.toHaveBeenCalled();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publishers' } )
		);
		const loader = ( path: string ) =>
			resolveRoute( path, context ).route.load;
		const loads = loadScreen.mock.calls.map( ( [ load ] ) => load );
		expect( loads ).toEqual(
			expect.arrayContaining( [
				loader( '/publishers' ),
				loader( '/publishers-pages' ),
				loader( '/countries' ),
			] )
		);
		// Only the group's screens.
		expect( loads ).not.toContain( loader( '/forms' ) );
		loadScreen.mockRestore();
	} );

	it( 'marks the active sub-report and its group', async () => {
		const user = userEvent.setup();
		render(
			<Navigation
				route="/traffic-social"
				dateQuery={ dateQuery }
				context={ context }
			/>
		);
		const toggle = screen.getByRole( 'button', { name: 'Traffic' } );
		expect( toggle ).toHaveClass( 'is-active' );
		await user.click( toggle );
		expect(
			screen.getByRole( 'menuitem', { name: 'Social' } )
		).toHaveAttribute( 'aria-current', 'page' );
	} );

	it( 'is keyboard operable: arrows move through a menu, Escape closes it', async () => {
		// jsdom lays nothing out; @wordpress/dom only focuses elements with client rects.
		const rects = jest
			.spyOn( HTMLElement.prototype, 'getClientRects' )
			.mockReturnValue( [ {} ] as unknown as DOMRectList );
		const user = userEvent.setup();
		render(
			<Navigation route="/" dateQuery={ dateQuery } context={ context } />
		);
		const toggle = screen.getByRole( 'button', { name: 'Publishers' } );
		toggle.focus();
		await user.keyboard( '{Enter}' );
		const items = screen.getAllByRole( 'menuitem' );
		await waitFor( () => expect( items[ 0 ] ).toHaveFocus() );
		await user.keyboard( '{ArrowDown}' );
		expect( items[ 1 ] ).toHaveFocus();
		// user-event sends keyCode 0; browsers (and @wordpress/compose's useDialog) use 27.
		fireEvent.keyDown( items[ 1 ] as HTMLElement, {
			key: 'Escape',
			keyCode: 27,
		} );
		await waitFor( () =>
			expect( screen.queryByRole( 'menu' ) ).not.toBeInTheDocument()
		);
		expect( toggle ).toHaveFocus();
		rects.mockRestore();
	} );

	describe( 'under 783 px', () => {
		// The preset's matchMedia stub never matches; without matchMedia the breakpoint hook
		// measures the window on resize, throttled to 66 ms.
		const matchMedia = window.matchMedia;
		beforeEach( () => {
			jest.useFakeTimers();
			// @ts-expect-error -- removed to exercise the resize fallback.
			delete window.matchMedia;
		} );
		afterEach( () => {
			jest.useRealTimers();
			window.matchMedia = matchMedia;
		} );

		it( 'switches layout after a resize, throttled to 66 ms', () => {
			render(
				<Navigation
					route="/"
					dateQuery={ dateQuery }
					context={ context }
				/>
			);
			expect(
				screen.queryByRole( 'button', {
					expanded: false,
					name: 'Overview',
				} )
			).not.toBeInTheDocument();

			setWidth( 782 );
			fireEvent( window, new Event( 'resize' ) );
			act( () => {
				jest.advanceTimersByTime( 40 );
			} );
			fireEvent( window, new Event( 'resize' ) );
			act( () => {
				jest.advanceTimersByTime( 25 );
			} );
			// 65 ms after the first resize: not measured yet.
			expect(
				screen.getByRole( 'button', { name: 'Traffic' } )
			).toBeInTheDocument();
			act( () => {
				jest.advanceTimersByTime( 1 );
			} );
			expect(
				screen.queryByRole( 'button', { name: 'Traffic' } )
			).not.toBeInTheDocument();
			expect(
				screen.getByRole( 'button', { name: 'Overview' } )
			).toHaveAttribute( 'aria-expanded', 'false' );

			setWidth( 783 );
			fireEvent( window, new Event( 'resize' ) );
			act( () => {
				jest.advanceTimersByTime( 66 );
			} );
			expect(
				screen.getByRole( 'button', { name: 'Traffic' } )
			).toBeInTheDocument();
		} );

		it( 'shows the route title on a trigger that opens the menu and closes on route change', () => {
			setWidth( 600 );
			const { rerender } = render(
				<Navigation
					route="/traffic-source-medium"
					dateQuery={ dateQuery }
					context={ context }
				/>
			);
			const trigger = screen.getByRole( 'button', {
				name: 'Source / Medium',
			} );
			expect( trigger ).toHaveAttribute( 'aria-expanded', 'false' );
			fireEvent.click( trigger );
			expect( trigger ).toHaveAttribute( 'aria-expanded', 'true' );
			const list = document.getElementById(
				trigger.getAttribute( 'aria-controls' ) ?? ''
			);
			expect( list ).not.toBeNull();
			expect(
				within( list as HTMLElement ).getByRole( 'list', {
					name: 'Traffic',
				} )
			).toBeInTheDocument();
			expect(
				screen.getByRole( 'link', { name: 'Source/Medium' } )
			).toHaveAttribute( 'aria-current', 'page' );

			rerender(
				<Navigation
					route="/media"
					dateQuery={ dateQuery }
					context={ context }
				/>
			);
			const moved = screen.getByRole( 'button', {
				name: 'Media Report',
			} );
			expect( moved ).toHaveAttribute( 'aria-expanded', 'false' );
			expect( screen.queryByRole( 'link' ) ).not.toBeInTheDocument();
		} );
	} );
} );
