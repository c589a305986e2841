import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

import { REPORTS_PATH, storageStatePath } from '../utils';

test.describe( 'reports page as an administrator', () => {
	test.use( { storageState: storageStatePath( 'admin' ) } );

	test( 'the menu leads to the reports app, which renders', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/' );
		const menu = page.locator( '#adminmenu' );
		await menu
			.getByRole( 'link', { name: 'Insights', exact: true } )
			.click();
		await expect( page ).toHaveURL( /page=monsterinsights_reports/ );

		const app = page.locator( '#monsterinsights-reports' );
		await expect(
			app.getByText( 'Insights Reports', { exact: true } )
		).toBeVisible();
		// A fresh site has no data source yet: the not-connected screen.
		await expect(
			app.getByRole( 'heading', {
				name: 'You must connect MonsterInsights Reports before you can view reports.',
			} )
		).toBeVisible();
		await expect(
			app.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		).toHaveAttribute(
			'href',
			/page=monsterinsights_reports#\/setup-wizard$/
		);
		await page.screenshot( {
			path: 'artifacts/e2e/reports-page.png',
			fullPage: true,
		} );
	} );

	test( 'the app reads its boot data and the REST boot route answers', async ( {
		page,
	} ) => {
		await page.goto( REPORTS_PATH );
		await expect(
			page.locator( '#monsterinsights-reports' )
		).not.toBeEmpty();
		const boot = await page.evaluate( async () => {
			const wp = (
				window as unknown as {
					wp: {
						apiFetch: ( o: { path: string } ) => Promise< unknown >;
					};
				}
			 ).wp;
			return wp.apiFetch( {
				path: '/monsterinsights-reports/v1/boot?sections[]=user',
			} );
		} );
		expect( boot ).toEqual( {
			user: expect.objectContaining( {
				capabilities: {
					viewReports: true,
					saveSettings: true,
					manageNetwork: false,
					uploadFiles: true,
				},
			} ),
		} );
	} );

	test( 'has no serious accessibility violations', async ( { page } ) => {
		await page.goto( REPORTS_PATH );
		await expect(
			page.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		).toBeVisible();
		const results = await new AxeBuilder( { page } )
			.include( '#monsterinsights-reports' )
			.analyze();
		const serious = results.violations.filter(
			( v ) => v.impact === 'serious' || v.impact === 'critical'
		);
		expect( serious ).toEqual( [] );
	} );
} );

test.describe( 'reports page as a subscriber', () => {
	test.use( { storageState: storageStatePath( 'subscriber' ) } );

	test( 'cannot open the reports page nor see its menu', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/' );
		await expect(
			page
				.locator( '#adminmenu' )
				.getByRole( 'link', { name: 'Insights', exact: true } )
		).toHaveCount( 0 );

		const response = await page.goto( REPORTS_PATH );
		expect( response?.status() ).toBe( 403 );
		await expect(
			page.getByText( 'Sorry, you are not allowed to access this page.' )
		).toBeVisible();
		await expect( page.locator( '#monsterinsights-reports' ) ).toHaveCount(
			0
		);
	} );

	test( 'is refused by the REST boot route', async ( { page } ) => {
		await page.goto( '/wp-admin/profile.php' );
		const status = await page.evaluate( async () => {
			// WordPress hands a logged-in user a REST nonce from this core endpoint.
			const nonce = await (
				await fetch( '/wp-admin/admin-ajax.php?action=rest-nonce' )
			).text();
			const res = await fetch(
				'/wp-json/monsterinsights-reports/v1/boot',
				{
					headers: { 'X-WP-Nonce': nonce },
					credentials: 'same-origin',
				}
			);
			return { status: res.status, body: await res.json() };
		} );
		expect( status.status ).toBe( 403 );
		expect( status.body.code ).toBe( 'rest_forbidden' );
	} );
} );
