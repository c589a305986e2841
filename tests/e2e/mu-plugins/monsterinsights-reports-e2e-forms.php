<?php
/**
 * Plugin Name: MonsterInsights Reports e2e forms and media
 * Description: Test-only REST routes of the Forms and Media reports' end-to-end test: activate the real form plugins (Contact Form 7, WPForms Lite, Formidable Forms, Ninja Forms; unpacked, inactive, by bin/serve-e2e.sh) one a request, as wp-admin does, and turn the Forms and Media modules, a form of each plugin made through the plugin's own API, a page for each form (the Contact Form 7 one with a plain form too) and a page with a short local clip on or off. Never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\Forms;

use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * The option listing what the route made: the page ids and the clip's file.
 */
const MADE_OPTION = 'monsterinsights_reports_e2e_forms';

/**
 * The form plugins by their folder: main file, and the pinned copy (bin/third-party.txt) that
 * bin/serve-e2e.sh copies into the site.
 */
const PLUGINS = array(
	'contact-form-7' => array( 'contact-form-7/wp-contact-form-7.php', 'contact-form-7-6.1.6.tar.gz' ),
	'wpforms-lite'   => array( 'wpforms-lite/wpforms.php', 'wpforms-lite-2.0.0.2.tar.gz' ),
	'formidable'     => array( 'formidable/formidable.php', 'formidable-6.34.tar.gz' ),
	'ninja-forms'    => array( 'ninja-forms/ninja-forms.php', 'ninja-forms-3.14.3.tar.gz' ),
);

// Contact Form 7 sends mail on a submission: the e2e site has none, and a failed mail is no
// success (wpcf7_mail_failed instead of wpcf7_mail_sent). Every mail counts as sent while the route
// has set the site up.
add_filter(
	'pre_wp_mail',
	static fn( $sent ) => false !== get_option( MADE_OPTION, false ) ? true : $sent
);

/**
 * A WAV file: 2 seconds of a quiet 440 Hz tone, 8 kHz, 8 bits, mono.
 */
function clip(): string {
	$rate    = 8000;
	$samples = '';
	for ( $i = 0; $i < 2 * $rate; $i++ ) {
		$samples .= chr( 128 + (int) round( 20 * sin( 2 * M_PI * 440 * $i / $rate ) ) );
	}
	return 'RIFF' . pack( 'V', 36 + strlen( $samples ) ) . 'WAVEfmt ' . pack( 'VvvVVvv', 16, 1, 1, $rate, $rate, 1, 8 ) . 'data' . pack( 'V', strlen( $samples ) ) . $samples;
}

/**
 * Removes what the route made.
 */
function tear_down(): void {
	$made = get_option( MADE_OPTION, array() );
	foreach ( (array) ( $made['pages'] ?? array() ) as $id ) {
		wp_delete_post( (int) $id, true );
	}
	if ( isset( $made['file'] ) && is_file( (string) $made['file'] ) ) {
		wp_delete_file( (string) $made['file'] );
	}
	if ( isset( $made['wpforms'] ) ) {
		wp_delete_post( (int) $made['wpforms'], true );
	}
	if ( isset( $made['frm'] ) && class_exists( '\FrmForm' ) ) {
		\FrmForm::destroy( (int) $made['frm'] );
	}
	delete_option( MADE_OPTION );
	$active = array_values( array_filter( array_column( PLUGINS, 0 ), 'is_plugin_active' ) );
	if ( array() !== $active ) {
		deactivate_plugins( $active );
	}
	Modules::set( 'forms', false );
	Modules::set( 'media', false );
}

/**
 * A WPForms form, made as its form builder saves one: a `wpforms` post whose content is the form's
 * JSON — the fields of its "Simple Contact Form" template (a one-line name, an email, a message),
 * submitted over AJAX, with its anti-spam token, no notification.
 *
 * @return int The form's id.
 */
