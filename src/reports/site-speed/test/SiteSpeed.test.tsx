import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderIn } from '../../../../tests/js/shell';
import { TOAST_CONTEXT } from '../../../components/Toast';
import type { Level } from '../../../store/app/types';
import { SITE_SPEED } from '../../../store/reports/test/fixtures/sitespeed';
import { mockApi, type ApiCall } from '../../../store/test/api';
import { payload as sample } from '../../../demo/sitespeed';
import { DEVICE_STORAGE_KEY, SiteSpeedScreen } from '..';
import { rateSpeed, scoreBand, SPEED_THRESHOLDS } from '../metrics';
import { findUpsellHeading, registryAt, Routed } from '../../test/screen';

const ROUTE = '/monsterinsights-reports/v1/reports/sitespeed';
const AUDIT = '/monsterinsights-reports/v1/site-speed/audit';

/**
 * The screen in a shell registry with a licence level and the dates of SiteSpeedReportTest.
 *
 * @param level The licence level.
 */
function renderScreen( level: Level ) {
	const registry = registryAt( level, {
		preset: 'custom',
		start: '2025-02-01',
		end: '2025-03-31',
	} );
	return {
		registry,
		...renderIn(
			<Routed report="sitespeed">
				<SiteSpeedScreen />
			</Routed>,
			registry
		),
	};
}

/**
 * The report and audit requests among the calls.
 *
 * @param calls Recorded calls.
 */
const speedCalls = ( calls: ApiCall[] ) =>
	calls
		.filter(
			( call ) =>
				call.path.startsWith( ROUTE ) || call.path.startsWith( AUDIT )
		)
		.map(
			( call ) =>
				`${ call.method } ${ call.path }${
					call.data ? ' ' + JSON.stringify( call.data ) : ''
				}`
		);

/** Each tile's title, value, score and goal (and note), as shown. */
function tiles(): string[][] {
	return Array.from(
		document.querySelectorAll( '.monsterinsights-reports-site-speed__tile' )
	).map( ( tile ) =>
		Array.from( tile.children ).map( ( child ) => child.textContent ?? '' )
	);
}

/** Each tile's rating class. */
function tileClasses(): string[] {
	return Array.from(
		document.querySelectorAll( '.monsterinsights-reports-site-speed__tile' )
	).map(
		( tile ) =>
			Array.from( tile.classList ).find( ( name ) =>
				name.startsWith( 'is-' )
			) ?? ''
	);
}

/** The overall score as the circle's label says it. */
const overall = () =>
	screen
		.getByRole( 'img', { name: /^Overall Score/ } )
		.getAttribute( 'aria-label' );

beforeEach( () => window.localStorage.clear() );

