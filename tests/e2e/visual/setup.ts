import { test as setup } from '../fixtures';
import { E2ESite } from '../site';
import { logIn, storageStatePath } from '../utils';
import { FROZEN_AT } from '../visual.config';

/**
 * The visual site's state, the same on every run: the administrator logged in, the built-in
 * source chosen, 60 days of demo traffic from seed 1 up to the noon of the frozen "today"
 * (visual.config.ts),
 * and two site notes inside the default range.
 */
setup( 'log in, seed the traffic and write the notes', async ( { page } ) => {
	await logIn( page, 'admin' );
	await page.context().storageState( { path: storageStatePath( 'admin' ) } );
	const site = await E2ESite.open( 'admin' );
	try {
		await site.reset();
		await site.setSource( 'builtin' );
		await site.seed( 60, 1, FROZEN_AT.slice( 0, 10 ) );
		for ( const note of [
			{ note_title: 'Pricing page launched', note_date: '2026-05-28' },
			{
				note_title: 'Newsletter sent',
				note_date: '2026-06-08',
				important: true,
			},
		] ) {
			await site.post( '/monsterinsights-reports/v1/notes', note );
		}
	} finally {
		await site.dispose();
	}
} );
