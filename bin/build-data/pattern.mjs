/**
 * Reading a regular expression's source, for the bot pre-filter (bots.mjs): its top-level
 * alternatives, a plain literal alternative's tokens, and the literal run an alternative cannot
 * match without.
 */

/**
 * The top-level alternatives of a pattern source.
 *
 * @param {string} source The source.
 * @return {string[]} The alternatives.
 */
export function splitTopLevel( source ) {
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
export function tokenize( text ) {
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
export function gateOf( alternative ) {
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
