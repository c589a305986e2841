/**
 * The Country report (docs/product-rules.md#traffic-publishers-and-pages, route /countries): the
 * Sessions / Pageviews chart with site notes, then the countries with their flags (rows expand to
 * their regions when a city-level database gives them some), or a note that regions need one
 * (docs/product-rules.md#collection-beyond-page-views).
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { CountryName } from '../../components/Flag';
import type { CountriesReport, TableRow } from '../../store/reports/types';
import { ChartTableReport } from '../traffic/ChartTableReport';

/**
 * The country's flag before its name (the flag's text is empty: the name is beside it).
 *
 * @param row     The row.
 * @param content The name.
 */
function countryFlag( row: TableRow, content: ReactNode ): ReactNode {
	return (
		<CountryName iso={ typeof row.iso === 'string' ? row.iso : '' }>
			{ content }
		</CountryName>
	);
}

export function CountriesScreen() {
	return (
		<ChartTableReport< CountriesReport >
			table="countries"
			title={ __( 'Country Report', 'monsterinsights-reports' ) }
			emptyText={ __( 'No data to show', 'monsterinsights-reports' ) }
			inverse={ [ 'bounceRate' ] }
			decorate={ countryFlag }
			footer={ ( data ) =>
				! data.regions.available && (
					<p className="monsterinsights-reports-report-note">
						{ __(
							'Regions show here when a city-level database is set as the Country database (.mmdb path) in Settings. Without one, the built-in analytics knows countries only.',
							'monsterinsights-reports'
						) }
					</p>
				)
			}
		/>
	);
}

export default CountriesScreen;
