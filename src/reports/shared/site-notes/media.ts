/**
 * The WordPress media modal (`wp.media`, which mediaLibrary.ts loads when the notes form first asks
 * for it), through the few members the notes form uses.
 */
import type { NoteMedia } from '../../../store/notes';

/** An attachment as the media modal's selection describes it (wp.media.model.Attachment). */
export interface MediaAttachment {
	id: number;
	url: string;
	title?: string;
	filename?: string;
	mime?: string;
	type?: string;
	icon?: string;
	sizes?: Record< string, { url: string } | undefined >;
}

interface MediaSelection {
	toJSON: () => MediaAttachment[];
}

interface MediaFrame {
	on: ( event: 'select', callback: () => void ) => void;
	open: () => void;
	state: () => { get: ( name: 'selection' ) => MediaSelection };
}

interface MediaFrameOptions {
	title: string;
	button: { text: string };
	multiple: boolean | 'add';
}

type WpMedia = ( options: MediaFrameOptions ) => MediaFrame;

/** The media modal, or null until it is loaded. */
export function getWpMedia(): WpMedia | null {
	const wp = ( window as unknown as { wp?: { media?: unknown } } ).wp;
	return typeof wp?.media === 'function' ? ( wp.media as WpMedia ) : null;
}

/**
 * An attachment of the modal as a note's media.
 *
 * @param attachment The attachment.
 */
export function toNoteMedia( attachment: MediaAttachment ): NoteMedia {
	const thumbnail =
		attachment.sizes?.thumbnail?.url ??
		( attachment.type === 'image' ? attachment.url : '' );
	return {
		id: attachment.id,
		url: attachment.url,
		title: attachment.title || attachment.filename || '',
		mime_type: attachment.mime ?? '',
		thumbnail,
	};
}

/**
 * Opens the media modal; calls back with the chosen attachments.
 *
 * @param options          Texts.
 * @param options.title    The modal's title.
 * @param options.button   Its button's text.
 * @param options.onSelect Called with the chosen attachments.
 * @return Whether the modal could open.
 */
export function openMediaModal( options: {
	title: string;
	button: string;
	onSelect: ( medias: NoteMedia[] ) => void;
} ): boolean {
	const media = getWpMedia();
	if ( ! media ) {
		return false;
	}
	const frame = media( {
		title: options.title,
		button: { text: options.button },
		multiple: 'add',
	} );
	frame.on( 'select', () => {
		options.onSelect(
			frame.state().get( 'selection' ).toJSON().map( toNoteMedia )
		);
	} );
	frame.open();
	return true;
}
