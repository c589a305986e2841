import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';

import {
	apiFetch,
	infoBoxValue,
	logIn,
	otherVisitorAgent,
	REPORTS_PATH,
} from '../utils';
import {
	activateUploadedPlugin,
	deletePluginIfInstalled,
	openOverviewForToday,
	PLUGIN_ROW,
	PREVIOUS_RELEASE,
	PREVIOUS_RELEASE_ZIP,
	RELEASE_VERSION,
	RELEASE_ZIP,
	runSetupWizard,
	uploadPlugin,
	visit,
} from './helpers';

/**
 * The tracking settings this version has that the previous release (previous.json) did not, with
 * the defaults an update gives them: one proxy in front of the site, when "trusted proxy" is on.
 */
const ADDED_TRACKING_SETTINGS = { trusted_proxies: 1 };
/**
 * An update from the previous release (issue "Install it on a real site", Safe upgrades): on a
 * fresh WordPress (bin/serve-release.sh) the previous release's zip (bin/previous-release-zip.sh,
 * the commit of tests/e2e/release/previous.json) is uploaded and activated; a licence key is
 * entered, visitors are recorded on the front end, a site note is written, settings and the
 * user's metric choice are changed. Then this version's zip is uploaded over it ("Replace current
 * with uploaded"): the Overview shows the same numbers, and the note, the settings, the metric
 * choice and the licence read back the same. The database migration ran at most once: exactly
 * one entry from the old schema version to the new one when the new code needs a newer schema,
 * none when it needs the same, and none more on later requests.
 */

const ROOT = path.join( __dirname, '../../..' );
const PLUGIN_ROUTES = '/monsterinsights-reports/v1';
/** The release mu-plugin's route (tests/e2e/release/mu-plugins). */
const STATE_ROUTE = '/monsterinsights-reports-release-tests/v1/state';

interface Migration {
	from: number;
	to: number;
	time: number;
}

interface State {
	plugin: string | null;
	code: number;
	installed: number;
	history: Migration[];
	failure: unknown;
}

interface Licence {
	level: string;
	source: string;
	site: { key_masked: string; level: string | null; status: string } | null;
}

interface Note {
	id: number;
	note_title: string;
	note_date_ymd: string;
	important: boolean;
	status: string;
}

/** The visitors: two of them (user agents the earlier test never sent), three page views. */
const VISITORS = [
	{
		agent: otherVisitorAgent( 9101 ),
		pages: [ '/hello-world/', '/sample-page/' ],
	},
	{ agent: otherVisitorAgent( 9102 ), pages: [ '/hello-world/' ] },
] as const;
const SESSIONS = VISITORS.length;
const PAGEVIEWS = VISITORS.reduce( ( sum, v ) => sum + v.pages.length, 0 );

/** The user's metric choice (a preference stored per user). */
const METRICS = [ 'sessions', 'pageviews', 'totalusers', 'pageviews_per_user' ];

/** The settings changed from their defaults. */
const SETTINGS = {
	referral_favicons: false,
	tracking: {
		retention_months: 18,
		referrer_spam: [ 'spam.example' ],
		excluded_roles: [ 'editor' ],
		custom_dimensions: [ 'author', 'post_type' ],
	},
};

const NOTE_TITLE = 'Spring campaign launched <b>before</b> the update';

/**
 * A pro licence key minted with the e2e signing key (bin/licence-key.php), which the release
 * mu-plugin lets verify.
 */
function mintProKey(): string {
	return execFileSync(
		'php',
		[
			'bin/licence-key.php',
			'mint',
			'--secret',
			path.join( ROOT, 'tests/e2e/licence/test-secret.key' ),
			'--issued-to',
			'Upgrade test',
			'--level',
			'pro',
		],
		{ cwd: ROOT, encoding: 'utf8', stdio: [ 'ignore', 'pipe', 'pipe' ] }
	).trim();
}

/** The Overview's key-metric boxes. */
const KEY_METRICS = 4;

