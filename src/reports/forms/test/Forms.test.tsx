import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';

import { renderIn } from '../../../../tests/js/shell';
import { installResizeObserver } from '../../../components/report/test/dom';
import { payload as sample } from '../../../demo/forms';
import type { FormsReport } from '../../../store/reports/types';
import fixture from '../../../store/reports/test/fixtures/forms.json';
import { addonsStore } from '../../../store/addons';
import { addonsWith } from '../../../store/addons/test/fixture';
import { mockApi } from '../../../store/test/api';
import { FormsScreen } from '..';
import {
	findUpsellHeading,
	registryFor,
	reportCalls,
	tableRows as rows,
	renderLocked,
	renderScreen,
	Routed,
} from '../../test/screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../../components/test/chartMock' ).chartMock()
);

beforeAll( installResizeObserver );

/** The payload of tests/php/Shared/Reports/FormsReportTest.php (10–12 March 2025, with compare). */
const PAYLOAD = fixture as unknown as FormsReport;

const NONE = { rows: [], total: 0 };

/** The same range with nothing tracked: no sessions, no page views, no rows. */
const EMPTY: FormsReport = {
	...PAYLOAD,
	chart: {
		...PAYLOAD.chart,
		sessions: [ 0, 0, 0 ],
		page_views: [ 0, 0, 0 ],
	},
	forms: { ...PAYLOAD.forms, ...NONE },
	forms_source_medium: { ...PAYLOAD.forms_source_medium, ...NONE },
	forms_campaign: { ...PAYLOAD.forms_campaign, ...NONE },
};

