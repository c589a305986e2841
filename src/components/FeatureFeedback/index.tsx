/**
 * The feature feedback widget (docs/product-rules.md#feature-feedback): a small floating button on
 * the screen of a feature that asks for feedback; open, a 1–5 rating, a required message and
 * Submit (disabled until a rating is chosen); after the thank-you it closes and removes itself, and
 * it is not shown again for that feature.
 */
import { Button, Notice, TextareaControl } from '@wordpress/components';
import { useInstanceId, useReducedMotion } from '@wordpress/compose';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { FormEvent } from 'react';

import { errorText } from '../../store/errors';
import { MAX_MESSAGE, MAX_RATING, MIN_RATING, sendFeedback } from './api';
import './style.scss';

/** How long the open and close animation runs before the panel is removed. */
export const CLOSE_DELAY_MS = 250;
/** The pause before the opening animation starts, so the panel is in the page first. */
export const OPEN_DELAY_MS = 10;
/** How long the thank-you shows before the widget closes. */
export const THANKS_MS = 3000;

const RATINGS = Array.from(
	{ length: MAX_RATING - MIN_RATING + 1 },
	( _, index ) => MIN_RATING + index
);

/**
 * The feature of a screen: its report's name when that report asks for feedback and the user has
 * not rated it yet, else null. Feature keys are report names, listed once on the server
 * (includes/Feedback/FeatureFeedback.php) and sent in the boot data.
 *
 * @param report   The screen's report.
 * @param features The features that ask for feedback.
 * @param rated    The features the user already rated.
 */
export function feedbackFeature(
	report: string,
	features: readonly string[],
	rated: readonly string[]
): string | null {
	return features.includes( report ) && ! rated.includes( report )
		? report
		: null;
}

export interface FeatureFeedbackProps {
	/** The feature key. */
	feature: string;
	/** The feature's name, as its screen's title shows it. */
	title: string;
	/** Called once the feedback is stored (the feature is rated from now on). */
	onRated: ( feature: string ) => void;
}

type Phase = 'closed' | 'open' | 'submitted' | 'gone';

/**
 * The widget.
 *
 * @param props         Component props.
 * @param props.feature
 * @param props.title
 * @param props.onRated
 */
