import { store as noticesStore } from '@wordpress/notices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { LockedReport, sampleNoticeId } from '../LockedReport';

describe( 'LockedReport', () => {
	it( 'blurs the report under the overlay, out of reach', () => {
		renderIn(
			<LockedReport upsellKey="forms" feature="forms">
				<button>Inside the report</button>
			</LockedReport>,
			createShellRegistry()
		);
		const inside = screen.getByText( 'Inside the report' );
		const content = inside.closest(
			'.monsterinsights-reports-locked__content'
		);
		expect( content ).toHaveAttribute( 'aria-hidden', 'true' );
		expect( content ).toHaveAttribute( 'inert' );
		expect(
			screen.queryByRole( 'button', { name: 'Inside the report' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Upgrade and Unlock' } )
		).toBeInTheDocument();
	} );

	it( 'shows the sample with a dismissable warning notice, removed on leaving', async () => {
		const registry = createShellRegistry();
		const { unmount, container } = renderIn(
			<LockedReport upsellKey="forms" feature="forms">
				<button>Inside the report</button>
			</LockedReport>,
			registry
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'See a Sample Report' } )
		);
		expect(
			screen.queryByRole( 'link', { name: 'Upgrade and Unlock' } )
		).not.toBeInTheDocument();
		expect(
			container.querySelector( '.monsterinsights-reports-locked' )
		).toHaveClass( 'is-sample' );
		expect(
			screen.getByRole( 'button', { name: 'Inside the report' } )
		).toBeInTheDocument();

		const notices = registry.select( noticesStore ).getNotices();
		expect( notices ).toHaveLength( 1 );
		expect( notices[ 0 ] ).toMatchObject( {
			id: sampleNoticeId( 'forms' ),
			status: 'warning',
			isDismissible: true,
			actions: [
				{
					label: 'Upgrade Now',
					url: expect.stringContaining( 'utm_campaign=forms' ),
				},
			],
		} );

		unmount();
		expect( registry.select( noticesStore ).getNotices() ).toHaveLength(
			0
		);
	} );

	it( 'has no sample button when the report has none', () => {
		renderIn(
			<LockedReport
				upsellKey="userjourney"
				feature="userjourney"
				sample={ false }
			>
				<p>Journey</p>
			</LockedReport>,
			createShellRegistry()
		);
		expect(
			screen.queryByRole( 'button', { name: 'See a Sample Report' } )
		).not.toBeInTheDocument();
	} );
} );