describe( 'Forms report', () => {
	it( 'shows the four tabs with their totals, the forms and each breakdown', async () => {
		const { calls, container } = renderScreen(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			'plus',
			PAYLOAD
		);
		await waitFor( () =>
			expect( rows( container ) ).toEqual( [
				[ 'Contact form 1', '4', '2', '50%' ],
				[ 'newsletter', '3', '1', '33.33%' ],
			] )
		);
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Forms Overview Report',
			} )
		).toBeInTheDocument();
		const tabs = within(
			screen.getByRole( 'tablist', { name: 'Metrics' } )
		).getAllByRole( 'tab' );
		expect( tabs.map( ( tab ) => tab.textContent ) ).toEqual( [
			'Sessions5',
			'Pageviews6',
			'Form Impressions7',
			'Form Completions3',
		] );
		fireEvent.click( tabs[ 2 ]! );
		expect( tabs[ 2 ] ).toHaveAttribute( 'aria-selected', 'true' );

		const breakdown = screen.getByLabelText( 'Breakdown' );
		expect(
			within( breakdown )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'None', 'Source / Medium', 'Campaign' ] );
		fireEvent.change( breakdown, { target: { value: 'campaign' } } );
		await waitFor( () =>
			expect( rows( container ) ).toEqual( [
				[ 'Contact form 1', '(not set)', '3', '2', '66.67%' ],
				[ 'newsletter', '(not set)', '3', '1', '33.33%' ],
				[ 'Contact form 1', 'spring', '1', '0', '0%' ],
			] )
		);
		fireEvent.change( breakdown, {
			target: { value: 'sourceMedium' },
		} );
		await waitFor( () =>
			expect( rows( container ).map( ( row ) => row[ 1 ] ) ).toEqual(
				PAYLOAD.forms_source_medium.rows.map( ( row ) =>
					String( row.source_medium )
				)
			)
		);
		expect(
			screen.getByRole( 'columnheader', { name: /Source \/ Medium/ } )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/forms?start=2025-03-10&end=2025-03-12',
		] );
		// The builtin source has no report of its own to link to.
		expect( screen.queryByText( 'View Full Forms Report' ) ).toBeNull();
	} );

	it( 'links to the source’s own report of the forms when the payload has one', async () => {
		const href =
			'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=top-events';
		renderScreen(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			'plus',
			{ ...PAYLOAD, galinks: { forms: href } }
		);
		const link = await screen.findByRole( 'link', {
			name: 'View Full Forms Report',
		} );
		expect( link ).toHaveAttribute( 'href', href );
		expect( link ).toHaveAttribute( 'target', '_blank' );
		// Under the table of whichever breakdown is shown.
		fireEvent.change( screen.getByLabelText( 'Breakdown' ), {
			target: { value: 'campaign' },
		} );
		expect(
			await screen.findByRole( 'link', {
				name: 'View Full Forms Report',
			} )
		).toHaveAttribute( 'href', href );
	} );

	it( 'shows its own layout with the sample under its upsell to basic, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			'forms'
		);
		await waitFor( () =>
			expect( rows( container ).map( ( row ) => row[ 0 ] ) ).toEqual(
				[ ...sample.forms.rows ]
					.sort(
						( a, b ) =>
							Number( b.impressions ) - Number( a.impressions )
					)
					.map( ( row ) => String( row.id ) )
			)
		);
		// The blurred layout is hidden from assistive technology: its tabs by their role attribute.
		expect(
			Array.from( container.querySelectorAll( '[role="tab"]' ) ).map(
				( tab ) => tab.textContent?.replace( /[\d,]+$/, '' )
			)
		).toEqual( [
			'Sessions',
			'Pageviews',
			'Form Impressions',
			'Form Completions',
		] );
		await act( async () => {} );
		expect( reportCalls( calls ) ).toEqual( [] );
	} );

	it( 'asks to set up the form_id custom dimension a Google Analytics property lacks', async () => {
		renderScreen(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			'plus',
			{ ...PAYLOAD, missing_dimensions: [ 'form_id' ] }
		);
		await waitFor( () =>
			expect(
				document.querySelector(
					'.monsterinsights-reports-forms .components-notice__content'
				)
			).toHaveTextContent(
				'Please set up custom dimension "form_id" for this report to work.'
			)
		);
	} );

	it( 'says its empty text when nothing was tracked', async () => {
		mockApi( () => EMPTY );
		renderIn(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText(
				'There were no impressions for this date range.'
			)
		).toBeInTheDocument();
	} );

	it( 'says form tracking is off, with a link to the setting, while the Forms module is off', async () => {
		const notice =
			'Form tracking is off: the Forms module is switched off, so no form impressions or conversions are being recorded.';
		mockApi( () => PAYLOAD );
		const off = registryFor( 'plus' );
		off.dispatch( addonsStore ).receiveAddons( addonsWith( {} ) );
		const { container, unmount } = renderIn(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			off
		);
		await waitFor( () => expect( rows( container ) ).toHaveLength( 2 ) );
		expect(
			within( container ).getByText( notice, { exact: false } )
		).toBeVisible();
		expect(
			within( container ).getByRole( 'link', {
				name: 'Turn on the Forms module in Settings',
			} )
		).toHaveAttribute( 'href', '#/settings' );
		unmount();

		// With the module on: no notice.
		mockApi( () => PAYLOAD );
		const on = registryFor( 'plus' );
		on.dispatch( addonsStore ).receiveAddons(
			addonsWith( { forms: true } )
		);
		const second = renderIn(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			on
		);
		await waitFor( () =>
			expect( rows( second.container ) ).toHaveLength( 2 )
		);
		expect(
			within( second.container ).queryByText( notice, { exact: false } )
		).not.toBeInTheDocument();
		second.unmount();

		// Nothing was recorded (the module was off all along): the notice over the empty text.
		mockApi( () => EMPTY );
		const empty = registryFor( 'plus' );
		empty.dispatch( addonsStore ).receiveAddons( addonsWith( {} ) );
		const third = renderIn(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			empty
		);
		expect(
			await screen.findByText(
				'There were no impressions for this date range.'
			)
		).toBeInTheDocument();
		expect(
			within( third.container ).getByText( notice, { exact: false } )
		).toBeVisible();
	} );

	it( 'shows no tracking notice over the upsell to basic', async () => {
		mockApi( () => ( {} ) );
		const basic = registryFor( 'basic' );
		basic.dispatch( addonsStore ).receiveAddons( addonsWith( {} ) );
		const { container } = renderIn(
			<Routed report="forms">
				<FormsScreen />
			</Routed>,
			basic
		);
		expect( await findUpsellHeading( 'forms' ) ).toBeInTheDocument();
		expect(
			within( container ).queryByText( /Form tracking is off/ )
		).not.toBeInTheDocument();
	} );
} );
