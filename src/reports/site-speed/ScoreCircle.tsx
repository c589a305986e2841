/**
 * The Site Speed report's overall score circle.
 */
import { __, sprintf } from '@wordpress/i18n';

import {} from '../../lib/format';
import { scoreBand } from './metrics';

/**
 * The overall score circle.
 *
 * @param props       Component props.
 * @param props.score 0–100, or null.
 */
export function ScoreCircle( { score }: { score: number | null } ) {
	const radius = 54;
	const length = 2 * Math.PI * radius;
	const band = score === null ? 'none' : scoreBand( score );
	const label =
		score === null
			? __( 'Overall Score: not measured yet', 'monsterinsights-reports' )
			: sprintf(
					/* translators: %d: the overall score, 0 to 100. */
					__( 'Overall Score: %d', 'monsterinsights-reports' ),
					score
			  );
	return (
		<figure
			className={ `monsterinsights-reports-site-speed__overall is-${ band }` }
		>
			<svg viewBox="0 0 120 120" role="img" aria-label={ label }>
				<circle
					className="monsterinsights-reports-site-speed__track"
					cx="60"
					cy="60"
					r={ radius }
				/>
				<circle
					className="monsterinsights-reports-site-speed__arc"
					cx="60"
					cy="60"
					r={ radius }
					strokeDasharray={ `${
						( length * ( score ?? 0 ) ) / 100
					} ${ length }` }
					transform="rotate(-90 60 60)"
				/>
				<text
					x="60"
					y="60"
					dominantBaseline="central"
					textAnchor="middle"
				>
					{ score ?? '–' }
				</text>
			</svg>
			<figcaption>
				{ __( 'Overall Score', 'monsterinsights-reports' ) }
			</figcaption>
		</figure>
	);
}
