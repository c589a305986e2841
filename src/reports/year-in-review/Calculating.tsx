/**
 * What the Year in Review shows while the source has no session of the year yet.
 */
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { buildHash } from '../../lib/hash';
import { appStore } from '../../store/app';

/**
 * The calculating message, with the back link to the Overview
 * (docs/product-rules.md#year-in-review).
 *
 * @param props      Component props.
 * @param props.year The report year.
 */
export function Calculating( { year }: { year: number } ) {
	const dateQuery = useSelect(
		( select ) => select( appStore ).getDateQuery(),
		[]
	);
	return (
		<div className="monsterinsights-reports-calculating">
			<p>
				{ sprintf(
					/* translators: %s: the year the report looks back on, e.g. 2025. */
					__(
						'Your %s Year in Review is still calculating. Please check back later to see how your website performed last year.',
						'monsterinsights-reports'
					),
					String( year )
				) }
			</p>
			<a href={ buildHash( '/', dateQuery ) }>
				{ __(
					'Back to the Overview report',
					'monsterinsights-reports'
				) }
			</a>
		</div>
	);
}
