import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import overviewFixture from '../../../store/reports/test/fixtures/overview.json';
import siteSummaryFixture from '../../../store/reports/test/fixtures/site_summary.json';
import { appStore, type DateQuery } from '../../../store/app';
import { metricsStore } from '../../../store/metrics';
import { notesStore } from '../../../store/notes';
import { makeList, makeNote } from '../../../store/notes/test/fixtures';
import { reportsStore } from '../../../store/reports';
import type { ChartNote, OverviewReport } from '../../../store/reports/types';
import { settingsStore } from '../../../store/settings';
import { settingsWith } from '../../../store/settings/test/fixture';
import { deferred, mockApi } from '../../../store/test/api';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import { OverviewScreen } from '../OverviewScreen';
import { Routed } from '../../test/screen';

const QUERY: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};

const LAUNCH_NOTE: ChartNote = {
	id: 5,
	title: 'Launch day',
	date: '2026-11-20',
	// The fixture's second point, Nov 20.
	timestamp: overviewFixture.overviewgraph.timestamps[ 1 ] ?? 0,
	color: '#d63638',
	category: 'Launch',
	important: true,
};

/**
 * A registry with the overview (carrying one site note) and everything around it loaded.
 */
function setUp() {
	const registry = createShellRegistry();
	registry.dispatch( appStore ).setDateQuery( QUERY );
	const overview: OverviewReport = {
		...( overviewFixture as OverviewReport ),
		overviewgraph: {
			...( overviewFixture as OverviewReport ).overviewgraph,
			notes: [ LAUNCH_NOTE ],
		},
	};
	registry
		.dispatch( reportsStore )
		.receiveReport( 'overview', QUERY, overview );
	registry
		.dispatch( reportsStore )
		.receiveReport( 'site_summary', QUERY, siteSummaryFixture );
	registry
		.dispatch( metricsStore )
		.receiveIncludedMetrics( [
			{ id: 'sessions', name: 'Sessions', checked: true, isPro: false },
		] );
	registry.dispatch( settingsStore ).receiveSettings( settingsWith() );
	return registry;
}

beforeEach( () => {
	apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
} );

describe( 'OverviewScreen, site notes', () => {
	it( 'shows and hides the notes panel with its toggle', async () => {
		const calls = mockApi( () =>
			makeList( [ makeNote( { id: 5, note_title: 'Launch day' } ) ] )
		);
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp()
		);
		const toggle = screen.getByRole( 'button', { name: 'Site Notes' } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect(
			screen.queryByRole( 'region', { name: 'Site Notes' } )
		).toBeNull();
		// Nothing is fetched while the panel is closed.
		expect( calls ).toEqual( [] );
		// The shared notes block, right under the chart's tabs in the chart's box, as on every
		// report whose chart has notes (src/reports/test/ChartNotes.test.tsx).
		const chart = screen.getByRole( 'region', { name: 'Traffic chart' } );
		const block = toggle.closest( '.monsterinsights-reports-chart-notes' );
		expect( block?.parentElement ).toBe( chart );
		expect( block?.previousElementSibling ).toContainElement(
			within( chart ).getByRole( 'tablist', { name: 'Metrics' } )
		);

		await userEvent.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		// The panel's module loads with the first opening.
		const panel = await screen.findByRole( 'region', {
			name: 'Site Notes',
		} );
		expect(
			document.getElementById(
				toggle.getAttribute( 'aria-controls' ) ?? ''
			)
		).toContainElement( panel );
		expect(
			await within( panel ).findByText( 'Launch day' )
		).toBeVisible();
		expect( calls[ 0 ]?.path ).toContain(
			'start=2026-10-23&end=2026-11-21'
		);

		await userEvent.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect(
			screen.queryByRole( 'region', { name: 'Site Notes' } )
		).toBeNull();
	} );

	it( 'marks the payload’s notes on the chart in their colour; a marker opens the panel on them', async () => {
		const registry = setUp();
		registry
			.dispatch( notesStore )
			.receiveNotes(
				{ start: QUERY.start, end: QUERY.end },
				makeList( [
					makeNote( { id: 4, note_title: 'Other note' } ),
					makeNote( { id: 5, note_title: 'Launch day' } ),
				] )
			);
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			registry
		);

		const marker = await screen.findByRole( 'button', {
			name: '1 site note on Nov 20',
		} );
		expect( marker ).toHaveStyle( { background: '#d63638' } );

		await userEvent.click( marker );

		expect(
			screen.getByRole( 'button', { name: 'Site Notes' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await waitFor( () =>
			expect(
				screen
					.getByRole( 'region', { name: 'Site Notes' } )
					.querySelector( '.is-highlighted' )
			).toHaveTextContent( 'Launch day' )
		);
		expect(
			screen.getByText( 'Other note' ).closest( 'li' )
		).not.toHaveClass( 'is-highlighted' );
	} );

	it( 'keeps the panel open while the overview reloads after a save', async () => {
		const reload = deferred< unknown >();
		let saved = false;
		const calls = mockApi( ( call ) => {
			if ( call.path.includes( '/reports/overview' ) ) {
				return reload.promise;
			}
			if ( call.method === 'POST' ) {
				saved = true;
				return makeNote( { id: 9, note_title: 'Spring sale' } );
			}
			return makeList(
				saved
					? [ makeNote( { id: 9, note_title: 'Spring sale' } ) ]
					: []
			);
		} );
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			setUp()
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Site Notes' } )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add New Site Note' } )
		);
		await userEvent.type(
			screen.getByLabelText( 'Site Note' ),
			'Spring sale'
		);
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );

		// The overview reloads (its markers follow) under the Refreshing Report dialog…
		expect(
			await screen.findByRole( 'dialog', { name: 'Refreshing Report' } )
		).toBeInTheDocument();
		expect(
			calls.some( ( call ) => call.path.includes( '/reports/overview' ) )
		).toBe( true );
		// …while the panel stays open (behind the dialog), back on its list with the new note.
		const panel = screen.getByRole( 'region', {
			name: 'Site Notes',
			hidden: true,
		} );
		expect(
			await within( panel ).findByText( 'Spring sale' )
		).toBeVisible();

		await act( async () => reload.resolve( overviewFixture ) );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'dialog', { name: 'Refreshing Report' } )
			).toBeNull()
		);
		expect(
			screen.getByRole( 'region', { name: 'Site Notes' } )
		).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Site Notes' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
	} );

	it( 'keeps the panel open on a date change and lists the new range’s notes', async () => {
		const calls = mockApi( ( call ) => {
			if ( call.path.includes( '/reports/overview' ) ) {
				return overviewFixture;
			}
			if ( call.path.includes( '/reports/site_summary' ) ) {
				return siteSummaryFixture;
			}
			return makeList( [
				makeNote( {
					note_title: call.path.includes( 'start=2026-11-15' )
						? 'Last week’s note'
						: 'Last month’s note',
				} ),
			] );
		} );
		const registry = setUp();
		renderIn(
			<Routed report="overview">
				<OverviewScreen />
			</Routed>,
			registry
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Site Notes' } )
		);
		expect( await screen.findByText( 'Last month’s note' ) ).toBeVisible();

		act( () => {
			registry.dispatch( appStore ).setDateQuery( {
				preset: 'custom',
				start: '2026-11-15',
				end: '2026-11-21',
			} );
		} );

		expect( await screen.findByText( 'Last week’s note' ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Site Notes' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			calls.filter( ( call ) => call.path.includes( '/notes?' ) )
		).toHaveLength( 2 );
	} );
} );
