/**
 * AI Insights (docs/product-rules.md#ai-insights, route /ai-insights): the insights the server's
 * engine found in the last 30 complete days against the 30 before, each a sentence with its
 * numbers and a link to the report that shows them, with thumbs up and down. A thumbs-down opens a
 * feedback box (a required text, Submit or Skip) that hides once submitted or skipped. Generate
 * Insights asks for a fresh list (force_refresh). An answer with success false shows the server's
 * error in a toast.
 *
 * Below the pro licence (plus included) the sample's three insights sit blurred under the upsell
 * (ReportScreen) and nothing is fetched. The list and the ratings come from GET /ai-insights, not
 * from the app's dates.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button, Notice } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

import { FeedbackBox } from '../../components/FeedbackBox';
import { Loader } from '../../components/Loader';
import { useToast } from '../../components/Toast';
import { REST_NAMESPACE } from '../../store/reports/query';
import type {
	AiInsight,
	AiInsightRating,
	AiInsightsReport,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import './style.scss';

/** The routes of the insights. */
export const AI_INSIGHTS_PATH = `/${ REST_NAMESPACE }/ai-insights`;

/** What the insight routes answer. */
interface Answer< T > {
	success: boolean;
	data?: T;
	error?: string;
}

/** What the list does with a rating. */
interface Actions {
	rate: ( id: string, score: 0 | 1 ) => void;
	feedback: (
		id: string,
		message: string,
		skipped: boolean
	) => Promise< boolean >;
	generate: () => void;
	generating: boolean;
}

/** The text when there are no insights. */
export const emptyText = () =>
	__(
		'No insights yet: nothing in your numbers changed enough between the last 30 days and the 30 days before. Check back tomorrow, or generate the insights again after more visits.',
		'monsterinsights-reports'
	);

/**
 * The message of a failed call: the server's error, else a generic one.
 *
 * @param failure What apiFetch rejected with, or an answer with success false.
 */
function failureMessage( failure: unknown ): string {
	if ( failure && typeof failure === 'object' ) {
		const { error, message } = failure as {
			error?: unknown;
			message?: unknown;
		};
		if ( typeof error === 'string' && error ) {
			return error;
		}
		if ( typeof message === 'string' && message ) {
			return message;
		}
	}
	return __( 'An unknown error has occurred.', 'monsterinsights-reports' );
}

/**
 * One insight: its sentence and link, its thumbs, and the feedback box after a thumbs-down.
 *
 * @param props         Component props.
 * @param props.insight The insight.
 * @param props.rating  The user's rating of it.
 * @param props.asking  Whether its feedback box is open.
 * @param props.actions What the buttons do; none under the upsell.
 */
function InsightItem( {
	insight,
	rating,
	asking,
	actions,
}: {
	insight: AiInsight;
	rating?: AiInsightRating;
	asking: boolean;
	actions?: Actions;
} ) {
	const score = rating?.score;

	return (
		<li className="monsterinsights-reports-ai-insights__item">
			<p className="monsterinsights-reports-ai-insights__content">
				{ insight.content }
			</p>
			<div className="monsterinsights-reports-ai-insights__actions">
				<a
					className="monsterinsights-reports-ai-insights__link"
					href={ `#${ insight.link }` }
				>
					{ __( 'View report', 'monsterinsights-reports' ) }
				</a>
				<Button
					className="monsterinsights-reports-ai-insights__thumb"
					icon="thumbs-up"
					label={ __(
						'This insight is helpful',
						'monsterinsights-reports'
					) }
					aria-pressed={ 1 === score }
					isPressed={ 1 === score }
					disabled={ ! actions }
					onClick={ () => actions?.rate( insight.id, 1 ) }
				/>
				<Button
					className="monsterinsights-reports-ai-insights__thumb"
					icon="thumbs-down"
					label={ __(
						'This insight is not helpful',
						'monsterinsights-reports'
					) }
					aria-pressed={ 0 === score }
					isPressed={ 0 === score }
					disabled={ ! actions }
					onClick={ () => actions?.rate( insight.id, 0 ) }
				/>
			</div>
			{ asking && actions && (
				<FeedbackBox
					className="monsterinsights-reports-ai-insights__feedback"
					label={ __(
						'What was wrong with this insight?',
						'monsterinsights-reports'
					) }
					onSend={ ( message, skipped ) =>
						actions.feedback( insight.id, message, skipped )
					}
				/>
			) }
		</li>
	);
}

/**
 * The list of insights with the Generate Insights button: the same for real and sample data.
 *
 * @param props         Component props.
 * @param props.data    The payload.
 * @param props.asking  The insights whose feedback box is open.
 * @param props.actions What the buttons do; none under the upsell.
 */
