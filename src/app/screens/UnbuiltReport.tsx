import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { canUse } from '../../lib/tiers';
import { appStore } from '../../store/app';
import { LockedReport } from '../../upsell/LockedReport';
import { SampleReport } from '../../upsell/SampleReport';
import type { RouteContext, RouteDef } from '../routes';

export interface UnbuiltReportProps {
	route: RouteDef;
	context: RouteContext;
}

/**
 * A report whose screen is not built yet. Without the licence it needs: its title, its sample data
 * blurred under its upsell (docs/product-rules.md#reports). With it: the sample, blurred, and a
 * note that the report comes with a later version.
 *
 * @param props         Component props.
 * @param props.route   The route.
 * @param props.context Route context.
 */
export default function UnbuiltReport( {
	route,
	context,
}: UnbuiltReportProps ) {
	const level = useSelect( ( select ) => select( appStore ).getLevel(), [] );
	const title = route.title( context );
	const allowed = canUse( level, route.feature );

	const sampleLabel = (
		<p className="monsterinsights-reports-sample-label">
			{ __( 'Sample data', 'monsterinsights-reports' ) }
		</p>
	);

	let body;
	if ( ! allowed && route.upsell ) {
		body = (
			<>
				{ sampleLabel }
				<LockedReport
					upsellKey={ route.upsell }
					feature={ route.feature }
					sample={ route.sample }
				>
					<SampleReport report={ route.report } />
				</LockedReport>
			</>
		);
	} else {
		body = (
			<>
				{ sampleLabel }
				<div className="monsterinsights-reports-locked">
					<div
						className="monsterinsights-reports-locked__content"
						aria-hidden
					>
						<SampleReport report={ route.report } />
					</div>
					<section className="monsterinsights-reports-upsell-overlay">
						<div className="monsterinsights-reports-upsell-overlay__box">
							<h3 className="monsterinsights-reports-upsell-overlay__title">
								{ __(
									'This report is not available yet',
									'monsterinsights-reports'
								) }
							</h3>
							<p>
								{ __(
									'It comes with a later version of MonsterInsights Reports. The sample behind this message shows what it will contain.',
									'monsterinsights-reports'
								) }
							</p>
						</div>
					</section>
				</div>
			</>
		);
	}

	return (
		<div className="monsterinsights-reports-report-screen">
			<h2 className="monsterinsights-reports-report-screen__title">
				{ title }
			</h2>
			{ body }
		</div>
	);
}
