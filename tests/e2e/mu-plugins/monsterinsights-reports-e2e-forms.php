<?php
/**
 * Plugin Name: MonsterInsights Reports e2e forms and media
 * Description: Test-only REST route of the Forms and Media reports' end-to-end test: turns Contact Form 7 (unpacked, inactive, by bin/serve-e2e.sh), the Forms and Media modules, a contact page (the plugin's form and a plain form) and a page with a short local clip on or off. Never shipped.
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
 * Contact Form 7's main file.
 */
const CF7 = 'contact-form-7/wp-contact-form-7.php';

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
	delete_option( MADE_OPTION );
	if ( is_plugin_active( CF7 ) ) {
		deactivate_plugins( CF7 );
	}
	Modules::set( 'forms', false );
	Modules::set( 'media', false );
}

add_action(
	'rest_api_init',
	static function (): void {
		// POST forms-media {on: bool}: on activates Contact Form 7 (its activation makes "Contact form
		// 1"), turns the Forms and Media modules on and publishes /contact-e2e/ (that form and a plain
		// form#quote posting to /thanks-e2e/) and /clip-e2e/ (a muted <video> titled "E2E clip" of a
		// 2-second WAV); answers the paths and the form's id. Off removes all of it.
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
					tear_down();
					if ( ! $request['on'] ) {
						return array( 'on' => false );
					}
					if ( ! is_file( WP_PLUGIN_DIR . '/' . CF7 ) ) {
						return new \WP_Error( 'missing_plugin', 'Contact Form 7 is not in wp-content/plugins: bin/serve-e2e.sh unpacks it from ../shared/wp-plugins/contact-form-7-6.1.6.tar.gz.', array( 'status' => 500 ) );
					}
					$activated = activate_plugin( CF7 );
					if ( is_wp_error( $activated ) ) {
						return $activated;
					}
					$forms = get_posts(
						array(
							'post_type'   => 'wpcf7_contact_form',
							'post_status' => 'any',
							'numberposts' => 1,
							'orderby'     => 'ID',
							'order'       => 'ASC',
						)
					);
					if ( array() === $forms ) {
						return new \WP_Error( 'no_form', 'Contact Form 7 made no form on activation.', array( 'status' => 500 ) );
					}
					$form = $forms[0];
					Modules::set( 'forms', true );
					Modules::set( 'media', true );

					$uploads = wp_upload_dir();
					$file    = $uploads['basedir'] . '/e2e-clip.wav';
					file_put_contents( $file, clip() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- A test fixture.

					kses_remove_filters();
					$pages = array(
						'contact' => wp_insert_post(
							array(
								'post_title'   => 'Contact E2E',
								'post_name'    => 'contact-e2e',
								'post_status'  => 'publish',
								'post_type'    => 'page',
								'post_content' => '[contact-form-7 id="' . $form->ID . '" title="' . esc_attr( $form->post_title ) . '"]'
									. '<form id="quote" method="get" action="' . esc_url( home_url( '/thanks-e2e/' ) ) . '"><label for="quote-name">Name</label> <input id="quote-name" name="quote-name" required> <button type="submit">Ask for a quote</button></form>',
							)
						),
						'clip'    => wp_insert_post(
							array(
								'post_title'   => 'Clip E2E',
								'post_name'    => 'clip-e2e',
								'post_status'  => 'publish',
								'post_type'    => 'page',
								'post_content' => '<video title="E2E clip" src="' . esc_url( $uploads['baseurl'] . '/e2e-clip.wav' ) . '" muted controls preload="auto"></video>',
							)
						),
						'thanks'  => wp_insert_post(
							array(
								'post_title'   => 'Thanks E2E',
								'post_name'    => 'thanks-e2e',
								'post_status'  => 'publish',
								'post_type'    => 'page',
								'post_content' => 'Thank you.',
							)
						),
					);
					kses_init_filters();
					update_option(
						MADE_OPTION,
						array(
							'pages' => array_values( $pages ),
							'file'  => $file,
						),
						false
					);
					return array(
						'on'      => true,
						'form'    => 'wpcf7-' . $form->ID,
						'title'   => $form->post_title,
						'contact' => (string) wp_parse_url( (string) get_permalink( $pages['contact'] ), PHP_URL_PATH ),
						'clip'    => (string) wp_parse_url( (string) get_permalink( $pages['clip'] ), PHP_URL_PATH ),
					);
				},
			)
		);
	}
);
