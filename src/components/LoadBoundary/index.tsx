import { Button } from '@wordpress/components';
import { Component } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ErrorInfo, ReactNode } from 'react';

export interface LoadBoundaryProps {
	/**
	 * The part; a function is called at each render, so that after "Try again" it can make anew
	 * what failed (a new lazy component).
	 */
	children: ReactNode | ( () => ReactNode );
	/**
	 * Called by "Try again" before the part renders anew: e.g. forget a lazy component whose
	 * import failed (React keeps a rejected import for good).
	 */
	onRetry?: () => void;
}

interface LoadBoundaryState {
	/** What went wrong, or null while all is well. */
	failed: 'load' | 'render' | null;
}

/**
 * Whether an error is a script that could not be fetched (webpack's ChunkLoadError, or the
 * browser's own message for a failed dynamic import).
 *
 * @param error What was thrown.
 */
export function isLoadError( error: unknown ): boolean {
	if ( ! ( error instanceof Error ) ) {
		return false;
	}
	return (
		error.name === 'ChunkLoadError' ||
		/Loading chunk|dynamically imported module|Importing a module script failed/i.test(
			error.message
		)
	);
}

/**
 * Keeps a part of the app that loads on demand (a report screen, a settings screen) from blanking
 * the whole app when its script cannot be fetched (the connection dropped, a deploy replaced the
 * files) or throws while rendering: the part says so in a notice with a "Try again" button, and
 * the menu, header and the rest stay usable.
 */
export class LoadBoundary extends Component<
	LoadBoundaryProps,
	LoadBoundaryState
> {
	override state: LoadBoundaryState = { failed: null };

	static getDerivedStateFromError( error: unknown ): LoadBoundaryState {
		return { failed: isLoadError( error ) ? 'load' : 'render' };
	}

	override componentDidCatch( error: unknown, info: ErrorInfo ) {
		// Kept in the console for whoever investigates; the notice says what the user needs.
		// eslint-disable-next-line no-console
		console.error( error, info.componentStack );
	}

	retry = () => {
		this.props.onRetry?.();
		this.setState( { failed: null } );
	};

	override render() {
		const { failed } = this.state;
		if ( failed === null ) {
			const { children } = this.props;
			return typeof children === 'function' ? children() : children;
		}
		return (
			<div className="monsterinsights-reports-load-failed" role="alert">
				<p>
					{ failed === 'load'
						? __(
								'This part of the page could not be loaded. Check your connection and try again.',
								'monsterinsights-reports'
						  )
						: __(
								'This part of the page could not be shown because of an error. Try again, or reload the page.',
								'monsterinsights-reports'
						  ) }
				</p>
				<Button variant="secondary" onClick={ this.retry }>
					{ __( 'Try again', 'monsterinsights-reports' ) }
				</Button>
			</div>
		);
	}
}
