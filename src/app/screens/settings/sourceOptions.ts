import { __ } from '@wordpress/i18n';

import type { SourceOption } from '../../../store/settings';

/**
 * The data sources as radio options; one not available yet says so in its label.
 *
 * @param sources The sources of GET /settings.
 */
export function sourceOptions( sources: SourceOption[] ) {
	return sources.map( ( source ) => ( {
		value: source.key,
		label: source.available
			? source.label
			: `${ source.label } — ${ __(
					'not available yet',
					'monsterinsights-reports'
			  ) }`,
		description: source.description,
	} ) );
}
