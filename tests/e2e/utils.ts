import { expect, type Page } from '@playwright/test';
import path from 'path';

export type E2EUser = 'admin' | 'subscriber';

export const REPORTS_PATH = '/wp-admin/admin.php?page=monsterinsights_reports';

/** Users created by blueprint.json (admin by Playground, subscriber by a runPHP step). */
const PASSWORDS: Record< E2EUser, string > = {
	admin: 'password',
	subscriber: 'password',
};

export function storageStatePath( user: E2EUser ): string {
	return path.join( __dirname, '../../artifacts/e2e', `${ user }.json` );
}

/**
 * Logs a user in through wp-login.php, as a person would.
 *
 * @param page The page.
 * @param user Which user.
 */
export async function logIn( page: Page, user: E2EUser ): Promise< void > {
	await page.goto( '/wp-login.php' );
	await page.getByLabel( 'Username or Email Address' ).fill( user );
	await page
		.getByLabel( 'Password', { exact: true } )
		.fill( PASSWORDS[ user ] );
	await page.getByRole( 'button', { name: 'Log In' } ).click();
	await expect( page ).toHaveURL( /wp-admin/ );
}
