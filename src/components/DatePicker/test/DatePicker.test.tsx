import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DatePicker, MIN_DATE, type DatePickerProps } from '..';
import { Calendar } from '../Calendar';
import type { DateQuery, PresetKey } from '../../../store/app';

const TODAY = '2025-11-22';

const RANGES: Partial<
	Record<
		PresetKey,
		{ start: string; end: string; compareStart: string; compareEnd: string }
	>
> = {
	last7days: {
		start: '2025-11-15',
		end: '2025-11-21',
		compareStart: '2025-11-08',
		compareEnd: '2025-11-14',
	},
	last30days: {
		start: '2025-10-23',
		end: '2025-11-21',
		compareStart: '2025-09-23',
		compareEnd: '2025-10-22',
	},
};

const LAST_30_DAYS: DateQuery = {
	preset: 'last30days',
	start: '2025-10-23',
	end: '2025-11-21',
};

function renderPicker( props: Partial< DatePickerProps > = {} ) {
	const onChange = jest.fn();
	const resolvePreset = jest.fn( ( key: PresetKey ) => {
		const range = RANGES[ key ];
		if ( ! range ) {
			throw new Error( `No range for ${ key }` );
		}
		return range;
	} );
	render(
		<DatePicker
			value={ LAST_30_DAYS }
			presets={ [
				{ key: 'last7days', label: 'Last 7 days' },
				{ key: 'last30days', label: 'Last 30 days' },
			] }
			resolvePreset={ resolvePreset }
			today={ TODAY }
			onChange={ onChange }
			{ ...props }
		/>
	);
	return { onChange, resolvePreset };
}

async function open() {
	await userEvent.click(
		screen.getByRole( 'button', { name: /^Date range:/ } )
	);
	// The panel loads with the first opening.
	await screen.findByRole( 'group', { name: 'Date range presets' } );
}

function applyButton() {
	return screen.getByRole( 'button', { name: 'Apply' } );
}

function day( calendar: string, label: string ) {
	return within( screen.getByRole( 'group', { name: calendar } ) ).getByRole(
		'button',
		{ name: label }
	);
}

function isDisabled( element: HTMLElement ) {
	return (
		element.hasAttribute( 'disabled' ) ||
		element.getAttribute( 'aria-disabled' ) === 'true'
	);
}

