#!/usr/bin/env node
/**
 * Copies the maintained lists the PHP side reads into build/data/, as JSON:
 *   build/data/crawlers.json     bot user-agent patterns (crawler-user-agents)
 *   build/data/uap-regexes.json  user-agent, OS and device regexes (uap-core, the ua-parser project)
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

console.log(
	`build-data: ${ crawlers.length } crawler patterns, ${ uap.user_agent_parsers.length } browser, ${ uap.os_parsers.length } OS, ${ uap.device_parsers.length } device regexes`
);
