import { useMemo } from '@wordpress/element';

import type { ChartBlockNote } from '../../types/reports';

/**
 * A payload's site notes as the chart's markers: on their day, in their category's colour.
 *
 * @param notes The notes of the chart's range.
 */
export function useChartNotes( notes: ChartBlockNote[] | undefined ) {
	return useMemo(
		() =>
			( notes ?? [] ).map( ( note ) => ( {
				id: note.id,
				timestamp: note.timestamp,
				title: note.title,
				color: note.color || undefined,
			} ) ),
		[ notes ]
	);
}