describe( 'Site Speed report', () => {
	it( 'shows desktop by default: the overall score, six tiles with values, scores and goals', async () => {
		const calls = mockApi( () => SITE_SPEED );
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		expect(
			screen.getByRole( 'button', { name: 'Desktop' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect( tiles() ).toEqual( [
			[
				'Largest Contentful Paint',
				'2.40 s',
				'Good',
				'Lighthouse-style score: 50',
				'Goal: 2.5 s or less (poor above 4 s)',
			],
			[
				'Cumulative Layout Shift',
				'0.10',
				'Good',
				'Lighthouse-style score: 90',
				'Goal: 0.1 or less (poor above 0.25)',
			],
			[
				'Server Response Time',
				'600 ms',
				'Good',
				'Lighthouse-style score: 90',
				'Goal: 800 ms or less (poor above 1.8 s)',
			],
			[
				'First Contentful Paint',
				'934 ms',
				'Good',
				'Lighthouse-style score: 90',
				'Goal: 1.8 s or less (poor above 3 s)',
			],
			[
				'Total Blocking Time',
				'–',
				'Goal: 200 ms or less (poor above 600 ms)',
				'Total Blocking Time is a lab measurement: it needs PageSpeed Insights, which the Google data source provides.',
			],
			[
				'Interaction to Next Paint',
				'500 ms',
				'Needs improvement',
				'Lighthouse-style score: 50',
				'Goal: 200 ms or less (poor above 500 ms)',
			],
		] );
		// The tile's colour is its rating.
		expect( tileClasses() ).toEqual( [
			'is-good',
			'is-good',
			'is-good',
			'is-good',
			'is-none',
			'is-needs-improvement',
		] );
		expect(
			screen.getByText(
				'Field data: the 75th percentile of 4 measured page views.'
			)
		).toBeInTheDocument();
		expect( speedCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?start=2025-02-01&end=2025-03-31`,
		] );
	} );

	it( 'shows the google source’s PageSpeed lab run: its performance score, Total Blocking Time, INP from the field', async () => {
		// GoogleSiteSpeedTest's desktop figures (fixtures/pagespeed-desktop.json).
		const lab = {
			overallScore: 94,
			samples: 0,
			cumulative_layout_shift: { score: 100, value: 0.012 },
			largest_contentful_paint: { score: 90, value: 1.2037 },
			server_response_time: { score: 100, value: 188.4 },
			first_contentful_paint: { score: 95, value: 0.6891 },
			total_blocking_time: { score: 100, value: 42 },
			interaction_to_next_paint: { score: 99, value: 0.088 },
			method: 'lab' as const,
			audit: {
				server_response_time: { score: 100, value: 188.4 },
				at: 1764892800,
			},
			server_response_source: 'audit' as const,
		};
		mockApi( () => ( { desktop: lab, mobile: lab } ) );
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 94' } );
		expect( tiles()[ 4 ] ).toEqual( [
			'Total Blocking Time',
			'42 ms',
			'Good',
			'Lighthouse-style score: 100',
			'Goal: 200 ms or less (poor above 600 ms)',
		] );
		expect( tiles().map( ( tile ) => tile[ 1 ] ) ).toEqual( [
			'1.20 s',
			'0.012',
			'188 ms',
			'689 ms',
			'42 ms',
			'88 ms',
		] );
		expect(
			screen.getByText(
				/^Lab data: PageSpeed Insights’ Lighthouse audit/
			)
		).toBeInTheDocument();
		expect(
			screen.queryByText( /measured in this period/ )
		).not.toBeInTheDocument();
	} );

	it( 'colours a value that meets its goal as Good even when its desktop score is 51', async () => {
		mockApi( () => ( {
			...SITE_SPEED,
			desktop: {
				...SITE_SPEED.desktop,
				largest_contentful_paint: { score: 51, value: 2.35 },
				interaction_to_next_paint: { score: 98, value: 0.12 },
			},
		} ) );
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		expect( tiles()[ 0 ] ).toEqual( [
			'Largest Contentful Paint',
			'2.35 s',
			'Good',
			'Lighthouse-style score: 51',
			'Goal: 2.5 s or less (poor above 4 s)',
		] );
		expect( tileClasses()[ 0 ] ).toBe( 'is-good' );
		// Every measured metric is Good, so nothing is listed to improve.
		expect(
			screen.getByText( 'Every measured metric meets its goal.' )
		).toBeInTheDocument();
	} );

	it( 'keeps the device choice in local storage', async () => {
		mockApi( () => SITE_SPEED );
		const user = userEvent.setup();
		const first = renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		await user.click( screen.getByRole( 'button', { name: 'Mobile' } ) );
		expect( overall() ).toBe( 'Overall Score: 73' );
		expect( window.localStorage.getItem( DEVICE_STORAGE_KEY ) ).toBe(
			'mobile'
		);
		expect( tiles()[ 0 ] ).toEqual( [
			'Largest Contentful Paint',
			'2.50 s',
			'Good',
			'Lighthouse-style score: 90',
			'Goal: 2.5 s or less (poor above 4 s)',
		] );
		first.unmount();

		// A new visit of the screen opens on mobile.
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 73' } );
		expect(
			screen.getByRole( 'button', { name: 'Mobile' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
	} );

	it( 'lists the failing metrics by ascending score, one open at a time', async () => {
		mockApi( () => SITE_SPEED );
		const user = userEvent.setup();
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		await user.click( screen.getByRole( 'button', { name: 'Mobile' } ) );
		// Mobile: CLS (0.25) and server response (1.8 s) need improvement; LCP (2.5 s) and FCP
		// (1.8 s) are Good.
		const improve = screen
			.getByRole( 'heading', { name: 'How to Improve' } )
			.closest( 'section' ) as HTMLElement;
		const items = () =>
			within( improve )
				.getAllByRole( 'button' )
				.map( ( button ) => [
					button.textContent,
					button.getAttribute( 'aria-expanded' ),
				] );
		expect( items() ).toEqual( [
			[ 'Cumulative Layout Shift (score 50)', 'false' ],
			[ 'Server Response Time (score 50)', 'false' ],
		] );
		const toggle = ( name: string ) =>
			user.click( within( improve ).getByRole( 'button', { name } ) );
		const expanded = () => items().map( ( item ) => item[ 1 ] );
		await toggle( 'Cumulative Layout Shift (score 50)' );
		expect( expanded() ).toEqual( [ 'true', 'false' ] );
		expect(
			within( improve ).getByText(
				/Give every image, video, iframe and embed width and height attributes/
			)
		).toBeInTheDocument();
		await toggle( 'Server Response Time (score 50)' );
		expect( expanded() ).toEqual( [ 'false', 'true' ] );
		expect(
			within( improve ).getByText( /Turn on page caching/ )
		).toBeInTheDocument();
		// The open item closes on a second click.
		await toggle( 'Server Response Time (score 50)' );
		expect( expanded() ).toEqual( [ 'false', 'false' ] );
	} );

	it( 'runs an audit for the device shown, hides the layout meanwhile, then fetches the report again', async () => {
		let audited = false;
		let finish: () => void = () => {};
		const calls = mockApi( ( call ) => {
			if ( call.path.startsWith( AUDIT ) ) {
				return new Promise( ( resolve ) => {
					finish = () => {
						audited = true;
						resolve( {
							device: 'mobile',
							server_response_time: 312,
							at: 1741600000,
						} );
					};
				} );
			}
			return audited
				? {
						...SITE_SPEED,
						mobile: { ...SITE_SPEED.mobile, overallScore: 80 },
				  }
				: SITE_SPEED;
		} );
		const user = userEvent.setup();
		renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		await user.click( screen.getByRole( 'button', { name: 'Mobile' } ) );
		await user.click( screen.getByRole( 'button', { name: 'Run Audit' } ) );
		expect(
			await screen.findByText( 'Auditing your site…' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'img', { name: /^Overall Score/ } )
		).not.toBeInTheDocument();
		await act( async () => finish() );
		await screen.findByRole( 'img', { name: 'Overall Score: 80' } );
		expect(
			screen.queryByText( 'Auditing your site…' )
		).not.toBeInTheDocument();
		expect( speedCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?start=2025-02-01&end=2025-03-31`,
			`POST ${ AUDIT } {"device":"mobile"}`,
			`GET ${ ROUTE }?start=2025-02-01&end=2025-03-31`,
		] );
	} );

	it( 'says so in a toast when the audit fails', async () => {
		mockApi( ( call ) =>
			call.path.startsWith( AUDIT )
				? Promise.reject( {
						code: 'audit_failed',
						message: 'cURL error 7',
						data: { status: 502 },
				  } )
				: SITE_SPEED
		);
		const user = userEvent.setup();
		const { registry } = renderScreen( 'plus' );
		await screen.findByRole( 'img', { name: 'Overall Score: 66' } );
		await user.click( screen.getByRole( 'button', { name: 'Run Audit' } ) );
		await waitFor( () =>
			expect(
				registry
					.select( 'core/notices' )
					.getNotices( TOAST_CONTEXT )
					.map( ( notice: { content: string } ) => notice.content )
			).toEqual( [ 'Failed to load report: 502, ' ] )
		);
		expect( overall() ).toBe( 'Overall Score: 66' );
	} );

	it( 'says when a device has no field data yet instead of inventing numbers', async () => {
		const empty = {
			...SITE_SPEED.mobile,
			overallScore: null,
			samples: 0,
			cumulative_layout_shift: null,
			largest_contentful_paint: null,
			server_response_time: null,
			first_contentful_paint: null,
			interaction_to_next_paint: null,
			audit: null,
			server_response_source: '' as const,
		};
		mockApi( () => ( { desktop: empty, mobile: empty } ) );
		renderScreen( 'plus' );
		expect(
			await screen.findByText( /^No speed data for desktop visits/ )
		).toBeInTheDocument();
		expect( tiles() ).toEqual( [] );
		expect(
			screen.getByRole( 'button', { name: 'Run Audit' } )
		).toBeEnabled();
	} );

	it( 'shows its sample over the same layout under its upsell to basic, without fetching; the toggle does nothing', async () => {
		const calls = mockApi( () => ( {} ) );
		const user = userEvent.setup();
		renderScreen( 'basic' );
		expect( await findUpsellHeading( 'sitespeed' ) ).toBeInTheDocument();
		await waitFor( () =>
			expect(
				document.querySelectorAll(
					'.monsterinsights-reports-site-speed__tile'
				)
			).toHaveLength( 6 )
		);
		const circle = document.querySelector(
			'.monsterinsights-reports-site-speed__overall svg'
		);
		expect( circle?.getAttribute( 'aria-label' ) ).toBe(
			`Overall Score: ${ sample.desktop.overallScore }`
		);
		const mobile = document.querySelector(
			'.monsterinsights-reports-site-speed__devices button'
		) as HTMLElement;
		expect( mobile.textContent ).toBe( 'Mobile' );
		await user.click( mobile );
		expect( circle?.getAttribute( 'aria-label' ) ).toBe(
			`Overall Score: ${ sample.desktop.overallScore }`
		);
		expect( window.localStorage.getItem( DEVICE_STORAGE_KEY ) ).toBeNull();
		await act( async () => {} );
		expect( speedCalls( calls ) ).toEqual( [] );
	} );
} );

describe( 'rateSpeed', () => {
	// The Core Web Vitals thresholds (web.dev): good up to the first, poor above the second.
	it.each( [
		// LCP in seconds: 2.5 / 4 s.
		[ 'largest_contentful_paint', 2.5, 'good' ],
		[ 'largest_contentful_paint', 2.501, 'needs-improvement' ],
		[ 'largest_contentful_paint', 4, 'needs-improvement' ],
		[ 'largest_contentful_paint', 4.001, 'poor' ],
		// INP in seconds: 200 / 500 ms.
		[ 'interaction_to_next_paint', 0.2, 'good' ],
		[ 'interaction_to_next_paint', 0.201, 'needs-improvement' ],
		[ 'interaction_to_next_paint', 0.5, 'needs-improvement' ],
		[ 'interaction_to_next_paint', 0.501, 'poor' ],
		// CLS: 0.1 / 0.25.
		[ 'cumulative_layout_shift', 0.1, 'good' ],
		[ 'cumulative_layout_shift', 0.1001, 'needs-improvement' ],
		[ 'cumulative_layout_shift', 0.25, 'needs-improvement' ],
		[ 'cumulative_layout_shift', 0.2501, 'poor' ],
		// FCP in seconds: 1.8 / 3 s.
		[ 'first_contentful_paint', 1.8, 'good' ],
		[ 'first_contentful_paint', 1.801, 'needs-improvement' ],
		[ 'first_contentful_paint', 3, 'needs-improvement' ],
		[ 'first_contentful_paint', 3.001, 'poor' ],
		// TTFB (server response time) in milliseconds: 800 / 1800 ms.
		[ 'server_response_time', 800, 'good' ],
		[ 'server_response_time', 801, 'needs-improvement' ],
		[ 'server_response_time', 1800, 'needs-improvement' ],
		[ 'server_response_time', 1801, 'poor' ],
		// TBT in milliseconds (PageSpeed Insights' limits): 200 / 600 ms.
		[ 'total_blocking_time', 200, 'good' ],
		[ 'total_blocking_time', 201, 'needs-improvement' ],
		[ 'total_blocking_time', 600, 'needs-improvement' ],
		[ 'total_blocking_time', 601, 'poor' ],
	] as const )( 'rates %s %s as %s', ( key, value, rating ) => {
		expect( rateSpeed( key, value ) ).toBe( rating );
	} );

	it( 'uses the web-vitals package’s thresholds for the Core Web Vitals', () => {
		expect( SPEED_THRESHOLDS ).toEqual( {
			largest_contentful_paint: [ 2500, 4000 ],
			interaction_to_next_paint: [ 200, 500 ],
			cumulative_layout_shift: [ 0.1, 0.25 ],
			first_contentful_paint: [ 1800, 3000 ],
			server_response_time: [ 800, 1800 ],
			total_blocking_time: [ 200, 600 ],
		} );
	} );
} );

describe( 'scoreBand', () => {
	it( 'follows the score bands 0-49, 50-89, 90+', () => {
		expect(
			[ 0, 49, 50, 89, 90, 100 ].map( ( score ) => scoreBand( score ) )
		).toEqual( [
			'danger',
			'danger',
			'warning',
			'warning',
			'success',
			'success',
		] );
	} );
} );
