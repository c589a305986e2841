<?php
/**
 * GET monsterinsights-reports/v1/media-library, and a reports page without wp_enqueue_media().
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\REST\MediaLibraryController;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The media modal's assets on demand: who may ask, what comes back and in which order, and that
 * the request's own script registries are left alone.
 */
class MediaLibraryRouteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/media-library';

	/**
	 * GETs the route as the current user.
	 *
	 * @return array{0: int, 1: array<string, mixed>} Status and data.
	 */
	private function get_assets(): array {
		$response = $this->rest( 'GET', self::ROUTE );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The ids of the tags of an HTML fragment, in order.
	 *
	 * @param string $html The fragment.
	 * @return string[]
	 */
	private function ids( string $html ): array {
		preg_match_all( '/<(?:script|link|style)\b[^>]*\bid=[\'"]([^\'"]+)[\'"]/', $html, $matches );
		return $matches[1];
	}

	/**
	 * Nobody logged in: 401; a subscriber: 403; an editor, who may upload but not write notes: 403;
	 * a note writer without upload_files: 403.
	 */
	public function test_refuses_users_who_may_not_use_the_media_library() {
		list( $status, $data ) = $this->get_assets();
		$this->assertSame( 401, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );

		$this->act_as( 'subscriber' );
		list( $status ) = $this->get_assets();
		$this->assertSame( 403, $status );

		$this->act_as( 'editor' );
		$this->assertTrue( current_user_can( 'upload_files' ) );
		list( $status ) = $this->get_assets();
		$this->assertSame( 403, $status );

		$this->act_as( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::SAVE );
		$this->assertTrue( current_user_can( Capabilities::SAVE ) );
		list( $status, $data ) = $this->get_assets();
		$this->assertSame( 403, $status );
		$this->assertSame( 'Sorry, you are not allowed to use the media library.', $data['message'] );
	}

	/**
	 * An administrator gets the stylesheets, the scripts in dependency order with their localized
	 * data and inline scripts beside them, and the templates — one tag per handle, never
	 * load-scripts.php — exactly the schema's three strings.
	 */
	public function test_answers_the_media_modal_assets_in_order() {
		$this->act_as( 'administrator' );

		list( $status, $data ) = $this->get_assets();

		$this->assertSame( 200, $status );
		$this->assertSame( array( 'styles', 'scripts', 'templates' ), array_keys( $data ) );

		$scripts = $this->ids( $data['scripts'] );
		foreach ( array( 'jquery-core-js', 'underscore-js', 'backbone-js', 'wp-util-js', 'media-models-js', 'moxiejs-js', 'plupload-js', 'wp-plupload-js', 'jquery-ui-sortable-js', 'mediaelement-core-js', 'media-views-js', 'media-editor-js', 'media-audiovideo-js' ) as $id ) {
			$this->assertContains( $id, $scripts );
		}
		// Not an admin screen: no classic editor previews, no inline image editor (Edit Image opens
		// the attachment's screen instead).
		$this->assertNotContains( 'mce-view-js', $scripts );
		$this->assertNotContains( 'image-edit-js', $scripts );
		$this->assertSame( count( $scripts ), count( array_unique( $scripts ) ), 'each tag once' );
		$position = array_flip( $scripts );
		foreach ( array( array( 'jquery-core-js', 'backbone-js' ), array( 'underscore-js', 'backbone-js' ), array( 'backbone-js', 'media-models-js' ), array( 'plupload-js', 'wp-plupload-js' ), array( 'media-models-js', 'media-views-js' ), array( 'media-views-js', 'media-editor-js' ) ) as list( $first, $then ) ) {
			$this->assertLessThan( $position[ $then ], $position[ $first ], "$first before $then" );
		}
		// Localized data comes right before its script.
		$this->assertSame( $position['media-views-js'] - 1, $position['media-views-js-extra'] );
		$this->assertSame( $position['wp-plupload-js'] - 1, $position['wp-plupload-js-extra'] );
		$this->assertMatchesRegularExpression( '/<script id="media-views-js-extra">\s*var _wpMediaViewsL10n = \{/', $data['scripts'] );
		$this->assertStringContainsString( '"mediaLibraryTitle":"Media Library"', $data['scripts'] );
		$this->assertStringContainsString( 'var _wpPluploadSettings = ', $data['scripts'] );
		$this->assertStringContainsString( wp_json_encode( wp_create_nonce( 'media-form' ) ), $data['scripts'], 'the upload nonce is the user’s' );
		$this->assertStringNotContainsString( 'load-scripts.php', $data['scripts'] );
		$this->assertStringContainsString( 'src="http://' . WP_TESTS_DOMAIN . '/wp-includes/js/media-views.min.js?ver=', $data['scripts'] );

		$styles = $this->ids( $data['styles'] );
		foreach ( array( 'dashicons-css', 'buttons-css', 'media-views-css', 'imgareaselect-css' ) as $id ) {
			$this->assertContains( $id, $styles );
		}
		$this->assertStringNotContainsString( 'load-styles.php', $data['styles'] );

		$this->assertStringContainsString( '<script type="text/html" id="tmpl-media-frame">', $data['templates'] );
		$this->assertStringContainsString( 'id="tmpl-attachment"', $data['templates'] );
	}

	/**
	 * Asked twice in one request (wp_enqueue_media() runs once per request), the answer is the
	 * same, the localized data is there once, and the request's registries are untouched.
	 */
	public function test_leaves_the_request_registries_alone() {
		$this->act_as( 'administrator' );
		wp_enqueue_script( 'wp-a11y' );
		$queue = wp_scripts()->queue;

		$first  = MediaLibraryController::assets();
		$second = MediaLibraryController::assets();

		$this->assertSame( $first, $second );
		$this->assertSame( 1, substr_count( $second['scripts'], 'var _wpMediaViewsL10n = ' ) );
		$this->assertSame( $queue, wp_scripts()->queue );
		$this->assertFalse( wp_script_is( 'media-views', 'enqueued' ) );
		$this->assertFalse( wp_script_is( 'media-views', 'done' ) );
		$this->assertFalse( wp_style_is( 'media-views', 'enqueued' ) );
		$this->assertFalse( wp_scripts()->get_data( 'media-views', 'data' ), 'no localized data left on the request’s registry' );
	}

	/**
	 * The schema: three required strings and nothing else.
	 */
	public function test_schema() {
		$response = $this->rest( 'OPTIONS', self::ROUTE );
		$schema   = $response->get_data()['schema'];
		$this->assertSame( array( 'styles', 'scripts', 'templates' ), $schema['required'] );
		$this->assertFalse( $schema['additionalProperties'] );
		$this->assertSame( array( 'string', 'string', 'string' ), array_values( wp_list_pluck( $schema['properties'], 'type' ) ) );
		$this->assertSame( array(), $response->get_data()['endpoints'][0]['args'] );
	}

	/**
	 * The reports page no longer enqueues the media modal, for any user: its script and the
	 * modal's scripts and styles stay out until the notes form asks.
	 */
	public function test_reports_page_does_not_enqueue_the_media_modal() {
		$this->assertFileIsReadable( MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.asset.php', 'run `npm run build` before the PHP tests' );
		$this->act_as( 'administrator' );
		$this->assertTrue( current_user_can( 'upload_files' ) );
		do_action( 'admin_menu', '' );
		$page  = Plugin::instance()->reports_page();
		$media = did_action( 'wp_enqueue_media' );

		$page->enqueue( $page->hook_suffix() );

		$this->assertTrue( wp_script_is( 'monsterinsights-reports', 'enqueued' ) );
		$this->assertSame( $media, did_action( 'wp_enqueue_media' ), 'wp_enqueue_media() did not run' );
		$handles = wp_scripts()->queue;
		wp_scripts()->all_deps( $handles );
		foreach ( array( 'media-views', 'media-editor', 'media-audiovideo', 'backbone', 'plupload', 'jquery-ui-sortable', 'mediaelement-core', 'image-edit' ) as $handle ) {
			$this->assertNotContains( $handle, wp_scripts()->to_do, "$handle is not loaded by the reports page" );
		}
		$this->assertFalse( wp_style_is( 'media-views', 'enqueued' ) );
		$this->assertFalse( has_action( 'admin_footer', 'wp_print_media_templates' ) );
	}
}
