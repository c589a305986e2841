import { act, fireEvent, screen } from '@testing-library/react';

import { FeatureFeedbackSlot } from '../FeatureFeedbackSlot';
import { routeContext } from '../router';
import { matchRoute, type MatchedRoute } from '../routes';
import { appStore } from '../../store/app';
import type { BootData, BootUser } from '../../store/app/types';
import { mockApi, restError, type ApiCall } from '../../store/test/api';
import { makeBoot } from '../../../tests/js/registry';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import {
	CLOSE_DELAY_MS,
	FeatureFeedback,
	OPEN_DELAY_MS,
	THANKS_MS,
	feedbackFeature,
} from '../../components/FeatureFeedback';

const FEEDBACK = '/monsterinsights-reports/v1/feedback';
const FEATURES = [ 'exceptions', 'sitespeed', 'userjourney', 'yearinreview' ];

const ENTRY = {
	user_id: 1,
	user_name: 'Ann',
	feature_key: 'exceptions',
	feature_label: 'Exceptions',
	rating: 4,
	message: 'Useful.',
	date: '2026-11-22T10:00:00Z',
	site_id: 1,
};

/**
 * The boot data of an agency site whose user rated some features.
 *
 * @param rated The rated features.
 */
function bootWith( rated: string[] ): Partial< BootData > {
	const user: BootUser = {
		...makeBoot().user,
		featureFeedback: { features: FEATURES, rated },
	};
	return {
		user,
		source: { active: 'builtin', connected: true },
		licence: { level: 'agency', source: 'site' },
	};
}

/**
 * Renders the slot on a route.
 *
 * @param path  The route's path.
 * @param rated The rated features.
 */
function renderSlot( path: string, rated: string[] = [] ) {
	const registry = createShellRegistry( bootWith( rated ) );
	const boot = registry.select( appStore ).getBoot() as BootData;
	const context = routeContext( boot );
	const matched = matchRoute( path, context ) as MatchedRoute;
	expect( matched ).not.toBeNull();
	const view = renderIn(
		<FeatureFeedbackSlot matched={ matched } context={ context } />,
		registry
	);
	return { registry, view };
}

/** Opens the widget and lets its opening animation run. */
function openWidget() {
	fireEvent.click( screen.getByRole( 'button', { name: 'Feedback' } ) );
	act( () => {
		jest.advanceTimersByTime( OPEN_DELAY_MS );
	} );
}

/**
 * Picks a rating.
 *
 * @param stars 1 to 5.
 */
function rate( stars: number ) {
	fireEvent.click(
		screen.getByRole( 'radio', {
			name: stars === 1 ? '1 star' : `${ stars } stars`,
		} )
	);
}

/**
 * Types the message.
 *
 * @param text The message.
 */
function write( text: string ) {
	fireEvent.change( screen.getByLabelText( 'Your feedback' ), {
		target: { value: text },
	} );
}

/** Submits and lets the request settle. */
async function submit() {
	await act( async () => {
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
	} );
}

describe( 'feedbackFeature', () => {
	it( 'is the report of a listed feature the user has not rated', () => {
		expect( feedbackFeature( 'exceptions', FEATURES, [] ) ).toBe(
			'exceptions'
		);
		expect(
			feedbackFeature( 'exceptions', FEATURES, [ 'exceptions' ] )
		).toBeNull();
		expect( feedbackFeature( 'overview', FEATURES, [] ) ).toBeNull();
	} );
} );

