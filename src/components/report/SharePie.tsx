/**
 * A Shares block of a report payload (labels and their percent of the sessions) as a titled donut
 * with its legend; while comparing, the compare range's shares beside it with each slice's change.
 */
import { PieChart } from '../PieChart';
import type { SharesBlock } from '../../types/reports';
import './chart.scss';

export interface SharePieProps {
	/** The Shares block. */
	shares: SharesBlock;
	/** Names the chart in the DOM and in its tooltip payload. */
	id: string;
	/** The heading, also the chart's accessible name. */
	title: string;
	/** Shows the compare donut (the payload has `compare` only while comparing). */
	comparing?: boolean;
}

/**
 * The heading and the donut.
 *
 * @param props           Component props.
 * @param props.shares    The Shares block.
 * @param props.id        The chart's id.
 * @param props.title     The heading.
 * @param props.comparing Whether the compare donut shows.
 */
export function SharePie( {
	shares,
	id,
	title,
	comparing = false,
}: SharePieProps ) {
	const compare = comparing ? shares.compare : undefined;
	return (
		<section
			className="monsterinsights-reports-share-pie"
			aria-label={ title }
		>
			<h2>{ title }</h2>
			<PieChart
				id={ id }
				title={ title }
				compare={ Boolean( compare ) }
				slices={ shares.labels.map( ( label, index ) => ( {
					label,
					value: shares.series[ index ] ?? 0,
					compareValue: compare?.[ index ],
				} ) ) }
			/>
		</section>
	);
}
