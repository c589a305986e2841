/**
 * The bot test the collector runs, build/data/bots.php: isbot's pattern translated to PCRE, and a
 * fast pre-filter derived from it, checked against crawler-user-agents' examples before it is
 * written.
 */
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { gateOf, splitTopLevel, tokenize } from './pattern.mjs';

const require = createRequire( import.meta.url );

/**
 * The isbot package's pattern (a case-insensitive JavaScript RegExp).
 *
 * @return {RegExp} The pattern.
 */
export function isbotPattern() {
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
 * @param {string} root   The repository's root folder (crawler-user-agents' examples are read from its node_modules).
 * @return {{php: string, version: string, alternatives: number, literals: number, gates: number}} The file and its figures.
 */
export function buildBots( source, root ) {
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
