import { Button } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { appStore } from '../store/app';
import { upgradeUrl } from './constants';
import { featureColumns, getUpsellContent, type UpsellKey } from './content';
import './style.scss';

export interface UpsellOverlayProps {
	/** The report's upsell content entry. */
	upsellKey: UpsellKey;
	/** Offers "See a Sample Report" when given (spec 2 §4); the user journey has none. */
	onSeeSample?: () => void;
	/** Heading level of the title; 3 under a report's own h2. */
	headingLevel?: 2 | 3 | 4;
}

/**
 * The upsell overlay over a locked report (spec 2 §4 "Upsell"): 'Upgrade and Unlock', a PRO badge,
 * the report's upsell content — main heading, title, subtitle and feature list (2 columns above 4
 * items) — an upgrade button and 'See a Sample Report'.
 *
 * @param props              Component props.
 * @param props.upsellKey    The report's upsell entry.
 * @param props.onSeeSample  Shows the sample report.
 * @param props.headingLevel Heading level of the title.
 */
export function UpsellOverlay( {
	upsellKey,
	onSeeSample,
	headingLevel = 3,
}: UpsellOverlayProps ) {
	const level = useSelect( ( select ) => select( appStore ).getLevel(), [] );
	const titleId = `monsterinsights-reports-upsell-${ useInstanceId(
		UpsellOverlay
	) }`;
	const content = getUpsellContent( upsellKey );
	const columns = featureColumns( content );
	const Heading = `h${ headingLevel }` as const;

	return (
		<section
			className="monsterinsights-reports-upsell-overlay"
			aria-labelledby={ titleId }
			data-pdf-exclude
		>
			<div className="monsterinsights-reports-upsell-overlay__box">
				<p className="monsterinsights-reports-upsell-overlay__mainheading">
					<span className="monsterinsights-reports-upsell-overlay__badge">
						{ __( 'PRO', 'monsterinsights-reports' ) }
					</span>
					{ content.mainheading }
				</p>
				<Heading
					id={ titleId }
					className="monsterinsights-reports-upsell-overlay__title"
				>
					{ content.title }
				</Heading>
				{ content.subtitle && (
					<p className="monsterinsights-reports-upsell-overlay__subtitle">
						{ content.subtitle }
					</p>
				) }
				<ul
					className={ `monsterinsights-reports-upsell-overlay__features has-${ columns }-columns` }
				>
					{ content.features.map( ( feature ) => (
						<li key={ feature }>{ feature }</li>
					) ) }
				</ul>
				<div className="monsterinsights-reports-upsell-overlay__actions">
					<Button
						variant="primary"
						href={ upgradeUrl( upsellKey, level === 'lite' ) }
						target="_blank"
						rel="noopener noreferrer"
					>
						{ __(
							'Upgrade and Unlock',
							'monsterinsights-reports'
						) }
					</Button>
					{ onSeeSample && (
						<Button variant="secondary" onClick={ onSeeSample }>
							{ __(
								'See a Sample Report',
								'monsterinsights-reports'
							) }
						</Button>
					) }
				</div>
				{ level === 'plus' && (
					<p className="monsterinsights-reports-upsell-overlay__footer">
						{ __(
							'Plus users unlock all advanced reports on upgrading to Pro or Agency.',
							'monsterinsights-reports'
						) }
					</p>
				) }
			</div>
		</section>
	);
}
