import { Button, Dropdown } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { DateQuery, PresetKey } from '../../store/app';
import { LoadFailed } from '../Loader';
import { onDemand, useOnDemand } from '../utils/onDemand';
import { formatYmdRange } from '../utils/ymd';
import { EARLIEST_DATE } from '../../lib/dates';
import './style.scss';

// The panel, its calendars and their date maths load when the picker first opens: the button
// is all a report needs to show.
const PANEL = onDemand< DatePickerProps & { onClose: () => void } >( () =>
	import(
		/* webpackChunkName: "datepicker-panel" */
		'./Panel'
	).then( ( module ) => module.default )
);

/** No date before this can be chosen: the earliest day of the date rules PHP exports. */
export const MIN_DATE = EARLIEST_DATE;

/** The preset a locked (lite) picker is fixed to (docs/product-rules.md#licence-levels). */
export const LOCKED_PRESET: PresetKey = 'last30days';

/** Every preset but the hand-picked custom range. */
export type IntervalKey = Exclude< PresetKey, 'custom' >;

export interface DatePickerPreset {
	key: PresetKey;
	label: string;
}

export interface ResolvedPreset {
	start: string;
	end: string;
	compareStart: string;
	compareEnd: string;
}

export interface DatePickerProps {
	/** The dates of the report. */
	value: DateQuery;
	/** The presets on offer, with their labels. */
	presets: DatePickerPreset[];
	/** The dates of a preset and of its compare period (never asked for "custom"). */
	resolvePreset: ( key: IntervalKey ) => ResolvedPreset;
	/** The site's today (Y-m-d); later days are disabled. */
	today: string;
	onChange: ( value: DateQuery ) => void;
	/** Lite: fixed to the last 30 days; the custom range is replaced by an upgrade prompt. */
	locked?: boolean;
	/** Where the lock's upgrade link goes. */
	upgradeUrl?: string;
	/** Whether "Compare to Previous" is offered (some reports force compare off). */
	allowCompare?: boolean;
	/** The button's text; by default the preset's label and the dates. */
	text?: string;
	/** First day of the week in the calendars, 0 for Sunday. */
	startOfWeek?: number;
	className?: string;
}

/**
 * The shared date picker (docs/product-rules.md#dates): a button with the range opens the
 * presets, "Set Custom Date Range" with a calendar for each end, and "Compare to Previous";
 * Apply sends the new dates. Under 783 px the custom range and compare sit behind "Show
 * Details". Locked (lite), it stays on the last 30 days and says that custom ranges need PRO.
 *
 * @param props Component props.
 */
export function DatePicker( props: DatePickerProps ) {
	const { value, presets, locked = false, text, className } = props;
	const panel = useOnDemand( PANEL );
	const presetLabel =
		value.preset !== 'custom'
			? presets.find( ( preset ) => preset.key === value.preset )?.label
			: undefined;
	const range = formatYmdRange( value.start, value.end );
	const compareRange =
		value.compareStart && value.compareEnd
			? formatYmdRange( value.compareStart, value.compareEnd )
			: null;

	return (
		<Dropdown
			className={ [ 'monsterinsights-reports-datepicker', className ]
				.filter( Boolean )
				.join( ' ' ) }
			contentClassName="monsterinsights-reports-datepicker__popover"
			popoverProps={ { placement: 'bottom-end' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					className="monsterinsights-reports-datepicker__toggle"
					aria-expanded={ isOpen }
					onClick={ () => panel.load().then( onToggle ) }
				>
					<span className="screen-reader-text">
						{ __( 'Date range:', 'monsterinsights-reports' ) }{ ' ' }
					</span>
					{ text ?? (
						<>
							{ presetLabel && (
								<span className="monsterinsights-reports-datepicker__preset">
									{ presetLabel }
								</span>
							) }
							<span>{ range }</span>
							{ compareRange && (
								<span className="monsterinsights-reports-datepicker__compare">
									{ sprintf(
										/* translators: %s: the compare date range. */
										__(
											'vs. %s',
											'monsterinsights-reports'
										),
										compareRange
									) }
								</span>
							) }
						</>
					) }
					{ locked && (
						<span className="screen-reader-text">
							{ ' ' }
							{ __( '(locked)', 'monsterinsights-reports' ) }
						</span>
					) }
				</Button>
			) }
			renderContent={ ( { onClose } ) =>
				panel.Component ? (
					<panel.Component { ...props } onClose={ onClose } />
				) : (
					<LoadFailed />
				)
			}
		/>
	);
}
