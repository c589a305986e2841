/**
 * The note form's "Add Media": offered to users who may upload, it loads the media modal on the
 * first press and opens it; the chosen attachments join the note.
 */
import '@testing-library/jest-dom';
import { RegistryProvider } from '@wordpress/data';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { notesStore } from '../../../../store/notes';
import { BLOG } from '../../../../store/notes/test/fixtures';
import {
	createBootedRegistry,
	makeBoot,
} from '../../../../../tests/js/registry';
import { NoteForm } from '../NoteForm';
import { emptyDraft } from '../draft';
import type { MediaAttachment } from '../media';
import { loadMediaLibrary } from '../mediaLibrary';

jest.mock( '../mediaLibrary', () => ( {
	loadMediaLibrary: jest.fn(),
} ) );

const mockLoad = loadMediaLibrary as jest.Mock;

/** The frames the fake wp.media opened, with their options and select callbacks. */
interface FakeFrame {
	options: unknown;
	opened: number;
	select: ( attachments: MediaAttachment[] ) => void;
}

/** Installs a fake `wp.media` on the window, as the loaded media-views script would. */
function installWpMedia(): FakeFrame[] {
	const frames: FakeFrame[] = [];
	( window as unknown as { wp: unknown } ).wp = {
		media: ( options: unknown ) => {
			let selection: MediaAttachment[] = [];
			let onSelect = () => {};
			const frame: FakeFrame = {
				options,
				opened: 0,
				select: ( attachments ) => {
					selection = attachments;
					onSelect();
				},
			};
			frames.push( frame );
			return {
				on: ( _event: string, callback: () => void ) => {
					onSelect = callback;
				},
				open: () => {
					frame.opened++;
				},
				state: () => ( {
					get: () => ( { toJSON: () => selection } ),
				} ),
			};
		},
	};
	return frames;
}

/**
 * The first frame opened; fails the test when there is none.
 *
 * @param frames The frames.
 */
function firstFrame( frames: FakeFrame[] ): FakeFrame {
	const [ frame ] = frames;
	if ( ! frame ) {
		throw new Error( 'No media frame was opened' );
	}
	return frame;
}

/**
 * Renders a new note's form for a user who may or may not upload files.
 *
 * @param uploadFiles The boot capability.
 */
function renderForm( uploadFiles: boolean | undefined ) {
	const boot = makeBoot();
	const registry = createBootedRegistry( {
		user: {
			...boot.user,
			capabilities: {
				...boot.user.capabilities,
				...( uploadFiles !== undefined && { uploadFiles } ),
			},
		},
	} );
	registry.dispatch( notesStore ).receiveNoteCategories( [ BLOG ] );
	return render(
		<RegistryProvider value={ registry }>
			<NoteForm
				initial={ emptyDraft( '2026-11-21' ) }
				onSubmit={ jest.fn() }
				onSaved={ jest.fn() }
				onCancel={ jest.fn() }
				label="Add New Site Note"
			/>
		</RegistryProvider>
	);
}

beforeEach( () => {
	mockLoad.mockReset();
	delete ( window as unknown as { wp?: unknown } ).wp;
} );

describe( 'Add Media', () => {
	it( 'is not offered to a user who may not upload', () => {
		renderForm( false );
		expect(
			screen.queryByRole( 'button', { name: 'Add Media' } )
		).toBeNull();
		expect(
			screen.getByText( 'The media library is not available here.' )
		).toBeVisible();
		renderForm( undefined );
		expect(
			screen.queryByRole( 'button', { name: 'Add Media' } )
		).toBeNull();
		expect( mockLoad ).not.toHaveBeenCalled();
	} );

	it( 'loads the media modal on the first press, opens it, and adds the chosen files', async () => {
		let finish = () => {};
		mockLoad.mockImplementation(
			() =>
				new Promise< void >( ( resolve ) => {
					finish = resolve;
				} )
		);
		renderForm( true );
		const button = screen.getByRole( 'button', { name: 'Add Media' } );
		// Nothing is loaded before the press.
		expect( mockLoad ).not.toHaveBeenCalled();

		await userEvent.click( button );
		expect( mockLoad ).toHaveBeenCalledTimes( 1 );
		expect( button ).toHaveAttribute( 'aria-disabled', 'true' );
		// A second press while loading asks nothing more.
		await userEvent.click( button );
		expect( mockLoad ).toHaveBeenCalledTimes( 1 );

		const frames = installWpMedia();
		await act( async () => finish() );
		await waitFor( () => expect( frames ).toHaveLength( 1 ) );
		expect( firstFrame( frames ).opened ).toBe( 1 );
		expect( firstFrame( frames ).options ).toEqual( {
			title: 'Add Media to the Site Note',
			button: { text: 'Add to Site Note' },
			multiple: 'add',
		} );
		expect( button ).not.toHaveAttribute( 'aria-disabled', 'true' );

		act( () =>
			firstFrame( frames ).select( [
				{
					id: 41,
					url: 'http://example.org/wp-content/uploads/banner.png',
					title: 'Banner',
					type: 'image',
					mime: 'image/png',
					sizes: {
						thumbnail: {
							url: 'http://example.org/wp-content/uploads/banner-150x150.png',
						},
					},
				},
			] )
		);
		expect( await screen.findByText( 'Banner' ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Remove Banner' } )
		).toBeVisible();
	} );

	it( 'says so when the media modal cannot load, and tries again on the next press', async () => {
		mockLoad.mockRejectedValueOnce( new Error( 'offline' ) );
		renderForm( true );
		const button = screen.getByRole( 'button', { name: 'Add Media' } );

		await userEvent.click( button );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'The media library could not be loaded. Please try again.'
		);

		const frames = installWpMedia();
		mockLoad.mockResolvedValueOnce( undefined );
		await userEvent.click( button );
		await waitFor( () => expect( frames ).toHaveLength( 1 ) );
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
		expect( mockLoad ).toHaveBeenCalledTimes( 2 );
	} );
} );
