import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store as noticesStore } from '@wordpress/notices';

import { renderIn } from '../../../../tests/js/shell';
import { TOAST_CONTEXT } from '../../../components/Toast';
import type { Level } from '../../../store/app/types';
import type {
	AiInsightRating,
	AiInsightsReport,
} from '../../../store/reports/types';
import { mockApi, type ApiCall } from '../../../store/test/api';
import AiInsights from '..';
import { expectLockedSample, registryFor, Routed } from '../../test/screen';

const ROUTE = '/monsterinsights-reports/v1/ai-insights';

const FIRST =
	'Sessions from the Organic Search channel grew 200%: 60 in the last 30 days, up from 20.';
const SECOND =
	'Sessions from France fell 50%: 20 in the last 30 days, down from 40.';
const FRESH_TEXT =
	'Sessions on mobile devices appeared: 25 in the last 30 days, none in the 30 days before.';

const PAYLOAD: AiInsightsReport = {
	generated_at: 1764000000,
	insights: [
		{
			id: 'aaa111',
			content: FIRST,
			link: '/traffic-overview',
		},
		{
			id: 'bbb222',
			content: SECOND,
			link: '/countries',
		},
	],
	ratings: [
		{ insight_id: 'aaa111', score: 1, feedback: '', skipped: false },
	],
};

const FRESH: AiInsightsReport = {
	...PAYLOAD,
	insights: [
		{
			id: 'ccc333',
			content: FRESH_TEXT,
			link: '/traffic-technology',
		},
	],
};

/**
 * A fake of the ai-insights routes keeping the ratings.
 *
 * @param list The list GET answers (a function of force_refresh).
 */
function fakeRoutes(
	list: ( refresh: boolean ) => unknown = ( refresh ) => ( {
		success: true,
		data: refresh ? FRESH : PAYLOAD,
	} )
) {
	let ratings: AiInsightRating[] = [ ...PAYLOAD.ratings ];
	return mockApi( ( call: ApiCall ) => {
		const data = ( call.data ?? {} ) as Record< string, unknown >;
		if ( call.path.startsWith( ROUTE + '/rate' ) ) {
			ratings = [
				...ratings.filter( ( r ) => r.insight_id !== data.insight_id ),
				{
					insight_id: String( data.insight_id ),
					score: Number( data.score ),
					feedback: '',
					skipped: false,
				},
			];
			return { success: true, data: ratings };
		}
		if ( call.path.startsWith( ROUTE + '/feedback' ) ) {
			ratings = ratings.map( ( r ) =>
				r.insight_id === data.insight_id
					? {
							...r,
							feedback: String( data.message ),
							skipped: Boolean( data.skipped ),
					  }
					: r
			);
			return { success: true, data: ratings };
		}
		if ( call.path.startsWith( ROUTE ) ) {
			return list( call.path.includes( 'force_refresh=true' ) );
		}
		return {};
	} );
}

function renderScreen( level: Level = 'pro' ) {
	const registry = registryFor( level );
	renderIn(
		<Routed report="ai_insights">
			<AiInsights />
		</Routed>,
		registry
	);
	return registry;
}

const aiCalls = ( calls: ApiCall[] ) =>
	calls
		.filter( ( call ) => call.path.startsWith( ROUTE ) )
		.map( ( call ) => `${ call.method } ${ call.path }` );

