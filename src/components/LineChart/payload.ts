/**
 * The line chart's tooltip payload (docs/product-rules.md#charts): label, value, percent change,
 * descriptor, chart id and optional extra items, in that order.
 */
export interface TooltipExtraItem {
	label: string;
	value: string;
}

export interface LineTooltipPayload {
	/** The point's label, e.g. its date. */
	label: string;
	/** The point's value, formatted. */
	value: string;
	/** Percent change of the point (its trendpoint); null when there is none. */
	change: number | null;
	/** What the value counts, e.g. "Sessions". */
	descriptor: string;
	chartId: string;
	extra: TooltipExtraItem[];
}

export interface ChartNote {
	/** The note's id, handed back by onNoteSelect. */
	id?: number;
	/** Index of the point (label) the note belongs to… */
	index?: number;
	/** …or its timestamp, in the unit of the chart's `timestamps`. */
	timestamp?: number;
	title: string;
	/** The note category's background colour. */
	color?: string;
}

export interface NoteGroup {
	index: number;
	notes: ChartNote[];
}

/**
 * The point a note belongs to: its index, or the last point whose timestamp is at or before the
 * note's (a point covers the time up to the next point). Null when the note is off the chart.
 *
 * @param note       The note.
 * @param count      Number of points.
 * @param timestamps The points' timestamps, ascending.
 */
export function noteIndex(
	note: ChartNote,
	count: number,
	timestamps: number[] = []
): number | null {
	if ( typeof note.index === 'number' ) {
		return Number.isInteger( note.index ) &&
			note.index >= 0 &&
			note.index < count
			? note.index
			: null;
	}
	if ( typeof note.timestamp !== 'number' || timestamps.length === 0 ) {
		return null;
	}
	const at = note.timestamp;
	const points = timestamps.slice( 0, count );
	const first = points[ 0 ];
	if ( first === undefined || at < first ) {
		return null;
	}
	let found = 0;
	points.forEach( ( timestamp, index ) => {
		if ( timestamp <= at ) {
			found = index;
		}
	} );
	const lastPoint = points[ points.length - 1 ];
	const beforeLast = points[ points.length - 2 ];
	if (
		found === points.length - 1 &&
		lastPoint !== undefined &&
		beforeLast !== undefined &&
		at >= lastPoint + ( lastPoint - beforeLast )
	) {
		return null;
	}
	return found;
}

/**
 * Notes grouped by the point they belong to, in point order.
 *
 * @param notes      The notes.
 * @param count      Number of points.
 * @param timestamps The points' timestamps.
 */
export function groupNotes(
	notes: ChartNote[],
	count: number,
	timestamps?: number[]
): NoteGroup[] {
	const groups = new Map< number, ChartNote[] >();
	notes.forEach( ( note ) => {
		const index = noteIndex( note, count, timestamps );
		if ( index !== null ) {
			groups.set( index, [ ...( groups.get( index ) ?? [] ), note ] );
		}
	} );
	return [ ...groups.entries() ]
		.sort( ( a, b ) => a[ 0 ] - b[ 0 ] )
		.map( ( [ index, group ] ) => ( { index, notes: group } ) );
}
