/** The shade of notes without a category (includes/Notes/Categories.php DEFAULT_COLOR). */
export const DEFAULT_NOTE_CATEGORY_COLOR = '#7f8b97';

/**
 * A colour as #rrggbb, or null when it is not #rgb or #rrggbb.
 *
 * @param color The colour.
 */
export function normaliseHex( color: string ): string | null {
	const value = color.trim().toLowerCase();
	const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec( value );
	if ( short ) {
		return `#${ short[ 1 ] }${ short[ 1 ] }${ short[ 2 ] }${ short[ 2 ] }${ short[ 3 ] }${ short[ 3 ] }`;
	}
	return /^#[0-9a-f]{6}$/.test( value ) ? value : null;
}

/**
 * The relative luminance of a #rrggbb colour (WCAG 2).
 *
 * @param hex #rrggbb.
 */
function luminance( hex: string ): number {
	const channel = ( offset: number ) => {
		const value = parseInt( hex.slice( offset, offset + 2 ), 16 ) / 255;
		return value <= 0.03928
			? value / 12.92
			: Math.pow( ( value + 0.055 ) / 1.055, 2.4 );
	};
	return (
		0.2126 * channel( 1 ) + 0.7152 * channel( 3 ) + 0.0722 * channel( 5 )
	);
}

/**
 * A category badge's colours: its background (the default shade when the colour is not a hex
 * colour) and the text colour, dark or white, that contrasts more with it.
 *
 * @param color The category's background colour.
 */
export function badgeColors( color: string ): {
	background: string;
	color: string;
} {
	const background = normaliseHex( color ) ?? DEFAULT_NOTE_CATEGORY_COLOR;
	const lum = luminance( background );
	// Contrast with white (L = 1) against contrast with #1e1e1e (L ≈ 0.0132).
	const withWhite = 1.05 / ( lum + 0.05 );
	const withDark = ( lum + 0.05 ) / ( 0.0132 + 0.05 );
	return { background, color: withWhite >= withDark ? '#fff' : '#1e1e1e' };
}
