/**
 * The part of gettext-parser (used by bin/i18n.mjs, untyped) that the end-to-end tests use.
 */
declare module 'gettext-parser' {
	export interface PoEntry {
		msgctxt?: string;
		msgid: string;
		msgid_plural?: string;
		msgstr: string[];
		comments?: {
			reference?: string;
			extracted?: string;
			translator?: string;
			flag?: string;
		};
	}
	export interface PoData {
		charset: string;
		headers: Record< string, string >;
		translations: Record< string, Record< string, PoEntry > >;
	}
	export const po: {
		parse( input: Buffer | string ): PoData;
		compile( data: PoData ): Buffer;
	};
	const gettextParser: { po: typeof po };
	export default gettextParser;
}