describe( 'DatePicker', () => {
	it( 'shows the preset and the range on its button', () => {
		renderPicker();
		const toggle = screen.getByRole( 'button', { name: /^Date range:/ } );
		expect( toggle ).toHaveTextContent( 'Last 30 days' );
		expect( toggle ).toHaveTextContent( 'Oct 23 – Nov 21, 2025' );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	} );

	it( 'applies a preset', async () => {
		const { onChange } = renderPicker();
		await open();
		expect(
			screen.getByRole( 'button', { name: 'Last 30 days' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Last 7 days' } )
		);
		expect( onChange ).not.toHaveBeenCalled();
		await userEvent.click( applyButton() );
		expect( onChange ).toHaveBeenCalledWith( {
			preset: 'last7days',
			start: '2025-11-15',
			end: '2025-11-21',
		} );
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();
	} );

	it( 'changes nothing on Cancel', async () => {
		const { onChange } = renderPicker();
		await open();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Last 7 days' } )
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Cancel' } )
		);
		expect( onChange ).not.toHaveBeenCalled();
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();
	} );

	it( 'closes on Escape and gives focus back to its button', async () => {
		const { onChange } = renderPicker();
		await open();
		// jsdom has no layout, so the popover cannot find its first tabbable element itself.
		const preset = screen.getByRole( 'button', { name: 'Last 7 days' } );
		preset.focus();
		// user-event sets no keyCode, which the popover reads.
		fireEvent.keyDown( preset, {
			key: 'Escape',
			code: 'Escape',
			keyCode: 27,
		} );
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();
		expect(
			screen.getByRole( 'button', { name: /^Date range:/ } )
		).toHaveFocus();
		expect( onChange ).not.toHaveBeenCalled();
	} );

	it( 'sets a custom range with two calendars, days after today disabled', async () => {
		const { onChange } = renderPicker();
		await open();
		expect(
			screen.queryByRole( 'group', { name: 'Start date' } )
		).toBeNull();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Set Custom Date Range' } )
		);
		expect(
			screen.getByRole( 'grid', { name: 'Start date October 2025' } )
		).toBeVisible();
		expect(
			screen.getByRole( 'grid', { name: 'End date November 2025' } )
		).toBeVisible();

		// Today can be chosen; tomorrow cannot, nor the months after.
		expect(
			isDisabled( day( 'End date', 'Saturday, November 22, 2025' ) )
		).toBe( false );
		const tomorrow = day( 'End date', 'Sunday, November 23, 2025' );
		expect( isDisabled( tomorrow ) ).toBe( true );
		expect(
			within(
				screen.getByRole( 'group', { name: 'End date' } )
			).getByRole( 'button', {
				name: 'Next month',
			} )
		).toBeDisabled();
		await userEvent.click( tomorrow );
		expect( tomorrow.parentElement ).toHaveAttribute(
			'aria-selected',
			'false'
		);

		await userEvent.click(
			day( 'Start date', 'Wednesday, October 1, 2025' )
		);
		await userEvent.click( day( 'End date', 'Monday, November 10, 2025' ) );
		// The start calendar now shades the range.
		expect(
			day( 'End date', 'Wednesday, November 5, 2025' ).parentElement
		).toHaveClass( 'is-in-range' );
		await userEvent.click( applyButton() );
		expect( onChange ).toHaveBeenCalledWith( {
			preset: 'custom',
			start: '2025-10-01',
			end: '2025-11-10',
		} );
	} );

	it( 'disables days before 2005-01-01 and end days before the start', async () => {
		renderPicker( {
			value: { preset: 'custom', start: '2005-01-03', end: '2005-01-05' },
		} );
		await open();
		expect( MIN_DATE ).toBe( '2005-01-01' );
		expect(
			screen.getByRole( 'button', { name: 'Set Custom Date Range' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		const start = screen.getByRole( 'group', { name: 'Start date' } );
		expect(
			within( start ).getByRole( 'button', { name: 'Previous month' } )
		).toBeDisabled();
		expect(
			isDisabled( day( 'Start date', 'Saturday, January 1, 2005' ) )
		).toBe( false );
		expect(
			isDisabled( day( 'End date', 'Sunday, January 2, 2005' ) )
		).toBe( true );
		expect(
			isDisabled( day( 'End date', 'Monday, January 3, 2005' ) )
		).toBe( false );
	} );

	it( 'asks for the end again when the start moves past it', async () => {
		renderPicker();
		await open();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Set Custom Date Range' } )
		);
		await userEvent.click( day( 'End date', 'Monday, November 10, 2025' ) );
		expect( isDisabled( applyButton() ) ).toBe( false );
		await userEvent.click(
			day( 'Start date', 'Friday, October 31, 2025' )
		);
		await userEvent.keyboard( '{PageDown}' );
		await userEvent.click(
			day( 'Start date', 'Saturday, November 15, 2025' )
		);
		expect( isDisabled( applyButton() ) ).toBe( true );
	} );

	it( 'compares a preset with its previous period and locks the range', async () => {
		const { onChange } = renderPicker();
		await open();
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Compare to Previous' } )
		);
		// The range is locked while compare is on.
		expect(
			isDisabled( screen.getByRole( 'button', { name: 'Last 7 days' } ) )
		).toBe( true );
		expect(
			isDisabled(
				screen.getByRole( 'button', { name: 'Set Custom Date Range' } )
			)
		).toBe( true );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Last 7 days' } )
		);
		expect(
			screen.queryByRole( 'group', { name: 'Start date' } )
		).toBeNull();
		expect(
			screen.getByText( /Date range: Oct 23 – Nov 21, 2025/ )
		).toBeInTheDocument();

		// The preset's compare period is filled in.
		expect(
			day( 'Compare start date', 'Tuesday, September 23, 2025' )
				.parentElement
		).toHaveAttribute( 'aria-selected', 'true' );
		await userEvent.click( applyButton() );
		expect( onChange ).toHaveBeenCalledWith( {
			preset: 'last30days',
			start: '2025-10-23',
			end: '2025-11-21',
			compareStart: '2025-09-23',
			compareEnd: '2025-10-22',
		} );
	} );

	it( 'keeps Apply disabled until both compare dates exist', async () => {
		const { onChange } = renderPicker();
		await open();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Set Custom Date Range' } )
		);
		await userEvent.click(
			day( 'Start date', 'Wednesday, October 1, 2025' )
		);
		await userEvent.click( day( 'End date', 'Monday, November 10, 2025' ) );
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Compare to Previous' } )
		);
		expect( isDisabled( applyButton() ) ).toBe( true );
		await userEvent.click( applyButton() );
		expect( onChange ).not.toHaveBeenCalled();

		const compareStart = screen.getByRole( 'group', {
			name: 'Compare start date',
		} );
		expect(
			within( compareStart ).queryAllByRole( 'gridcell', {
				selected: true,
			} )
		).toEqual( [] );
		await userEvent.click(
			day( 'Compare start date', 'Monday, November 3, 2025' )
		);
		expect( isDisabled( applyButton() ) ).toBe( true );
		await userEvent.click(
			day( 'Compare end date', 'Friday, November 7, 2025' )
		);
		expect( isDisabled( applyButton() ) ).toBe( false );
		await userEvent.click( applyButton() );
		expect( onChange ).toHaveBeenCalledWith( {
			preset: 'custom',
			start: '2025-10-01',
			end: '2025-11-10',
			compareStart: '2025-11-03',
			compareEnd: '2025-11-07',
		} );
	} );

	it( 'clears the compare dates when compare is turned off', async () => {
		const { onChange } = renderPicker( {
			value: {
				...LAST_30_DAYS,
				compareStart: '2025-09-23',
				compareEnd: '2025-10-22',
			},
		} );
		expect(
			screen.getByRole( 'button', { name: /^Date range:/ } )
		).toHaveTextContent( 'vs. Sep 23 – Oct 22, 2025' );
		await open();
		const checkbox = screen.getByRole( 'checkbox', {
			name: 'Compare to Previous',
		} );
		expect( checkbox ).toBeChecked();
		await userEvent.click( checkbox );
		await userEvent.click( applyButton() );
		expect( onChange ).toHaveBeenCalledWith( LAST_30_DAYS );
	} );

	it( 'hides compare where a report forces it off', async () => {
		renderPicker( { allowCompare: false } );
		await open();
		expect(
			screen.queryByRole( 'checkbox', { name: 'Compare to Previous' } )
		).toBeNull();
	} );

	it( 'stays on the last 30 days and shows the PRO lock when locked', async () => {
		const { onChange } = renderPicker( {
			locked: true,
			upgradeUrl: 'https://example.com/upgrade',
		} );
		await open();
		expect(
			screen.getByText(
				'You can customize your date range only in the PRO version.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: /Upgrade to PRO/ } )
		).toHaveAttribute( 'href', 'https://example.com/upgrade' );
		expect(
			screen.queryByRole( 'button', { name: 'Set Custom Date Range' } )
		).toBeNull();
		expect( screen.queryByRole( 'checkbox' ) ).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();
		expect(
			screen.getByRole( 'button', { name: 'Last 7 days' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Last 30 days' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Close' } )
		);
		expect( onChange ).not.toHaveBeenCalled();
	} );

	describe( 'on small screens', () => {
		const original = window.matchMedia;
		beforeEach( () => {
			window.matchMedia = ( query: string ) =>
				( {
					matches: query === '(max-width: 782px)',
					media: query,
					addEventListener: () => {},
					removeEventListener: () => {},
				} ) as unknown as MediaQueryList;
		} );
		afterEach( () => {
			window.matchMedia = original;
		} );

		it( 'puts the details behind Show Details / Hide Details', async () => {
			renderPicker();
			await open();
			expect( screen.queryByRole( 'checkbox' ) ).toBeNull();
			const toggle = screen.getByRole( 'button', {
				name: 'Show Details',
			} );
			expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
			await userEvent.click( toggle );
			expect(
				screen.getByRole( 'checkbox', { name: 'Compare to Previous' } )
			).toBeVisible();
			expect(
				screen.getByRole( 'button', { name: 'Hide Details' } )
			).toHaveAttribute( 'aria-expanded', 'true' );
			await userEvent.click(
				screen.getByRole( 'button', { name: 'Hide Details' } )
			);
			expect( screen.queryByRole( 'checkbox' ) ).toBeNull();
		} );
	} );
} );

