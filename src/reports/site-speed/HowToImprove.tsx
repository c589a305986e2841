/**
 * The Site Speed report's How to Improve accordion: the metrics that miss their goal, by ascending
 * score, with concrete steps for each.
 */
import { Panel, PanelBody } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { SiteSpeedFigures } from '../../store/reports/types';
import { rateSpeed, SPEED_METRICS, type SpeedMetricDef } from './metrics';

/**
 * The metrics that miss their goal (rated other than Good), by ascending score.
 *
 * @param figures A device's figures.
 */
export function failingMetrics( figures: SiteSpeedFigures ): SpeedMetricDef[] {
	return SPEED_METRICS.filter( ( metric ) => {
		const value = figures[ metric.key ];
		return (
			value !== null && rateSpeed( metric.key, value.value ) !== 'good'
		);
	} ).sort(
		( a, b ) =>
			( figures[ a.key ]?.score ?? 0 ) - ( figures[ b.key ]?.score ?? 0 )
	);
}

/**
 * How to Improve: the failing metrics by ascending score, one open at a time.
 *
 * @param props         Component props.
 * @param props.figures The device's figures.
 */
export function HowToImprove( { figures }: { figures: SiteSpeedFigures } ) {
	const [ open, setOpen ] = useState< string | null >( null );
	const failing = failingMetrics( figures );
	return (
		<section className="monsterinsights-reports-site-speed__improve">
			<h2>{ __( 'How to Improve', 'monsterinsights-reports' ) }</h2>
			{ failing.length === 0 ? (
				<p>
					{ __(
						'Every measured metric meets its goal.',
						'monsterinsights-reports'
					) }
				</p>
			) : (
				<Panel>
					{ failing.map( ( metric ) => (
						<PanelBody
							key={ metric.key }
							title={ sprintf(
								/* translators: 1: a metric such as Largest Contentful Paint, 2: its score. */
								__(
									'%1$s (score %2$d)',
									'monsterinsights-reports'
								),
								metric.title(),
								figures[ metric.key ]?.score ?? 0
							) }
							opened={ open === metric.key }
							onToggle={ () =>
								setOpen(
									open === metric.key ? null : metric.key
								)
							}
						>
							<ul>
								{ metric.advice().map( ( step ) => (
									<li key={ step }>{ step }</li>
								) ) }
							</ul>
						</PanelBody>
					) ) }
				</Panel>
			) }
		</section>
	);
}