describe( 'AI Insights', () => {
	it( 'lists the insights with their links and the user’s ratings', async () => {
		const calls = fakeRoutes();
		renderScreen();
		const first = await screen.findByText( FIRST );
		const item = first.closest( 'li' ) as HTMLElement;
		expect(
			within( item ).getByRole( 'link', { name: 'View report' } )
		).toHaveAttribute( 'href', '#/traffic-overview' );
		expect(
			within( item ).getByRole( 'button', {
				name: 'This insight is helpful',
			} )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			within( item ).getByRole( 'button', {
				name: 'This insight is not helpful',
			} )
		).toHaveAttribute( 'aria-pressed', 'false' );
		expect( screen.getByText( SECOND ) ).toBeInTheDocument();
		expect( aiCalls( calls ) ).toEqual( [ `GET ${ ROUTE }` ] );
	} );

	it( 'opens the feedback box after a thumbs-down; the text is required; submit hides it', async () => {
		const user = userEvent.setup();
		const calls = fakeRoutes();
		renderScreen();
		const item = ( await screen.findByText( SECOND ) ).closest(
			'li'
		) as HTMLElement;
		const down = within( item ).getByRole( 'button', {
			name: 'This insight is not helpful',
		} );
		await user.click( down );
		expect( down ).toHaveAttribute( 'aria-pressed', 'true' );
		const box = within( item ).getByRole( 'textbox', {
			name: 'What was wrong with this insight?',
		} );
		expect( box ).toBeRequired();

		await user.click(
			within( item ).getByRole( 'button', { name: 'Submit' } )
		);
		expect(
			within( item ).getByText(
				'Please write your feedback, or skip it.'
			)
		).toBeInTheDocument();
		expect( box ).toHaveAttribute( 'aria-invalid', 'true' );

		await user.type( box, 'Wrong country.' );
		await user.click(
			within( item ).getByRole( 'button', { name: 'Submit' } )
		);
		await waitFor( () =>
			expect( within( item ).queryByRole( 'textbox' ) ).toBeNull()
		);
		expect( aiCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }`,
			`POST ${ ROUTE }/rate`,
			`POST ${ ROUTE }/feedback`,
		] );
		expect( calls.at( -1 )?.data ).toEqual( {
			insight_id: 'bbb222',
			message: 'Wrong country.',
			skipped: false,
		} );
	} );

	it( 'skips the feedback', async () => {
		const user = userEvent.setup();
		const calls = fakeRoutes();
		renderScreen();
		const item = ( await screen.findByText( FIRST ) ).closest(
			'li'
		) as HTMLElement;
		await user.click(
			within( item ).getByRole( 'button', {
				name: 'This insight is not helpful',
			} )
		);
		await user.click(
			within( item ).getByRole( 'button', { name: 'Skip' } )
		);
		await waitFor( () =>
			expect( within( item ).queryByRole( 'textbox' ) ).toBeNull()
		);
		expect( calls.at( -1 )?.data ).toEqual( {
			insight_id: 'aaa111',
			message: '',
			skipped: true,
		} );
	} );

	it( 'generates the insights anew, busy meanwhile', async () => {
		const user = userEvent.setup();
		const calls = fakeRoutes();
		renderScreen();
		await screen.findByText( FIRST );
		await user.click(
			screen.getByRole( 'button', { name: 'Generate Insights' } )
		);
		expect( await screen.findByText( FRESH_TEXT ) ).toBeInTheDocument();
		expect( screen.queryByText( FIRST ) ).not.toBeInTheDocument();
		expect( aiCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }`,
			`GET ${ ROUTE }?force_refresh=true`,
		] );
		expect(
			screen.getByRole( 'button', { name: 'Generate Insights' } )
		).toBeEnabled();
	} );

	it( 'says so when there are no insights', async () => {
		fakeRoutes( () => ( {
			success: true,
			data: { ...PAYLOAD, insights: [], ratings: [] },
		} ) );
		renderScreen();
		expect(
			await screen.findByText(
				/^No insights yet: nothing in your numbers changed enough/
			)
		).toBeInTheDocument();
	} );

	it( 'shows the server’s error in a toast when the answer has success false', async () => {
		fakeRoutes( () => ( {
			success: false,
			error: 'Google Analytics is not answering right now.',
		} ) );
		const registry = renderScreen();
		await waitFor( () =>
			expect(
				registry
					.select( noticesStore )
					.getNotices( TOAST_CONTEXT )
					.map( ( notice: { status: string; content: string } ) => [
						notice.status,
						notice.content,
					] )
			).toEqual( [
				[ 'error', 'Google Analytics is not answering right now.' ],
			] )
		);
	} );

	it.each< Level >( [ 'plus', 'lite' ] )(
		'shows the sample under the upsell with nothing fetched (%s)',
		async ( level ) => {
			const calls = fakeRoutes();
			renderScreen( level );
			await expectLockedSample(
				'ai_insights',
				'.monsterinsights-reports-ai-insights'
			);
			expect( aiCalls( calls ) ).toEqual( [] );
		}
	);
} );
