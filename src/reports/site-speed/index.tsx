/**
 * The Site Speed report (docs/product-rules.md#site-speed; route /site-speed):
 * a mobile/desktop toggle kept in local storage (default desktop), a Run Audit button, an overall
 * score circle, six metric tiles — each with its value, its rating by the Core Web Vitals
 * thresholds (the tile's colour, and its goal line from the same limits) and its Lighthouse-style
 * score — and the How to Improve accordion (one item open at a time, the open one closes on a
 * second click, items by ascending score) with concrete steps for every metric not rated Good.
 *
 * Run Audit blurs the display and hides the layout while the server fetches the front page, then
 * the report is fetched again and the blur removed; a failed audit shows the toast 'Failed to load
 * report: {status}, {statusText}'. Under the upsell (demo data) the toggle and the audit do nothing.
 * Total Blocking Time is a lab metric: without a value its tile says PageSpeed (the Google source)
 * provides it. A device without field data yet says so instead of inventing numbers.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button, Panel, PanelBody } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Loader } from '../../components/Loader';
import { useReportContext } from '../../components/report/context';
import { useToast } from '../../components/Toast';
import { formatNumber, toLocaleTag } from '../../lib/format';
import { reportsStore } from '../../store/reports';
import { REST_NAMESPACE } from '../../store/reports/query';
import type {
	SiteSpeedFigures,
	SiteSpeedReport,
	SpeedDevice,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import {
	formatSpeedValue,
	rateSpeed,
	ratingLabel,
	scoreBand,
	speedGoal,
	SPEED_METRICS,
	type SpeedMetricDef,
} from './metrics';
import './style.scss';

/** The local storage key of the device choice (its name is the plugin's own). */
export const DEVICE_STORAGE_KEY = 'monsterinsights-reports-site-speed-device';

/** The audit route. */
export const AUDIT_PATH = `/${ REST_NAMESPACE }/site-speed/audit`;

/** The device last chosen; desktop by default or when storage is unavailable. */
export function storedDevice(): SpeedDevice {
	try {
		return window.localStorage.getItem( DEVICE_STORAGE_KEY ) === 'mobile'
			? 'mobile'
			: 'desktop';
	} catch {
		return 'desktop';
	}
}

/**
 * Keeps the device choice.
 *
 * @param device The device.
 */
function storeDevice( device: SpeedDevice ): void {
	try {
		window.localStorage.setItem( DEVICE_STORAGE_KEY, device );
	} catch {
		// Storage may be off (private mode); the choice then lasts for the page.
	}
}

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
 * The toast text of a failed audit.
 *
 * @param failure What apiFetch rejected with: the Response (parse: false), or an error without a
 *                status (the network).
 */
function auditFailure( failure: unknown ): string {
	const response =
		typeof failure === 'object' && failure !== null && 'status' in failure
			? ( failure as { status: unknown; statusText?: unknown } )
			: null;
	return sprintf(
		/* translators: 1: an HTTP status code such as 502, 2: its text such as Bad Gateway. */
		__( 'Failed to load report: %1$s, %2$s', 'monsterinsights-reports' ),
		String( response?.status ?? 0 ),
		response
			? String( response.statusText ?? '' )
			: __( 'Network error', 'monsterinsights-reports' )
	);
}

/**
 * The overall score circle.
 *
 * @param props       Component props.
 * @param props.score 0–100, or null.
 */
function ScoreCircle( { score }: { score: number | null } ) {
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
function Tile( { metric, figures, locale }: TileProps ) {
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

/**
 * How to Improve: the failing metrics by ascending score, one open at a time.
 *
 * @param props         Component props.
 * @param props.figures The device's figures.
 */
function HowToImprove( { figures }: { figures: SiteSpeedFigures } ) {
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
	const [ auditing, setAuditing ] = useState( false );
	const { invalidateReport } = useDispatch( reportsStore );
	const toast = useToast();
	const context = useReportContext();
	const figures = data[ device ];
	const empty = figures.samples === 0 && figures.audit === null;

	const choose = ( next: SpeedDevice ) => {
		if ( demo ) {
			return; // Device switching is ignored under an upsell.
		}
		setDevice( next );
		storeDevice( next );
	};

	const runAudit = async () => {
		if ( demo || auditing ) {
			return;
		}
		setAuditing( true );
		try {
			await apiFetch( {
				path: AUDIT_PATH,
				method: 'POST',
				data: { device },
				parse: false,
			} );
			invalidateReport( context.report );
		} catch ( failure ) {
			toast.error( auditFailure( failure ) );
		} finally {
			setAuditing( false );
		}
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
								<p>
									{ figures.samples > 0
										? sprintf(
												/* translators: %s: a number of page views. */
												__(
													'Field data: the 75th percentile of %s measured page views.',
													'monsterinsights-reports'
												),
												formatNumber(
													figures.samples,
													locale,
													0
												)
										  )
										: __(
												'No Core Web Vitals were measured in this period yet.',
												'monsterinsights-reports'
										  ) }
								</p>
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

export function SiteSpeedScreen() {
	return (
		<ReportScreen< SiteSpeedReport > isEmpty={ () => false }>
			{ ( data, { demo, locale } ) => (
				<SiteSpeedLayout
					data={ data }
					demo={ demo }
					locale={ locale }
				/>
			) }
		</ReportScreen>
	);
}

export default SiteSpeedScreen;
