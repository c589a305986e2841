import apiFetch from '@wordpress/api-fetch';
import { store as noticesStore } from '@wordpress/notices';
import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import { App } from '../App';
import * as registryModule from '../../reports/registry';
import { TOP_LANDING_PAGES_ID } from '../routes';
import { appStore } from '../../store/app';
import type { BootData } from '../../store/app/types';
import { makeBoot } from '../../../tests/js/registry';
import { payload as yearInReviewSample } from '../../demo/yearinreview';
import { mockApi } from '../../store/test/api';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';

// The Overview screen is the lead's; a stand-in with the landing pages anchor.
jest.mock( '../../reports/overview', () => ( {
	__esModule: true,
	default: () => (
		<div>
			<h2>Overview screen</h2>
			<section id="monsterinsights-reports-top-landing-pages">
				Top landing pages
			</section>
		</div>
	),
} ) );

const tick = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

function setHash( hash: string ) {
	window.history.replaceState(
		null,
		'',
		'/wp-admin/admin.php?page=monsterinsights_reports' + hash
	);
}

function renderApp( overrides: Partial< BootData > = {} ) {
	const registry = createShellRegistry( {
		source: { active: 'builtin', connected: true },
		...overrides,
	} );
	const view = renderIn( <App />, registry );
	return { registry, ...view };
}

/** What queries skip: scripts, styles and the live regions that speak notices. */
const SPOKEN = 'script, style, .a11y-speak-region';

