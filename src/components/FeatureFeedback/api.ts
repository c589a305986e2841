/**
 * The feature feedback routes (includes/REST/FeedbackController.php describes the same shapes):
 * POST /feedback stores the user's feedback on a feature, GET /feedback lists everyone's (for
 * whoever may change the settings), GET /feedback/csv downloads them.
 */
import apiFetch from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';

import { REST_NAMESPACE } from '../../store/reports/query';

export const FEEDBACK_PATH = `/${ REST_NAMESPACE }/feedback`;

/** Lowest and highest rating (spec: rating scale 1-5). */
export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** Longest message, in characters (FeatureFeedback::MAX_MESSAGE). */
export const MAX_MESSAGE = 2000;

/** One user's feedback on one feature. */
export interface FeedbackEntry {
	user_id: number;
	/** Empty once the user is deleted. */
	user_name: string;
	feature_key: string;
	feature_label: string;
	rating: number;
	/** Plain text. */
	message: string;
	/** When it was sent, UTC, ISO 8601. */
	date: string;
	site_id: number;
}

/** A page of GET /feedback, newest first. */
export interface FeedbackPage {
	items: FeedbackEntry[];
	pagination: {
		total: number;
		pages: number;
		page: number;
		per_page: number;
	};
}

/**
 * Sends the current user's feedback on a feature.
 *
 * @param featureKey The feature (a report name).
 * @param rating     From 1 to 5.
 * @param message    The message.
 */
export function sendFeedback(
	featureKey: string,
	rating: number,
	message: string
): Promise< FeedbackEntry > {
	return apiFetch< FeedbackEntry >( {
		path: FEEDBACK_PATH,
		method: 'POST',
		data: { feature_key: featureKey, rating, message },
	} );
}

/**
 * A page of every user's feedback on this site.
 *
 * @param page    The page, from 1.
 * @param perPage Entries per page.
 */
export function fetchFeedback(
	page: number,
	perPage: number
): Promise< FeedbackPage > {
	return apiFetch< FeedbackPage >( {
		path: addQueryArgs( FEEDBACK_PATH, { page, per_page: perPage } ),
	} );
}

/**
 * The URL of the CSV download, authenticated by the cookie and the REST nonce.
 *
 * @param restRoot The REST root (…/wp-json/ or …/?rest_route=/).
 * @param nonce    The REST nonce.
 */
export function feedbackCsvUrl( restRoot: string, nonce: string ): string {
	return addQueryArgs( `${ restRoot }${ REST_NAMESPACE }/feedback/csv`, {
		_wpnonce: nonce,
	} );
}
