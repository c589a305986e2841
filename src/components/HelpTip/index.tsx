/**
 * A help tooltip beside a title: a "?" button named "About {title}" that shows the help on hover
 * and focus, and describes itself with the same text for screen readers.
 */
import { Tooltip, VisuallyHidden } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { __, sprintf } from '@wordpress/i18n';

export interface HelpTipProps {
	/** What the help is about (a metric, a table's heading). */
	title: string;
	/** The help. */
	help: string;
	/** The button's class (its look is the caller's). */
	className: string;
}

/**
 * The tooltip button and its hidden description.
 *
 * @param props           The props.
 * @param props.title
 * @param props.help
 * @param props.className
 */
export function HelpTip( { title, help, className }: HelpTipProps ) {
	const id = useInstanceId( HelpTip, 'monsterinsights-reports-help' );
	return (
		<>
			<Tooltip text={ help }>
				<button
					type="button"
					className={ className }
					aria-label={ sprintf(
						/* translators: %s: what the help is about, e.g. Bounce Rate or Top Exit Pages. */
						__( 'About %s', 'monsterinsights-reports' ),
						title
					) }
					aria-describedby={ id }
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
			<VisuallyHidden id={ id }>{ help }</VisuallyHidden>
		</>
	);
}