describe( 'App', () => {
	beforeEach( () => {
		setHash( '' );
		Element.prototype.scrollIntoView = jest.fn();
		// Nothing reaches a network: a request a test does not answer stays pending.
		apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
	} );

	afterEach( () => {
		document.body.innerHTML = '';
	} );

	describe( 'before a source is connected', () => {
		it( 'renders nothing before the boot data arrives', () => {
			const { createTestRegistry } = jest.requireActual(
				'../../../tests/js/registry'
			);
			const { container } = renderIn( <App />, createTestRegistry() );
			expect( container ).toBeEmptyDOMElement();
		} );

		it( 'shows the site name and the not-connected screen on a fresh site', async () => {
			const registry = createShellRegistry();
			renderIn( <App />, registry );
			expect( screen.getByText( 'Example Site' ) ).toBeInTheDocument();
			expect(
				await screen.findByRole( 'heading', {
					name: 'You must connect MonsterInsights Reports before you can view reports.',
				} )
			).toBeInTheDocument();
			expect(
				screen.getByRole( 'link', { name: 'Launch Setup Wizard' } )
			).toHaveAttribute(
				'href',
				'http://example.org/wp-admin/admin.php?page=monsterinsights_reports#/setup-wizard'
			);
			expect(
				screen.queryByRole( 'navigation' )
			).not.toBeInTheDocument();
			// Not authenticated → blur and the no-auth flag.
			expect( registry.select( appStore ).getFlags() ).toMatchObject( {
				blur: true,
				noauth: true,
			} );
		} );

		it( 'asks users who cannot change settings to contact their webmaster', () => {
			const boot = makeBoot();
			renderIn(
				<App />,
				createShellRegistry( {
					user: {
						...boot.user,
						capabilities: {
							...boot.user.capabilities,
							saveSettings: false,
						},
					},
				} )
			);
			expect(
				screen.getByText(
					'Please ask your webmaster to connect the product to Google Analytics.'
				)
			).toBeInTheDocument();
			expect(
				screen.queryByRole( 'link', { name: 'Launch Setup Wizard' } )
			).not.toBeInTheDocument();
		} );
	} );

	describe( 'once connected', () => {
		it( 'shows the shell and the lazily loaded Overview instead of the not-connected screen', async () => {
			renderApp();
			expect(
				screen.queryByRole( 'heading', {
					name: 'You must connect MonsterInsights Reports before you can view reports.',
				} )
			).not.toBeInTheDocument();
			expect(
				screen.getByRole( 'navigation', { name: 'Reports' } )
			).toBeInTheDocument();
			expect(
				await screen.findByRole( 'heading', {
					name: 'Overview screen',
				} )
			).toBeInTheDocument();
			expect( window.location.hash ).toBe(
				'#/?start=2026-10-23&end=2026-11-21&preset=last30days'
			);
			// The report area holds the screen; navigation and notices stay outside it.
			const area = document.getElementById(
				'monsterinsights-reports-report'
			);
			expect(
				within( area as HTMLElement ).getByText( 'Overview screen' )
			).toBeInTheDocument();
			expect(
				within( area as HTMLElement ).queryByRole( 'navigation' )
			).not.toBeInTheDocument();
		} );

		it( 'scrolls smoothly to the top landing pages on /top-landing-pages', async () => {
			setHash( '#/top-landing-pages' );
			renderApp();
			await screen.findByText( 'Top landing pages' );
			await waitFor( () =>
				expect( Element.prototype.scrollIntoView ).toHaveBeenCalledWith(
					{
						behavior: 'smooth',
						block: 'start',
					}
				)
			);
			expect(
				( Element.prototype.scrollIntoView as jest.Mock ).mock
					.contexts[ 0 ]
			).toBe( document.getElementById( TOP_LANDING_PAGES_ID ) );
			expect(
				screen.getByRole( 'link', { name: 'Overview' } )
			).toHaveAttribute( 'aria-current', 'page' );
		} );

		it( 'shows Conversations AI below pro as its title and blurred sample under the upsell', async () => {
			const loadDemo = jest.spyOn( registryModule, 'loadDemo' );
			setHash( '#/ai-insights/chat' );
			renderApp();
			expect(
				await screen.findByRole( 'heading', {
					level: 1,
					name: 'Conversations AI',
				} )
			).toBeInTheDocument();
			expect(
				await screen.findByText( 'Sample data' )
			).toBeInTheDocument();
			expect( screen.getByText( 'PRO' ) ).toBeInTheDocument();
			expect(
				screen.getByRole( 'link', { name: 'Upgrade and Unlock' } )
			).toBeInTheDocument();
			// The sample chat, blurred and hidden from assistive technology.
			await waitFor( () =>
				expect(
					document.querySelector(
						'.monsterinsights-reports-locked__content .monsterinsights-reports-ai-chat__messages'
					)
				).not.toBeNull()
			);
			expect(
				document.querySelector(
					'.monsterinsights-reports-locked__content'
				)
			).toHaveAttribute( 'aria-hidden', 'true' );
			loadDemo.mockRestore();
		} );

		it( 'shows the sample on request with a notice that goes when the user leaves', async () => {
			setHash( '#/forms' );
			const { registry } = renderApp();
			// The locked body is a lazily loaded chunk: give it time on a busy machine.
			fireEvent.click(
				await screen.findByRole(
					'button',
					{ name: 'See a Sample Report' },
					{ timeout: 10_000 }
				)
			);
			// The notice, not its words spoken by the live region too.
			const notice = await screen.findByText(
				'You are viewing a sample report with demo data. Upgrade to see this report for your own site.',
				{ ignore: SPOKEN }
			);
			expect( notice ).toBeInTheDocument();
			expect(
				screen.getByRole( 'link', { name: 'Upgrade Now' } )
			).toBeInTheDocument();
			// The Forms layout with its sample, no longer hidden from assistive technology.
			expect(
				await screen.findByRole( 'tablist', { name: 'Metrics' } )
			).toBeInTheDocument();

			await act( async () => {
				window.location.hash = '#/search-console';
				await tick();
			} );
			await screen.findByRole( 'heading', {
				name: 'Search Console Report',
			} );
			expect( registry.select( noticesStore ).getNotices() ).toHaveLength(
				0
			);
			expect(
				screen.queryByText( /You are viewing a sample report/, {
					ignore: SPOKEN,
				} )
			).not.toBeInTheDocument();
		} );

		it( 'gives a licence that includes Conversations AI its screen, which asks for the provider', async () => {
			const calls = mockApi( () => new Promise( () => undefined ) );
			setHash( '#/ai-insights/chat' );
			renderApp( { licence: { level: 'agency', source: 'site' } } );
			await waitFor( () =>
				expect( calls.map( ( call ) => call.path ) ).toContain(
					'/monsterinsights-reports/v1/ai-provider'
				)
			);
			expect(
				screen.queryByRole( 'heading', {
					name: 'This report is not available yet',
				} )
			).not.toBeInTheDocument();
			expect(
				screen.queryByRole( 'link', { name: 'Upgrade and Unlock' } )
			).not.toBeInTheDocument();
		} );

		it( 'hides the navigation on the AI routes; the user journey brings its own', async () => {
			setHash( '#/ai-insights/chat/5' );
			renderApp();
			await screen.findByRole( 'heading', { name: 'Conversations AI' } );
			expect(
				screen.queryByRole( 'navigation' )
			).not.toBeInTheDocument();

			await act( async () => {
				window.location.hash = '#/user-journey-report';
				await tick();
			} );
			await screen.findByRole( 'heading', {
				name: 'User Journey Report',
			} );
			// Not the reports' navigation: the screen's own.
			expect(
				screen.queryByRole( 'navigation', { name: 'Reports' } )
			).not.toBeInTheDocument();
			expect(
				screen.getByRole( 'navigation', { name: 'User Journey' } )
			).toBeInTheDocument();
			expect(
				screen.queryByRole( 'button', { name: 'See a Sample Report' } )
			).not.toBeInTheDocument();
		} );

		it( 'highlights the admin menu item of the AI insights route', async () => {
			const menu = document.createElement( 'ul' );
			menu.id = 'adminmenu';
			menu.innerHTML = `<li><ul class="wp-submenu">
				<li class="current"><a class="current" href="admin.php?page=monsterinsights_reports">Reports</a></li>
				<li><a href="admin.php?page=monsterinsights_reports#/ai-insights">AI Insights</a></li>
			</ul></li>`;
			document.body.appendChild( menu );
			setHash( '#/ai-insights' );
			renderApp();
			await screen.findByRole( 'heading', {
				name: 'AI Insights',
				level: 1,
			} );
			expect( within( menu ).getByText( 'AI Insights' ) ).toHaveClass(
				'current'
			);
			expect( within( menu ).getByText( 'Reports' ) ).not.toHaveClass(
				'current'
			);

			await act( async () => {
				window.location.hash = '#/forms';
				await tick();
			} );
			expect( within( menu ).getByText( 'Reports' ) ).toHaveClass(
				'current'
			);
			expect( within( menu ).getByText( 'AI Insights' ) ).not.toHaveClass(
				'current'
			);
		} );

		it( 'shows the year in review tab and its screen in early January', async () => {
			const boot = makeBoot();
			// The year has no session yet: the report says it is still calculating.
			const calls = mockApi( ( call ) =>
				call.path.includes( '/reports/yearinreview' )
					? {
							...yearInReviewSample,
							is_enabled: false,
							report_year: 2025,
					  }
					: Promise.reject( { code: 'not_mocked', message: '' } )
			);
			setHash( '#/year-in-review' );
			renderApp( {
				site: { ...boot.site, today: '2026-01-05' },
				licence: { level: 'plus', source: 'site' },
			} );
			expect(
				screen.getByRole( 'link', { name: '2025 Year in Review' } )
			).toHaveAttribute( 'aria-current', 'page' );
			expect(
				await screen.findByText(
					'Your 2025 Year in Review is still calculating. Please check back later to see how your website performed last year.',
					{},
					// The screen's chunk loads first.
					{ timeout: 10_000 }
				)
			).toBeInTheDocument();
			expect(
				screen.getByRole( 'link', {
					name: 'Back to the Overview report',
				} )
			).toHaveAttribute(
				'href',
				expect.stringMatching( /^#\/\?start=/ )
			);
			expect(
				calls.some( ( call ) =>
					call.path.startsWith(
						'/monsterinsights-reports/v1/reports/yearinreview?'
					)
				)
			).toBe( true );
		} );

		it( 'offers the upgrade in the quick links below pro only', async () => {
			const { unmount } = renderApp();
			expect(
				screen.getByRole( 'button', { name: 'Quick Links' } )
			).toBeInTheDocument();
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Quick Links' } )
			);
			expect(
				screen.getByRole( 'menuitem', { name: 'Upgrade to Pro' } )
			).toHaveAttribute(
				'href',
				expect.stringContaining(
					'utm_campaign=quick-links&discount=LITEUPGRADE'
				)
			);
			await screen.findByText( 'Overview screen' );
			unmount();

			renderApp( { licence: { level: 'pro', source: 'site' } } );
			expect(
				screen.queryByRole( 'button', { name: 'Quick Links' } )
			).not.toBeInTheDocument();
			await screen.findByText( 'Overview screen' );
		} );

		it( 'renders the default notices of the notices store, dismissible', async () => {
			const { registry } = renderApp();
			await screen.findByText( 'Overview screen' );
			await act( async () => {
				registry
					.dispatch( noticesStore )
					.createErrorNotice( 'Something went wrong.', { id: 'x' } );
			} );
			expect(
				screen.getByText( 'Something went wrong.' )
			).toBeInTheDocument();
			fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
			expect(
				screen.queryByText( 'Something went wrong.' )
			).not.toBeInTheDocument();
		} );

		it( 'shows the no-auth and re-auth notices from the flags', async () => {
			const { registry } = renderApp();
			await screen.findByText( 'Overview screen' );
			await act( async () => {
				registry
					.dispatch( appStore )
					.setFlags( { noauth: true, reauth: true } );
			} );
			expect(
				screen.getByText(
					'You must connect MonsterInsights Reports before you can view reports.'
				)
			).toBeInTheDocument();
			expect(
				screen.getByText(
					'MonsterInsights Reports lost access to your Google Analytics account. Please reconnect it to keep your reports up to date.'
				)
			).toBeInTheDocument();
		} );

		it( 'covers the content with a blocking overlay while blocked', async () => {
			const { registry } = renderApp();
			await screen.findByText( 'Overview screen' );
			await act( async () => {
				registry.dispatch( appStore ).setFlags( { blocked: true } );
			} );
			expect(
				screen.getByText( 'Please wait…' ).parentElement
			).toHaveAttribute( 'role', 'status' );
			expect(
				document.getElementById( 'monsterinsights-reports-report' )
			).toHaveAttribute( 'inert' );
			// WordPress's #wpbody is the page's main landmark; the app's content area is a div.
			expect(
				document.querySelector( '.monsterinsights-reports-content' )
			).toHaveAttribute( 'aria-busy', 'true' );
			await act( async () => {
				registry.dispatch( appStore ).setFlags( { blocked: false } );
			} );
			expect(
				document.getElementById( 'monsterinsights-reports-report' )
			).not.toHaveAttribute( 'inert' );
		} );
	} );
} );
