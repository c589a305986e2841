<?php
/**
 * Uninstall removes the site notes.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Notes;

use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

/**
 * Runs in the single-site suite, after the shared tests: the uninstaller also deletes the
 * collector's files, which those tests use.
 */
class NotesUninstallTest extends TestCase {

	use NotesRequests;

	protected const REQUIRES = 'single-site';

	/**
	 * Notes of every status with their meta and category links, the categories with their
	 * colours, and the options are gone; other content stays.
	 */
	public function test_uninstall_removes_notes_categories_and_options(): void {
		global $wpdb;
		$this->act_as( 'administrator' );
		$category  = $this->create_category( 'Server', '#123456' );
		$published = $this->create_note(
			array(
				'category'  => $category['id'],
				'important' => true,
			)
		);
		$trashed   = $this->create_note();
		$this->call( 'DELETE', '/notes/' . $trashed['id'] );
		$post = (int) wp_insert_post(
			array(
				'post_title'  => 'Kept',
				'post_status' => 'publish',
			)
		);
		$this->assertNotSame( '', Notes::version() );

		Uninstaller::clean_site();

		// phpcs:disable WordPress.DB.DirectDatabaseQuery
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s", Notes::POST_TYPE ) ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE post_id IN (%d, %d)", $published['id'], $trashed['id'] ) ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s", Categories::TAXONOMY ) ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->termmeta} WHERE term_id = %d", $category['id'] ) ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->term_relationships} WHERE object_id = %d", $published['id'] ) ) );
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		$this->assertFalse( get_option( Categories::CREATED_OPTION ) );
		$this->assertFalse( get_option( Notes::VERSION_OPTION ) );
		$this->assertSame( 'Kept', get_post( $post )->post_title );
	}
}
