import { expect, test } from '@playwright/test';
import fs from 'fs';

import { infoBoxValue, logIn, seriousAxeFindings } from '../utils';
import {
	activateUploadedPlugin,
	deletePluginIfInstalled,
	openOverviewForToday,
	PLUGIN_ROW,
	RELEASE_ZIP,
	runSetupWizard,
	uploadPlugin,
	visit,
} from './helpers';

/**
 * Installing the release zip as a site owner does (issue "Install it on a real site"): on a fresh
 * WordPress with nothing of the repository beside it (bin/serve-release.sh), the zip of
 * `npm run plugin-zip` is uploaded through Plugins → Add New → Upload Plugin, activated, set up
 * with the wizard; a visitor's page view on the front end is then counted in the Overview, and
 * still after the zip is uploaded over the installed plugin ("Replace current with uploaded").
 */

test( 'the release zip installs through Upload Plugin and counts a visit', async ( {
	page,
	browser,
} ) => {
	expect( fs.existsSync( RELEASE_ZIP ) ).toBe( true );
	await logIn( page, 'admin' );
	// A site without the plugin, whichever release test ran before on it.
	await deletePluginIfInstalled( page );

	await uploadPlugin( page, RELEASE_ZIP );
	await activateUploadedPlugin( page );

	// The reports page, not connected yet: the setup wizard with the built-in analytics.
	await runSetupWizard( page );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '0', {
		timeout: 60_000,
	} );

	// One anonymous page view of the default post; the reports page's load aggregates it.
	await visit( browser, '/hello-world/' );
	await openOverviewForToday( page );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( '1', {
		timeout: 60_000,
	} );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '1' );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// The same zip uploaded over it ("Replace current with uploaded"), as an update is: the
	// plugin stays active and the visit is still counted.
	await uploadPlugin( page, RELEASE_ZIP );
	await page.goto( '/wp-admin/plugins.php' );
	await expect( page.locator( PLUGIN_ROW ) ).toHaveClass( /\bactive\b/ );
	await openOverviewForToday( page );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( '1', {
		timeout: 60_000,
	} );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '1' );
} );