function make_wpforms(): int {
	$id   = wp_insert_post(
		array(
			'post_title'  => 'E2E WPForms contact',
			'post_status' => 'publish',
			'post_type'   => 'wpforms',
		)
	);
	$data = array(
		'id'       => (string) $id,
		'field_id' => 4,
		'fields'   => array(
			'1' => array(
				'id'       => '1',
				'type'     => 'name',
				'format'   => 'simple',
				'label'    => 'Name',
				'required' => '1',
				'size'     => 'medium',
			),
			'2' => array(
				'id'       => '2',
				'type'     => 'email',
				'label'    => 'Email',
				'required' => '1',
				'size'     => 'medium',
			),
			'3' => array(
				'id'    => '3',
				'type'  => 'textarea',
				'label' => 'Comment or Message',
				'size'  => 'medium',
			),
		),
		'settings' => array(
			'form_title'             => 'E2E WPForms contact',
			'form_desc'              => '',
			'submit_text'            => 'Submit',
			'submit_text_processing' => 'Sending...',
			'antispam_v3'            => '1',
			'notification_enable'    => '0',
			'confirmations'          => array(
				'1' => array(
					'type'    => 'message',
					'message' => 'Thanks for contacting us!',
				),
			),
			'ajax_submit'            => '1',
		),
		'meta'     => array( 'template' => 'simple-contact-form-template' ),
	);
	wp_update_post(
		array(
			'ID'           => $id,
			'post_content' => wp_slash( (string) wp_json_encode( $data ) ),
		)
	);
	return (int) $id;
}

/**
 * A Formidable form through its own API (FrmForm::create(), FrmField::create() with the defaults
 * of FrmFieldsHelper::setup_new_vars()): a name and an email field, submitted over AJAX, after
 * its tables were made (activation makes none: FrmAppController::install()).
 *
 * @return int The form's id.
 */
function make_formidable(): int {
	\FrmAppController::install();
	$id = (int) \FrmForm::create(
		array(
			'form_key'    => 'e2e-formidable',
			'name'        => 'E2E Formidable contact',
			'description' => '',
			'options'     => array(
				'ajax_submit'  => 1,
				'success_msg'  => 'Your responses were successfully submitted. Thank you!',
				'submit_value' => 'Submit',
			),
		)
	);
	foreach ( array(
		'text'  => 'Name',
		'email' => 'Email',
	) as $type => $label ) {
		$field             = \FrmFieldsHelper::setup_new_vars( $type, $id );
		$field['name']     = $label;
		$field['required'] = 1;
		\FrmField::create( $field );
	}
	return $id;
}

/**
 * Publishes a page.
 *
 * @param string $slug    Its name.
 * @param string $content Its content.
 * @return int Its id.
 */
function page( string $slug, string $content ): int {
	return (int) wp_insert_post(
		array(
			'post_title'   => ucfirst( str_replace( '-', ' ', $slug ) ),
			'post_name'    => $slug,
			'post_status'  => 'publish',
			'post_type'    => 'page',
			'post_content' => $content,
		)
	);
}

/**
 * A page's path.
 *
 * @param int $id The page.
 */
function path( int $id ): string {
	return (string) wp_parse_url( (string) get_permalink( $id ), PHP_URL_PATH );
}

