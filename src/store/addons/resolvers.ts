import { loadInto } from '../requests';
import {
	receiveAddons,
	receiveAddonsError,
	type AddonsThunkArgs,
	type AddonsAction,
} from './actions';
import { ADDONS_PATH } from './constants';
import type { AddonsMap } from './types';

/** Loads the map with GET /monsterinsights-reports/v1/addons, unless received. */
export function getAddons() {
	return async ( { dispatch, select }: AddonsThunkArgs ): Promise< void > => {
		if ( ! select.hasAddons() ) {
			await loadInto< AddonsMap, AddonsAction >(
				dispatch,
				ADDONS_PATH,
				receiveAddons,
				receiveAddonsError
			);
		}
	};
}
