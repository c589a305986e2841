/**
 * The date picker's panel (docs/product-rules.md#dates): presets, the custom range's calendars,
 * "Compare to Previous", Apply. Loaded with the picker's first opening (see index.tsx).
 */
import { Button, CheckboxControl, ExternalLink } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { DateQuery, PresetKey } from '../../store/app';
import { useIsMobile } from '../utils/useIsMobile';
import { formatYmdRange } from '../utils/ymd';
import { Calendar } from './Calendar';
import {
	LOCKED_PRESET,
	MIN_DATE,
	type DatePickerPreset,
	type DatePickerProps,
	type IntervalKey,
} from './index';

interface Draft {
	preset: PresetKey;
	start: string;
	end: string;
	compare: boolean;
	compareStart: string;
	compareEnd: string;
	/** Whether the custom range's calendars are open. */
	custom: boolean;
}

function draftOf( value: DateQuery ): Draft {
	const compare = Boolean( value.compareStart && value.compareEnd );
	return {
		preset: value.preset,
		start: value.start,
		end: value.end,
		compare,
		compareStart: value.compareStart ?? '',
		compareEnd: value.compareEnd ?? '',
		custom: value.preset === 'custom',
	};
}

/**
 * Whether a draft can be applied: both days of the range, in order, between 2005-01-01 and
 * today; in compare mode, both compare days too (docs/product-rules.md#dates).
 *
 * @param draft The choices so far.
 * @param today The site's today.
 */
function canApply( draft: Draft, today: string ): boolean {
	const inBounds = ( day: string ) => day >= MIN_DATE && day <= today;
	if (
		! draft.start ||
		! draft.end ||
		draft.start > draft.end ||
		! inBounds( draft.start ) ||
		! inBounds( draft.end )
	) {
		return false;
	}
	if ( draft.compare ) {
		return Boolean(
			draft.compareStart &&
				draft.compareEnd &&
				draft.compareStart <= draft.compareEnd &&
				inBounds( draft.compareStart ) &&
				inBounds( draft.compareEnd )
		);
	}
	return true;
}

function queryOf( draft: Draft ): DateQuery {
	const query: DateQuery = {
		preset: draft.preset,
		start: draft.start,
		end: draft.end,
	};
	if ( draft.compare ) {
		query.compareStart = draft.compareStart;
		query.compareEnd = draft.compareEnd;
	}
	return query;
}

interface RangeCalendarsProps {
	/** The compare range's calendars rather than the custom range's. */
	compare?: boolean;
	draft: Draft;
	update: ( changes: Partial< Draft > ) => void;
	today: string;
	startOfWeek: number;
}

/**
 * The start and end calendars of the custom range (which makes the preset "custom") or of the
 * compare range: a start after the end clears the end, the end cannot be before the start.
 *
 * @param props             Component props.
 * @param props.compare     Whether it is the compare range.
 * @param props.draft       The choices so far.
 * @param props.update      Changes the draft.
 * @param props.today       The site's today, the last day that can be chosen.
 * @param props.startOfWeek The first day of the week (0 = Sunday).
 */
function RangeCalendars( {
	compare = false,
	draft,
	update,
	today,
	startOfWeek,
}: RangeCalendarsProps ) {
	const start = compare ? draft.compareStart : draft.start;
	const end = compare ? draft.compareEnd : draft.end;
	const [ startLabel, endLabel ] = compare
		? [
				__( 'Compare start date', 'monsterinsights-reports' ),
				__( 'Compare end date', 'monsterinsights-reports' ),
		  ]
		: [
				__( 'Start date', 'monsterinsights-reports' ),
				__( 'End date', 'monsterinsights-reports' ),
		  ];
	const setRange = ( from: string, to: string ) =>
		update(
			compare
				? { compareStart: from, compareEnd: to }
				: { preset: 'custom', start: from, end: to }
		);
	const shared = {
		max: today,
		today,
		startOfWeek,
		rangeStart: start,
		rangeEnd: end,
	};
	return (
		<div className="monsterinsights-reports-datepicker__calendars">
			<Calendar
				label={ startLabel }
				value={ start || null }
				min={ MIN_DATE }
				{ ...shared }
				onChange={ ( day ) =>
					setRange( day, end && end < day ? '' : end )
				}
			/>
			<Calendar
				label={ endLabel }
				value={ end || null }
				min={ start || MIN_DATE }
				{ ...shared }
				onChange={ ( day ) => setRange( start, day ) }
			/>
		</div>
	);
}

