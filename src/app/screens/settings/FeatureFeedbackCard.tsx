/**
 * The settings screen's "Feature feedback" card: every user's feedback from the feature feedback
 * widget on this site, newest first, a page at a time, and its CSV export.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	Spinner,
} from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import {
	fetchFeedback,
	feedbackCsvUrl,
	MAX_RATING,
	type FeedbackPage,
} from '../../../components/FeatureFeedback/api';
import { Pager } from '../../../components/Pager';
import { toLocaleTag } from '../../../lib/format';
import { appStore } from '../../../store/app';
import { errorText } from '../../../store/errors';
import './feedback.scss';

/** Entries per page of the card. */
export const FEEDBACK_PER_PAGE = 20;

/**
 * A UTC date-time in the site's timezone and the user's locale.
 *
 * @param iso      The date, ISO 8601.
 * @param locale   The WordPress locale.
 * @param timeZone The site's timezone.
 */
export function feedbackDate(
	iso: string,
	locale: string,
	timeZone: string
): string {
	const date = new Date( iso );
	if ( Number.isNaN( date.getTime() ) ) {
		return iso;
	}
	const options: Intl.DateTimeFormatOptions = {
		dateStyle: 'medium',
		timeStyle: 'short',
	};
	try {
		return new Intl.DateTimeFormat( toLocaleTag( locale ), {
			...options,
			timeZone,
		} ).format( date );
	} catch {
		// A timezone Intl does not know (a bare UTC offset): the browser's.
		return new Intl.DateTimeFormat( toLocaleTag( locale ), options ).format(
			date
		);
	}
}

/**
 * The card.
 */
export function FeatureFeedbackCard() {
	const boot = useSelect( ( select ) => select( appStore ).getBoot(), [] );
	const headingId = useInstanceId(
		FeatureFeedbackCard,
		'monsterinsights-reports-settings-feedback'
	);
	const [ page, setPage ] = useState( 1 );
	const [ data, setData ] = useState< FeedbackPage | null >( null );
	const [ error, setError ] = useState< string | null >( null );

	useEffect( () => {
		let live = true;
		setError( null );
		fetchFeedback( page, FEEDBACK_PER_PAGE ).then(
			( answer ) => live && setData( answer ),
			( caught ) => live && setError( errorText( caught ) )
		);
		return () => {
			live = false;
		};
	}, [ page ] );

	if ( ! boot ) {
		return null;
	}
	const locale = boot.user.locale;
	const pages = data?.pagination.pages ?? 0;

	return (
		<Card
			as="section"
			aria-labelledby={ headingId }
			className="monsterinsights-reports-settings__feedback"
		>
			<CardHeader>
				<h3 id={ headingId }>
					{ __( 'Feature feedback', 'monsterinsights-reports' ) }
				</h3>
				{ data && data.pagination.total > 0 && (
					<Button
						variant="secondary"
						href={ feedbackCsvUrl(
							boot.rest.root,
							boot.rest.nonce
						) }
						download
					>
						{ __( 'Export CSV', 'monsterinsights-reports' ) }
					</Button>
				) }
			</CardHeader>
			<CardBody>
				{ error && (
					<Notice status="error" isDismissible={ false }>
						{ error }
					</Notice>
				) }
				{ ! data && ! error && <Spinner /> }
				{ data && data.pagination.total === 0 && (
					<p>
						{ __(
							'No feedback yet. Users can rate new features from the feedback button on their reports.',
							'monsterinsights-reports'
						) }
					</p>
				) }
				{ data && data.items.length > 0 && (
					<div className="monsterinsights-reports-settings__feedback-table">
						<table className="widefat striped">
							<thead>
								<tr>
									<th scope="col">
										{ __(
											'Date',
											'monsterinsights-reports'
										) }
									</th>
									<th scope="col">
										{ __(
											'User',
											'monsterinsights-reports'
										) }
									</th>
									<th scope="col">
										{ __(
											'Feature',
											'monsterinsights-reports'
										) }
									</th>
									<th scope="col">
										{ __(
											'Rating',
											'monsterinsights-reports'
										) }
									</th>
									<th scope="col">
										{ __(
											'Message',
											'monsterinsights-reports'
										) }
									</th>
								</tr>
							</thead>
							<tbody>
								{ data.items.map( ( entry ) => (
									<tr
										key={ `${ entry.user_id }-${ entry.feature_key }` }
									>
										<td>
											{ feedbackDate(
												entry.date,
												locale,
												boot.site.timezone
											) }
										</td>
										<td>
											{ entry.user_name ||
												__(
													'(deleted user)',
													'monsterinsights-reports'
												) }
										</td>
										<td>{ entry.feature_label }</td>
										<td>
											{ sprintf(
												/* translators: 1: a rating, 2: the highest rating (5). */
												__(
													'%1$d / %2$d',
													'monsterinsights-reports'
												),
												entry.rating,
												MAX_RATING
											) }
										</td>
										<td className="monsterinsights-reports-settings__feedback-message">
											{ entry.message }
										</td>
									</tr>
								) ) }
							</tbody>
						</table>
					</div>
				) }
				<Pager
					className="monsterinsights-reports-settings__feedback-pages"
					page={ page }
					pages={ pages }
					onPage={ setPage }
				/>
			</CardBody>
		</Card>
	);
}
