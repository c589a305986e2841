import { Tooltip, VisuallyHidden } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { __, sprintf } from '@wordpress/i18n';

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
 * The bounce-rate help of spec 1 §9, for the Overview's bounce-rate box.
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
	const instanceId = useInstanceId(
		InfoBox,
		'monsterinsights-reports-infobox'
	);
	const helpId = `${ instanceId }-help`;
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
					<>
						<Tooltip text={ help }>
							<button
								type="button"
								className="monsterinsights-reports-infobox__help"
								aria-label={ sprintf(
									/* translators: %s: the title of a metric, e.g. Bounce Rate. */
									__( 'About %s', 'monsterinsights-reports' ),
									title
								) }
								aria-describedby={ helpId }
							>
								<svg
									viewBox="0 0 20 20"
									width="16"
									height="16"
									aria-hidden="true"
									focusable="false"
								>
									<path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 14.5A6.5 6.5 0 1 1 10 3.5a6.5 6.5 0 0 1 0 13ZM9.2 13.5h1.6V15H9.2v-1.5Zm.9-8.4c-1.7 0-2.8 1-2.9 2.6h1.5c.1-.8.6-1.2 1.4-1.2.8 0 1.3.5 1.3 1.1 0 .6-.3.9-1 1.4-.8.5-1.2 1.1-1.2 2.1v.5h1.5v-.4c0-.6.2-.9 1-1.4.8-.5 1.3-1.2 1.3-2.2 0-1.5-1.2-2.5-2.9-2.5Z" />
								</svg>
							</button>
						</Tooltip>
						<VisuallyHidden id={ helpId }>{ help }</VisuallyHidden>
					</>
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