export function InsightsList( {
	data,
	asking = [],
	actions,
}: {
	data: AiInsightsReport;
	asking?: string[];
	actions?: Actions;
} ) {
	const ratings = new Map(
		data.ratings.map( ( rating ) => [ rating.insight_id, rating ] )
	);
	return (
		<div className="monsterinsights-reports-ai-insights">
			<div className="monsterinsights-reports-ai-insights__bar">
				<Button
					variant="primary"
					isBusy={ actions?.generating }
					disabled={ ! actions || actions.generating }
					onClick={ () => actions?.generate() }
				>
					{ actions?.generating
						? __(
								'Generating Insights…',
								'monsterinsights-reports'
						  )
						: __( 'Generate Insights', 'monsterinsights-reports' ) }
				</Button>
			</div>
			{ 0 === data.insights.length ? (
				<p className="monsterinsights-reports-report__empty">
					{ emptyText() }
				</p>
			) : (
				<ul
					className="monsterinsights-reports-ai-insights__list"
					aria-busy={ actions?.generating }
				>
					{ data.insights.map( ( insight ) => (
						<InsightItem
							key={ insight.id }
							insight={ insight }
							rating={ ratings.get( insight.id ) }
							asking={ asking.includes( insight.id ) }
							actions={ actions }
						/>
					) ) }
				</ul>
			) }
		</div>
	);
}

/**
 * The insights the licence includes: fetched, rated, generated anew.
 */
function LiveInsights() {
	const [ data, setData ] = useState< AiInsightsReport | null >( null );
	const [ error, setError ] = useState< string | null >( null );
	const [ generating, setGenerating ] = useState( false );
	const [ asking, setAsking ] = useState< string[] >( [] );
	const toast = useToast();

	const load = useCallback(
		async ( refresh: boolean ) => {
			try {
				const answer = await apiFetch< Answer< AiInsightsReport > >( {
					path: addQueryArgs(
						AI_INSIGHTS_PATH,
						refresh ? { force_refresh: true } : {}
					),
				} );
				if ( ! answer.success || ! answer.data ) {
					throw answer;
				}
				setData( answer.data );
				setError( null );
			} catch ( failure ) {
				const text = failureMessage( failure );
				setError( text );
				toast.error( text );
			}
		},
		[ toast ]
	);

	useEffect( () => {
		load( false );
	}, [ load ] );

	const setRatings = ( ratings: AiInsightRating[] ) =>
		setData( ( current ) => current && { ...current, ratings } );

	const actions: Actions = {
		generating,
		generate: async () => {
			setGenerating( true );
			await load( true );
			setAsking( [] );
			setGenerating( false );
		},
		rate: async ( id, score ) => {
			// At once, then as the server has it.
			setData(
				( current ) =>
					current && {
						...current,
						ratings: [
							...current.ratings.filter(
								( r ) => r.insight_id !== id
							),
							{
								insight_id: id,
								score,
								feedback: '',
								skipped: false,
							},
						],
					}
			);
			setAsking( ( open ) =>
				0 === score
					? [ ...open.filter( ( a ) => a !== id ), id ]
					: open.filter( ( a ) => a !== id )
			);
			try {
				const answer = await apiFetch< Answer< AiInsightRating[] > >( {
					path: `${ AI_INSIGHTS_PATH }/rate`,
					method: 'POST',
					data: { insight_id: id, score },
				} );
				if ( answer.data ) {
					setRatings( answer.data );
				}
			} catch ( failure ) {
				toast.error( failureMessage( failure ) );
			}
		},
		feedback: async ( id, message, skipped ) => {
			try {
				const answer = await apiFetch< Answer< AiInsightRating[] > >( {
					path: `${ AI_INSIGHTS_PATH }/feedback`,
					method: 'POST',
					data: { insight_id: id, message, skipped },
				} );
				if ( answer.data ) {
					setRatings( answer.data );
				}
				setAsking( ( open ) => open.filter( ( a ) => a !== id ) );
				if ( ! skipped ) {
					toast.success(
						__(
							'Thank you for your feedback!',
							'monsterinsights-reports'
						)
					);
				}
				return true;
			} catch ( failure ) {
				toast.error( failureMessage( failure ) );
				return false;
			}
		},
	};

	if ( data ) {
		return (
			<InsightsList data={ data } asking={ asking } actions={ actions } />
		);
	}
	if ( error ) {
		return (
			<Notice status="error" isDismissible={ false }>
				<p>{ error }</p>
			</Notice>
		);
	}
	return <Loader />;
}

/**
 * The AI Insights screen.
 */
export default function AiInsights() {
	return (
		<ReportScreen< AiInsightsReport >
			period={ __(
				'Last 30 days compared with the 30 days before',
				'monsterinsights-reports'
			) }
			live={ () => <LiveInsights /> }
		>
			{ ( data ) => <InsightsList data={ data } /> }
		</ReportScreen>
	);
}
