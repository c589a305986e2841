import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';
import type { ReactNode } from 'react';

import type { Feature } from '../lib/tiers';
import { appStore } from '../store/app';
import { upgradeUrl } from './constants';
import { UpsellOverlay, type UpsellSource } from './UpsellOverlay';
import './style.scss';

export type LockedReportProps = UpsellSource & {
	/** The tier feature the report needs (its level names the upsell's badge). */
	feature: Feature;
	/** Whether the overlay offers 'See a Sample Report' (not for the user journey). */
	sample?: boolean;
	/** The report rendered with demo data; blurred under the overlay. */
	children: ReactNode;
};

/**
 * The id of the sample-report notice of an upsell.
 *
 * @param key The upsell key.
 */
export function sampleNoticeId( key: string ): string {
	return `monsterinsights-reports-sample-${ key }`;
}

/**
 * A report the licence does not include: its demo data blurred under the upsell overlay
 * (docs/product-rules.md#upsells).
 * 'See a Sample Report' removes the overlay and the blur and shows a dismissable warning notice
 * with an upgrade link; the notice goes when the user leaves the screen.
 *
 * @param props           Component props.
 * @param props.upsellKey The report's upsell entry, or the campaign of its own copy.
 * @param props.content   The report's own upsell copy, when it has no entry.
 * @param props.feature   The tier feature the report needs.
 * @param props.sample    Whether the sample can be shown.
 * @param props.children  The report with demo data.
 */
export function LockedReport( props: LockedReportProps ) {
	const { upsellKey, feature, sample = true, children } = props;
	const [ showSample, setShowSample ] = useState( false );
	const { createWarningNotice, removeNotice } = useDispatch( noticesStore );
	const level = useSelect( ( select ) => select( appStore ).getLevel(), [] );
	const contentRef = useRef< HTMLDivElement >( null );
	const noticeId = sampleNoticeId( upsellKey );

	// The blurred report is out of reach of the keyboard and of screen readers.
	useEffect( () => {
		const element = contentRef.current;
		if ( ! element ) {
			return;
		}
		if ( showSample ) {
			element.removeAttribute( 'inert' );
		} else {
			element.setAttribute( 'inert', '' );
		}
	}, [ showSample ] );

	// Leaving the screen removes the notice.
	useEffect(
		() => () => {
			removeNotice( noticeId );
		},
		[ noticeId, removeNotice ]
	);

	const seeSample = () => {
		setShowSample( true );
		createWarningNotice(
			__(
				'You are viewing a sample report with demo data. Upgrade to see this report for your own site.',
				'monsterinsights-reports'
			),
			{
				id: noticeId,
				isDismissible: true,
				actions: [
					{
						label: __( 'Upgrade Now', 'monsterinsights-reports' ),
						url: upgradeUrl( upsellKey, level === 'lite' ),
					},
				],
			}
		);
	};

	return (
		<div
			className={
				'monsterinsights-reports-locked' +
				( showSample ? ' is-sample' : '' )
			}
		>
			<div
				ref={ contentRef }
				className="monsterinsights-reports-locked__content"
				aria-hidden={ showSample ? undefined : true }
			>
				{ children }
			</div>
			{ ! showSample && (
				<UpsellOverlay
					{ ...( props.content === undefined
						? { upsellKey: props.upsellKey }
						: { upsellKey, content: props.content } ) }
					feature={ feature }
					onSeeSample={ sample ? seeSample : undefined }
				/>
			) }
		</div>
	);
}
