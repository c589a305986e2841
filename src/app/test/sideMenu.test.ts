import { highlightSideMenu, sideMenuTarget } from '../sideMenu';

const REPORTS_URL =
	'http://example.org/wp-admin/admin.php?page=monsterinsights_reports';

/**
 * The admin menu as WordPress prints it for the Insights menu, with the Reports item current, and
 * (as a later issue adds them) items for the user journey and the AI routes.
 *
 * @param extra Whether to add the route items.
 */
function menu( extra: boolean ) {
	document.body.innerHTML = `
		<ul id="adminmenu">
			<li id="toplevel_page_monsterinsights_reports" class="wp-has-submenu wp-has-current-submenu">
				<a href="admin.php?page=monsterinsights_reports" class="wp-has-current-submenu">Insights</a>
				<ul class="wp-submenu wp-submenu-wrap">
					<li class="wp-first-item current"><a href="admin.php?page=monsterinsights_reports" class="wp-first-item current" aria-current="page">Reports</a></li>
					${
						extra
							? `<li><a href="admin.php?page=monsterinsights_reports#/user-journey-report">User Journey</a></li>
					<li><a href="admin.php?page=monsterinsights_reports#/ai-insights">AI Insights</a></li>
					<li><a href="http://example.org/wp-admin/admin.php?page=monsterinsights_reports#/ai-insights/chat">AI Chat</a></li>`
							: ''
					}
				</ul>
			</li>
			<li><a href="edit.php">Posts</a></li>
		</ul>`;
}

function currentLabels() {
	return Array.from(
		document.querySelectorAll(
			'#adminmenu .wp-submenu li.current > a.current'
		)
	).map( ( a ) => a.textContent );
}

describe( 'sideMenuTarget', () => {
	it( 'maps the user journey, AI insights and AI chat routes', () => {
		expect( sideMenuTarget( '/user-journey-report' ) ).toBe(
			'/user-journey-report'
		);
		expect( sideMenuTarget( '/ai-insights' ) ).toBe( '/ai-insights' );
		expect( sideMenuTarget( '/ai-insights/chat' ) ).toBe(
			'/ai-insights/chat'
		);
		expect( sideMenuTarget( '/ai-insights/chat/12' ) ).toBe(
			'/ai-insights/chat'
		);
		expect( sideMenuTarget( '/' ) ).toBeUndefined();
		expect( sideMenuTarget( '/publishers' ) ).toBeUndefined();
	} );
} );

describe( 'highlightSideMenu', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'marks the matching item current and restores the page item afterwards', () => {
		menu( true );
		const undo = highlightSideMenu( '/user-journey-report', REPORTS_URL );
		expect( currentLabels() ).toEqual( [ 'User Journey' ] );
		expect(
			document.querySelector( 'a[aria-current="page"]' )?.textContent
		).toBe( 'User Journey' );
		undo();
		expect( currentLabels() ).toEqual( [ 'Reports' ] );
		expect(
			document.querySelector( 'a[aria-current="page"]' )?.textContent
		).toBe( 'Reports' );
	} );

	it( 'matches absolute links and chat routes with an id', () => {
		menu( true );
		const undo = highlightSideMenu( '/ai-insights/chat/3', REPORTS_URL );
		expect( currentLabels() ).toEqual( [ 'AI Chat' ] );
		undo();
		const undoInsights = highlightSideMenu( '/ai-insights', REPORTS_URL );
		expect( currentLabels() ).toEqual( [ 'AI Insights' ] );
		undoInsights();
	} );

	it( 'changes nothing for other routes or when the menu has no such item', () => {
		menu( true );
		highlightSideMenu( '/publishers', REPORTS_URL )();
		expect( currentLabels() ).toEqual( [ 'Reports' ] );

		menu( false );
		const undo = highlightSideMenu( '/user-journey-report', REPORTS_URL );
		expect( currentLabels() ).toEqual( [ 'Reports' ] );
		undo();
		expect( currentLabels() ).toEqual( [ 'Reports' ] );
	} );

	it( 'does nothing without an admin menu', () => {
		expect( () =>
			highlightSideMenu( '/ai-insights', REPORTS_URL )()
		).not.toThrow();
	} );
} );