/**
 * The key-metric boxes of the Overview on screen, title → value, once Sessions reads as expected.
 *
 * @param page The page.
 */
async function keyMetrics( page: Page ): Promise< Record< string, string > > {
	await openOverviewForToday( page );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		String( SESSIONS ),
		{ timeout: 60_000 }
	);
	const boxes = page
		.getByRole( 'region', { name: 'Key metrics' } )
		.locator( '.monsterinsights-reports-infobox' );
	await expect( boxes ).toHaveCount( KEY_METRICS );
	return Object.fromEntries(
		await boxes.evaluateAll( ( elements ) =>
			elements.map( ( box ) => [
				// The title's own text, not its help tooltip's.
				(
					box.querySelector(
						'.monsterinsights-reports-infobox__title > span'
					)?.textContent ?? ''
				).trim(),
				(
					box.querySelector(
						'.monsterinsights-reports-infobox__value'
					)?.textContent ?? ''
				).trim(),
			] )
		)
	);
}

/**
 * Everything the plugin's own routes say about what the site owner set, read on the reports page
 * with the app's apiFetch.
 *
 * @param page The page, on the reports page.
 */
async function savedState( page: Page ) {
	const notes = await apiFetch< { items: Note[] } >( page, {
		path: `${ PLUGIN_ROUTES }/notes?status=publish`,
	} );
	const settings = await apiFetch< Record< string, unknown > >( page, {
		path: `${ PLUGIN_ROUTES }/settings`,
	} );
	const licence = await apiFetch< Licence >( page, {
		path: `${ PLUGIN_ROUTES }/licence`,
	} );
	const metrics = await apiFetch< Array< { id: string; checked: boolean } > >(
		page,
		{ path: `${ PLUGIN_ROUTES }/metrics` }
	);
	return {
		notes: notes.items,
		settings: {
			referral_favicons: settings.referral_favicons,
			pdf_reports_header_image: settings.pdf_reports_header_image,
			source: settings.source,
			tracking: settings.tracking,
		},
		licence,
		metrics: metrics.filter( ( m ) => m.checked ).map( ( m ) => m.id ),
	};
}

/**
 * The plugin's version and migration state (the release mu-plugin's route).
 *
 * @param page The page, on a wp-admin page that loads wp-api-fetch.
 */
async function migrationState( page: Page ): Promise< State > {
	return apiFetch< State >( page, { path: STATE_ROUTE } );
}

