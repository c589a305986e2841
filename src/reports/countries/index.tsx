/**
 * The Country report (spec 3 §2 "Country Report", route /countries): the Sessions / Pageviews chart
 * with site notes, then the countries with their flags (rows expand to their regions when a
 * city-level database gives them some), or a note that regions need one (decisions.md).
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import type { TableRow } from '../../store/reports/types';
import { ChartTableReport } from '../traffic/ChartTableReport';

/** Regional indicator symbol A; a flag is the two symbols of the country's ISO code. */
const REGIONAL_A = 0x1f1e6;

/**
 * The flag emoji of an ISO 3166-1 alpha-2 code; empty for anything else.
 *
 * @param iso The code, e.g. "DE".
 */
export function flagOf( iso: string ): string {
	return /^[A-Z]{2}$/.test( iso )
		? String.fromCodePoint(
				...Array.from(
					iso,
					( letter ) =>
						REGIONAL_A +
						letter.charCodeAt( 0 ) -
						'A'.charCodeAt( 0 )
				)
		  )
		: '';
}

/**
 * The country's flag before its name.
 *
 * @param row     The row.
 * @param content The name.
 */
function countryFlag( row: TableRow, content: ReactNode ): ReactNode {
	const flag = flagOf( typeof row.iso === 'string' ? row.iso : '' );
	return (
		<>
			{ flag && (
				<span
					className="monsterinsights-reports-flag"
					aria-hidden="true"
				>
					{ flag }
				</span>
			) }
			{ content }
		</>
	);
}

export function CountriesScreen() {
	return (
		<ChartTableReport
			name="countries"
			table="countries"
			title={ __( 'Country Report', 'monsterinsights-reports' ) }
			emptyText={ __( 'No data to show', 'monsterinsights-reports' ) }
			inverse={ [ 'bounceRate' ] }
			decorate={ countryFlag }
			footer={ ( data ) =>
				! data.regions_available && (
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
