import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

interface PagerProps {
	/** The page shown, from 1. */
	page: number;
	/** How many pages there are. */
	pages: number;
	/** Asks for another page; without it the buttons stay disabled. */
	onPage?: ( page: number ) => void;
	/** While a page loads the buttons wait. */
	busy?: boolean;
	/** The row's class (each screen places it). */
	className: string;
}

/**
 * Previous, "Page X of Y", Next: a paged list's pager, hidden with one page or none. A disabled
 * button stays focusable (aria-disabled), so the focus is not lost on the first or last page.
 *
 * @param props           The props.
 * @param props.page      The page shown.
 * @param props.pages     How many pages.
 * @param props.onPage    Asks for another page.
 * @param props.busy      Whether a page is loading.
 * @param props.className The row's class.
 */
export function Pager( {
	page,
	pages,
	onPage,
	busy = false,
	className,
}: PagerProps ) {
	if ( pages <= 1 ) {
		return null;
	}
	const stuck = ! onPage || busy;
	return (
		<div className={ className }>
			<Button
				variant="secondary"
				disabled={ stuck || page <= 1 }
				accessibleWhenDisabled
				onClick={ () => onPage?.( page - 1 ) }
			>
				{ __( 'Previous', 'monsterinsights-reports' ) }
			</Button>
			<span>
				{ sprintf(
					/* translators: 1: the page shown, 2: how many pages. */
					__( 'Page %1$d of %2$d', 'monsterinsights-reports' ),
					page,
					pages
				) }
			</span>
			<Button
				variant="secondary"
				disabled={ stuck || page >= pages }
				accessibleWhenDisabled
				onClick={ () => onPage?.( page + 1 ) }
			>
				{ __( 'Next', 'monsterinsights-reports' ) }
			</Button>
		</div>
	);
}
