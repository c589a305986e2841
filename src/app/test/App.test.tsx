import { RegistryProvider } from '@wordpress/data';
import { render, screen } from '@testing-library/react';

import { App } from '../App';
import {
	createBootedRegistry,
	createTestRegistry,
	makeBoot,
	type TestRegistry,
} from '../../../tests/js/registry';

function renderApp( registry: TestRegistry ) {
	return render(
		<RegistryProvider value={ registry }>
			<App />
		</RegistryProvider>
	);
}

describe( 'App', () => {
	it( 'renders nothing before the boot data arrives', () => {
		const { container } = renderApp( createTestRegistry() );
		expect( container ).toBeEmptyDOMElement();
	} );

	it( 'shows the site name and the not-connected screen on a fresh site', () => {
		renderApp( createBootedRegistry() );
		expect( screen.getByText( 'Example Site' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', {
				name: 'You must connect MonsterInsights Reports before you can view reports.',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		).toHaveAttribute(
			'href',
			'http://example.org/wp-admin/admin.php?page=monsterinsights_reports#/setup-wizard'
		);
	} );

	it( 'asks users who cannot change settings to contact their webmaster', () => {
		const boot = makeBoot();
		renderApp(
			createBootedRegistry( {
				user: {
					...boot.user,
					capabilities: {
						...boot.user.capabilities,
						saveSettings: false,
					},
				},
			} )
		);
		expect(
			screen.getByText(
				'Please ask your webmaster to connect the product to Google Analytics.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Launch Setup Wizard' } )
		).not.toBeInTheDocument();
	} );

	it( 'hides the not-connected screen once a source is connected', () => {
		renderApp(
			createBootedRegistry( {
				source: { active: 'builtin', connected: true },
			} )
		);
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
	} );
} );