add_action(
	'rest_api_init',
	static function (): void {
		// POST forms-media/plugin {plugin}: activates one form plugin (unpacked, inactive, by
		// bin/serve-e2e.sh) in a request of its own, as wp-admin does; the plugins set themselves up
		// on the requests after theirs (WPForms), so forms-media runs next.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/forms-media/plugin',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'plugin' => array(
						'type'     => 'string',
						'enum'     => array_keys( PLUGINS ),
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					list( $file, $tarball ) = PLUGINS[ (string) $request['plugin'] ];
					if ( ! is_file( WP_PLUGIN_DIR . '/' . $file ) ) {
						return new \WP_Error( 'missing_plugin', "{$file} is not in wp-content/plugins: bin/serve-e2e.sh copies it from bin/third-party.sh ({$tarball}).", array( 'status' => 500 ) );
					}
					$activated = activate_plugin( $file );
					return is_wp_error( $activated ) ? $activated : array( 'active' => $file );
				},
			)
		);

		// POST forms-media {on: bool}: on (the four plugins active) turns the Forms and Media modules
		// on and makes a form of each plugin — Contact Form 7's "Contact form 1" (its activation made
		// it), a WPForms form, a Formidable form, Ninja Forms' "Contact Me" (its activation made it) —
		// and publishes /contact-e2e/ (the Contact Form 7 form and a plain form#quote posting to
		// /thanks-e2e/), /wpforms-e2e/, /formidable-e2e/ and /ninja-forms-e2e/ (each plugin's form by
		// its shortcode) and /clip-e2e/ (a muted <video> titled "E2E clip" of a 2-second WAV);
		// answers the pages' paths and each form's id (as the events name it) and title. Off removes
		// all of it and deactivates the plugins.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/forms-media',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'on' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					if ( ! $request['on'] ) {
						tear_down();
						return array( 'on' => false );
					}
					foreach ( PLUGINS as $slug => list( $file ) ) {
						if ( ! is_plugin_active( $file ) ) {
							return new \WP_Error( 'inactive_plugin', "{$file} is not active: POST forms-media/plugin {plugin: {$slug}} first.", array( 'status' => 500 ) );
						}
					}
					$made = get_option( MADE_OPTION, array() );
					foreach ( (array) ( $made['pages'] ?? array() ) as $id ) {
						wp_delete_post( (int) $id, true );
					}
					if ( isset( $made['wpforms'] ) ) {
						wp_delete_post( (int) $made['wpforms'], true );
					}
					if ( isset( $made['frm'] ) ) {
						\FrmForm::destroy( (int) $made['frm'] );
					}

					$cf7 = get_posts(
						array(
							'post_type'   => 'wpcf7_contact_form',
							'post_status' => 'any',
							'numberposts' => 1,
							'orderby'     => 'ID',
							'order'       => 'ASC',
						)
					);
					if ( array() === $cf7 ) {
						return new \WP_Error( 'no_form', 'Contact Form 7 made no form on activation.', array( 'status' => 500 ) );
					}
					$cf7       = $cf7[0];
					$ninja     = Ninja_Forms()->form()->get_forms();
					$ninja     = is_array( $ninja ) ? reset( $ninja ) : false;
					$wpforms   = make_wpforms();
					$formidable = make_formidable();
					if ( false === $ninja || $formidable <= 0 ) {
						return new \WP_Error( 'no_form', 'Ninja Forms made no form on activation, or Formidable made none.', array( 'status' => 500 ) );
					}
					// The welcome screens WPForms and Formidable send a wp-admin load to after their
					// (delayed) install, turned off by their own options, as an administrator who has
					// seen them: the reports open as they are.
					update_option( 'wpforms_activation_redirect', true );
					update_option( 'wpforms_setup_wizard_disabled', true );
					delete_transient( 'wpforms_activation_redirect' );
					\FrmOnboardingWizardController::mark_onboarding_as_skipped();
					delete_transient( 'frm_activation_redirect' );
					Modules::set( 'forms', true );
					Modules::set( 'media', true );

					$uploads = wp_upload_dir();
					$file    = $uploads['basedir'] . '/e2e-clip.wav';
					file_put_contents( $file, clip() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- A test fixture.

					kses_remove_filters();
					$pages = array(
						'contact'    => page(
							'contact-e2e',
							'[contact-form-7 id="' . $cf7->ID . '" title="' . esc_attr( $cf7->post_title ) . '"]'
							. '<form id="quote" method="get" action="' . esc_url( home_url( '/thanks-e2e/' ) ) . '"><label for="quote-name">Name</label> <input id="quote-name" name="quote-name" required> <button type="submit">Ask for a quote</button></form>'
						),
						'wpforms'    => page( 'wpforms-e2e', '[wpforms id="' . $wpforms . '"]' ),
						'formidable' => page( 'formidable-e2e', '[formidable id="' . $formidable . '"]' ),
						'ninja'      => page( 'ninja-forms-e2e', '[ninja_form id="' . (int) $ninja->get_id() . '"]' ),
						'clip'       => page( 'clip-e2e', '<video title="E2E clip" src="' . esc_url( $uploads['baseurl'] . '/e2e-clip.wav' ) . '" muted controls preload="auto"></video>' ),
						'thanks'     => page( 'thanks-e2e', 'Thank you.' ),
					);
					kses_init_filters();
					update_option(
						MADE_OPTION,
						array(
							'pages'   => array_values( $pages ),
							'file'    => $file,
							'wpforms' => $wpforms,
							'frm'     => $formidable,
						),
						false
					);
					return array(
						'on'    => true,
						'forms' => array(
							'cf7'        => array(
								'id'    => 'wpcf7-' . $cf7->ID,
								'title' => $cf7->post_title,
								'path'  => path( $pages['contact'] ),
							),
							'wpforms'    => array(
								'id'    => 'wpforms-' . $wpforms,
								'title' => get_the_title( $wpforms ),
								'path'  => path( $pages['wpforms'] ),
							),
							'formidable' => array(
								'id'    => 'frm-' . $formidable,
								'title' => (string) \FrmForm::getName( $formidable ),
								'path'  => path( $pages['formidable'] ),
							),
							'ninja'      => array(
								'id'    => 'nf-' . (int) $ninja->get_id(),
								'title' => (string) $ninja->get_setting( 'title' ),
								'path'  => path( $pages['ninja'] ),
							),
						),
						'clip'  => path( $pages['clip'] ),
					);
				},
			)
		);
	}
);
