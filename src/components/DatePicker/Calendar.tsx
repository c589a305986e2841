import { useInstanceId } from '@wordpress/compose';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, isRTL } from '@wordpress/i18n';
import type { KeyboardEvent } from 'react';

import { shiftDays } from '../../lib/dates';
import {
	addMonths,
	clampYmd,
	dayOfWeek,
	daysInMonth,
	formatYmd,
	startOfMonth,
} from '../utils/ymd';

export interface CalendarProps {
	/** Visible name of the calendar, e.g. "Start date". */
	label: string;
	/** The chosen day (Y-m-d), or null when none is chosen yet. */
	value: string | null;
	onChange: ( value: string ) => void;
	/** First and last day that can be chosen (Y-m-d); the others are disabled. */
	min: string;
	max: string;
	/** The range to shade, e.g. the start and end being chosen. */
	rangeStart?: string | null;
	rangeEnd?: string | null;
	/** The site's today (Y-m-d). */
	today?: string;
	/** First day of the week, 0 for Sunday (the site's start_of_week). */
	startOfWeek?: number;
}

/**
 * One month of days to choose from (a WAI-ARIA grid): Tab reaches one day, arrow keys move by
 * day and week, Home and End to the week's ends, Page Up and Page Down by month (with Shift, by
 * year), Enter or Space chooses. Days outside min … max are disabled.
 *
 * @param props Component props.
 */
