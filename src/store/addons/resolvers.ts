import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import {
	receiveAddons,
	receiveAddonsError,
	type AddonsThunkArgs,
} from './actions';
import { ADDONS_PATH } from './constants';
import type { AddonsMap } from './types';

/** Loads the map with GET /monsterinsights-reports/v1/addons, unless received. */
export function getAddons() {
	return async ( { dispatch, select }: AddonsThunkArgs ): Promise< void > => {
		if ( select.hasAddons() ) {
			return;
		}
		try {
			dispatch(
				receiveAddons(
					await apiFetch< AddonsMap >( { path: ADDONS_PATH } )
				)
			);
		} catch ( error ) {
			dispatch( receiveAddonsError( errorText( error ) ) );
		}
	};
}
