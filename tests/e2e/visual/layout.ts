import type { Page } from '../fixtures';

/**
 * Where the text checks look: the app's tables, the date panel and every popover (menus, the
 * metric settings, the notifications), and the settings screen's controls.
 */
export const TEXT_SCOPES = [
	'#monsterinsights-reports table',
	'.components-popover',
	'.monsterinsights-reports-datepicker__panel',
	'.monsterinsights-reports-settings',
];

/**
 * What a screenshot diff may show without explaining: the layout problems of the page as it is
 * now, each as a readable line (empty when there are none).
 *
 * - The page scrolls sideways: the document is wider than the window (with the widest culprits).
 * - Text clipped: an element inside a scope whose text overflows a box that hides the overflow
 *   (an ellipsis is a choice, not a clip).
 * - Text squeezed: an element inside a scope whose text of three words or more is wrapped to one
 *   word per line, or a table header or cell narrower than its longest word.
 *
 * @param page   The page.
 * @param scopes CSS selectors of the regions whose text is checked.
 */
export async function layoutProblems(
	page: Page,
	scopes: readonly string[] = TEXT_SCOPES
): Promise< string[] > {
	return page.evaluate( ( selectors ) => {
		const problems: string[] = [];
		const root = document.documentElement;
		const describe = ( element: Element ): string => {
			const classes = [ ...element.classList ].slice( 0, 2 ).join( '.' );
			const text = ( element.textContent ?? '' )
				.replace( /\s+/g, ' ' )
				.trim()
				.slice( 0, 60 );
			return `<${ element.tagName.toLowerCase() }${
				classes ? '.' + classes : ''
			}> "${ text }"`;
		};
		const visible = ( element: Element ): boolean => {
			const box = element.getBoundingClientRect();
			if ( box.width === 0 && box.height === 0 ) {
				return false;
			}
			const style = getComputedStyle( element );
			return style.visibility !== 'hidden' && style.display !== 'none';
		};
		// Screen-reader-only text is clipped on purpose.
		const screenReaderOnly = ( element: Element ): boolean =>
			!! element.closest(
				'.screen-reader-text, .components-visually-hidden, [class*="visually-hidden"]'
			);

		if ( root.scrollWidth > root.clientWidth + 1 ) {
			const widest = [ ...document.querySelectorAll( '#wpwrap *' ) ]
				.filter( ( element ) => visible( element ) )
				.map( ( element ) => ( {
					element,
					right: element.getBoundingClientRect().right,
				} ) )
				.filter( ( { right } ) => right > root.clientWidth + 1 )
				.sort( ( a, b ) => b.right - a.right )
				.slice( 0, 3 )
				.map(
					( { element, right } ) =>
						`${ describe( element ) } ends at ${ Math.round(
							right
						) } px`
				);
			problems.push(
				`the page scrolls sideways: ${
					root.scrollWidth
				} px wide in a ${ root.clientWidth } px window (${ widest.join(
					'; '
				) })`
			);
		}

		const checked = new Set< Element >();
		for ( const scope of document.querySelectorAll(
			selectors.join( ',' )
		) ) {
			for ( const element of [
				scope,
				...scope.querySelectorAll( '*' ),
			] ) {
				if (
					checked.has( element ) ||
					! visible( element ) ||
					screenReaderOnly( element )
				) {
					continue;
				}
				checked.add( element );
				const texts = [ ...element.childNodes ].filter(
					( node ): node is Text =>
						node.nodeType === Node.TEXT_NODE &&
						( node.textContent ?? '' ).trim() !== ''
				);
				if ( texts.length === 0 ) {
					continue;
				}
				const style = getComputedStyle( element );
				const clips =
					style.overflowX !== 'visible' ||
					style.overflow === 'hidden' ||
					style.overflow === 'clip';
				if (
					clips &&
					style.textOverflow !== 'ellipsis' &&
					element.scrollWidth > element.clientWidth + 1
				) {
					problems.push(
						`text clipped: ${ describe( element ) } needs ${
							element.scrollWidth
						} px, has ${ element.clientWidth } px`
					);
					continue;
				}
				for ( const text of texts ) {
					const words = ( text.textContent ?? '' )
						.trim()
						.split( /\s+/ );
					const range = document.createRange();
					range.selectNodeContents( text );
					const lines = new Set(
						[ ...range.getClientRects() ]
							.filter( ( rect ) => rect.width > 0 )
							.map( ( rect ) => Math.round( rect.top ) )
					).size;
					if ( words.length >= 3 && lines >= words.length ) {
						problems.push(
							`text squeezed to one word per line: ${ describe(
								element
							) } (${ lines } lines)`
						);
					}
				}
				if (
					element.matches( 'th, td' ) &&
					// A cell that breaks long words (a URL, a page title) chose to.
					style.overflowWrap === 'normal' &&
					style.wordBreak === 'normal'
				) {
					// The cell's content box must hold its longest word.
					const probe = document.createElement( 'span' );
					probe.style.cssText =
						'position:absolute;visibility:hidden;white-space:nowrap;';
					probe.style.font = style.font;
					probe.style.letterSpacing = style.letterSpacing;
					probe.style.textTransform = style.textTransform;
					document.body.append( probe );
					let longest = 0;
					for ( const word of ( element.textContent ?? '' )
						.trim()
						.split( /\s+/ ) ) {
						probe.textContent = word;
						longest = Math.max(
							longest,
							probe.getBoundingClientRect().width
						);
					}
					probe.remove();
					const inner =
						element.clientWidth -
						parseFloat( style.paddingLeft ) -
						parseFloat( style.paddingRight );
					if ( longest > inner + 1 ) {
						problems.push(
							`table cell narrower than its text: ${ describe(
								element
							) } needs ${ Math.ceil(
								longest
							) } px, has ${ Math.floor( inner ) } px`
						);
					}
				}
			}
		}
		return problems;
	}, scopes );
}