export default function DatePickerPanel( {
	value,
	presets,
	resolvePreset,
	today,
	onChange,
	locked = false,
	upgradeUrl,
	allowCompare = true,
	startOfWeek = 0,
	onClose,
}: DatePickerProps & { onClose: () => void } ) {
	const instanceId = useInstanceId(
		DatePickerPanel,
		'monsterinsights-reports-datepicker'
	);
	const isMobile = useIsMobile();
	const [ draft, setDraft ] = useState< Draft >( () => draftOf( value ) );
	const [ showDetails, setShowDetails ] = useState( false );
	const detailsId = `${ instanceId }-details`;
	const choosable = presets.filter(
		( preset ): preset is DatePickerPreset & { key: IntervalKey } =>
			preset.key !== 'custom'
	);

	const update = ( changes: Partial< Draft > ) =>
		setDraft( ( current ) => ( { ...current, ...changes } ) );

	const choosePreset = ( key: IntervalKey ) => {
		const resolved = resolvePreset( key );
		// A preset replaces the custom dates.
		update( {
			preset: key,
			start: resolved.start,
			end: resolved.end,
			custom: false,
		} );
	};

	const toggleCompare = ( checked: boolean ) => {
		if ( ! checked ) {
			update( { compare: false, compareStart: '', compareEnd: '' } );
			return;
		}
		const resolved =
			draft.preset !== 'custom' ? resolvePreset( draft.preset ) : null;
		update( {
			compare: true,
			compareStart: resolved?.compareStart ?? '',
			compareEnd: resolved?.compareEnd ?? '',
		} );
	};

	const apply = () => {
		onChange( queryOf( draft ) );
		onClose();
	};

	const presetList = (
		<div
			className="monsterinsights-reports-datepicker__presets"
			role="group"
			aria-label={ __( 'Date range presets', 'monsterinsights-reports' ) }
		>
			{ choosable.map( ( preset ) => {
				const isLockedOut = locked && preset.key !== LOCKED_PRESET;
				return (
					<Button
						key={ preset.key }
						className="monsterinsights-reports-datepicker__preset-button"
						variant={
							! draft.custom && draft.preset === preset.key
								? 'primary'
								: 'tertiary'
						}
						aria-pressed={
							! draft.custom && draft.preset === preset.key
						}
						disabled={ isLockedOut || draft.compare }
						accessibleWhenDisabled={
							draft.compare && ! isLockedOut
						}
						onClick={ () => choosePreset( preset.key ) }
					>
						{ preset.label }
					</Button>
				);
			} ) }
			{ ! locked && (
				<Button
					className="monsterinsights-reports-datepicker__preset-button"
					variant={ draft.custom ? 'primary' : 'tertiary' }
					aria-expanded={ draft.custom }
					disabled={ draft.compare }
					accessibleWhenDisabled
					onClick={ () => update( { custom: ! draft.custom } ) }
				>
					{ __( 'Set Custom Date Range', 'monsterinsights-reports' ) }
				</Button>
			) }
		</div>
	);

	if ( locked ) {
		return (
			<div className="monsterinsights-reports-datepicker__panel is-locked">
				{ presetList }
				<div className="monsterinsights-reports-datepicker__lock">
					<p>
						{ __(
							'You can customize your date range only in the PRO version.',
							'monsterinsights-reports'
						) }
					</p>
					{ upgradeUrl && (
						<ExternalLink href={ upgradeUrl }>
							{ __(
								'Upgrade to PRO',
								'monsterinsights-reports'
							) }
						</ExternalLink>
					) }
				</div>
				<div className="monsterinsights-reports-datepicker__actions">
					<Button variant="secondary" onClick={ onClose }>
						{ __( 'Close', 'monsterinsights-reports' ) }
					</Button>
				</div>
			</div>
		);
	}

	const detailsVisible = ! isMobile || showDetails;
	const rangeText =
		draft.start && draft.end
			? formatYmdRange( draft.start, draft.end )
			: '';

	return (
		<div className="monsterinsights-reports-datepicker__panel">
			{ presetList }
			{ isMobile && (
				<Button
					variant="link"
					className="monsterinsights-reports-datepicker__details-toggle"
					aria-expanded={ showDetails }
					aria-controls={ detailsId }
					onClick={ () => setShowDetails( ! showDetails ) }
				>
					{ showDetails
						? __( 'Hide Details', 'monsterinsights-reports' )
						: __( 'Show Details', 'monsterinsights-reports' ) }
				</Button>
			) }
			<div
				id={ detailsId }
				className="monsterinsights-reports-datepicker__details"
				hidden={ ! detailsVisible }
			>
				{ detailsVisible && (
					<>
						{ ! draft.compare && draft.custom && (
							<RangeCalendars
								draft={ draft }
								update={ update }
								today={ today }
								startOfWeek={ startOfWeek }
							/>
						) }
						{ allowCompare && (
							<div className="monsterinsights-reports-datepicker__compare-controls">
								<CheckboxControl
									__nextHasNoMarginBottom
									label={ __(
										'Compare to Previous',
										'monsterinsights-reports'
									) }
									checked={ draft.compare }
									onChange={ toggleCompare }
								/>
								{ draft.compare && (
									<>
										<p className="monsterinsights-reports-datepicker__locked-range">
											{ sprintf(
												/* translators: %s: the chosen date range. */
												__(
													'Date range: %s. Turn off the comparison to change it.',
													'monsterinsights-reports'
												),
												rangeText
											) }
										</p>
										<RangeCalendars
											compare
											draft={ draft }
											update={ update }
											today={ today }
											startOfWeek={ startOfWeek }
										/>
									</>
								) }
							</div>
						) }
					</>
				) }
			</div>
			<div className="monsterinsights-reports-datepicker__actions">
				<Button variant="tertiary" onClick={ onClose }>
					{ __( 'Cancel', 'monsterinsights-reports' ) }
				</Button>
				<Button
					variant="primary"
					disabled={ ! canApply( draft, today ) }
					accessibleWhenDisabled
					onClick={ apply }
				>
					{ __( 'Apply', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</div>
	);
}
