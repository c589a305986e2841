import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';

import { renderIn } from '../../../tests/js/shell';
import type { Level } from '../../store/app/types';
import { mockApi } from '../../store/test/api';
import { getUpsellContent } from '../../upsell/content';
import { payload as demoPages } from '../../demo/engagement_pages';
import type {
	EngagementPagesReport,
	TableRow,
} from '../../store/reports/types';
import { EngagementPagesScreen } from '../engagement-pages';
import { LAST_30_DAYS, registryAt, reportCalls, Routed } from './screen';

/**
 * A shell registry with a licence level and the last 30 days chosen.
 *
 * @param level The licence level.
 */
const registryFor = ( level: Level ) => registryAt( level, LAST_30_DAYS );

function pages( rows: TableRow[] ): EngagementPagesReport {
	return {
		pages: {
			...demoPages.pages,
			columns: demoPages.pages.columns,
			rows,
			total: rows.length,
		},
	};
}

/**
 * The text of each body row's first cell, padding left out.
 * @param container The rendered container.
 */
function firstCells( container: HTMLElement ): string[] {
	return Array.from( container.querySelectorAll( 'tbody tr' ) )
		.map( ( tr ) => tr.querySelector( 'td' )?.textContent ?? '' )
		.filter( ( text ) => text !== '' );
}

describe( 'ReportScreen', () => {
	it( 'renders a locked report’s own layout with its demo payload under its upsell, without fetching', async () => {
		const calls = mockApi( () => pages( [] ) );
		const { container } = renderIn(
			<Routed report="engagement_pages">
				<EngagementPagesScreen />
			</Routed>,
			registryFor( 'basic' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toEqual( [
				'/',
				'/getting-started/',
				'/ten-quick-tips/',
				'/about/',
				'/pricing/',
				'/contact/',
			] )
		);
		expect( screen.getByText( 'Sample data' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', {
				name: getUpsellContent( 'engagement_pages' ).title,
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		).toBeInTheDocument();
		// The table is the report's own (DataViews), blurred and out of reach.
		expect(
			container.querySelector(
				'.monsterinsights-reports-locked__content .monsterinsights-reports-data-table'
			)
		).not.toBeNull();
		expect( reportCalls( calls ) ).toEqual( [] );
	} );

	it( 'fetches the report with the licence and shows its rows', async () => {
		const calls = mockApi( () =>
			pages( [
				{
					page_path: '/hello/',
					pageviews: 12,
					engaged_sessions: 3,
					new_session: 2,
					bounce_rate: 25,
				},
			] )
		);
		const { container } = renderIn(
			<Routed report="engagement_pages">
				<EngagementPagesScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toEqual( [ '/hello/' ] )
		);
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/engagement_pages?start=2026-10-24&end=2026-11-22',
		] );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Pages Report' } )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Sample data' ) ).not.toBeInTheDocument();
	} );

	it( 'shows the report’s empty text for a payload without rows', async () => {
		mockApi( () => pages( [] ) );
		renderIn(
			<Routed report="engagement_pages">
				<EngagementPagesScreen />
			</Routed>,
			registryFor( 'pro' )
		);
		expect(
			await screen.findByText( 'No data currently for the Pages report.' )
		).toBeInTheDocument();
	} );

	it( 'shows the report’s error text and the server’s message when the report fails', async () => {
		mockApi( () =>
			Promise.reject( {
				code: 'db_error',
				message: 'The database is away.',
				data: { status: 500 },
			} )
		);
		const { container } = renderIn(
			<Routed report="engagement_pages">
				<EngagementPagesScreen />
			</Routed>,
			registryFor( 'agency' )
		);
		await waitFor( () =>
			expect(
				container.querySelector( '.components-notice.is-error' )
			).toHaveTextContent(
				'An unknown error has occurred.The database is away.'
			)
		);
	} );

	it( 'turns to the upsell over its layout when the server refuses the report', async () => {
		const calls = mockApi( () =>
			Promise.reject( {
				code: 'upgrade_required',
				message: 'Upgrade',
				data: { status: 403, level: 'pro', feature: 'pages' },
			} )
		);
		const { container } = renderIn(
			<Routed report="engagement_pages">
				<EngagementPagesScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await waitFor( () =>
			expect( firstCells( container ) ).toHaveLength( 6 )
		);
		expect(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toHaveLength( 1 );
	} );
} );