export function FeatureFeedback( {
	feature,
	title,
	onRated,
}: FeatureFeedbackProps ) {
	const id = useInstanceId(
		FeatureFeedback,
		'monsterinsights-reports-feature-feedback'
	);
	const reduceMotion = useReducedMotion();
	const [ phase, setPhase ] = useState< Phase >( 'closed' );
	// The panel's transition class: on shortly after it is added, off before it is removed.
	const [ shown, setShown ] = useState( false );
	const [ rating, setRating ] = useState< number | null >( null );
	const [ message, setMessage ] = useState( '' );
	const [ messageError, setMessageError ] = useState( false );
	const [ error, setError ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	const toggleRef = useRef< HTMLButtonElement >( null );
	const panelRef = useRef< HTMLElement >( null );
	const mounted = useRef( true );
	const timers = useRef< ReturnType< typeof setTimeout >[] >( [] );

	// The stored feedback is reported once the widget is gone, or when the screen is left before.
	const unreported = useRef< string | null >( null );
	const report = useRef( onRated );
	report.current = onRated;
	const reportRated = () => {
		if ( unreported.current !== null ) {
			report.current( unreported.current );
			unreported.current = null;
		}
	};

	const later = ( callback: () => void, ms: number ) => {
		timers.current.push( setTimeout( callback, reduceMotion ? 0 : ms ) );
	};
	useEffect( () => {
		const pending = timers.current;
		mounted.current = true;
		return () => {
			mounted.current = false;
			pending.forEach( clearTimeout );
			if ( unreported.current !== null ) {
				report.current( unreported.current );
			}
		};
	}, [] );
	// Opened, the focus moves into the panel (the button is gone); closed again, back to the
	// button.
	const refocus = useRef( false );
	useEffect( () => {
		if ( phase === 'open' ) {
			panelRef.current?.focus();
		} else if ( phase === 'closed' && refocus.current ) {
			refocus.current = false;
			toggleRef.current?.focus();
		}
	}, [ phase ] );

	const open = () => {
		setPhase( 'open' );
		later( () => setShown( true ), OPEN_DELAY_MS );
	};
	const close = ( next: Phase ) => {
		setShown( false );
		later( () => {
			refocus.current = next === 'closed';
			setPhase( next );
			if ( next === 'gone' ) {
				reportRated();
			}
		}, CLOSE_DELAY_MS );
	};

	const submit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( rating === null || busy ) {
			return;
		}
		if ( message.trim() === '' ) {
			setMessageError( true );
			return;
		}
		setMessageError( false );
		setError( null );
		setBusy( true );
		try {
			await sendFeedback( feature, rating, message );
		} catch ( caught ) {
			setError( errorText( caught ) );
			setBusy( false );
			return;
		}
		if ( ! mounted.current ) {
			// The screen was left while the feedback was sent.
			report.current( feature );
			return;
		}
		setBusy( false );
		unreported.current = feature;
		setPhase( 'submitted' );
		// The thanks shows, then the widget closes and removes itself.
		timers.current.push( setTimeout( () => close( 'gone' ), THANKS_MS ) );
	};

	if ( phase === 'gone' ) {
		return null;
	}

	const headingId = `${ id }-heading`;
	const className = [
		'monsterinsights-reports-feature-feedback',
		shown && 'is-shown',
		reduceMotion && 'is-still',
	]
		.filter( Boolean )
		.join( ' ' );

	return (
		<div className={ className }>
			{ phase === 'closed' && (
				<Button
					ref={ toggleRef }
					className="monsterinsights-reports-feature-feedback__toggle"
					variant="primary"
					onClick={ open }
				>
					{ __( 'Feedback', 'monsterinsights-reports' ) }
				</Button>
			) }
			{ phase !== 'closed' && (
				<section
					ref={ panelRef }
					className="monsterinsights-reports-feature-feedback__panel"
					aria-labelledby={ headingId }
					tabIndex={ -1 }
				>
					<div className="monsterinsights-reports-feature-feedback__header">
						<h2 id={ headingId }>
							{ sprintf(
								/* translators: %s: a report's name, e.g. Site Speed. */
								__(
									'How do you like %s?',
									'monsterinsights-reports'
								),
								title
							) }
						</h2>
						<Button
							className="monsterinsights-reports-feature-feedback__close"
							icon="no-alt"
							label={ __(
								'Close feedback',
								'monsterinsights-reports'
							) }
							size="small"
							onClick={ () =>
								close(
									phase === 'submitted' ? 'gone' : 'closed'
								)
							}
						/>
					</div>
					{ phase === 'submitted' ? (
						<p
							className="monsterinsights-reports-feature-feedback__thanks"
							role="status"
						>
							{ __(
								'Thank you for your feedback!',
								'monsterinsights-reports'
							) }
						</p>
					) : (
						<form onSubmit={ submit } noValidate>
							{ error && (
								<Notice status="error" isDismissible={ false }>
									{ error }
								</Notice>
							) }
							<fieldset className="monsterinsights-reports-feature-feedback__rating">
								<legend>
									{ __(
										'Your rating',
										'monsterinsights-reports'
									) }
								</legend>
								{ RATINGS.map( ( value ) => (
									<label
										key={ value }
										htmlFor={ `${ id }-rating-${ value }` }
										className={
											rating !== null && value <= rating
												? 'is-on'
												: undefined
										}
									>
										<input
											id={ `${ id }-rating-${ value }` }
											type="radio"
											name={ `${ id }-rating` }
											value={ value }
											checked={ rating === value }
											onChange={ () =>
												setRating( value )
											}
										/>
										<span aria-hidden="true">★</span>
										<span className="screen-reader-text">
											{ sprintf(
												/* translators: %d: a rating from 1 to 5. */
												_n(
													'%d star',
													'%d stars',
													value,
													'monsterinsights-reports'
												),
												value
											) }
										</span>
									</label>
								) ) }
							</fieldset>
							<TextareaControl
								__nextHasNoMarginBottom
								label={ __(
									'Your feedback',
									'monsterinsights-reports'
								) }
								value={ message }
								maxLength={ MAX_MESSAGE }
								required
								aria-invalid={ messageError || undefined }
								help={
									messageError
										? __(
												'Please write your feedback before submitting.',
												'monsterinsights-reports'
										  )
										: undefined
								}
								className={
									messageError ? 'has-error' : undefined
								}
								onChange={ ( value ) => {
									setMessage( value );
									if ( value.trim() !== '' ) {
										setMessageError( false );
									}
								} }
							/>
							<Button
								variant="primary"
								type="submit"
								disabled={ rating === null }
								accessibleWhenDisabled
								isBusy={ busy }
							>
								{ __( 'Submit', 'monsterinsights-reports' ) }
							</Button>
						</form>
					) }
				</section>
			) }
		</div>
	);
}
