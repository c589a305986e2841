/**
 * The custom dimensions a report needs that the data source has not got (the payload's
 * `missing_dimensions`: on the Google source, one the GA4 property never registered), each with
 * the MISSING_CUSTOM_DIMENSION text.
 */
import { Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

/**
 * A warning per missing dimension; nothing when none is.
 *
 * @param props       Component props.
 * @param props.names The dimensions' names, e.g. form_id.
 */
export function MissingDimensions( { names }: { names?: string[] } ) {
	if ( ! names || names.length === 0 ) {
		return null;
	}
	return (
		<>
			{ names.map( ( name ) => (
				<Notice key={ name } status="warning" isDismissible={ false }>
					{ sprintf(
						/* translators: %s: a custom dimension's name, e.g. Author. */
						__(
							'Please set up custom dimension "%s" for this report to work.',
							'monsterinsights-reports'
						),
						name
					) }
				</Notice>
			) ) }
		</>
	);
}