export function Calendar( props: CalendarProps ) {
	const {
		label,
		value,
		onChange,
		min,
		max,
		rangeStart,
		rangeEnd,
		today,
		startOfWeek = 0,
	} = props;
	const instanceId = useInstanceId(
		Calendar,
		'monsterinsights-reports-calendar'
	);
	const initial = clampYmd( value ?? today ?? max, min, max );
	const [ focused, setFocused ] = useState( initial );
	const [ previousValue, setPreviousValue ] = useState( value );
	const shouldFocus = useRef( false );
	const grid = useRef< HTMLTableElement >( null );

	// A new value from outside moves the calendar to its month.
	if ( value !== previousValue ) {
		setPreviousValue( value );
		if ( value ) {
			setFocused( clampYmd( value, min, max ) );
		}
	}

	useEffect( () => {
		if ( shouldFocus.current ) {
			shouldFocus.current = false;
			grid.current
				?.querySelector< HTMLButtonElement >(
					`[data-date="${ focused }"]`
				)
				?.focus();
		}
	}, [ focused ] );

	const month = startOfMonth( focused );
	const isDisabled = ( day: string ) => day < min || day > max;

	const moveTo = ( day: string, focus: boolean ) => {
		shouldFocus.current = focus;
		setFocused( clampYmd( day, min, max ) );
	};

	const onKeyDown = (
		event: KeyboardEvent< HTMLButtonElement >,
		day: string
	) => {
		const weekday = ( dayOfWeek( day ) - startOfWeek + 7 ) % 7;
		// Left and right follow the reading direction.
		const forward = isRTL() ? -1 : 1;
		const moves: Record< string, () => string > = {
			ArrowLeft: () => shiftDays( day, -forward ),
			ArrowRight: () => shiftDays( day, forward ),
			ArrowUp: () => shiftDays( day, -7 ),
			ArrowDown: () => shiftDays( day, 7 ),
			Home: () => shiftDays( day, -weekday ),
			End: () => shiftDays( day, 6 - weekday ),
			PageUp: () => addMonths( day, event.shiftKey ? -12 : -1 ),
			PageDown: () => addMonths( day, event.shiftKey ? 12 : 1 ),
		};
		const move = moves[ event.key ];
		if ( move ) {
			event.preventDefault();
			moveTo( move(), true );
		}
	};

	// The weeks of the month, each seven days or nulls for days of other months.
	const count = daysInMonth( month );
	const lead = ( dayOfWeek( month ) - startOfWeek + 7 ) % 7;
	const cells: Array< string | null > = [
		...Array< null >( lead ).fill( null ),
		...Array.from( { length: count }, ( _, index ) =>
			shiftDays( month, index )
		),
	];
	while ( cells.length % 7 !== 0 ) {
		cells.push( null );
	}
	const weeks = Array.from( { length: cells.length / 7 }, ( _, index ) =>
		cells.slice( index * 7, index * 7 + 7 )
	);
	// Day names, starting from the first day of the week: 2023-01-01 was a Sunday.
	const weekdays = Array.from( { length: 7 }, ( _, index ) =>
		shiftDays( '2023-01-01', ( startOfWeek + index ) % 7 )
	);
	const labelId = `${ instanceId }-label`;
	const monthId = `${ instanceId }-month`;
	const low =
		rangeStart && rangeEnd && rangeStart <= rangeEnd ? rangeStart : null;
	const high = low ? rangeEnd : null;

	return (
		<div
			className="monsterinsights-reports-calendar"
			role="group"
			aria-labelledby={ labelId }
		>
			<div
				className="monsterinsights-reports-calendar__label"
				id={ labelId }
			>
				{ label }
			</div>
			<div className="monsterinsights-reports-calendar__nav">
				<button
					type="button"
					className="monsterinsights-reports-calendar__arrow"
					aria-label={ __(
						'Previous month',
						'monsterinsights-reports'
					) }
					disabled={ month <= startOfMonth( min ) }
					onClick={ () => moveTo( addMonths( focused, -1 ), false ) }
				>
					<span aria-hidden="true">{ isRTL() ? '›' : '‹' }</span>
				</button>
				<div
					className="monsterinsights-reports-calendar__month"
					id={ monthId }
					aria-live="polite"
				>
					{ formatYmd( month, { month: 'long', year: 'numeric' } ) }
				</div>
				<button
					type="button"
					className="monsterinsights-reports-calendar__arrow"
					aria-label={ __( 'Next month', 'monsterinsights-reports' ) }
					disabled={ month >= startOfMonth( max ) }
					onClick={ () => moveTo( addMonths( focused, 1 ), false ) }
				>
					<span aria-hidden="true">{ isRTL() ? '‹' : '›' }</span>
				</button>
			</div>
			<table
				ref={ grid }
				className="monsterinsights-reports-calendar__grid"
				role="grid"
				aria-labelledby={ `${ labelId } ${ monthId }` }
			>
				<thead>
					<tr>
						{ weekdays.map( ( day ) => (
							<th
								key={ day }
								scope="col"
								abbr={ formatYmd( day, { weekday: 'long' } ) }
							>
								{ formatYmd( day, { weekday: 'narrow' } ) }
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ weeks.map( ( week, weekIndex ) => (
						<tr key={ weekIndex }>
							{ week.map( ( day, dayIndex ) => {
								if ( ! day ) {
									return (
										<td key={ dayIndex } role="gridcell" />
									);
								}
								const disabled = isDisabled( day );
								const selected = day === value;
								const inRange = Boolean(
									low && high && day >= low && day <= high
								);
								return (
									<td
										key={ day }
										role="gridcell"
										aria-selected={ selected }
										className={
											[
												inRange && 'is-in-range',
												( day === low ||
													day === high ) &&
													'is-range-end',
											]
												.filter( Boolean )
												.join( ' ' ) || undefined
										}
									>
										<button
											type="button"
											className={ [
												'monsterinsights-reports-calendar__day',
												selected && 'is-selected',
												day === today && 'is-today',
											]
												.filter( Boolean )
												.join( ' ' ) }
											data-date={ day }
											tabIndex={
												day === focused ? 0 : -1
											}
											aria-disabled={
												disabled || undefined
											}
											aria-current={
												day === today
													? 'date'
													: undefined
											}
											aria-label={ formatYmd( day, {
												weekday: 'long',
												year: 'numeric',
												month: 'long',
												day: 'numeric',
											} ) }
											onClick={ () => {
												if ( ! disabled ) {
													moveTo( day, false );
													onChange( day );
												}
											} }
											onKeyDown={ ( event ) =>
												onKeyDown( event, day )
											}
										>
											{ formatYmd( day, {
												day: 'numeric',
											} ) }
										</button>
									</td>
								);
							} ) }
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}
