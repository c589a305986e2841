import { Button } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { levelBadge, levelLabel } from '../lib/levels';
import { levelNeeded, type Feature } from '../lib/tiers';
import { appStore } from '../store/app';
import { upgradeUrl } from './constants';
import {
	featureColumns,
	getUpsellContent,
	type UpsellContent,
	type UpsellKey,
} from './content';
import './style.scss';

/**
 * The overlay's copy: an entry of the upsell table by its key, or the copy itself (a report outside
 * that table carries it with its sample) under a key that names the upgrade link's campaign.
 */
export type UpsellSource =
	| { upsellKey: UpsellKey; content?: undefined }
	| { upsellKey: string; content: UpsellContent };

export type UpsellOverlayProps = UpsellSource & {
	/** The tier feature the report needs: its level names the badge and the upgrade. */
	feature: Feature;
	/** Offers "See a Sample Report" when given; the user journey has none. */
	onSeeSample?: () => void;
	/** Heading level of the title; 3 under a report's own h2. */
	headingLevel?: 2 | 3 | 4;
};

/**
 * The upsell overlay over a locked report (docs/product-rules.md#upsells): 'Upgrade and Unlock',
 * the badge of the level the report needs (PRO for a pro report, AGENCY for Exceptions …) with a
 * line naming that level, the report's upsell content — main heading, title, subtitle and feature
 * list (2 columns above 4 items) — an upgrade button and 'See a Sample Report'.
 *
 * @param props              Component props.
 * @param props.upsellKey    The report's upsell entry, or the campaign of its own copy.
 * @param props.content      The report's own copy, when it has no entry.
 * @param props.feature      The tier feature the report needs.
 * @param props.onSeeSample  Shows the sample report.
 * @param props.headingLevel Heading level of the title.
 */
export function UpsellOverlay( props: UpsellOverlayProps ) {
	const { upsellKey, feature, onSeeSample, headingLevel = 3 } = props;
	const level = useSelect( ( select ) => select( appStore ).getLevel(), [] );
	const needed = levelNeeded( feature );
	const titleId = `monsterinsights-reports-upsell-${ useInstanceId(
		UpsellOverlay
	) }`;
	const content =
		props.content === undefined
			? getUpsellContent( props.upsellKey )
			: props.content;
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
						{ levelBadge( needed ) }
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
				<p className="monsterinsights-reports-upsell-overlay__level">
					{ sprintf(
						/* translators: %s: a licence level such as Pro or Agency. */
						__(
							'Upgrade to %s to unlock this report.',
							'monsterinsights-reports'
						),
						levelLabel( needed )
					) }
				</p>
				<ul
					className={ `monsterinsights-reports-upsell-overlay__features has-${ columns }-columns` }
				>
					{ content.features.map( ( item ) => (
						<li key={ item }>{ item }</li>
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
