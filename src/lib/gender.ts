/**
 * GA4's gender values (userGender) as the screens name them.
 */
import { __ } from '@wordpress/i18n';

/**
 * GA4's gender value, translated: female and male are named, another value is shown as it is.
 *
 * @param value female, male or another value.
 */
export function genderName( value: string ): string {
	if ( value === 'female' ) {
		return __( 'Female', 'monsterinsights-reports' );
	}
	if ( value === 'male' ) {
		return __( 'Male', 'monsterinsights-reports' );
	}
	return value;
}
