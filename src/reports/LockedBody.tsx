/**
 * A locked report (ReportScreen loads this lazily): its layout with its demo payload, blurred under
 * its upsell with 'See a Sample Report' (docs/product-rules.md#upsells); nothing is fetched. The
 * sample's charts are dated with the range the header shows.
 */
import { useSelect } from '@wordpress/data';
import { useContext, useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { Loader } from '../components/Loader';
import { defaultDateQuery } from '../lib/dates';
import { sampleInRange } from '../lib/sampleDates';
import {
	ReportContext,
	type ReportContextValue,
} from '../components/report/context';
import { appStore } from '../store/app';
import type { UpsellContent, UpsellKey } from '../upsell/content';
import { LockedReport } from '../upsell/LockedReport';
import type { UpsellSource } from '../upsell/UpsellOverlay';
import type { RoutedScreenProps } from './ReportScreen';
import { reportDef, RouteContextContext, type ReportName } from './registry';

/**
 * The upsell overlay's copy: the report's entry of the upsell table, else the copy its sample
 * carries under the report's name, else (its sample not loaded yet or failed to load) its title.
 *
 * @param name  The report.
 * @param key   Its upsell table entry, if any.
 * @param copy  Its sample's copy, once loaded.
 * @param title Its title.
 */
function upsellSource(
	name: ReportName,
	key: UpsellKey | undefined,
	copy: UpsellContent | null,
	title: string
): UpsellSource {
	if ( key ) {
		return { upsellKey: key };
	}
	return {
		upsellKey: name,
		content: copy ?? { mainheading: title, title, features: [] },
	};
}

/**
 * A locked report: its layout with its demo payload under its upsell; nothing is fetched.
 *
 * @param props          Component props.
 * @param props.name     The report.
 * @param props.children Its layout.
 */
export default function LockedBody< P >( {
	name,
	children,
}: RoutedScreenProps< P > ) {
	const def = reportDef( name );
	const routeContext = useContext( RouteContextContext );
	const [ payload, setPayload ] = useState< P | null >( null );
	// A report outside the upsell table carries its copy with its sample: until the sample has
	// loaded (or failed to) there is no copy to show.
	const [ copy, setCopy ] = useState< UpsellContent | null >( null );
	const [ settled, setSettled ] = useState( false );
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
					setPayload( module.payload as P );
					setCopy( module.upsell?.() ?? null );
					setSettled( true );
				}
			},
			() => {
				// A chunk that fails to load leaves the sample empty; the upsell still shows.
				if ( active ) {
					setSettled( true );
				}
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

	if ( ! def.upsell && ! settled ) {
		return <Loader />;
	}

	return (
		<>
			<p className="monsterinsights-reports-sample-label">
				{ __( 'Sample data', 'monsterinsights-reports' ) }
			</p>
			<LockedReport
				{ ...upsellSource(
					name,
					def.upsell,
					copy,
					def.title( routeContext )
				) }
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
