/**
 * Pure helpers of bin/i18n.mjs, kept apart so jest can test them.
 */
const crypto = require( 'crypto' );

const PHP_KEYWORDS = [
	'__',
	'_e',
	'_x:1,2c',
	'_ex:1,2c',
	'_n:1,2',
	'_nx:1,2,4c',
	'_n_noop:1,2',
	'_nx_noop:1,2,3c',
	'esc_attr__',
	'esc_html__',
	'esc_attr_e',
	'esc_html_e',
	'esc_attr_x:1,2c',
	'esc_html_x:1,2c',
];

/**
 * Merges parsed POT translation tables; references of identical strings are joined.
 *
 * @param {Array<Record<string, Record<string, object>>>} tables gettext-parser `translations`.
 * @return {Record<string, Record<string, object>>} One table.
 */
function mergeTranslations( tables ) {
	const out = {};
	for ( const table of tables ) {
		for ( const [ ctx, entries ] of Object.entries( table ) ) {
			out[ ctx ] = out[ ctx ] || {};
			for ( const [ msgid, entry ] of Object.entries( entries ) ) {
				if ( msgid === '' ) {
					continue;
				}
				const existing = out[ ctx ][ msgid ];
				if ( ! existing ) {
					out[ ctx ][ msgid ] = {
						...entry,
						comments: { ...( entry.comments || {} ) },
					};
					continue;
				}
				const refs = new Set(
					[ existing.comments.reference, entry.comments?.reference ]
						.filter( Boolean )
						.join( '\n' )
						.split( '\n' )
				);
				existing.comments.reference = [ ...refs ].join( '\n' );
				if (
					! existing.comments.extracted &&
					entry.comments?.extracted
				) {
					existing.comments.extracted = entry.comments.extracted;
				}
			}
		}
	}
	return out;
}

/**
 * The file name WordPress looks for: {domain}-{locale}-{md5 of the script's relative path}.json.
 *
 * @param {string} domain     Text domain.
 * @param {string} locale     Locale, e.g. de_DE.
 * @param {string} scriptPath Script path relative to the plugin root, e.g. build/reports.js.
 */
function jsonFileName( domain, locale, scriptPath ) {
	const hash = crypto
		.createHash( 'md5' )
		.update( scriptPath )
		.digest( 'hex' );
	return `${ domain }-${ locale }-${ hash }.json`;
}

/**
 * Turns a parsed .po into the Jed 1.x JSON that wp_set_script_translations() loads, keeping only
 * the strings whose references match `isScriptReference`.
 *
 * @param {Object}                   po                gettext-parser result.
 * @param {(ref: string) => boolean} isScriptReference Which source files belong to the script.
 */
function poToJed( po, isScriptReference ) {
	const locale = po.headers.Language || '';
	const messages = {
		'': {
			domain: 'messages',
			lang: locale,
			'plural-forms':
				po.headers[ 'Plural-Forms' ] || 'nplurals=2; plural=(n != 1);',
		},
	};
	for ( const [ ctx, entries ] of Object.entries( po.translations ) ) {
		for ( const [ msgid, entry ] of Object.entries( entries ) ) {
			if ( msgid === '' || ! entry.msgstr.some( Boolean ) ) {
				continue;
			}
			const refs = ( entry.comments?.reference || '' )
				.split( /\s+/ )
				.filter( Boolean );
			if ( ! refs.some( ( ref ) => isScriptReference( ref ) ) ) {
				continue;
			}
			const key = ctx ? `${ ctx }\u0004${ msgid }` : msgid;
			messages[ key ] = entry.msgstr;
		}
	}
	return {
		'translation-revision-date': po.headers[ 'PO-Revision-Date' ] || '',
		generator: 'monsterinsights-reports/bin/i18n.mjs',
		domain: 'messages',
		locale_data: { messages },
	};
}

module.exports = { PHP_KEYWORDS, mergeTranslations, jsonFileName, poToJed };
