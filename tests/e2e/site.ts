import {
	expect,
	request as playwrightRequest,
	type APIRequestContext,
} from '@playwright/test';

import { baseURL } from './playwright.config';
import { storageStatePath, type E2EUser } from './utils';

/** The test-only routes (tests/e2e/mu-plugins/monsterinsights-reports-e2e.php). */
export const E2E_ROUTES = '/monsterinsights-reports-e2e/v1';

/** Licence levels (includes/Admin/BootData.php LEVELS); '' is the plugin's own (lite). */
export type Level = '' | 'lite' | 'basic' | 'plus' | 'pro' | 'agency';

/** What a user who never chose has checked (includes/REST/MetricsController.php). */
export const DEFAULT_METRICS = [ 'sessions', 'pageviews' ] as const;

/** The seeder's answer. */
export interface SeedStats {
	hits: number;
	refused: number;
	sessions: number;
	stored: number;
}

/**
 * The e2e site's state, set through REST as a logged-in user — the test-only routes of the
 * mu-plugin and the plugin's own — without a page: an API request context with the user's
 * cookies and a REST nonce.
 */
export class E2ESite {
	private readonly context: APIRequestContext;
	private readonly nonce: string;

	private constructor( context: APIRequestContext, nonce: string ) {
		this.context = context;
		this.nonce = nonce;
	}

	/**
	 * Opens a REST session as a user of auth.setup.ts.
	 *
	 * @param user Whose cookies.
	 */
	static async open( user: E2EUser = 'admin' ): Promise< E2ESite > {
		const context = await playwrightRequest.newContext( {
			baseURL,
			storageState: storageStatePath( user ),
		} );
		// WordPress hands a logged-in user a REST nonce from this core endpoint.
		const answer = await context.get(
			'/wp-admin/admin-ajax.php?action=rest-nonce'
		);
		expect( answer.ok() ).toBe( true );
		return new E2ESite( context, ( await answer.text() ).trim() );
	}

	/**
	 * POSTs JSON to a REST route and answers its JSON; fails the test on an error status.
	 *
	 * @param route   The route under /wp-json, e.g. "/monsterinsights-reports-e2e/v1/reset".
	 * @param data    The body.
	 * @param timeout Milliseconds; 0 for none (seeding takes a while).
	 */
	async post< T >(
		route: string,
		data: Record< string, unknown > = {},
		timeout = 60_000
	): Promise< T > {
		const answer = await this.context.post( `/wp-json${ route }`, {
			data,
			headers: { 'X-WP-Nonce': this.nonce },
			timeout,
		} );
		const body = await answer.text();
		expect( answer.status(), `POST ${ route }: ${ body }` ).toBeLessThan(
			300
		);
		return JSON.parse( body ) as T;
	}

	/**
	 * GETs a REST route and answers its JSON; fails the test on an error status.
	 *
	 * @param route  The route under /wp-json.
	 * @param params The query parameters.
	 */
	async get< T >(
		route: string,
		params: Record< string, string > = {}
	): Promise< T > {
		const answer = await this.context.get( `/wp-json${ route }`, {
			params,
			headers: { 'X-WP-Nonce': this.nonce },
			timeout: 60_000,
		} );
		const body = await answer.text();
		expect( answer.status(), `GET ${ route }: ${ body }` ).toBeLessThan(
			300
		);
		return JSON.parse( body ) as T;
	}

	/**
	 * Chooses the active data source; answers the previous one.
	 *
	 * @param source 'builtin', or '' for none.
	 */
	async setSource( source: '' | 'builtin' ): Promise< string > {
		return (
			await this.post< { previous: string } >( `${ E2E_ROUTES }/source`, {
				source,
			} )
		).previous;
	}

	/**
	 * Empties the built-in tables and seeds demo traffic (Seeder::seed_current_site).
	 *
	 * @param days  Days back.
	 * @param seed  The seed.
	 * @param today The last day seeded (Y-m-d, up to its noon, site time); today by default.
	 */
	async seed( days = 30, seed = 1, today?: string ): Promise< SeedStats > {
		return this.post< SeedStats >(
			`${ E2E_ROUTES }/seed`,
			today ? { days, seed, today } : { days, seed },
			0
		);
	}

