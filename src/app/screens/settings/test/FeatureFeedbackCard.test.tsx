import { act, fireEvent, screen } from '@testing-library/react';

import { createShellRegistry, renderIn } from '../../../../../tests/js/shell';
import { FeatureFeedbackCard, feedbackDate } from '../FeatureFeedbackCard';
import { serve } from './server';

const FEEDBACK = '/monsterinsights-reports/v1/feedback';

/**
 * An entry.
 *
 * @param n       Its number.
 * @param changes Fields to change.
 */
function entry( n: number, changes: Record< string, unknown > = {} ) {
	return {
		user_id: n,
		user_name: `User ${ n }`,
		feature_key: 'exceptions',
		feature_label: 'Exceptions',
		rating: 4,
		message: `Message ${ n }`,
		date: '2026-03-05T07:00:00Z',
		site_id: 1,
		...changes,
	};
}

describe( 'FeatureFeedbackCard', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'lists the entries and links the CSV export', async () => {
		serve( {
			[ `GET ${ FEEDBACK }?page=1&per_page=20` ]: () => ( {
				items: [
					entry( 1, { message: 'Two\nlines' } ),
					entry( 2, {
						user_name: '',
						feature_label: 'Site Speed',
						rating: 2,
					} ),
				],
				pagination: { total: 2, pages: 1, page: 1, per_page: 20 },
			} ),
		} );
		renderIn( <FeatureFeedbackCard />, createShellRegistry() );

		const rows = await screen.findAllByRole( 'row' );
		expect(
			rows.map( ( row ) =>
				Array.from( row.children ).map( ( cell ) => cell.textContent )
			)
		).toEqual( [
			[ 'Date', 'User', 'Feature', 'Rating', 'Message' ],
			[
				'Mar 5, 2026, 8:00 AM',
				'User 1',
				'Exceptions',
				'4 / 5',
				'Two\nlines',
			],
			[
				'Mar 5, 2026, 8:00 AM',
				'(deleted user)',
				'Site Speed',
				'2 / 5',
				'Message 2',
			],
		] );
		expect(
			screen.getByRole( 'link', { name: 'Export CSV' } )
		).toHaveAttribute(
			'href',
			'http://example.org/wp-json/monsterinsights-reports/v1/feedback/csv?_wpnonce=abc123'
		);
	} );

	it( 'says when there is no feedback, without an export', async () => {
		serve( {
			[ `GET ${ FEEDBACK }?page=1&per_page=20` ]: () => ( {
				items: [],
				pagination: { total: 0, pages: 0, page: 1, per_page: 20 },
			} ),
		} );
		renderIn( <FeatureFeedbackCard />, createShellRegistry() );
		expect(
			await screen.findByText(
				'No feedback yet. Users can rate new features from the feedback button on their reports.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Export CSV' } )
		).not.toBeInTheDocument();
	} );

	it( 'pages through the entries', async () => {
		const calls = serve( {
			[ `GET ${ FEEDBACK }?page=1&per_page=20` ]: () => ( {
				items: [ entry( 1 ) ],
				pagination: { total: 21, pages: 2, page: 1, per_page: 20 },
			} ),
			[ `GET ${ FEEDBACK }?page=2&per_page=20` ]: () => ( {
				items: [ entry( 21 ) ],
				pagination: { total: 21, pages: 2, page: 2, per_page: 20 },
			} ),
		} );
		renderIn( <FeatureFeedbackCard />, createShellRegistry() );
		expect( await screen.findByText( 'Page 1 of 2' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Previous' } )
		).toHaveAttribute( 'aria-disabled', 'true' );

		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		} );

		expect( await screen.findByText( 'Message 21' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Page 2 of 2' ) ).toBeInTheDocument();
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			`${ FEEDBACK }?page=1&per_page=20`,
			`${ FEEDBACK }?page=2&per_page=20`,
		] );
	} );

	it( 'shows the server’s refusal', async () => {
		serve( {} );
		renderIn( <FeatureFeedbackCard />, createShellRegistry() );
		expect(
			await screen.findByText(
				'No route for GET /monsterinsights-reports/v1/feedback?page=1&per_page=20 in this test.'
			)
		).toBeInTheDocument();
	} );
} );

describe( 'feedbackDate', () => {
	it( 'shows the UTC date in the site’s timezone', () => {
		expect(
			feedbackDate( '2026-03-05T23:30:00Z', 'de_DE', 'Europe/Berlin' )
		).toBe( '06.03.2026, 00:30' );
		expect( feedbackDate( 'nonsense', 'en_US', 'UTC' ) ).toBe( 'nonsense' );
	} );
} );
