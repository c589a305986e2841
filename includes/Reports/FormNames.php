<?php
/**
 * The names of the forms the Forms report lists.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A form id of the form events (src/events/forms.ts, Tracking\FormConversions) as the Forms
 * report's "Form Name or ID": the form's title in its plugin while that plugin has it — Contact
 * Form 7 and WPForms keep forms as posts, Gravity Forms, Formidable and Ninja Forms in their own
 * tables, read through their APIs — else the id itself.
 */
final class FormNames {

	/**
	 * Post types of the plugins that keep forms as posts, by id prefix.
	 */
	private const POST_TYPES = array(
		'wpcf7'   => 'wpcf7_contact_form',
		'wpforms' => 'wpforms',
	);

	/**
	 * A form's name, or its id.
	 *
	 * @param string $id The form id.
	 */
	public static function label( string $id ): string {
		if ( 1 !== preg_match( '/^(wpcf7|wpforms|gform|frm|nf)-(\d+)$/', $id, $match ) ) {
			return $id;
		}
		$number = (int) $match[2];
		$title  = '';
		if ( isset( self::POST_TYPES[ $match[1] ] ) ) {
			$post  = get_post( $number );
			$title = $post instanceof \WP_Post && self::POST_TYPES[ $match[1] ] === $post->post_type ? $post->post_title : '';
		} elseif ( 'gform' === $match[1] && class_exists( '\GFAPI' ) ) {
			$form  = \GFAPI::get_form( $number );
			$title = is_array( $form ) ? (string) ( $form['title'] ?? '' ) : '';
		} elseif ( 'frm' === $match[1] && class_exists( '\FrmForm' ) ) {
			$title = (string) \FrmForm::getName( $number );
		} elseif ( 'nf' === $match[1] && function_exists( 'Ninja_Forms' ) ) {
			$title = (string) Ninja_Forms()->form( $number )->get()->get_setting( 'title' );
		}
		$title = trim( html_entity_decode( $title, ENT_QUOTES, 'UTF-8' ) );
		return '' !== $title ? $title : $id;
	}
}