	/**
	 * Sets the licence level the boot data reports (pages read it when they load).
	 *
	 * @param level The level; '' for the plugin's own.
	 */
	async setLevel( level: Level ): Promise< void > {
		const answer = await this.post< { level: string } >(
			`${ E2E_ROUTES }/level`,
			{ level }
		);
		expect( answer.level ).toBe( level || 'lite' );
	}

	/**
	 * Saves the user's overview metrics through the plugin's own route.
	 *
	 * @param ids Metric ids.
	 */
	async setMetrics(
		ids: readonly string[] = DEFAULT_METRICS
	): Promise< void > {
		await this.post( '/monsterinsights-reports/v1/metrics', {
			selected_metrics: ids.join( ',' ),
		} );
	}

	/**
	 * Puts the site back as bin/serve-e2e.sh made it: no source, the plugin's own level, empty
	 * built-in tables, default metric selections.
	 */
	async reset(): Promise< void > {
		await this.post( `${ E2E_ROUTES }/reset` );
	}

	async dispose(): Promise< void > {
		await this.context.dispose();
	}
}

/** The e2e site's fake Google server (bin/serve-e2e.sh: the site's port + 1000). */
export const FAKE_GOOGLE_URL = `http://127.0.0.1:${
	Number( new URL( baseURL ).port ) + 1000
}`;

/**
 * Tells the e2e site's fake Google server something (docs/development.md, "The fake Google
 * server"): POST /__reset, or POST /__control with a fault, a delay, "today", revoke_tokens, steady
 * numbers or spikes.
 *
 * @param path    '/__reset' or '/__control'.
 * @param setting The control's JSON body.
 */
export async function fakeGoogle(
	path: '/__reset' | '/__control',
	setting: Record< string, unknown > = {}
): Promise< Record< string, unknown > > {
	const context = await playwrightRequest.newContext();
	try {
		const response = await context.post( FAKE_GOOGLE_URL + path, {
			data: setting,
		} );
		expect( response.status(), await response.text() ).toBe( 200 );
		return ( await response.json() ) as Record< string, unknown >;
	} finally {
		await context.dispose();
	}
}

/** The API requests the fake Google server received since its last reset, oldest first. */
export async function fakeGoogleRequests(): Promise<
	Array< { method: string; path: string; body: string } >
> {
	const context = await playwrightRequest.newContext();
	try {
		const response = await context.get( FAKE_GOOGLE_URL + '/__requests' );
		return (
			( await response.json() ) as {
				requests: Array< {
					method: string;
					path: string;
					body: string;
				} >;
			}
		 ).requests;
	} finally {
		await context.dispose();
	}
}

/** The e2e site's fake AI provider (bin/serve-e2e.sh: the site's port + 2000), OpenAI-compatible. */
export const FAKE_AI_URL = `http://127.0.0.1:${
	Number( new URL( baseURL ).port ) + 2000
}`;

/**
 * Tells the e2e site's fake AI provider something (docs/development.md, "The fake AI provider"):
 * POST /__reset, or POST /__script with the steps its next completions answer.
 *
 * @param path    '/__reset' or '/__script'.
 * @param setting The JSON body.
 */
export async function fakeAi(
	path: '/__reset' | '/__script',
	setting: Record< string, unknown > = {}
): Promise< void > {
	const context = await playwrightRequest.newContext();
	try {
		const response = await context.post( FAKE_AI_URL + path, {
			data: setting,
		} );
		expect( response.status(), await response.text() ).toBe( 200 );
	} finally {
		await context.dispose();
	}
}

/** The chat-completion request bodies the fake AI provider received since its last reset. */
export async function fakeAiRequests(): Promise< unknown[] > {
	const context = await playwrightRequest.newContext();
	try {
		const response = await context.get( FAKE_AI_URL + '/__requests' );
		expect( response.status() ).toBe( 200 );
		return ( await response.json() ) as unknown[];
	} finally {
		await context.dispose();
	}
}
