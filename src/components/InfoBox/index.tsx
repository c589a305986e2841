import { __ } from '@wordpress/i18n';

import { HelpTip } from '../HelpTip';
import { Skeleton } from '../Loader';
import { Trend } from '../Trend';
import './style.scss';

export interface InfoBoxProps {
	title: string;
	/** The value, already formatted. */
	value: string;
	/** Percent change against the previous or compare period; omitted or null hides it. */
	change?: number | null;
	/** Lower is better (bounce rate): a fall is green and a rise red. */
	inverse?: boolean;
	/** What the change compares with, e.g. "vs. Previous 30 Days", or the compare value. */
	compareText?: string;
	/** Help text shown in a tooltip beside the title (see BOUNCE_RATE_HELP). */
	help?: string;
	/** While the report loads: a placeholder instead of the value. */
	isLoading?: boolean;
	className?: string;
}

/**
 * The bounce-rate help of the Overview's bounce-rate box (docs/product-rules.md#overview).
 */
export function getBounceRateHelp(): string {
	return __(
		'A session is engaged if an event occurs, it lasts 10 seconds or more, or it has more than one page.',
		'monsterinsights-reports'
	);
}

/**
 * One metric of a report: title, value, and its change against the previous period.
 *
 * @param props Component props.
 */
export function InfoBox( props: InfoBoxProps ) {
	const {
		title,
		value,
		change,
		inverse = false,
		compareText,
		help,
		isLoading = false,
		className,
	} = props;
	const hasChange = typeof change === 'number' && Number.isFinite( change );

	return (
		<div
			className={ [ 'monsterinsights-reports-infobox', className ]
				.filter( Boolean )
				.join( ' ' ) }
			aria-busy={ isLoading || undefined }
		>
			<div className="monsterinsights-reports-infobox__title">
				<span>{ title }</span>
				{ help && (
					<HelpTip
						title={ title }
						help={ help }
						className="monsterinsights-reports-infobox__help"
					/>
				) }
			</div>
			{ isLoading ? (
				<Skeleton
					className="monsterinsights-reports-infobox__skeleton"
					height={ 32 }
					width="60%"
				/>
			) : (
				<>
					<div className="monsterinsights-reports-infobox__value">
						{ value }
					</div>
					{ ( hasChange || compareText ) && (
						<div className="monsterinsights-reports-infobox__compare">
							{ hasChange && (
								<Trend change={ change } inverse={ inverse } />
							) }
							{ compareText && (
								<span className="monsterinsights-reports-infobox__compare-text">
									{ compareText }
								</span>
							) }
						</div>
					) }
				</>
			) }
		</div>
	);
}
