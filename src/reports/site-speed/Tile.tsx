/**
 * A Site Speed metric tile: its value, its rating by the Core Web Vitals thresholds, its
 * Lighthouse-style score and its goal.
 */
import { __, sprintf } from '@wordpress/i18n';

import {} from '../../lib/format';
import type { SiteSpeedFigures } from '../../store/reports/types';
import {
	formatSpeedValue,
	rateSpeed,
	ratingLabel,
	speedGoal,
	type SpeedMetricDef,
} from './metrics';

interface TileProps {
	metric: SpeedMetricDef;
	figures: SiteSpeedFigures;
	locale: string;
}

/**
 * A metric tile: title, value, rating (the tile's colour), Lighthouse-style score and goal.
 *
 * @param props         Component props.
 * @param props.metric  The metric.
 * @param props.figures The device's figures.
 * @param props.locale  The user's locale.
 */
export function Tile( { metric, figures, locale }: TileProps ) {
	const value = figures[ metric.key ];
	const rating = value ? rateSpeed( metric.key, value.value ) : null;
	let note = '';
	if ( metric.key === 'total_blocking_time' && value === null ) {
		note = __(
			'Total Blocking Time is a lab measurement: it needs PageSpeed Insights, which the Google data source provides.',
			'monsterinsights-reports'
		);
	} else if ( value === null ) {
		note = __(
			'Not measured in this period yet.',
			'monsterinsights-reports'
		);
	} else if (
		metric.key === 'server_response_time' &&
		figures.server_response_source === 'audit'
	) {
		note = __( 'From the last audit.', 'monsterinsights-reports' );
	}
	return (
		<section
			className={ `monsterinsights-reports-site-speed__tile is-${
				rating ?? 'none'
			}` }
			aria-label={ metric.title() }
		>
			<h3>{ metric.title() }</h3>
			<p className="monsterinsights-reports-site-speed__value">
				{ value
					? formatSpeedValue( metric.unit, value.value, locale )
					: '–' }
			</p>
			{ value && rating && (
				<>
					<p className="monsterinsights-reports-site-speed__rating">
						{ ratingLabel( rating ) }
					</p>
					<p className="monsterinsights-reports-site-speed__score">
						{ sprintf(
							/* translators: %d: a metric's score, 0 to 100, computed as Lighthouse scores it. */
							__(
								'Lighthouse-style score: %d',
								'monsterinsights-reports'
							),
							value.score
						) }
					</p>
				</>
			) }
			<p className="monsterinsights-reports-site-speed__goal">
				{ speedGoal( metric.key, locale ) }
			</p>
			{ note && (
				<p className="monsterinsights-reports-site-speed__note">
					{ note }
				</p>
			) }
		</section>
	);
}
