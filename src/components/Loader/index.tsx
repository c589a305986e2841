import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { CSSProperties } from 'react';

import './style.scss';

export interface LoaderProps {
	/** What screen readers hear; the spinner itself is decorative. */
	label?: string;
	className?: string;
}

/**
 * A spinner that screen readers announce, shown while a list or report is fetched
 * (docs/product-rules.md#app-shell-and-start-up).
 *
 * @param props Component props.
 */
export function Loader( props: LoaderProps ) {
	const { label, className } = props;
	return (
		<div
			className={ [ 'monsterinsights-reports-loader', className ]
				.filter( Boolean )
				.join( ' ' ) }
			role="status"
		>
			<Spinner />
			<span className="screen-reader-text">
				{ label ?? __( 'Loading…', 'monsterinsights-reports' ) }
			</span>
		</div>
	);
}

export interface SkeletonProps {
	/** CSS height; numbers are pixels. */
	height?: number | string;
	/** CSS width; numbers are pixels. */
	width?: number | string;
	/** Round, e.g. for a pie chart. */
	circle?: boolean;
	className?: string;
}

/**
 * A grey placeholder block with a shimmer (none for users who prefer reduced motion). Hidden from
 * screen readers: the region that loads says so with aria-busy or a Loader.
 *
 * @param props Component props.
 */
export function Skeleton( props: SkeletonProps ) {
	const { height = 16, width = '100%', circle = false, className } = props;
	const style: CSSProperties = { height, width };
	return (
		<span
			className={ [
				'monsterinsights-reports-skeleton',
				circle && 'is-circle',
				className,
			]
				.filter( Boolean )
				.join( ' ' ) }
			style={ style }
			aria-hidden="true"
		/>
	);
}

/**
 * Said where a part of the page that loads on demand (a panel, a popover's content) could not be
 * loaded, e.g. when the connection dropped.
 */
export function LoadFailed() {
	return (
		<p className="monsterinsights-reports-load-failed" role="alert">
			{ __(
				'This part of the page could not be loaded. Check your connection and try again.',
				'monsterinsights-reports'
			) }
		</p>
	);
}
