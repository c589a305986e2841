/**
 * A locked report (ReportScreen loads this lazily): its layout with its demo payload, blurred under
 * its upsell with 'See a Sample Report' (docs/product-rules.md#upsells); nothing is fetched. The
 * sample's charts are dated with the range the header shows.
 */
import { useSelect } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { Loader } from '../components/Loader';
import { defaultDateQuery } from '../lib/dates';
import { sampleInRange } from '../lib/sampleDates';
import {
	ReportContext,
	type ReportContextValue,
} from '../components/report/context';
import { appStore } from '../store/app';
import type { PayloadOf } from '../store/reports/types';
import { LockedReport } from '../upsell/LockedReport';
import type { ReportScreenProps } from './ReportScreen';
import { reportDef, type ReportName } from './registry';

/**
 * A locked report: its layout with its demo payload under its upsell; nothing is fetched.
 *
 * @param props          Component props.
 * @param props.name     The report.
 * @param props.children Its layout.
 */
export default function LockedBody< N extends ReportName >( {
	name,
	children,
}: ReportScreenProps< N > ) {
	const def = reportDef( name );
	const [ payload, setPayload ] = useState< PayloadOf< N > | null >( null );
	const { locale, start, end } = useSelect( ( select ) => {
		const app = select( appStore );
		const boot = app.getBoot();
		// The header's range (see useReport).
		const query =
			app.getDateQuery() ?? defaultDateQuery( boot?.site.today ?? '' );
		return {
			locale: boot?.user.locale ?? 'en_US',
			start: query.start,
			end: query.end,
		};
	}, [] );
	const sample = useMemo(
		() => payload && sampleInRange( payload, start, end, locale ),
		[ payload, start, end, locale ]
	);

	useEffect( () => {
		let active = true;
		def.demo().then(
			( module ) => {
				if ( active ) {
					// The demo module of a report is shaped as its payload (src/demo/test).
					setPayload( module.payload as PayloadOf< N > );
				}
			},
			() => {
				// A chunk that fails to load leaves the sample empty; the upsell still shows.
			}
		);
		return () => {
			active = false;
		};
	}, [ def ] );

	const context = useMemo(
		(): ReportContextValue => ( {
			report: name,
			dates: { start: '', end: '' },
			locale,
			restRoot: '',
			nonce: '',
			demo: true,
		} ),
		[ name, locale ]
	);

	return (
		<>
			<p className="monsterinsights-reports-sample-label">
				{ __( 'Sample data', 'monsterinsights-reports' ) }
			</p>
			<LockedReport
				upsellKey={ def.upsell }
				feature={ def.feature }
				sample={ def.sample }
			>
				<ReportContext.Provider value={ context }>
					{ sample ? (
						children( sample, {
							demo: true,
							locale,
							comparing: false,
						} )
					) : (
						<Loader />
					) }
				</ReportContext.Provider>
			</LockedReport>
		</>
	);
}
