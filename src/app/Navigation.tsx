import { Button, Dropdown, NavigableMenu } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { chevronDown } from '@wordpress/icons';

import { useIsMobile } from '../components/utils/useIsMobile';
import { buildHash } from '../lib/hash';
import type { DateQuery } from '../store/app';
import {
	activeNavPath,
	isNavGroup,
	navigationEntries,
	type NavGroup,
	type NavLink,
} from './navigation';
import { resolveRoute, type RouteContext } from './routes';
import { loadScreen } from './screenModules';

export interface NavigationProps {
	/** The active route. */
	route: string;
	/** The date state the links carry along. */
	dateQuery: DateQuery | null;
	context: RouteContext;
}

/** Where the user is: what every link needs to know besides its own path. */
interface NavPlace {
	/** The active navigation path. */
	active: string;
	/** The date state the links carry along. */
	dateQuery: DateQuery | null;
}

interface LinkProps extends NavPlace {
	link: NavLink;
	role?: 'menuitem';
	onClick?: () => void;
}

function NavItemLink( { link, active, dateQuery, role, onClick }: LinkProps ) {
	const current = link.path === active;
	return (
		<a
			href={ buildHash( link.path, dateQuery ) }
			role={ role }
			aria-current={ current ? 'page' : undefined }
			className={
				'monsterinsights-reports-nav__link' +
				( current ? ' is-active' : '' )
			}
			onClick={ onClick }
		>
			{ link.label }
		</a>
	);
}

interface GroupProps extends NavPlace {
	group: NavGroup;
	/** Starts loading the screens of these paths. */
	prefetch: ( paths: readonly string[] ) => void;
}

/**
 * A navigation group as a dropdown menu: a toggle button, and a menu of links the arrow keys move
 * through. Escape closes it and gives focus back to the toggle.
 *
 * Opening the menu starts loading its reports' screens, so the one the user then picks has its
 * script on the way, or already here, when the click asks for its report.
 *
 * @param props           Component props.
 * @param props.group     The group.
 * @param props.prefetch  Starts loading the screens of some paths.
 * @param props.active    The active navigation path.
 * @param props.dateQuery The date state.
 */
function NavItemGroup( { group, prefetch, ...place }: GroupProps ) {
	const hasActive = group.items.some(
		( item ) => item.path === place.active
	);
	return (
		<Dropdown
			className="monsterinsights-reports-nav__group"
			contentClassName="monsterinsights-reports-nav__menu-popover"
			popoverProps={ { placement: 'bottom-start' } }
			onToggle={ ( willOpen: boolean ) => {
				if ( willOpen ) {
					prefetch( group.items.map( ( item ) => item.path ) );
				}
			} }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					className={
						'monsterinsights-reports-nav__toggle' +
						( hasActive ? ' is-active' : '' )
					}
					aria-expanded={ isOpen }
					aria-haspopup="true"
					icon={ chevronDown }
					iconPosition="right"
					onClick={ onToggle }
				>
					{ group.label }
				</Button>
			) }
			renderContent={ ( { onClose } ) => (
				<NavigableMenu
					className="monsterinsights-reports-nav__menu"
					aria-label={ group.label }
				>
					{ group.items.map( ( item ) => (
						<NavItemLink
							key={ item.path }
							link={ item }
							{ ...place }
							role="menuitem"
							onClick={ onClose }
						/>
					) ) }
				</NavigableMenu>
			) }
		/>
	);
}

/**
 * The reports' top navigation (docs/product-rules.md#navigation). Under 783 px it collapses behind
 * a trigger that shows the current route's title and closes when the route changes.
 *
 * @param props           Component props.
 * @param props.route     The active route.
 * @param props.dateQuery The date state the links keep.
 * @param props.context   Route context.
 */
export function Navigation( { route, dateQuery, context }: NavigationProps ) {
	const isMobile = useIsMobile();
	const [ open, setOpen ] = useState( false );
	const listId = `monsterinsights-reports-nav-list-${ useInstanceId(
		Navigation
	) }`;
	const entries = navigationEntries( context );
	const place: NavPlace = { active: activeNavPath( route ), dateQuery };

	// The mobile menu closes when the route changes.
	useEffect( () => {
		setOpen( false );
	}, [ route ] );

	const label = __( 'Reports', 'monsterinsights-reports' );
	const prefetch = ( paths: readonly string[] ) =>
		paths.forEach( ( path ) => {
			const { load } = resolveRoute( path, context ).route;
			// A failure shows when the screen is opened, with its "Try again".
			if ( load ) {
				loadScreen( load ).catch( () => undefined );
			}
		} );

	if ( isMobile ) {
		const title = resolveRoute( route, context ).route.title( context );
		return (
			<nav
				className="monsterinsights-reports-nav is-mobile"
				aria-label={ label }
			>
				<Button
					className="monsterinsights-reports-nav__trigger"
					aria-expanded={ open }
					aria-controls={ listId }
					icon={ chevronDown }
					iconPosition="right"
					onClick={ () => setOpen( ( was ) => ! was ) }
				>
					{ title }
				</Button>
				{ open && (
					<ul
						id={ listId }
						className="monsterinsights-reports-nav__list"
					>
						{ entries.map( ( entry ) =>
							isNavGroup( entry ) ? (
								<li
									key={ entry.id }
									className="monsterinsights-reports-nav__mobile-group"
								>
									<span
										id={ `${ listId }-${ entry.id }` }
										className="monsterinsights-reports-nav__group-label"
									>
										{ entry.label }
									</span>
									<ul
										aria-labelledby={ `${ listId }-${ entry.id }` }
									>
										{ entry.items.map( ( item ) => (
											<li key={ item.path }>
												<NavItemLink
													link={ item }
													{ ...place }
												/>
											</li>
										) ) }
									</ul>
								</li>
							) : (
								<li key={ entry.path }>
									<NavItemLink link={ entry } { ...place } />
								</li>
							)
						) }
					</ul>
				) }
			</nav>
		);
	}

	return (
		<nav className="monsterinsights-reports-nav" aria-label={ label }>
			<ul className="monsterinsights-reports-nav__list">
				{ entries.map( ( entry ) => (
					<li
						key={ isNavGroup( entry ) ? entry.id : entry.path }
						className="monsterinsights-reports-nav__item"
					>
						{ isNavGroup( entry ) ? (
							<NavItemGroup
								group={ entry }
								prefetch={ prefetch }
								{ ...place }
							/>
						) : (
							<NavItemLink link={ entry } { ...place } />
						) }
					</li>
				) ) }
			</ul>
		</nav>
	);
}
