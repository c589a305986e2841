import type { ReportsAction } from './actions';
import { answered, started, without } from '../records';
import { keyHasName, reportKey } from './query';
import type { ReportError, ReportsState } from './types';

export const initialState: ReportsState = {
	data: {},
	requests: {},
	errors: {},
	locked: {},
	errorDialog: null,
};

/**
 * A copy of a record without the keys of one report name.
 *
 * @param record The record.
 * @param name   Report name.
 */
function withoutName< T >(
	record: Record< string, T >,
	name: string
): Record< string, T > {
	return Object.fromEntries(
		Object.entries( record ).filter(
			( [ key ] ) => ! keyHasName( key, name )
		)
	);
}

/**
 * The state after an answer for a request key (a report's or a table page's): its payload stored
 * and its error dropped, or its error stored and its payload dropped, if the answer belongs to the
 * latest request of its key.
 *
 * @param state  State.
 * @param key    Request key.
 * @param token  The answer's token.
 * @param result The payload, or the error.
 */
function answer(
	state: ReportsState,
	key: string,
	token: number | undefined,
	result: { payload: unknown } | { error: ReportError }
): ReportsState {
	return answered(
		state,
		key,
		token,
		'error' in result
			? {
					data: without( state.data, key ),
					errors: { ...state.errors, [ key ]: result.error },
			  }
			: {
					data: { ...state.data, [ key ]: result.payload },
					errors: without( state.errors, key ),
			  }
	);
}

export function reducer(
	state: ReportsState = initialState,
	action: ReportsAction
): ReportsState {
	switch ( action.type ) {
		case 'START_REPORT_REQUEST':
			return started(
				state,
				reportKey( action.name, action.query ),
				action.token
			);
		case 'RECEIVE_REPORT':
			return answer(
				state,
				reportKey( action.name, action.query ),
				action.token,
				{ payload: action.payload }
			);
		case 'RECEIVE_REPORT_ERROR':
			return answer(
				state,
				reportKey( action.name, action.query ),
				action.token,
				{ error: action.error }
			);
		case 'START_TABLE_REQUEST':
			return started( state, action.key, action.token );
		case 'RECEIVE_TABLE_PAGE':
			return answer( state, action.key, action.token, {
				payload: action.page,
			} );
		case 'RECEIVE_TABLE_PAGE_ERROR':
			return answer( state, action.key, action.token, {
				error: action.error,
			} );
		case 'RECEIVE_REPORT_LOCKED':
			return {
				...state,
				locked: { ...state.locked, [ action.name ]: action.level },
			};
		case 'SHOW_ERROR_DIALOG':
			return { ...state, errorDialog: action.dialog };
		case 'DISMISS_ERROR_DIALOG':
			return { ...state, errorDialog: null };
		case 'FORGET_REPORT':
			return {
				...state,
				data: withoutName( state.data, action.name ),
				requests: withoutName( state.requests, action.name ),
				errors: withoutName( state.errors, action.name ),
			};
		case 'FORGET_REPORTS':
			return { ...state, data: {}, requests: {}, errors: {} };
		default:
			return state;
	}
}
