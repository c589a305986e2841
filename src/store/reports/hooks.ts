/**
 * Hooks of the reports store for the components that show its data.
 */
import { useSelect } from '@wordpress/data';

import { reportsStore } from '.';
import { tableKey, type TableRequest } from './query';
import type { TablePage } from './types';

/** A table page as a table shows it. */
export interface TablePageState {
	/** The page; undefined while it loads, when it failed, or when nothing is asked. */
	page: TablePage | undefined;
	/** Asked, and neither answered nor failed yet. */
	loading: boolean;
	/** The request failed. */
	failed: boolean;
}

/**
 * A page of a report's table through the store (which fetches it once per request key), or
 * nothing when `request` is null: a table shows the first page its report's payload carries, and
 * a sample pages itself.
 *
 * @param request The table page, or null.
 */
export function useTablePage( request: TableRequest | null ): TablePageState {
	const key = request ? tableKey( request ) : '';
	return useSelect(
		( select ) => {
			if ( ! request ) {
				return { page: undefined, loading: false, failed: false };
			}
			const page = select( reportsStore ).getTablePage( request );
			const failed =
				select( reportsStore ).getTablePageError( request ) !==
				undefined;
			return { page, loading: ! page && ! failed, failed };
		},
		// The key stands for the request.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ key ]
	);
}
