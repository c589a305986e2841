/**
 * The Year in Review's building blocks: a section with its heading, a titled table of the first
 * rows of a list, and the Sessions and Percent columns the lists share.
 */
import { useInstanceId } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { formatNumber, formatPercent } from '../../lib/format';

/** Rows a list box shows. */
export const LIST_BOX_ROWS = 5;

/** A column of a list box. */
interface ListColumn< Row > {
	header: string;
	cell: ( row: Row ) => ReactNode;
	numeric?: boolean;
}

interface ListBoxProps< Row > {
	title: string;
	columns: Array< ListColumn< Row > >;
	rows: Row[];
	/** Shown when there are no rows. */
	emptyText: string;
	/** Every row shows, not only the first five (shares that make up a whole). */
	allRows?: boolean;
}

/**
 * A titled table of the first five rows (or of all).
 *
 * @param props           Component props.
 * @param props.title     The heading.
 * @param props.columns   The columns.
 * @param props.rows      The rows; the first five show.
 * @param props.emptyText Shown without rows.
 * @param props.allRows   Every row shows.
 */
export function ListBox< Row >( {
	title,
	columns,
	rows,
	emptyText,
	allRows = false,
}: ListBoxProps< Row > ) {
	const id = useInstanceId( ListBox, 'monsterinsights-reports-yir-list' );
	return (
		<section
			className="monsterinsights-reports-yir__list-box"
			aria-labelledby={ id }
		>
			<h3 id={ id } className="monsterinsights-reports-yir__box-title">
				{ title }
			</h3>
			{ rows.length === 0 ? (
				<p className="monsterinsights-reports-yir__empty">
					{ emptyText }
				</p>
			) : (
				<table
					className="monsterinsights-reports-yir__table"
					aria-labelledby={ id }
				>
					<thead>
						<tr>
							{ columns.map( ( column ) => (
								<th
									key={ column.header }
									scope="col"
									className={
										column.numeric
											? 'is-numeric'
											: undefined
									}
								>
									{ column.header }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ rows
							.slice( 0, allRows ? rows.length : LIST_BOX_ROWS )
							.map( ( row, index ) => (
								<tr key={ index }>
									{ columns.map( ( column ) => (
										<td
											key={ column.header }
											className={
												column.numeric
													? 'is-numeric'
													: undefined
											}
										>
											{ column.cell( row ) }
										</td>
									) ) }
								</tr>
							) ) }
					</tbody>
				</table>
			) }
		</section>
	);
}

/**
 * A section with its heading.
 *
 * @param props          Component props.
 * @param props.title    The heading.
 * @param props.children The content.
 * @param props.name     A modifier of the class name.
 */
export function Section( {
	title,
	name,
	children,
}: {
	title: string;
	name: string;
	children: ReactNode;
} ) {
	const id = useInstanceId( Section, 'monsterinsights-reports-yir-section' );
	return (
		<section
			className={ `monsterinsights-reports-yir__section monsterinsights-reports-yir__section--${ name }` }
			aria-labelledby={ id }
		>
			<h2 id={ id } className="monsterinsights-reports-yir__heading">
				{ title }
			</h2>
			{ children }
		</section>
	);
}

/**
 * The Sessions column of a list.
 *
 * @param locale The user's locale.
 */
export function sessionsColumn( locale: string ): ListColumn< {
	sessions: number;
} > {
	return {
		header: __( 'Sessions', 'monsterinsights-reports' ),
		cell: ( row ) => formatNumber( row.sessions, locale, 0 ),
		numeric: true,
	};
}

/**
 * The Percent column of a list.
 *
 * @param locale The user's locale.
 */
export function percentColumn( locale: string ): ListColumn< {
	percent: number;
} > {
	return {
		header: __( 'Percent', 'monsterinsights-reports' ),
		cell: ( row ) => formatPercent( row.percent, locale ),
		numeric: true,
	};
}
