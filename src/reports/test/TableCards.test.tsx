/**
 * Every report table card has its 'Download CSV' link in the same place, by the same component:
 * in the card's header, after the table's heading (at the header's end, on the right).
 */
import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';

import { installResizeObserver } from '../../components/report/test/dom';
import { payload as countries } from '../../demo/countries';
import { payload as dimensions } from '../../demo/dimensions';
import { payload as forms } from '../../demo/forms';
import { payload as media } from '../../demo/media';
import { payload as publisher } from '../../demo/publisher';
import { payload as trafficOverview } from '../../demo/traffic_overview';
import { CountriesScreen } from '../countries';
import { DimensionsScreen } from '../dimensions';
import { FormsScreen } from '../forms';
import { MediaScreen } from '../media';
import { PublisherScreen } from '../publisher';
import { renderScreen, TRAFFIC_SCREENS, routedScreen } from './screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../components/test/chartMock' ).chartMock()
);

beforeAll( installResizeObserver );

/** Each screen with report tables, a payload and the headings of its tables. */
const SCREENS_WITH_TABLES: Array<
	[ string, ComponentType, unknown, string[] ]
> = [
	[
		'Traffic Overview',
		TRAFFIC_SCREENS.traffic_overview,
		trafficOverview,
		[ 'Traffic Details' ],
	],
	[
		'Country Report',
		routedScreen( 'countries', CountriesScreen ),
		countries,
		[ 'Country Report' ],
	],
	[ 'Forms', routedScreen( 'forms', FormsScreen ), forms, [ 'Forms' ] ],
	[ 'Media', routedScreen( 'media', MediaScreen ), media, [ 'Videos' ] ],
	[
		'Publishers',
		routedScreen( 'publisher', PublisherScreen ),
		publisher,
		[
			'Top Landing Pages',
			'Top Exit Pages',
			'Top Outbound Links',
			'Top Affiliate Links',
			'Top Download Links',
		],
	],
	[
		'Dimensions',
		routedScreen( 'dimensions', DimensionsScreen ),
		dimensions,
		[
			'Most Popular Authors',
			'Most Popular Post Types',
			'Most Popular Categories',
			'Most Popular Tags',
			'Most Popular Publication Months',
			'Logged-in Status',
			'Most Active User Roles',
		],
	],
];

describe( 'report table cards', () => {
	it.each( SCREENS_WITH_TABLES )(
		'%s: each card has its heading first and its Download CSV link last in its header',
		async ( _name, Screen, payload, headings ) => {
			const { container } = renderScreen( <Screen />, 'plus', payload );
			await waitFor( () =>
				expect(
					screen.getAllByRole( 'link', { name: 'Download CSV' } )
				).toHaveLength( headings.length )
			);
			const cards = Array.from(
				container.querySelectorAll(
					'.monsterinsights-reports-data-table'
				)
			);
			expect(
				cards.map( ( card ) => {
					const header = card.firstElementChild;
					return [
						header?.className,
						header?.firstElementChild?.tagName,
						// The heading's text, without its help tooltip's.
						header?.firstElementChild?.firstElementChild
							?.textContent,
						header?.lastElementChild?.textContent,
						header?.lastElementChild?.getAttribute( 'href' ) !==
							null,
					];
				} )
			).toEqual(
				headings.map( ( heading ) => [
					'monsterinsights-reports-data-table__header',
					'H2',
					heading,
					'Download CSV',
					true,
				] )
			);
		}
	);
} );
