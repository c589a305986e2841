<?php
/**
 * GET monsterinsights-reports/v1/media-library — what the WordPress media modal needs, on demand.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * The reports page does not call wp_enqueue_media(): the modal's scripts (media-views, backbone,
 * jQuery UI, plupload, mediaelement…, about 170 KB gzipped) would weigh on every report for a
 * button few people press. When the site notes form's "Add Media" is pressed, the app asks this
 * route for the tags WordPress would have printed — the stylesheets, the scripts in dependency
 * order with their localized data and inline scripts, and the media templates — and adds those
 * the page does not have yet (src/reports/shared/site-notes/mediaLibrary.ts).
 *
 * Everything comes from WordPress's own registries (wp_enqueue_media(), WP_Scripts::do_items(),
 * WP_Styles::do_items(), wp_print_media_templates()), so filters such as `media_view_settings` and
 * `media_view_strings` apply as they do on any admin screen.
 */
final class MediaLibraryController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'media-library';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$this->add_route( '', array( $this->endpoint( \WP_REST_Server::READABLE, 'get_item', 'can_use_media' ) ) );
	}

	/**
	 * Permission callback: the user writes site notes (settings capability) and may use the media
	 * library (`upload_files`), as wp_enqueue_media() on the reports page required before.
	 *
	 * @return true|\WP_Error
	 */
	public function can_use_media() {
		$allowed = $this->can_save();
		if ( true !== $allowed ) {
			return $allowed;
		}
		return $this->require_capability( 'upload_files', __( 'Sorry, you are not allowed to use the media library.', 'monsterinsights-reports' ) );
	}

	/**
	 * The modal's styles, scripts and templates.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		return rest_ensure_response( self::assets() );
	}

	/**
	 * The HTML WordPress prints for the media modal: `styles` (link and style tags), `scripts`
	 * (script tags in dependency order, each handle's localized data, translations and inline
	 * scripts beside it, ids `{handle}-js`, `{handle}-js-extra`, …) and `templates` (the
	 * `tmpl-*` Underscore templates).
	 *
	 * The media scripts are resolved in copies of the registries (what plugins registered stays
	 * available, nothing this request enqueued before is mixed in, and the request's own registries
	 * are left as they were).
	 *
	 * @return array{styles: string, scripts: string, templates: string}
	 */
	public static function assets(): array {
		global $wp_scripts, $wp_styles;
		$saved_scripts = wp_scripts();
		$saved_styles  = wp_styles();
		$scripts       = self::copy( $saved_scripts );
		$styles        = self::copy( $saved_styles );
		// No concatenation (load-scripts.php): the app needs one tag per handle to skip those the
		// page already has.
		$scripts->do_concat = false;
		$styles->do_concat  = false;
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- Swapped for the copies, restored below.
		$wp_scripts = $scripts;
		$wp_styles  = $styles;
		// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
		try {
			self::enqueue_media();

			ob_start();
			$styles->do_items();
			$style_html = (string) ob_get_clean();

			ob_start();
			$scripts->do_items();
			$script_html = (string) ob_get_clean();

			// wp_enqueue_media() loaded wp-includes/media-template.php.
			ob_start();
			wp_print_media_templates();
			$templates = (string) ob_get_clean();
		} finally {
			// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- Restoring.
			$wp_scripts = $saved_scripts;
			$wp_styles  = $saved_styles;
			// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
		}

		return array(
			'styles'    => $style_html,
			'scripts'   => $script_html,
			'templates' => $templates,
		);
	}

	/**
	 * A copy of a registry with the same registered handles (each copied, so localizing one does
	 * not touch the original) and nothing enqueued or printed yet.
	 *
	 * @template T of \WP_Dependencies
	 * @param \WP_Dependencies $registry WP_Scripts or WP_Styles.
	 * @phpstan-param T $registry
	 * @return \WP_Dependencies
	 * @phpstan-return T
	 */
	private static function copy( \WP_Dependencies $registry ): \WP_Dependencies {
		$copy = clone $registry;
		foreach ( $copy->registered as $handle => $dependency ) {
			$copy->registered[ $handle ] = clone $dependency;
		}
		$copy->queue  = array();
		$copy->to_do  = array();
		$copy->done   = array();
		$copy->args   = array();
		$copy->groups = array();
		if ( $copy instanceof \WP_Scripts ) {
			$copy->in_footer  = array();
			$copy->print_html = '';
			$copy->print_code = '';
			$copy->concat     = '';
		} elseif ( $copy instanceof \WP_Styles ) {
			$copy->print_html = '';
			$copy->print_code = '';
			$copy->concat     = '';
		}
		return $copy;
	}

	/**
	 * Enqueues what wp_enqueue_media() enqueues, also when it already ran in this request (it runs
	 * once per request). A REST request is not an admin screen, so it leaves out mce-view (the
	 * classic editor's previews) and the inline image editor, whose admin-only script WordPress
	 * does not register here; the modal's "Edit Image" then opens the attachment's edit screen,
	 * as it does on the front end.
	 */
	private static function enqueue_media(): void {
		global $wp_actions;
		// The localized settings went into the registry of the previous run; build them again.
		unset( $wp_actions['wp_enqueue_media'] ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Lets wp_enqueue_media() run again into the copied registry.
		wp_enqueue_media();
	}

	/**
	 * The payload's JSON schema; src/reports/shared/site-notes/mediaLibrary.ts describes the same
	 * shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$schema = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'required'             => array( 'styles', 'scripts', 'templates' ),
			'properties'           => array(
				'styles'    => array(
					'description' => __( 'The stylesheet tags of the media modal.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'context'     => array( 'view' ),
					'readonly'    => true,
				),
				'scripts'   => array(
					'description' => __( 'The script tags of the media modal, in dependency order.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'context'     => array( 'view' ),
					'readonly'    => true,
				),
				'templates' => array(
					'description' => __( 'The media modal templates.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'context'     => array( 'view' ),
					'readonly'    => true,
				),
			),
		);
		return self::document( 'media-library', $schema );
	}
}