test( 'an update from the previous release keeps every visit, note, setting and the licence', async ( {
	page,
	browser,
} ) => {
	// Two installs, two zips uploaded and a dozen wp-admin pages on Playground's one PHP worker.
	test.slow();
	expect(
		fs.existsSync( PREVIOUS_RELEASE_ZIP ),
		`${ PREVIOUS_RELEASE_ZIP }: run bash bin/previous-release-zip.sh`
	).toBe( true );
	expect( fs.existsSync( RELEASE_ZIP ) ).toBe( true );
	expect( PREVIOUS_RELEASE.version ).not.toBe( RELEASE_VERSION );
	await logIn( page, 'admin' );
	// The site as a previous release's owner has it: that release alone, set up from scratch (an
	// earlier test of this site installed this version; Delete runs its uninstall).
	await deletePluginIfInstalled( page );

	await uploadPlugin( page, PREVIOUS_RELEASE_ZIP );
	await activateUploadedPlugin( page );
	await expect( page.locator( PLUGIN_ROW ) ).toContainText(
		`Version ${ PREVIOUS_RELEASE.version }`
	);
	await runSetupWizard( page );
	const installedOld = await migrationState( page );
	expect( installedOld.plugin ).toBe( PREVIOUS_RELEASE.version );
	// Activation created the schema: one migration, from none to the old code's version.
	expect( installedOld.history.map( ( m ) => [ m.from, m.to ] ) ).toEqual( [
		[ 0, installedOld.code ],
	] );
	expect( installedOld.installed ).toBe( installedOld.code );

	// A licence key, through the plugin's licence route (what the Settings screen sends).
	const key = mintProKey();
	const licence = await apiFetch< Licence >( page, {
		path: `${ PLUGIN_ROUTES }/licence`,
		method: 'POST',
		data: { key },
	} );
	expect( licence.level ).toBe( 'pro' );
	expect( licence.site?.status ).toBe( 'valid' );

	// Visitors on the front end.
	for ( const visitor of VISITORS ) {
		await visit( browser, visitor.pages, visitor.agent );
	}

	// A site note of today (the site's day), settings and the metric choice.
	const today = await page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
	await apiFetch( page, {
		path: `${ PLUGIN_ROUTES }/notes`,
		method: 'POST',
		data: { note_title: NOTE_TITLE, note_date: today, important: true },
	} );
	await apiFetch( page, {
		path: `${ PLUGIN_ROUTES }/settings`,
		method: 'POST',
		data: SETTINGS,
	} );
	await apiFetch( page, {
		path: `${ PLUGIN_ROUTES }/metrics`,
		method: 'POST',
		data: { selected_metrics: METRICS.join( ',' ) },
	} );

	// What the previous release shows: the numbers computed here from the visits above (one of
	// the two sessions has one page view: a bounce); the average duration depends on the time
	// between the first visitor's two page views, and is compared after the update.
	const before = await keyMetrics( page );
	expect( before ).toEqual( {
		Sessions: String( SESSIONS ),
		Pageviews: String( PAGEVIEWS ),
		'Bounce Rate': '50%',
		'Avg. Session Duration': expect.stringMatching( /^\d+:\d\d$/ ),
	} );
	const saved = await savedState( page );
	expect( saved.notes ).toHaveLength( 1 );
	expect( saved.notes[ 0 ] ).toMatchObject( {
		note_title: NOTE_TITLE,
		note_date_ymd: today,
		important: true,
		status: 'publish',
	} );
	expect( saved.settings ).toMatchObject( SETTINGS );
	expect( saved.metrics ).toEqual( METRICS );
	expect( saved.licence.level ).toBe( 'pro' );
	const old = await migrationState( page );
	expect( old.history ).toEqual( installedOld.history );

	// The update: this version's zip over it.
	await uploadPlugin( page, RELEASE_ZIP );
	await page.goto( '/wp-admin/plugins.php' );
	await expect( page.locator( PLUGIN_ROW ) ).toHaveClass( /\bactive\b/ );
	await expect( page.locator( PLUGIN_ROW ) ).toContainText(
		`Version ${ RELEASE_VERSION }`
	);

	// Every number, note, setting, preference and the licence as they were; the settings this
	// version adds come with their defaults.
	expect( await keyMetrics( page ) ).toEqual( before );
	expect( await savedState( page ) ).toEqual( {
		...saved,
		settings: {
			...saved.settings,
			tracking: {
				...( saved.settings.tracking as Record< string, unknown > ),
				...ADDED_TRACKING_SETTINGS,
			},
		},
	} );

	// The migration: once, from the old schema to the new one, when there is one to run.
	const updated = await migrationState( page );
	expect( updated.plugin ).toBe( RELEASE_VERSION );
	expect( updated.installed ).toBe( updated.code );
	expect( updated.code ).toBeGreaterThanOrEqual( old.code );
	expect( updated.failure ).toBeNull();
	const added = updated.history.slice( old.history.length );
	expect( updated.history.slice( 0, old.history.length ) ).toEqual(
		old.history
	);
	expect( added.map( ( m ) => [ m.from, m.to ] ) ).toEqual(
		updated.code > old.code ? [ [ old.code, updated.code ] ] : []
	);
	// Later requests run nothing more.
	await page.goto( '/wp-admin/' );
	await page.goto( REPORTS_PATH );
	expect( ( await migrationState( page ) ).history ).toEqual(
		updated.history
	);
} );
