/**
 * The Site Speed report's layout, for real and sample data: the device toggle, Run Audit, the
 * overall score, the metric tiles and How to Improve.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Loader } from '../../components/Loader';
import { formatNumber, toLocaleTag } from '../../lib/format';
import type {
	SiteSpeedFigures,
	SiteSpeedReport,
	SpeedDevice,
} from '../../store/reports/types';
import { useAudit } from './audit';
import { storedDevice, storeDevice } from './device';
import { HowToImprove } from './HowToImprove';
import { ScoreCircle } from './ScoreCircle';
import { Tile } from './Tile';
import { formatSpeedValue, SPEED_METRICS } from './metrics';

/**
 * What the figures are: PageSpeed's lab run (google source), or the visits measured over the range.
 *
 * @param figures The device's figures.
 * @param locale  The user's locale.
 */
function basisText( figures: SiteSpeedFigures, locale: string ): string {
	if ( figures.method === 'lab' ) {
		return __(
			'Lab data: PageSpeed Insights’ Lighthouse audit of your front page; the overall score is its performance score. Interaction to Next Paint, which a lab run cannot measure, is the 75th percentile of real Chrome users’ visits.',
			'monsterinsights-reports'
		);
	}
	if ( figures.samples > 0 ) {
		return sprintf(
			/* translators: %s: a number of page views. */
			__(
				'Field data: the 75th percentile of %s measured page views.',
				'monsterinsights-reports'
			),
			formatNumber( figures.samples, locale, 0 )
		);
	}
	return __(
		'No Core Web Vitals were measured in this period yet.',
		'monsterinsights-reports'
	);
}

interface SiteSpeedLayoutProps {
	data: SiteSpeedReport;
	demo: boolean;
	locale: string;
}

/**
 * The layout, for real and sample data.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.demo   Sample data under the upsell.
 * @param props.locale The user's locale.
 */
export function SiteSpeedLayout( {
	data,
	demo,
	locale,
}: SiteSpeedLayoutProps ) {
	const [ device, setDevice ] = useState< SpeedDevice >( () =>
		demo ? 'desktop' : storedDevice()
	);
	const { auditing, runAudit } = useAudit( device, demo );
	const figures = data[ device ];
	const empty = figures.samples === 0 && figures.audit === null;

	const choose = ( next: SpeedDevice ) => {
		if ( demo ) {
			return; // Device switching is ignored under an upsell.
		}
		setDevice( next );
		storeDevice( next );
	};

	const devices: Array< [ SpeedDevice, string ] > = [
		[ 'mobile', __( 'Mobile', 'monsterinsights-reports' ) ],
		[ 'desktop', __( 'Desktop', 'monsterinsights-reports' ) ],
	];

	return (
		<div
			className={ `monsterinsights-reports-site-speed${
				auditing ? ' is-auditing' : ''
			}` }
			aria-busy={ auditing }
		>
			<div className="monsterinsights-reports-site-speed__controls">
				<div
					role="group"
					aria-label={ __( 'Device', 'monsterinsights-reports' ) }
					className="monsterinsights-reports-site-speed__devices"
				>
					{ devices.map( ( [ key, label ] ) => (
						<Button
							key={ key }
							variant={ device === key ? 'primary' : 'secondary' }
							aria-pressed={ device === key }
							onClick={ () => choose( key ) }
						>
							{ label }
						</Button>
					) ) }
				</div>
				<Button
					variant="primary"
					onClick={ runAudit }
					isBusy={ auditing }
					aria-disabled={ auditing }
				>
					{ __( 'Run Audit', 'monsterinsights-reports' ) }
				</Button>
			</div>
			{ auditing && (
				<div className="monsterinsights-reports-site-speed__auditing">
					<Loader />
					<p role="status">
						{ __(
							'Auditing your site…',
							'monsterinsights-reports'
						) }
					</p>
				</div>
			) }
			<div
				className="monsterinsights-reports-site-speed__body"
				hidden={ auditing }
			>
				{ empty && (
					<p className="monsterinsights-reports-report__empty">
						{ device === 'mobile'
							? __(
									'No speed data for mobile visits in this period yet. Core Web Vitals arrive as visitors browse your site; Run Audit measures your server’s response time now.',
									'monsterinsights-reports'
							  )
							: __(
									'No speed data for desktop visits in this period yet. Core Web Vitals arrive as visitors browse your site; Run Audit measures your server’s response time now.',
									'monsterinsights-reports'
							  ) }
					</p>
				) }
				{ ! empty && (
					<>
						<div className="monsterinsights-reports-site-speed__summary">
							<ScoreCircle score={ figures.overallScore } />
							<div>
								<p>{ basisText( figures, locale ) }</p>
								<p className="monsterinsights-reports-site-speed__legend">
									{ __(
										'Each metric is rated Good, Needs improvement or Poor by the Core Web Vitals thresholds; its goal is the Good limit. Scores (0–100) follow Lighthouse’s scoring curves, which are stricter on desktop, so a Good value can score below 90.',
										'monsterinsights-reports'
									) }
								</p>
								{ figures.audit && (
									<p className="monsterinsights-reports-site-speed__audit">
										{ sprintf(
											/* translators: 1: a duration such as 312 ms, 2: a date and time. */
											__(
												'Last audit: the front page answered in %1$s (%2$s).',
												'monsterinsights-reports'
											),
											formatSpeedValue(
												'milliseconds',
												figures.audit
													.server_response_time.value,
												locale
											),
											new Date(
												figures.audit.at * 1000
											).toLocaleString(
												toLocaleTag( locale )
											)
										) }
									</p>
								) }
							</div>
						</div>
						<div className="monsterinsights-reports-site-speed__tiles">
							{ SPEED_METRICS.map( ( metric ) => (
								<Tile
									key={ metric.key }
									metric={ metric }
									figures={ figures }
									locale={ locale }
								/>
							) ) }
						</div>
						<HowToImprove key={ device } figures={ figures } />
					</>
				) }
			</div>
		</div>
	);
}
