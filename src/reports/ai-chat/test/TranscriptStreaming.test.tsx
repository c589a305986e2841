import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';

import type { ChatMessage } from '../../../store/chat';
import { Transcript, type TranscriptActions } from '../Transcript';

const QUESTION: ChatMessage = {
	id: 'u1',
	role: 'user',
	content: 'How many visits did I get last week?',
	rating: null,
	feedback: '',
	skipped_feedback: false,
	meta: {},
};

const ACTIONS: TranscriptActions = {
	copy: () => undefined,
	rate: () => undefined,
	feedback: async () => true,
};

describe( 'a streaming answer in the transcript', () => {
	it( 'shows the loading message until the first piece, then the growing text without buttons', () => {
		const { rerender } = render(
			<Transcript
				messages={ [ QUESTION ] }
				waiting
				streaming={ null }
				actions={ ACTIONS }
			/>
		);
		expect(
			screen.getByText( 'Analyzing your data…' )
		).toBeInTheDocument();
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 1 );

		rerender(
			<Transcript
				messages={ [ QUESTION ] }
				waiting
				streaming="You had 27 "
				actions={ ACTIONS }
			/>
		);
		expect(
			screen.queryByText( 'Analyzing your data…' )
		).not.toBeInTheDocument();
		const items = screen.getAllByRole( 'listitem' );
		expect( items ).toHaveLength( 2 );
		expect( items[ 1 ] ).toHaveTextContent( 'AI:You had 27' );
		expect( items[ 1 ] ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			within( items[ 1 ] as HTMLElement ).queryAllByRole( 'button' )
		).toHaveLength( 0 );

		rerender(
			<Transcript
				messages={ [ QUESTION ] }
				waiting
				streaming="You had 27 sessions last week."
				actions={ ACTIONS }
			/>
		);
		expect( screen.getAllByRole( 'listitem' )[ 1 ] ).toHaveTextContent(
			'You had 27 sessions last week.'
		);

		// The stored answer replaces it, with its buttons.
		rerender(
			<Transcript
				messages={ [
					QUESTION,
					{
						...QUESTION,
						id: 'a1',
						role: 'assistant',
						content: 'You had 27 sessions last week.',
					},
				] }
				waiting={ false }
				streaming={ null }
				actions={ ACTIONS }
			/>
		);
		const answered = screen.getAllByRole( 'listitem' );
		expect( answered ).toHaveLength( 2 );
		expect( answered[ 1 ] ).not.toHaveAttribute( 'aria-busy' );
		expect(
			within( answered[ 1 ] as HTMLElement ).getByRole( 'button', {
				name: 'Copy to clipboard',
			} )
		).toBeInTheDocument();
	} );
} );
