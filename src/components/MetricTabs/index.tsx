import { useInstanceId } from '@wordpress/compose';
import { useRef } from '@wordpress/element';
import { isRTL } from '@wordpress/i18n';
import type { KeyboardEvent, ReactNode } from 'react';

import './style.scss';

export interface MetricTab {
	/** Metric id, e.g. "sessions". */
	key: string;
	label: string;
	/** Optional total shown under the label, already formatted. */
	value?: string;
}

export interface MetricTabsProps {
	tabs: MetricTab[];
	/** The selected tab's key; none (or an unknown key) behaves as the first tab. */
	selected?: string;
	onSelect: ( key: string ) => void;
	/** Accessible name of the tab list, e.g. "Metrics". */
	label: string;
	/** The selected metric's panel, usually its LineChart. */
	children?: ReactNode;
	/** Rendered after the tabs in the same row, e.g. a metrics settings button. */
	actions?: ReactNode;
	className?: string;
}

/**
 * Tabs for the chosen metrics above their chart (WAI-ARIA tabs with automatic activation): one
 * tab stop, arrow keys move between tabs and select, Home and End go to the first and last.
 *
 * @param props Component props.
 */
export function MetricTabs( props: MetricTabsProps ) {
	const { tabs, selected, onSelect, label, children, actions, className } =
		props;
	const instanceId = useInstanceId(
		MetricTabs,
		'monsterinsights-reports-metric-tabs'
	);
	const refs = useRef< Record< string, HTMLButtonElement | null > >( {} );
	const selectedKey =
		tabs.find( ( tab ) => tab.key === selected )?.key ?? tabs[ 0 ]?.key;
	const tabId = ( key: string ) => `${ instanceId }-tab-${ key }`;
	const panelId = `${ instanceId }-panel`;

	const move = (
		event: KeyboardEvent< HTMLButtonElement >,
		index: number
	) => {
		const last = tabs.length - 1;
		// Left and right follow the reading direction.
		const rtl = isRTL();
		let key = event.key;
		if ( rtl && key === 'ArrowLeft' ) {
			key = 'ArrowRight';
		} else if ( rtl && key === 'ArrowRight' ) {
			key = 'ArrowLeft';
		}
		let next: number;
		switch ( key ) {
			case 'ArrowRight':
			case 'ArrowDown':
				next = index === last ? 0 : index + 1;
				break;
			case 'ArrowLeft':
			case 'ArrowUp':
				next = index === 0 ? last : index - 1;
				break;
			case 'Home':
				next = 0;
				break;
			case 'End':
				next = last;
				break;
			default:
				return;
		}
		event.preventDefault();
		const tab = tabs[ next ];
		if ( tab ) {
			refs.current[ tab.key ]?.focus();
			onSelect( tab.key );
		}
	};

	return (
		<div
			className={ [ 'monsterinsights-reports-metric-tabs', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			<div className="monsterinsights-reports-metric-tabs__bar">
				<div
					className="monsterinsights-reports-metric-tabs__list"
					role="tablist"
					aria-label={ label }
				>
					{ tabs.map( ( tab, index ) => {
						const isSelected = tab.key === selectedKey;
						return (
							<button
								key={ tab.key }
								ref={ ( node ) => {
									refs.current[ tab.key ] = node;
								} }
								type="button"
								role="tab"
								id={ tabId( tab.key ) }
								className="monsterinsights-reports-metric-tabs__tab"
								aria-selected={ isSelected }
								aria-controls={ panelId }
								tabIndex={ isSelected ? 0 : -1 }
								onClick={ () => {
									if ( ! isSelected ) {
										onSelect( tab.key );
									}
								} }
								onKeyDown={ ( event ) => move( event, index ) }
							>
								<span className="monsterinsights-reports-metric-tabs__label">
									{ tab.label }
								</span>
								{ tab.value !== undefined && (
									<span className="monsterinsights-reports-metric-tabs__value">
										{ tab.value }
									</span>
								) }
							</button>
						);
					} ) }
				</div>
				{ actions && (
					<div className="monsterinsights-reports-metric-tabs__actions">
						{ actions }
					</div>
				) }
			</div>
			<div
				className="monsterinsights-reports-metric-tabs__panel"
				role="tabpanel"
				id={ panelId }
				aria-labelledby={
					selectedKey ? tabId( selectedKey ) : undefined
				}
			>
				{ children }
			</div>
		</div>
	);
}
