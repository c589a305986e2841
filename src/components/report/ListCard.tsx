/**
 * A report's list held whole in its payload, as a card: its heading and the light report table
 * (sorted, searched on the first cell and paged here). For payload lists that are not a table page
 * (the Cart Abandonment report's two lists, the eCommerce Funnel's steps).
 */
import type { ReactNode } from 'react';

import { ReportTable, type ReportTableProps } from '../ReportTable';
import './list-card.scss';

export type ListCardProps< Row > = Omit<
	ReportTableProps< Row >,
	'caption'
> & {
	/** The heading, also the table's caption. */
	title: string;
	/** Controls between the heading and the table (a breakdown selector). */
	controls?: ReactNode;
	/** A new key starts the table afresh (sort, search, rows shown): another breakdown's rows. */
	tableKey?: string;
	/** Under the table: a link on to a related report (left out of the PDF). */
	footer?: ReactNode;
};

/**
 * The card: heading, controls, table, footer.
 *
 * @param props Component props.
 */
export function ListCard< Row >( props: ListCardProps< Row > ) {
	const { title, controls, className, tableKey, footer, ...table } = props;
	return (
		<section
			className={ `monsterinsights-reports-list-card ${
				className ?? ''
			}` }
			aria-label={ title }
		>
			<h2 className="monsterinsights-reports-list-card__title">
				{ title }
			</h2>
			{ controls }
			<ReportTable< Row >
				key={ tableKey }
				caption={ title }
				{ ...table }
			/>
			{ footer && (
				<div
					className="monsterinsights-reports-list-card__footer"
					data-pdf-exclude
				>
					{ footer }
				</div>
			) }
		</section>
	);
}
