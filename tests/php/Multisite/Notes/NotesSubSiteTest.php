<?php
/**
 * Site notes on a network: each site has its own.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite\Notes;

use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Notes and categories live in each site's tables: a note of site A is neither listed nor
 * readable nor writable on site B, even by id, and a new site gets its own default categories.
 */
class NotesSubSiteTest extends TestCase {

	use NotesRequests;

	protected const REQUIRES = 'multisite';

	/**
	 * Creates a sub-site with the plugin network-active and the given administrator.
	 *
	 * @param int $admin_id The administrator.
	 * @return int The site id.
	 */
	private function new_site( int $admin_id ): int {
		update_site_option( 'active_sitewide_plugins', array( 'monsterinsights-reports/monsterinsights-reports.php' => time() ) );
		return $this->create_site( $admin_id );
	}

	/**
	 * A new site gets its own default categories, once.
	 */
	public function test_a_new_site_gets_its_default_categories(): void {
		$admin = $this->create_user( 'subscriber' );
		$site  = $this->new_site( $admin );
		switch_to_blog( $site );
		wp_set_current_user( $admin );

		$this->assertSame( '1', get_option( Categories::CREATED_OPTION ) );
		list( $status, $data ) = $this->call( 'GET', '/note-categories' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'Blog Post', 'Promotion', 'Website Updates' ), array_column( $data['items'], 'name' ) );
	}

	/**
	 * Site A's notes are invisible on site B; B's administrator cannot read, change, star, trash,
	 * restore or delete them by id (404), and A's note is unchanged afterwards.
	 */
	public function test_notes_of_site_a_are_invisible_on_site_b(): void {
		$main = get_current_blog_id();
		$this->act_as( 'administrator' );
		$note = $this->create_note(
			array(
				'note_title' => 'Only on site A',
				'note_date'  => '2024-03-10',
				'important'  => true,
			)
		);
		$this->assertSame( 1, $this->list_notes()['pagination']['total'] );

		$admin_b = $this->create_user( 'subscriber' );
		$site_b  = $this->new_site( $admin_b );
		switch_to_blog( $site_b );
		wp_set_current_user( $admin_b );
		$this->assertNull( get_post( $note['id'] ), 'no post with that id on site B' );

		$list = $this->list_notes();
		$this->assertSame( array(), $list['items'] );
		$this->assertSame( 0, $list['pagination']['total'] );
		$this->assertSame( 0, $list['pagination']['total_published'] );
		$this->assertSame( 0, $list['pagination']['total_important'] );
		$this->assertSame( array(), $this->list_notes( array( 'status' => 'trash' ) )['items'] );

		$calls = array(
			array( 'GET', '' ),
			array( 'POST', '' ),
			array( 'PATCH', '' ),
			array( 'POST', '/important' ),
			array( 'DELETE', '' ),
			array( 'POST', '/restore' ),
		);
		foreach ( $calls as $call ) {
			list( $status, $error ) = $this->call( $call[0], '/notes/' . $note['id'] . $call[1], array( 'note_title' => 'Taken over by B' ) );
			$this->assertSame( 404, $status, implode( ' ', $call ) );
			$this->assertSame( 'rest_note_not_found', $error['code'] );
		}
		list( $status ) = $this->call( 'DELETE', '/notes/' . $note['id'], array( 'force' => true ) );
		$this->assertSame( 404, $status );

		// B's own note stays on B.
		$own = $this->create_note( array( 'note_title' => 'Only on site B' ) );
		$this->assertSame( array( $own['id'] ), array_column( $this->list_notes()['items'], 'id' ) );

		restore_current_blog();
		$this->assertSame( $main, get_current_blog_id() );
		$post = get_post( $note['id'] );
		$this->assertInstanceOf( \WP_Post::class, $post );
		$this->assertSame( Notes::POST_TYPE, $post->post_type );
		$this->assertSame( 'Only on site A', $post->post_title );
		$this->assertSame( 'publish', $post->post_status );
		$this->assertTrue( Notes::is_important( $note['id'] ) );
		$this->act_as( 'administrator' );
		$this->assertSame( array( 'Only on site A' ), array_column( $this->list_notes()['items'], 'note_title' ) );
	}

	/**
	 * B's administrator has no rights on site A: A's routes refuse them.
	 */
	public function test_site_b_administrator_is_refused_on_site_a(): void {
		$this->act_as( 'administrator' );
		$note    = $this->create_note();
		$admin_b = $this->create_user( 'subscriber' );
		remove_user_from_blog( $admin_b, get_current_blog_id() );
		$this->new_site( $admin_b );

		wp_set_current_user( $admin_b );
		list( $status ) = $this->call( 'GET', '/notes/' . $note['id'] );
		$this->assertSame( 403, $status );
		list( $status ) = $this->call( 'POST', '/notes/' . $note['id'], array( 'note_title' => 'Changed' ) );
		$this->assertSame( 403, $status );
		$this->assertSame( 'A note', get_post( $note['id'] )->post_title );
	}
}
