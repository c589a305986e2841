import { test as setup } from '@playwright/test';

import { logIn, storageStatePath } from '../utils';

/**
 * Logs the administrator and the subscriber of tests/e2e/blueprint.json in once and keeps their
 * cookies.
 */
for ( const user of [ 'admin', 'subscriber' ] as const ) {
	setup( `log in as ${ user }`, async ( { page } ) => {
		await logIn( page, user );
		await page.context().storageState( { path: storageStatePath( user ) } );
	} );
}
