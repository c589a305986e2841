import type { ReportsAction } from './actions';
import { answered, started, without } from '../records';
import { keyHasName, reportKey } from './query';
import type { ReportsState } from './types';

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
		case 'RECEIVE_REPORT': {
			const key = reportKey( action.name, action.query );
			return answered( state, key, action.token, {
				data: { ...state.data, [ key ]: action.payload },
				errors: without( state.errors, key ),
			} );
		}
		case 'RECEIVE_REPORT_ERROR': {
			const key = reportKey( action.name, action.query );
			return answered( state, key, action.token, {
				data: without( state.data, key ),
				errors: { ...state.errors, [ key ]: action.error },
			} );
		}
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
