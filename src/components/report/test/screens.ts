/**
 * What the report screens' tests share: a shell registry at a licence level with 10–12 March 2025
 * chosen, the rows the data tables show, and the report requests made.
 */
import { createShellRegistry } from '../../../app/test/shell';
import { appStore } from '../../../store/app';
import type { Level } from '../../../store/app/types';
import type { ApiCall } from '../../../store/test/api';

/**
 * A shell registry with a licence level and 10–12 March 2025 chosen.
 *
 * @param level The licence level.
 */
export function registryFor( level: Level ) {
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
	} );
	registry.dispatch( appStore ).setDateQuery( {
		preset: 'custom',
		start: '2025-03-10',
		end: '2025-03-12',
	} );
	return registry;
}

/**
 * The text of every non-padding row of the screen's data tables.
 *
 * @param container The rendered screen.
 */
export function dataTableRows( container: HTMLElement ): string[][] {
	return Array.from(
		container.querySelectorAll(
			'.monsterinsights-reports-data-table tbody tr'
		)
	)
		.map( ( tr ) =>
			Array.from( tr.querySelectorAll( 'td' ) ).map(
				( td ) => td.textContent ?? ''
			)
		)
		.filter( ( cells ) => cells.some( ( text ) => text !== '' ) );
}

/**
 * The report requests among the API calls.
 *
 * @param calls The calls.
 */
export const reportCalls = ( calls: ApiCall[] ) =>
	calls
		.map( ( call ) => call.path )
		.filter( ( path ) => path.includes( '/reports/' ) );