describe( 'FeatureFeedback', () => {
	let calls: ApiCall[];

	beforeEach( () => {
		jest.useFakeTimers();
		calls = mockApi( () => Promise.resolve( ENTRY ) );
	} );

	afterEach( () => {
		jest.useRealTimers();
		document.body.innerHTML = '';
	} );

	it( 'is closed by default: a button that opens the panel', () => {
		renderSlot( '/exceptions' );
		const toggle = screen.getByRole( 'button', { name: 'Feedback' } );
		expect( screen.queryByRole( 'radio' ) ).not.toBeInTheDocument();

		openWidget();

		expect(
			screen.getByRole( 'region', {
				name: 'How do you like Exceptions Report?',
			} )
		).toHaveFocus();
		expect( toggle ).not.toBeInTheDocument();
		expect( screen.getAllByRole( 'radio' ) ).toHaveLength( 5 );
		expect(
			screen.getByRole( 'group', { name: 'Your rating' } )
		).toBeInTheDocument();
		expect( document.querySelector( '.is-shown' ) ).not.toBeNull();
	} );

	it( 'keeps Submit disabled until a rating is chosen', async () => {
		renderSlot( '/exceptions' );
		openWidget();
		write( 'Useful.' );
		const button = screen.getByRole( 'button', { name: 'Submit' } );
		expect( button ).toHaveAttribute( 'aria-disabled', 'true' );

		await submit();
		expect( calls ).toEqual( [] );

		rate( 3 );
		expect( button ).not.toHaveAttribute( 'aria-disabled' );
		expect(
			screen.getByRole( 'radio', { name: '3 stars' } )
		).toBeChecked();
	} );

	it( 'requires the message on submit', async () => {
		renderSlot( '/exceptions' );
		openWidget();
		rate( 4 );
		write( '   ' );

		await submit();

		expect( calls ).toEqual( [] );
		expect(
			screen.getByText( 'Please write your feedback before submitting.' )
		).toBeInTheDocument();
		expect( screen.getByLabelText( 'Your feedback' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
	} );

	it( 'sends the feedback, thanks, then closes and removes itself for good', async () => {
		const { registry, view } = renderSlot( '/exceptions' );
		openWidget();
		rate( 4 );
		write( 'Useful.' );

		await submit();

		expect( calls ).toEqual( [
			{
				path: FEEDBACK,
				method: 'POST',
				data: {
					feature_key: 'exceptions',
					rating: 4,
					message: 'Useful.',
				},
			},
		] );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you for your feedback!'
		);

		act( () => {
			jest.advanceTimersByTime( THANKS_MS );
		} );
		// Closing: the panel is still there while it fades out.
		expect( screen.getByRole( 'status' ) ).toBeInTheDocument();
		expect( document.querySelector( '.is-shown' ) ).toBeNull();
		act( () => {
			jest.advanceTimersByTime( CLOSE_DELAY_MS );
		} );

		expect( view.container ).toBeEmptyDOMElement();
		expect(
			registry.select( appStore ).getBoot()?.user.featureFeedback?.rated
		).toEqual( [ 'exceptions' ] );
	} );

	it( 'is not rendered for a rated feature nor for other screens', () => {
		const rated = renderSlot( '/exceptions', [ 'exceptions' ] );
		expect( rated.view.container ).toBeEmptyDOMElement();
		rated.view.unmount();

		const other = renderSlot( '/' );
		expect( other.view.container ).toBeEmptyDOMElement();
		other.view.unmount();

		renderSlot( '/site-speed', [ 'exceptions' ] );
		expect(
			screen.getByRole( 'button', { name: 'Feedback' } )
		).toBeInTheDocument();
	} );

	it( 'is not rendered over a blurred or blocked app', () => {
		const { registry, view } = renderSlot( '/exceptions' );
		expect(
			screen.getByRole( 'button', { name: 'Feedback' } )
		).toBeInTheDocument();
		act( () => {
			registry.dispatch( appStore ).setFlags( { blur: true } );
		} );
		expect( view.container ).toBeEmptyDOMElement();
		act( () => {
			registry.dispatch( appStore ).setFlags( {
				blur: false,
				blocked: true,
			} );
		} );
		expect( view.container ).toBeEmptyDOMElement();
	} );

	it( 'shows the server’s message on a 409 and stays open', async () => {
		calls = mockApi( () =>
			restError(
				'rest_feedback_already_given',
				'You have already sent feedback on this feature. Thank you!',
				{ status: 409 }
			)
		);
		renderSlot( '/exceptions' );
		openWidget();
		rate( 2 );
		write( 'Again.' );

		await submit();

		expect( calls ).toHaveLength( 1 );
		expect(
			screen.getByText(
				'You have already sent feedback on this feature. Thank you!'
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
		expect( screen.getByLabelText( 'Your feedback' ) ).toHaveValue(
			'Again.'
		);
	} );

	it( 'closes back to the button, which gets the focus', () => {
		renderAlone();
		openWidget();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Close feedback' } )
		);
		act( () => {
			jest.advanceTimersByTime( CLOSE_DELAY_MS );
		} );
		expect( screen.queryByRole( 'radio' ) ).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Feedback' } )
		).toHaveFocus();
	} );
} );

/** The widget alone, outside the shell. */
function renderAlone() {
	const registry = createShellRegistry();
	renderIn(
		<FeatureFeedback
			feature="sitespeed"
			title="Site Speed"
			onRated={ jest.fn() }
		/>,
		registry
	);
}