describe( 'Calendar', () => {
	it( 'moves with the keyboard and chooses with Enter, never before the minimum', async () => {
		const onChange = jest.fn();
		render(
			<Calendar
				label="Start date"
				value="2005-01-02"
				min="2005-01-01"
				max={ TODAY }
				onChange={ onChange }
			/>
		);
		const selected = screen.getByRole( 'button', {
			name: 'Sunday, January 2, 2005',
		} );
		selected.focus();
		await userEvent.keyboard( '{ArrowLeft}' );
		expect(
			screen.getByRole( 'button', { name: 'Saturday, January 1, 2005' } )
		).toHaveFocus();
		await userEvent.keyboard( '{ArrowLeft}' );
		expect(
			screen.getByRole( 'button', { name: 'Saturday, January 1, 2005' } )
		).toHaveFocus();
		await userEvent.keyboard( '{ArrowDown}{ArrowRight}' );
		expect(
			screen.getByRole( 'button', { name: 'Sunday, January 9, 2005' } )
		).toHaveFocus();
		await userEvent.keyboard( '{PageDown}' );
		expect( screen.getByRole( 'grid' ) ).toHaveAccessibleName(
			'Start date February 2005'
		);
		expect(
			screen.getByRole( 'button', {
				name: 'Wednesday, February 9, 2005',
			} )
		).toHaveFocus();
		await userEvent.keyboard( '{Enter}' );
		expect( onChange ).toHaveBeenCalledWith( '2005-02-09' );
	} );

	it( 'starts weeks on the site’s first day of the week', () => {
		render(
			<Calendar
				label="Start date"
				value="2025-11-03"
				min={ MIN_DATE }
				max={ TODAY }
				startOfWeek={ 1 }
				onChange={ () => {} }
			/>
		);
		const headers = screen.getAllByRole( 'columnheader' );
		expect( headers[ 0 ] ).toHaveAttribute( 'abbr', 'Monday' );
		expect( headers[ 6 ] ).toHaveAttribute( 'abbr', 'Sunday' );
		expect(
			screen.getByRole( 'button', { name: 'Monday, November 3, 2025' } )
		).toHaveAttribute( 'tabindex', '0' );
	} );
} );
