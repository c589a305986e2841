import { inflateSync } from 'zlib';

/** An image XObject of a PDF. */
export interface PdfImage {
	object: number;
	width: number;
	height: number;
	/** The stream's filter, e.g. DCTDecode for JPEG. */
	filter: string;
	/** Whether the stream's bytes are a JPEG (start with FF D8, end with FF D9). */
	jpeg: boolean;
}

/** What inspectPdf reads of a file. */
export interface PdfFacts {
	/** The first line, e.g. "%PDF-1.3". */
	header: string;
	/** Whether the file ends with the end-of-file marker. */
	eof: boolean;
	/** Page objects (/Type /Page). */
	pages: number;
	images: PdfImage[];
	/** Pages whose content stream paints one of the image XObjects (`/Name Do`). */
	pagesDrawingImages: number;
}

interface PdfObject {
	dict: string;
	stream: Buffer | null;
}

/**
 * Reads the objects of an uncompressed-xref PDF such as jsPDF writes: each `N 0 obj`, its
 * dictionary and its stream (by its direct /Length).
 *
 * @param bytes The file.
 */
function readObjects( bytes: Buffer ): Map< number, PdfObject > {
	const text = bytes.toString( 'latin1' );
	const objects = new Map< number, PdfObject >();
	const start = /(\d+) 0 obj\b/g;
	let match: RegExpExecArray | null;
	while ( ( match = start.exec( text ) ) !== null ) {
		const id = Number( match[ 1 ] );
		const from = match.index + match[ 0 ].length;
		const streamAt = text.indexOf( 'stream', from );
		const endAt = text.indexOf( 'endobj', from );
		if ( endAt < 0 ) {
			break;
		}
		if ( streamAt < 0 || streamAt > endAt ) {
			objects.set( id, {
				dict: text.slice( from, endAt ),
				stream: null,
			} );
			start.lastIndex = endAt;
			continue;
		}
		const dict = text.slice( from, streamAt );
		let dataAt = streamAt + 'stream'.length;
		if ( text[ dataAt ] === '\r' ) {
			dataAt++;
		}
		if ( text[ dataAt ] === '\n' ) {
			dataAt++;
		}
		const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec( dict );
		const dataEnd = length
			? dataAt + Number( length[ 1 ] )
			: text.indexOf( 'endstream', dataAt );
		objects.set( id, {
			dict,
			stream: bytes.subarray( dataAt, dataEnd ),
		} );
		const next = text.indexOf( 'endobj', dataEnd );
		start.lastIndex = next < 0 ? text.length : next;
	}
	return objects;
}

/**
 * A content stream, inflated when it is Flate-encoded.
 *
 * @param object The stream object.
 */
function decoded( object: PdfObject ): string {
	if ( ! object.stream ) {
		return '';
	}
	const data = /\/Filter\s*\/FlateDecode/.test( object.dict )
		? inflateSync( object.stream )
		: object.stream;
	return data.toString( 'latin1' );
}

/**
 * Checks a PDF file the way a reader would start to: its header and end marker, its pages, its
 * image XObjects (and that a JPEG one holds JPEG bytes) and which pages paint an image.
 *
 * @param bytes The file.
 */
export function inspectPdf( bytes: Buffer ): PdfFacts {
	const text = bytes.toString( 'latin1' );
	const objects = readObjects( bytes );

	const images: PdfImage[] = [];
	for ( const [ id, object ] of objects ) {
		if ( ! /\/Subtype\s*\/Image\b/.test( object.dict ) ) {
			continue;
		}
		const stream = object.stream ?? Buffer.alloc( 0 );
		images.push( {
			object: id,
			width: Number( /\/Width\s+(\d+)/.exec( object.dict )?.[ 1 ] ?? 0 ),
			height: Number(
				/\/Height\s+(\d+)/.exec( object.dict )?.[ 1 ] ?? 0
			),
			filter: /\/Filter\s*\/(\w+)/.exec( object.dict )?.[ 1 ] ?? '',
			jpeg:
				stream.length > 4 &&
				stream[ 0 ] === 0xff &&
				stream[ 1 ] === 0xd8 &&
				stream[ stream.length - 2 ] === 0xff &&
				stream[ stream.length - 1 ] === 0xd9,
		} );
	}
	const imageIds = new Set( images.map( ( image ) => image.object ) );

	// XObject names (in any resource dictionary) that stand for an image.
	const imageNames = new Set< string >();
	for ( const object of objects.values() ) {
		const xobjects = /\/XObject\s*<<([^>]*)>>/.exec( object.dict );
		if ( ! xobjects ) {
			continue;
		}
		for ( const entry of ( xobjects[ 1 ] ?? '' ).matchAll(
			/\/([^\s/<>]+)\s+(\d+)\s+0\s+R/g
		) ) {
			if ( imageIds.has( Number( entry[ 2 ] ) ) ) {
				imageNames.add( entry[ 1 ] ?? '' );
			}
		}
	}

	let pages = 0;
	let pagesDrawingImages = 0;
	for ( const object of objects.values() ) {
		if ( ! /\/Type\s*\/Page(?![a-zA-Z])/.test( object.dict ) ) {
			continue;
		}
		pages++;
		const contents = /\/Contents\s+(\d+)\s+0\s+R/.exec( object.dict );
		const content = contents
			? objects.get( Number( contents[ 1 ] ) )
			: undefined;
		const operators = content ? decoded( content ) : '';
		const painted = [ ...operators.matchAll( /\/([^\s/]+)\s+Do\b/g ) ].some(
			( op ) => imageNames.has( op[ 1 ] ?? '' )
		);
		if ( painted ) {
			pagesDrawingImages++;
		}
	}

	return {
		header: text.slice( 0, text.search( /[\r\n]/ ) ),
		eof: /%%EOF\s*$/.test( text ),
		pages,
		images,
		pagesDrawingImages,
	};
}
