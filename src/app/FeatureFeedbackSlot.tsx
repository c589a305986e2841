/**
 * Where the feature feedback widget shows: on the screens of a report that asks for feedback
 * (boot data `user.featureFeedback`), once the licence includes it and the report is not blurred
 * (unavailable, a sample) nor blocked, until the user rated it.
 */
import { useDispatch, useSelect } from '@wordpress/data';
import { useCallback } from '@wordpress/element';

import {
	FeatureFeedback,
	feedbackFeature,
} from '../components/FeatureFeedback';
import { canUse } from '../lib/tiers';
import { appStore } from '../store/app';
import type { MatchedRoute, RouteContext } from './routes';

export interface FeatureFeedbackSlotProps {
	matched: MatchedRoute;
	context: RouteContext;
}

/**
 * The widget of the routed screen's feature, or nothing.
 *
 * @param props         Component props.
 * @param props.matched The active route.
 * @param props.context Route context.
 */
export function FeatureFeedbackSlot( {
	matched,
	context,
}: FeatureFeedbackSlotProps ) {
	const { boot, level, hidden } = useSelect( ( select ) => {
		const { blur, blocked, noauth } = select( appStore ).getFlags();
		return {
			boot: select( appStore ).getBoot(),
			level: select( appStore ).getLevel(),
			// A blurred (unavailable, sample) or blocked report is not the feature to rate.
			hidden: blur || blocked || noauth,
		};
	}, [] );
	const { receiveBoot } = useDispatch( appStore );
	const onRated = useCallback(
		( rated: string ) => {
			const current = boot?.user.featureFeedback;
			if ( ! boot || ! current || current.rated.includes( rated ) ) {
				return;
			}
			receiveBoot( {
				...boot,
				user: {
					...boot.user,
					featureFeedback: {
						...current,
						rated: [ ...current.rated, rated ],
					},
				},
			} );
		},
		[ boot, receiveBoot ]
	);
	const { route } = matched;
	const feedback = boot?.user.featureFeedback;
	const feature =
		feedback && canUse( level, route.feature )
			? feedbackFeature( route.report, feedback.features, feedback.rated )
			: null;
	if ( ! feature || hidden ) {
		return null;
	}
	return (
		<FeatureFeedback
			key={ feature }
			feature={ feature }
			title={ route.title( context ) }
			onRated={ onRated }
		/>
	);
}
